// The lobby: log in or register, open a table, sit, add bots, watch, see the leaders.

import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { t, seatName, botName, plural } from "./i18n.js";
import { conventionName, conventionValue, conventionPlain, describeConventions, BALKAN_FIXED, NUMBER_RANGE } from "./conventions.js";
import { icon } from "./icons.js";
import { notify } from "./notify.js";
import { tournamentsPanel } from "./tournament.js";


const SEAT_ORDER = { 2: ["S", "W"], 3: ["S", "W", "E"], 4: ["S", "W", "N", "E"] };

export function authBox(app, { compact = false } = {}) {
  let mode = "login";
  const name = h("input", { name: "name", autocomplete: "username", required: true, minlength: 2, maxlength: 24 });
  const password = h("input", { name: "password", type: "password", autocomplete: "current-password",
    required: true, minlength: 6, maxlength: 128 });
  const message = h("p.form-error", { role: "alert" });
  const submit = h("button.primary", { type: "submit" });
  const switcher = h("button.link", { type: "button" });
  const title = h("h2");
  function render() {
    title.textContent = mode === "login" ? t("login") : t("register");
    submit.textContent = title.textContent;
    switcher.textContent = mode === "login" ? t("orRegister") : t("haveAccount");
    password.autocomplete = mode === "login" ? "current-password" : "new-password";
  }
  switcher.addEventListener("click", () => { mode = mode === "login" ? "register" : "login"; render(); });
  const form = h("form.auth.card-panel", { onsubmit: async (e) => {
    e.preventDefault();
    message.textContent = "";
    try {
      if (mode === "login") await api.login(name.value.trim(), password.value);
      else await api.register(name.value.trim(), password.value);
      await app.refreshUser();
      app.render();
    } catch (problem) {
      message.textContent = problem.message;
    }
  } },
  title,
  compact ? null : h("p.muted", t("tagline")),
  h("label", t("name"), name), h("label", t("password"), password),
  message, h("div.row", submit, switcher));
  render();
  return form;
}

const VARIANTS = ["sochi", "leningrad", "rostov", "balkan"];
const PLAYERS_OF = { balkan: [3] };
const AWAY_CHOICES = [15, 30, 60, 120, 300];
const DEFAULT_AWAY = 60;

function createForm(app, presets, levels, onCreated) {
  const preset = h("select", { name: "preset" },
    VARIANTS.filter((p) => presets[p]).map((p) => h("option", { value: p }, t(p))));
  const players = h("select", { name: "players" });
  const target = h("input", { name: "target", type: "number", min: 2, max: 100, value: 10 });
  const targetLabel = h("span");
  const stake = h("input", { name: "stake", type: "number", min: 0, max: 1000, step: "0.01", value: 0 });
  const password = h("input", { name: "table-password", type: "password", maxlength: 64, autocomplete: "off" });
  const clock = h("select", { name: "clock" },
    [["", t("noClock")], [15, "15"], [30, "30"], [60, "60"], [120, "120"]].map(([v, l]) => h("option", { value: v }, l)));
  const away = h("select", { name: "away" }, AWAY_CHOICES.map((v) =>
    h("option", { value: v }, v === DEFAULT_AWAY ? t("awayDefault", { s: v }) : v >= 120 ? t("minutesShort", { m: v / 60 }) : t("secondsShort", { s: v }))));
  away.value = String(DEFAULT_AWAY);
  const botLevel = h("select", { name: "bot-level" },
    h("option", { value: "" }, "—"), levels.map((l) => h("option", { value: l }, botName(l))));
  const conventionBox = h("div.conventions");
  let controls = {};

  function optionsFor(key) {
    const seen = new Map();
    for (const p of Object.values(presets)) seen.set(JSON.stringify(p[key]), p[key]);
    return [...seen.values()];
  }
  function renderPlayers() {
    const allowed = PLAYERS_OF[preset.value] || [3, 4, 2];
    const before = Number(players.value) || 3;
    clear(players, allowed.map((n) => h("option", { value: n }, n)));
    players.value = String(allowed.includes(before) ? before : allowed[0]);
    const balkan = preset.value === "balkan";
    targetLabel.textContent = t(balkan ? "bulaFrom" : "target");
    if (balkan && Number(target.value) === 10) target.value = 10;
  }
  function renderConventions() {
    const base = presets[preset.value];
    const balkan = preset.value === "balkan";
    const n = Number(players.value);
    clear(conventionBox);
    controls = {};
    for (const key of Object.keys(base)) {
      if (key === "variant" || key === "players") continue;
      if (key === "throw_talon" && n !== 4) continue;
      const value = base[key];
      const fixed = balkan && BALKAN_FIXED.has(key);
      let control;
      if (typeof value === "boolean") {
        control = h("input", { type: "checkbox", name: key });
        control.checked = value;
      } else if (typeof value === "number") {
        const [lo, hi] = NUMBER_RANGE[key] || [0, 99];
        control = h("input", { type: "number", name: key, value, min: lo, max: hi, step: 1 });
      } else {
        control = h("select", { name: key }, optionsFor(key).map((v) =>
          h("option", { value: JSON.stringify(v) }, conventionValue(v))));
        control.value = JSON.stringify(value);
      }
      control.disabled = fixed;
      controls[key] = control;
      const help = h("small.conv-plain", conventionPlain(key), " ",
        h("span.conv-default", `(${fixed ? t("fixedBalkan") + ": " + conventionValue(value) : t("conventionDefault", { v: conventionValue(value) })})`));
      conventionBox.append(h(typeof value === "boolean" ? "label.check.conv-item" : "label.conv-item", { dataset: { convention: key } },
        typeof value === "boolean" ? [control, h("span", h("b", conventionName(key)), help)]
          : [h("b", conventionName(key)), control, help]));
    }
  }
  function differences() {
    const base = presets[preset.value];
    const out = {};
    for (const [key, control] of Object.entries(controls)) {
      if (!(key in base) || control.disabled) continue;
      let value;
      if (control.type === "checkbox") value = control.checked;
      else if (control.type === "number") value = Number(control.value);
      else value = JSON.parse(control.value);
      if (JSON.stringify(value) !== JSON.stringify(base[key])) out[key] = value;
    }
    return out;
  }
  preset.addEventListener("change", () => { renderPlayers(); renderConventions(); });
  players.addEventListener("change", renderConventions);
  renderPlayers();
  renderConventions();
  const message = h("p.form-error", { role: "alert" });
  const form = h("form.create.card-panel", { onsubmit: async (e) => {
    e.preventDefault();
    message.textContent = "";
    const n = Number(players.value);
    const body = {
      preset: preset.value, players: n, target: Number(target.value), stake: Number(stake.value),
      conventions: differences(), password: password.value || null,
      clock_seconds: clock.value ? Number(clock.value) : null, away_seconds: Number(away.value), bots: {},
    };
    if (botLevel.value) for (const seat of SEAT_ORDER[n].slice(1)) body.bots[seat] = botLevel.value;
    try {
      const table = await api.createTable(body);
      form.dataset.created = String(table.id);
      onCreated(table);
    } catch (problem) {
      message.textContent = problem.message;
    }
  } },
  h("h2", h("button.link.form-toggle", { type: "button", "aria-expanded": "false", onclick: (e) => {
    const open = form.classList.toggle("open");
    e.currentTarget.setAttribute("aria-expanded", String(open));
  } }, t("newTable"))),
  h("div.grid2",
    h("label", t("preset"), preset), h("label", t("players"), players),
    h("label", targetLabel, target), h("label", t("stake"), stake),
    h("label", t("clock"), clock), h("label", t("tablePassword"), password),
    h("label", t("botsFree"), botLevel), h("label", t("awaySeconds"), away)),
  h("details.conventions-box", h("summary", t("conventions")), conventionBox),
  message, h("div.row", h("button.primary", { type: "submit" }, t("create"))));
  return form;
}

function variantBadge(table) {
  return h("span.variant", { class: `v-${table.variant}` }, t(table.variant));
}

function seatLabel(taken) {
  if (taken.bot && taken.name) return [h("a.player-link", { href: `#/player/${encodeURIComponent(taken.name)}` }, taken.name), ` (${t("leftGame")})`];
  if (taken.bot) return `${t("bot")} · ${botName(taken.bot)}`;
  return h("a.player-link", { href: `#/player/${encodeURIComponent(taken.name)}` }, taken.name);
}

function tableRow(app, table, levels, reload) {
  const me = app.user;
  const mine = me && table.seats.some((seat) => seat.user_id === me.id && !seat.left);
  const creator = me && table.creator_id === me.id;
  const message = h("span.form-error");
  async function attempt(fn) {
    message.textContent = "";
    try { await fn(); await reload(); } catch (problem) { message.textContent = problem.message; }
  }
  const seats = SEAT_ORDER[table.players].map((seat) => {
    const taken = table.seats.find((s) => s.seat === seat);
    if (taken) {
      return h("span.seat-chip", { class: taken.user_id === me?.id ? "me" : "", dataset: { seat } },
        h("b", seatName(seat)), " ", seatLabel(taken));
    }
    const chip = h("span.seat-chip.free", { dataset: { seat } }, h("b", seatName(seat)), " ", t("free"));
    if (table.status === "open" && me && !mine) {
      chip.append(h("button.small", { type: "button", onclick: () => attempt(async () => {
        const password = table.has_password ? prompt(t("passwordNeeded")) : null;
        await api.sit(table.id, seat, password);
        app.go(`/table/${table.id}`);
      }) }, t("sit")));
    }
    if (table.status === "open" && creator) {
      chip.append(h("button.small.ghost", { type: "button", onclick: () =>
        attempt(() => api.addBot(table.id, seat, levels.includes("master") ? "master" : levels[levels.length - 1])) },
      `+ ${t("addBot")}`));
    }
    return chip;
  });
  const actions = [];
  if (table.status === "finished") {
    actions.push(h("a.button", { href: `#/table/${table.id}` }, t("sheet")));
    actions.push(h("a.button.ghost", { href: `#/replay/${table.id}` }, t("replay")));
  } else if (table.status === "adjourned") {
    if (mine) {
      actions.push(h("button.primary.resume", { type: "button", onclick: () => attempt(async () => {
        await api.resume(table.id);
        app.go(`/table/${table.id}`);
      }) }, t("resume")));
    }
  } else if (mine) {
    actions.push(h("a.button.primary", { href: `#/table/${table.id}` }, table.status === "open" ? t("open") : t("play")));
    if (table.status === "open") {
      actions.push(h("button.ghost", { type: "button", onclick: () => attempt(() => api.leave(table.id)) }, t("leave")));
    }
  } else if (table.status === "playing" || table.status === "open") {
    actions.push(h("a.button.ghost", { href: `#/table/${table.id}` }, t("watch")));
  }
  const conventions = describeConventions(table.conventions);
  const balkan = table.variant === "balkan";
  return h("article.table-row", { dataset: { table: table.id, status: table.status } },
    h("div.table-head",
      h("span.table-id", `#${table.id}`), variantBadge(table),
      h("span.meta", `${table.players} · ${t(balkan ? "bulaFrom" : "target")} ${table.target}`),
      table.stake ? h("span.meta", `${t("stake")} ${table.stake}`) : null,
      table.clock_seconds ? h("span.meta", { title: t("clock") }, icon("clock"), ` ${table.clock_seconds}`) : null,
      table.has_password ? h("span.meta", { title: t("tablePassword") }, icon("lock", t("tablePassword"))) : null,
      h("span.status", { class: `st-${table.status}` }, t(table.status === "open" ? "open_" : table.status))),
    conventions ? h("div.conv", conventions) : null,
    h("div.seats", seats),
    h("div.row.actions", actions, message));
}

/** The creator (or anyone seated) waiting in the lobby is brought to his table when it fills. */
function watchMine(app, tables, known) {
  const me = app.user;
  if (!me) return null;
  let ready = null;
  for (const table of tables) {
    const mine = table.seats.some((s) => s.user_id === me.id && !s.left);
    const before = known.get(table.id);
    known.set(table.id, table.status);
    if (mine && before === "open" && table.status === "playing") ready = table;
  }
  return ready;
}

export async function lobbyView(app, root) {
  const [presets, levels] = await Promise.all([api.presets(), api.bots().catch(() => ["master"])]);
  const list = h("section.tables");
  const leaders = h("ol.leaders");
  const side = h("aside.side");
  const known = new Map();
  let first = true;
  async function reload() {
    const [tables, best] = await Promise.all([api.tables(), api.leaders().catch(() => [])]);
    const ready = watchMine(app, tables, known);
    if (ready && !first) {
      notify(t("tableFilled", { id: ready.id }));
      app.go(`/table/${ready.id}`);
      return;
    }
    first = false;
    clear(list, h("h2", t("tables")),
      tables.length ? tables.filter((x) => x.status !== "closed").map((x) => tableRow(app, x, levels, reload))
        : h("p.muted", t("noTables")));
    clear(leaders, best.map((l) => h("li", h("a.player-link", { href: `#/player/${encodeURIComponent(l.name)}` }, h("b", l.name)),
      ` ${Math.round(l.rating)} · ${plural("gamesN", l.games_played)}`)));
  }
  clear(side,
    app.user ? createForm(app, presets, levels, (table) => {
      if (table.status === "playing") app.go(`/table/${table.id}`); else reload();
    }) : authBox(app),
    tournamentsPanel(),
    h("section.card-panel", h("h2", t("leaders")), leaders));
  clear(root, h("div.lobby", side, list));
  await reload();
  const timer = setInterval(() => { if (document.contains(list)) reload().catch(() => {}); else clearInterval(timer); }, 2000);
  return () => clearInterval(timer);
}

