// Tournaments: the lobby's list (upcoming, running, finished) and a page per tournament
// (settings, registration, live standings, every table with its record and replay).

import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { language, translator } from "./i18n.js";

// Each key's [English, Russian] pair (i18n.translator).
const STRINGS = {
  tournaments: ["Tournaments","Турниры"],
  upcoming: ["Upcoming","Скоро"],
  running: ["Running","Идут"],
  finished: ["Finished","Завершены"],
  cancelled: ["Cancelled","Отменены"],
  none: ["None.","Нет."],
  starts: ["starts","начало"],
  players: ["players","игроков"],
  director: ["Director","Директор"],
  settings: ["Settings","Условия"],
  register: ["Register","Записаться"],
  unregister: ["Withdraw","Сняться"],
  registered: ["You are registered.","Вы записаны."],
  password: ["Tournament password","Пароль турнира"],
  standings: ["Standings","Таблица"],
  finalStandings: ["Final standings","Итоговая таблица"],
  liveStandings: ["Standings (live)","Таблица (сейчас)"],
  rank: ["#","№"],
  player: ["Player","Игрок"],
  total: ["Total","Итого"],
  round: ["Round","Тур"],
  tables: ["Tables","Столы"],
  table: ["Table","Стол"],
  byes: ["Byes","Пропускают тур"],
  commitment: ["Commitment","Обязательство"],
  secret: ["Secret","Секрет"],
  secretLater: ["revealed after the round","откроется после тура"],
  sealed: ["hidden until the round is over","скрыто до конца тура"],
  record: ["record","запись"],
  replay: ["replay","повтор"],
  watch: ["watch","смотреть"],
  play: ["play","играть"],
  pending: ["not started","не начат"],
  playing: ["playing","идёт"],
  done: ["finished","сыгран"],
  bot: ["bot (not ranked)","бот (вне зачёта)"],
  tieBreaks: ["Tie-breaks","Дополнительные показатели"],
  back: ["Lobby","Лобби"],
  registeredPlayers: ["Registered","Записались"],
  noStandings: ["No round has finished yet.","Ни один тур ещё не сыгран."],
  swiss: ["Swiss","Швейцарская"],
  duplicate: ["Duplicate","Дубликат"],
  loginToRegister: ["Log in to register.","Войдите, чтобы записаться."],
  open: ["Open","Открыть"],
  perMove: ["{s} s a move","{s} с на ход"],
  status_upcoming: ["registration open","идёт запись"],
  status_running: ["running","идёт"],
  status_finished: ["finished","завершён"],
  status_cancelled: ["cancelled","отменён"],
};

const tr = translator(STRINGS);

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
