// Tournaments: the lobby's list (upcoming, running, finished) and a page per tournament
// (settings, registration, live standings, every table with its record and replay).

import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { language } from "./i18n.js";

const STRINGS = {
  en: {
    tournaments: "Tournaments", upcoming: "Upcoming", running: "Running", finished: "Finished",
    cancelled: "Cancelled", none: "None.", starts: "starts", players: "players",
    director: "Director", settings: "Settings", register: "Register", unregister: "Withdraw",
    registered: "You are registered.", password: "Tournament password",
    standings: "Standings", finalStandings: "Final standings", liveStandings: "Standings (live)",
    rank: "#", player: "Player", total: "Total", round: "Round", tables: "Tables",
    table: "Table", byes: "Byes", commitment: "Commitment", secret: "Secret",
    secretLater: "revealed after the round", sealed: "hidden until the round is over", record: "record", replay: "replay", watch: "watch", play: "play",
    pending: "not started", playing: "playing", done: "finished", bot: "bot (not ranked)",
    tieBreaks: "Tie-breaks", back: "Lobby", registeredPlayers: "Registered",
    noStandings: "No round has finished yet.", swiss: "Swiss", duplicate: "Duplicate",
    loginToRegister: "Log in to register.", open: "Open", perMove: "{s} s a move",
    status_upcoming: "registration open", status_running: "running", status_finished: "finished",
    status_cancelled: "cancelled",
  },
  ru: {
    tournaments: "Турниры", upcoming: "Скоро", running: "Идут", finished: "Завершены",
    cancelled: "Отменены", none: "Нет.", starts: "начало", players: "игроков",
    director: "Директор", settings: "Условия", register: "Записаться", unregister: "Сняться",
    registered: "Вы записаны.", password: "Пароль турнира",
    standings: "Таблица", finalStandings: "Итоговая таблица", liveStandings: "Таблица (сейчас)",
    rank: "№", player: "Игрок", total: "Итого", round: "Тур", tables: "Столы",
    table: "Стол", byes: "Пропускают тур", commitment: "Обязательство", secret: "Секрет",
    secretLater: "откроется после тура", sealed: "скрыто до конца тура", record: "запись", replay: "повтор", watch: "смотреть", play: "играть",
    pending: "не начат", playing: "идёт", done: "сыгран", bot: "бот (вне зачёта)",
    tieBreaks: "Дополнительные показатели", back: "Лобби", registeredPlayers: "Записались",
    noStandings: "Ни один тур ещё не сыгран.", swiss: "Швейцарская", duplicate: "Дубликат",
    loginToRegister: "Войдите, чтобы записаться.", open: "Открыть", perMove: "{s} с на ход",
    status_upcoming: "идёт запись", status_running: "идёт", status_finished: "завершён",
    status_cancelled: "отменён",
  },
};

function tr(key) {
  const table = STRINGS[language()] || STRINGS.en;
  return table[key] ?? STRINGS.en[key] ?? key;
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(language() === "ru" ? "ru-RU" : "en-GB",
    { dateStyle: "medium", timeStyle: "short" });
}

function describe(x) { return (x.describe && x.describe[language()]) || x.kind; }

/** The lobby's panel: the tournaments by status, each a link to its page. */
export function tournamentsPanel() {
  const box = h("section.card-panel.tournaments", h("h2", tr("tournaments")));
  async function load() {
    const all = await api.tournaments();
    const groups = ["upcoming", "running", "finished"].map((status) => {
      const items = all.filter((x) => x.status === status);
      return h("div.tournament-group", { dataset: { status } }, h("h3", tr(status)),
        items.length ? h("ul", items.map((x) => h("li", { dataset: { tournament: x.id } },
          h("a.tournament-link", { href: `#/tournament/${x.id}` }, h("b", x.name)),
          ` · ${describe(x)} · ${x.players} ${tr("players")}`,
          status === "upcoming" ? ` · ${tr("starts")} ${when(x.start_at)}` : null)))
          : h("p.muted", tr("none")));
    });
    clear(box, h("h2", tr("tournaments")), groups);
  }
  load().catch(() => {});
  const timer = setInterval(() => { if (document.contains(box)) load().catch(() => {}); else clearInterval(timer); }, 3000);
  return box;
}

const BREAKS = {
  en: { opponents_sum: "Opponents' sum", rounds_won: "Rounds won", best_round: "Best round" },
  ru: { opponents_sum: "Сумма соперников", rounds_won: "Выиграно туров", best_round: "Лучший тур" },
};

function standingsTable(standings) {
  if (!standings || !standings.rows || !standings.rows.length) return h("p.muted", tr("noStandings"));
  const rounds = Math.max(0, ...standings.rows.map((r) => (r.rounds || []).length));
  const breaks = ["opponents_sum", "rounds_won", "best_round"];
  const names = BREAKS[language()] || BREAKS.en;
  const table = h("table.standings",
    h("thead", h("tr", h("th", tr("rank")), h("th", tr("player")),
      Array.from({ length: rounds }, (_, i) => h("th", `${tr("round")} ${i + 1}`)),
      h("th", tr("total")), breaks.map((b) => h("th.tie-break", names[b])))),
    h("tbody", standings.rows.map((r) => h("tr", { dataset: { player: r.player } },
      h("td.num", String(r.rank)),
      h("td", h("a.player-link", { href: `#/player/${encodeURIComponent(r.player)}` }, r.player)),
      Array.from({ length: rounds }, (_, i) => h("td.num", fmt((r.rounds || [])[i]))),
      h("td.num.total", fmt(r.total)),
      breaks.map((b) => h("td.num", fmt(r[b])))))));
  const bots = standings.bots || [];
  return [table, bots.length ? h("p.muted.bots", `${tr("bot")}: `,
    bots.map((b) => `${tr("round")} ${b.round} ${b.name} ${fmt(b.score)}`).join("; ")) : null];
}

/** A number, or an exact fraction as the library writes it ("650/3"), to two places. */
function fmt(value) {
  if (value === null || value === undefined) return "—";
  const [top, bottom] = String(value).split("/");
  const n = bottom === undefined ? Number(top) : Number(top) / Number(bottom);
  return Number.isFinite(n) ? (Math.round(n * 100) / 100).toString() : String(value);
}

function roundSection(round, me) {
  const seats = (table) => Object.entries(table.seats).map(([seat, name]) => `${seat}: ${name || tr("bot")}`).join(", ");
  return h("section.card-panel.round", { dataset: { round: round.number, status: round.status } },
    h("h3", `${tr("round")} ${round.number} · ${tr(round.status)}`),
    h("p.small", `${tr("commitment")}: `, h("code", round.commitment)),
    h("p.small", `${tr("secret")}: `, round.secret ? h("code.secret", round.secret) : h("span.muted", tr("secretLater"))),
    round.byes && round.byes.length ? h("p", `${tr("byes")}: ${round.byes.join(", ")}`) : null,
    round.tables.length ? h("table.round-tables",
      h("tbody", round.tables.map((table) => h("tr", { dataset: { table: table.table } },
        h("td", `${tr("table")} ${table.number} (#${table.table})`),
        h("td", seats(table)),
        h("td", tr(table.status === "finished" ? "done" : "playing")),
        h("td", table.replay ? [h("a.replay-link", { href: table.replay }, tr("replay")), " · ",
          h("a.record-link", { href: table.record }, tr("record"))]
          : me && Object.values(table.seats).includes(me) ? h("a.watch-link", { href: `#/table/${table.table}` }, tr("play"))
          : round.sealed ? h("span.muted.sealed", tr("sealed"))
          : h("a.watch-link", { href: `#/table/${table.table}` }, tr("watch"))))))) : null);
}

/** A tournament's page; reloads itself every few seconds while the tournament runs. */
export async function tournamentView(app, root, id) {
  let timer = null;
  async function render() {
    const data = await api.tournament(id);
    const message = h("p.form-error", { role: "alert" });
    const password = h("input", { name: "tournament-password", type: "password", maxlength: 64, autocomplete: "off" });
    async function act(call) {
      try { await call(); await render(); } catch (problem) { message.textContent = problem.message; }
    }
    let registration = null;
    if (data.status === "upcoming") {
      if (!app.user) registration = h("p.muted", tr("loginToRegister"));
      else if (data.you_registered) {
        registration = h("div.row", h("span.registered", tr("registered")),
          h("button.ghost", { type: "button", id: "unregister", onclick: () => act(() => api.unregisterTournament(id)) }, tr("unregister")));
      } else {
        registration = h("form.row", { onsubmit: (e) => { e.preventDefault(); act(() => api.registerTournament(id, password.value)); } },
          data.has_password ? h("label", tr("password"), password) : null,
          h("button.primary", { type: "submit", id: "register" }, tr("register")));
      }
    }
    const s = data.settings;
    const title = data.status === "finished" ? tr("finalStandings") : data.status === "running" ? tr("liveStandings") : tr("standings");
    clear(root, h("div.tournament-page", { dataset: { tournament: data.id, status: data.status } },
      h("div.row", h("a.button.ghost.small", { href: "#/" }, "← ", tr("back")), h("h2", data.name)),
      h("p.tournament-kind", `${describe(data)} · ${tr(`status_${data.status}`)}`),
      h("section.card-panel",
        h("h3", tr("settings")),
        h("p", `${tr("director")}: ${data.director} · ${tr("starts")} ${when(data.start_at)} · ${tr("perMove").replace("{s}", s.move_seconds)}`),
        h("p", `${tr("registeredPlayers")} (${data.players}/${s.max_players}): ${data.registered.map((p) => p.name).join(", ")}`),
        data.note ? h("p.muted", data.note[language()] || data.note.en) : null,
        registration, message),
      h("section.card-panel.standings-box", h("h3", title), standingsTable(data.standings)),
      data.rounds.filter((r) => r.status !== "pending").map((r) => roundSection(r, app.user && app.user.name))));
    if (data.status === "finished" || data.status === "cancelled") { clearInterval(timer); timer = null; }
  }
  await render();
  timer = setInterval(() => { if (document.contains(root.firstChild)) render().catch(() => {}); else clearInterval(timer); }, 2000);
  return () => { if (timer) clearInterval(timer); };
}
