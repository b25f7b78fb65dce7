// The lobby: log in or register, open a table, sit, add bots, watch, see the leaders.

import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { t, seatName } from "./i18n.js";
import { conventionName, conventionValue, describeConventions, KNOWN } from "./conventions.js";


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

function createForm(app, presets, levels, onCreated) {
  const players = h("select", { name: "players" }, [3, 4, 2].map((n) => h("option", { value: n }, n)));
  const preset = h("select", { name: "preset" },
    Object.keys(presets).map((p) => h("option", { value: p }, t(p))));
  const target = h("input", { name: "target", type: "number", min: 2, max: 100, value: 10 });
  const stake = h("input", { name: "stake", type: "number", min: 0, max: 1000, step: "0.01", value: 0 });
  const password = h("input", { name: "table-password", type: "password", maxlength: 64, autocomplete: "off" });
  const clock = h("select", { name: "clock" },
    [["", t("noClock")], [15, "15"], [30, "30"], [60, "60"], [120, "120"]].map(([v, l]) => h("option", { value: v }, l)));
  const botLevel = h("select", { name: "bot-level" },
    h("option", { value: "" }, "—"), levels.map((l) => h("option", { value: l }, l)));
  const conventionBox = h("div.conventions");
  const controls = {};

  function optionsFor(key) {
    const seen = new Map();
    for (const p of Object.values(presets)) seen.set(JSON.stringify(p[key]), p[key]);
    return [...seen.values()];
  }
  function renderConventions() {
    const base = presets[preset.value];
    clear(conventionBox);
    for (const key of Object.keys(base)) {
      if (key === "variant" || key === "players") continue;
      const value = base[key];
      let control;
      if (typeof value === "boolean") {
        control = h("input", { type: "checkbox", name: key });
        control.checked = value;
      } else if (typeof value === "number") {
        control = h("input", { type: "number", name: key, value, min: 6, max: 10 });
      } else {
        control = h("select", { name: key }, optionsFor(key).map((v) =>
          h("option", { value: JSON.stringify(v) }, conventionValue(v))));
        control.value = JSON.stringify(value);
      }
      controls[key] = control;
      conventionBox.append(h(typeof value === "boolean" ? "label.check" : "label",
        typeof value === "boolean" ? [control, conventionName(key)] : [conventionName(key), control]));
    }
  }
  function differences() {
    const base = presets[preset.value];
    const out = {};
    for (const [key, control] of Object.entries(controls)) {
      if (!(key in base)) continue;
      let value;
      if (control.type === "checkbox") value = control.checked;
      else if (control.type === "number") value = Number(control.value);
      else value = JSON.parse(control.value);
      if (JSON.stringify(value) !== JSON.stringify(base[key])) out[key] = value;
    }
    return out;
  }
  preset.addEventListener("change", renderConventions);
  renderConventions();
  const message = h("p.form-error", { role: "alert" });
  const form = h("form.create.card-panel", { onsubmit: async (e) => {
    e.preventDefault();
    message.textContent = "";
    const n = Number(players.value);
    const body = {
      preset: preset.value, players: n, target: Number(target.value), stake: Number(stake.value),
      conventions: differences(), password: password.value || null,
      clock_seconds: clock.value ? Number(clock.value) : null, bots: {},
    };
    if (botLevel.value) for (const seat of SEAT_ORDER[n].slice(1)) body.bots[seat] = botLevel.value;
    try {
      const table = await api.createTable(body);
      onCreated(table);
    } catch (problem) {
      message.textContent = problem.message;
    }
  } },
  h("h2", t("newTable")),
  h("div.grid2",
    h("label", t("players"), players), h("label", t("preset"), preset),
    h("label", t("target"), target), h("label", t("stake"), stake),
    h("label", t("clock"), clock), h("label", t("tablePassword"), password),
    h("label", t("botsFree"), botLevel)),
  h("details", h("summary", t("conventions")), conventionBox),
  message, h("div.row", h("button.primary", { type: "submit" }, t("create"))));
  return form;
}

function variantBadge(table) {
  return h("span.variant", { class: `v-${table.variant}` }, t(table.variant));
}

function tableRow(app, table, levels, reload) {
  const me = app.user;
  const mine = me && table.seats.some((seat) => seat.user_id === me.id);
  const creator = me && table.creator_id === me.id;
  const message = h("span.form-error");
  async function attempt(fn) {
    message.textContent = "";
    try { await fn(); await reload(); } catch (problem) { message.textContent = problem.message; }
  }
  const seats = SEAT_ORDER[table.players].map((seat) => {
    const taken = table.seats.find((s) => s.seat === seat);
    if (taken) {
      const label = taken.bot ? `${t("bot")} · ${taken.bot}` : taken.name;
      return h("span.seat-chip", { class: taken.user_id === me?.id ? "me" : "", dataset: { seat } },
        h("b", seatName(seat)), " ", label);
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
        attempt(() => api.addBot(table.id, seat, levels.includes("heuristic") ? "heuristic" : levels[0])) },
      `+ ${t("addBot")}`));
    }
    return chip;
  });
  const actions = [];
  if (table.status === "finished") {
    actions.push(h("a.button", { href: `#/table/${table.id}` }, t("sheet")));
    actions.push(h("a.button.ghost", { href: `#/replay/${table.id}` }, t("replay")));
  } else if (mine) {
    actions.push(h("a.button.primary", { href: `#/table/${table.id}` }, table.status === "open" ? t("open") : t("play")));
    if (table.status === "open") {
      actions.push(h("button.ghost", { type: "button", onclick: () => attempt(() => api.leave(table.id)) }, t("leave")));
    }
  } else if (table.status === "playing" || table.status === "open") {
    actions.push(h("a.button.ghost", { href: `#/table/${table.id}` }, t("watch")));
  }
  const conventions = describeConventions(table.conventions);
  return h("article.table-row", { dataset: { table: table.id, status: table.status } },
    h("div.table-head",
      h("span.table-id", `#${table.id}`), variantBadge(table),
      h("span.meta", `${table.players} · ${t("target")} ${table.target}`),
      table.stake ? h("span.meta", `${t("stake")} ${table.stake}`) : null,
      table.clock_seconds ? h("span.meta", `⏱ ${table.clock_seconds}`) : null,
      table.has_password ? h("span.meta", { title: t("tablePassword") }, "🔒") : null,
      h("span.status", { class: `st-${table.status}` }, t(table.status === "open" ? "open_" : table.status))),
    conventions ? h("div.conv", conventions) : null,
    h("div.seats", seats),
    h("div.row.actions", actions, message));
}

export async function lobbyView(app, root) {
  const [presets, levels] = await Promise.all([api.presets(), api.bots().catch(() => ["random"])]);
  const list = h("section.tables");
  const leaders = h("ol.leaders");
  const side = h("aside.side");
  async function reload() {
    const [tables, best] = await Promise.all([api.tables(), api.leaders().catch(() => [])]);
    clear(list, h("h2", t("tables")),
      tables.length ? tables.filter((x) => x.status !== "closed").map((x) => tableRow(app, x, levels, reload))
        : h("p.muted", t("noTables")));
    clear(leaders, best.map((l) => h("li", h("b", l.name), ` ${Math.round(l.rating)} · ${l.games_played} ${t("games")}`)));
  }
  clear(side,
    app.user ? createForm(app, presets, levels, (table) => {
      if (table.status === "playing") app.go(`/table/${table.id}`); else reload();
    }) : authBox(app),
    h("section.card-panel", h("h2", t("leaders")), leaders));
  clear(root, h("div.lobby", side, list));
  await reload();
  const timer = setInterval(() => { if (document.contains(list)) reload().catch(() => {}); else clearInterval(timer); }, 4000);
  return () => clearInterval(timer);
}

