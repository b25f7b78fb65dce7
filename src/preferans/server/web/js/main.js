// The club's page: the header, the router (#/, #/table/7, #/replay/7) and the settings.

import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { t, language, setLanguage } from "./i18n.js";
import { installDefs, isFourColour, setFourColour } from "./cards.js";
import { lobbyView } from "./lobby.js";
import { tableView } from "./table.js";
import { replayView } from "./replay.js";
import { playerView } from "./player.js";
import { tournamentView } from "./tournament.js";
import { soundOn, setSound } from "./notify.js";
import { icon } from "./icons.js";

const app = {
  user: null,
  presets: null,
  cleanup: null,
  async refreshUser() {
    try { app.user = await api.me(); } catch { app.user = null; }
  },
  go(path) {
    if (location.hash === `#${path}`) app.render(); else location.hash = path;
  },
  async render() {
    renderHeader();
    if (app.cleanup) { app.cleanup(); app.cleanup = null; }
    const main = document.getElementById("view");
    const route = location.hash.replace(/^#/, "") || "/";
    const table = /^\/table\/(\d+)$/.exec(route);
    const replay = /^\/replay\/(\d+)$/.exec(route);
    const player = /^\/player\/([^/]+)$/.exec(route);
    const tournament = /^\/tournament\/(\d+)$/.exec(route);
    document.body.dataset.route = table ? "table" : replay ? "replay" : player ? "player"
      : tournament ? "tournament" : "lobby";
    try {
      if (table) app.cleanup = tableView(app, main, Number(table[1]));
      else if (replay) app.cleanup = await replayView(app, main, Number(replay[1]));
      else if (player) app.cleanup = await playerView(app, main, decodeURIComponent(player[1]));
      else if (tournament) app.cleanup = await tournamentView(app, main, Number(tournament[1]));
      else app.cleanup = await lobbyView(app, main);
    } catch (problem) {
      clear(main, h("div.card-panel", h("h2", t("error")), h("p", String(problem.message || problem))));
    }
  },
};

function renderHeader() {
  const header = document.getElementById("top");
  const four = h("input", { type: "checkbox", id: "four-colour" });
  four.checked = isFourColour();
  four.addEventListener("change", () => setFourColour(four.checked));
  const sound = h("input", { type: "checkbox", id: "sound" });
  sound.checked = soundOn();
  sound.addEventListener("change", () => setSound(sound.checked));
  clear(header,
    h("a.brand", { href: "#/" }, h("span.brand-mark", "♠♥"), h("span", t("title"))),
    h("nav.settings",
      h("label.check.four", { title: t("fourColour") }, four, h("span", t("fourColour"))),
      h("label.check.sound", { title: t("sound") }, sound, icon("bell"), h("span", t("sound"))),
      h("button.small.ghost", { type: "button", id: "language", onclick: () => {
        setLanguage(language() === "ru" ? "en" : "ru");
        app.render();
      } }, language() === "ru" ? "EN" : "RU"),
      app.user ? h("a.user", { href: `#/player/${encodeURIComponent(app.user.name)}` }, h("b", app.user.name), ` · ${Math.round(app.user.rating)}`) : null,
      app.user ? h("button.small.ghost", { type: "button", id: "logout", onclick: async () => {
        await api.logout(); app.user = null; app.go("/");
      } }, t("logout")) : null));
}

async function start() {
  installDefs();
  setFourColour(isFourColour());
  await app.refreshUser();
  try { app.presets = await api.presets(); } catch { app.presets = {}; }
  window.addEventListener("hashchange", () => app.render());
  await app.render();
}

start();
