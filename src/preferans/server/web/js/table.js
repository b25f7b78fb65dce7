// The table: seats, hands, the trick, the bidding box, the sheet, hint and chat.

import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { t, seatName, actionText, contractText, language, botName, plural } from "./i18n.js";
import { card, back, splitCard } from "./cards.js";
import { TableSocket } from "./socket.js";
import { sheetSvg, chainsFromTotals, chainsFromWrites, breakdown, settlementTable } from "./sheet.js";
import { describeConventions } from "./conventions.js";
import { overlay, closeOverlay, helpOverlay } from "./overlay.js";
import { contractGrid, gridKey } from "./grid.js";
import { icon } from "./icons.js";
import { notify } from "./notify.js";
import { presenceNotice, seatMenu } from "./presence.js";
import { dealReviewStrip } from "./review.js";

const ORDER = { 2: ["S", "W", "E"], 3: ["S", "W", "E"], 4: ["S", "W", "N", "E"] };
const POSITIONS = { 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };
const DISPLAY_SUITS = ["♠", "♦", "♣", "♥"];
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"];
const CALL_KEYS = "abcdefgijkmnopqrtuvwxyz"; // no h, l, s: easy to mistype near the hint keys
const TRICK_LINGER_MS = 1300;

const isCard = (text) => DISPLAY_SUITS.includes(text[0]);

function displaySort(cards) {
  return [...cards].sort((a, b) => {
    const x = splitCard(a), y = splitCard(b);
    return DISPLAY_SUITS.indexOf(x.suit) - DISPLAY_SUITS.indexOf(y.suit)
      || RANKS.indexOf(x.rank) - RANKS.indexOf(y.rank);
  });
}

export function tableView(app, root, tableId) {
  const st = {
    snapshot: null, view: null, legal: [], you: null, info: null, seats: {}, status: "open",
    sheet: null, results: [], totals: loadTotals(tableId), writes: null, summary: null,
    lastTrickUntil: 0, banner: null, turnKey: null, turnStart: Date.now(), chat: [],
    connection: "connecting", busy: false, hint: null, error: "", paused: false, adjournVotes: [],
    picked: [],
  };
  const bar = h("header.table-bar");
  const felt = h("div.felt");
  const handArea = h("div.hand-area");
  const sidePanel = h("aside.table-side");
  const sheetBox = h("div.sheet-box");
  const chatLog = h("ol.chat-log", { "aria-live": "polite" });
  const chatInput = h("input.chat-input", { maxlength: 300, placeholder: t("chat"), "aria-label": t("chat") });
  const chatForm = h("form.chat-form", { onsubmit: (e) => { e.preventDefault(); sendChat(); } },
    chatInput, h("button", { type: "submit" }, t("send")));
  let tab = "sheet";
  const tabs = h("div.tabs");
  const notice = h("div.table-notice", { "aria-live": "polite" });
  const reviews = dealReviewStrip(tableId);
  const page = h("div.table-page", { dataset: { table: tableId } }, bar,
    h("div.table-main", notice, felt, handArea, reviews.element), sidePanel);
  clear(root, page);

  const socket = new TableSocket(tableId, {
    onMessage: (m) => receive(m),
    onStatus: (s) => { st.connection = s; renderBar(); if (s === "gone") renderAll(); },
  });
  const clockTimer = setInterval(updateClock, 500);
  const redrawTimer = { id: null };

  // --- messages ------------------------------------------------------------------------

  function receive(m) {
    if (m.type === "snapshot") {
      st.snapshot = m; st.info = m.info; st.seats = m.seats; st.status = m.status; st.you = m.you;
      st.sheet = m.sheet || null; st.results = m.results || [];
      if (m.sheet && m.sheet.deals) rememberTotals(m.sheet.deals, m.sheet.totals);
      if (m.sheet?.deals_detail) st.writes = m.sheet.deals_detail;
      st.deal = m.deal; st.dealer = m.dealer;
      st.paused = Boolean(m.paused); st.adjournVotes = m.info?.adjourn_votes || [];
      if (Array.isArray(m.chat)) { st.chat = []; clear(chatLog); for (const line of m.chat) addChat(line); }
      setView(m.view || null, m.legal || [], m.seconds_left, true);
      if (m.summary) finished(m.summary);
      if (st.you && st.results.length) reviews.dealOver(st.results.length);
      if (st.you && m.summary) reviews.gameOver();
      renderAll();
      return;
    }
    if (m.type === "error") { showError(m.message); return; }
    if (m.type !== "event") return;
    switch (m.kind) {
      case "seats":
        if (st.status === "open" && m.status === "playing" && st.you) notify(t("tableFilledTitle"));
        st.seats = m.seats; st.status = m.status;
        if (m.paused !== undefined) st.paused = Boolean(m.paused);
        if (m.adjourn_votes) st.adjournVotes = m.adjourn_votes;
        break;
      case "presence":
        if (st.seats[m.seat]) st.seats[m.seat].away = m.away;
        if (m.paused !== undefined) st.paused = Boolean(m.paused);
        break;
      case "deal_start": st.deal = m.deal; st.dealer = m.dealer; break;
      case "deal_end":
        st.results[m.deal - 1] = m.result; st.sheet = m.sheet;
        rememberTotals(m.deal, m.sheet.totals);
        if (m.writes) (st.writes ||= [])[m.deal - 1] = { result: m.result, writes: m.writes };
        st.banner = { result: m.result, deal: m.deal, until: Date.now() + 3500 };
        if (st.you) reviews.dealOver(m.deal);
        schedule(3600);
        renderSide();
        break;
      case "game_end": finished(m.summary); st.status = "finished"; reviews.gameOver(); break;
      case "chat": addChat(m); return;
      default: break;
    }
    if (m.view) {
      const before = st.view?.completed_tricks?.length || 0;
      setView(m.view, m.legal || [], m.seconds_left, false);
      if ((m.view.completed_tricks?.length || 0) > before && !m.view.current_trick.length) {
        st.lastTrickUntil = Date.now() + TRICK_LINGER_MS;
        schedule(TRICK_LINGER_MS + 50);
      }
    }
    renderAll();
  }

  function setView(view, legal, secondsLeft, fresh) {
    st.view = view; st.legal = legal;
    const key = view ? `${st.deal}:${view.history.length}:${view.actor}` : null;
    const changed = key !== st.turnKey;
    if (changed) { st.turnKey = key; st.turnStart = Date.now(); st.hint = null; }
    // The server's clock decides: seconds_left is counted from its deadline, so a reload
    // or a slow network does not restart the countdown.
    if ((changed || fresh) && typeof secondsLeft === "number") st.turnEnds = Date.now() + secondsLeft * 1000;
    else if (changed) st.turnEnds = null;
  }

  function finished(summary) {
    st.summary = summary;
    if (!st.writes) {
      api.record(tableId).then((record) => { st.writes = record.sheet.deals; renderSide(); }).catch(() => {});
    }
  }

  function schedule(ms) {
    clearTimeout(redrawTimer.id);
    redrawTimer.id = setTimeout(() => renderAll(), ms);
  }

  function rememberTotals(deal, totals) {
    st.totals[deal - 1] = totals;
    try { localStorage.setItem(`pref.totals.${tableId}`, JSON.stringify(st.totals)); } catch { /* full */ }
  }

  function showError(message) {
    st.error = message; renderHand();
    setTimeout(() => { if (st.error === message) { st.error = ""; renderHand(); } }, 4000);
  }

  async function act(action) {
    if (st.busy) return;
    st.busy = true;
    const reply = await socket.request({ type: "action", action: action.index });
    st.busy = false;
    if (reply.type === "error") showError(reply.message);
  }

  async function askHint() {
    const asked = st.turnKey;
    // A hint is thinking, not an acknowledgement: on a busy club machine the workers that
    // think it get little CPU (docs/performance.md), so it is waited for longer than a move.
    const reply = await socket.request({ type: "hint", lang: language() }, 20000);
    if (st.turnKey !== asked) return; // the turn has passed: the answer is about another move
    // The server's own words when it refuses (limited, not your turn); "not available"
    // only when the server does not know hints at all.
    if (reply.type === "hint") st.hint = reply;
    else if (reply.code === "bad_message") st.hint = { unavailable: true };
    else st.hint = { refused: reply.code === "rate_limited" ? t("hintLimited") : reply.message || t("noHint") };
    renderHand();
  }

  async function sendChat() {
    const text = chatInput.value.trim();
    if (!text) return;
    const reply = await socket.request({ type: "chat", text });
    if (reply.type === "error") addChat({ system: true, text: reply.code === "bad_message" ? t("noChat") : reply.message });
    else chatInput.value = "";
  }

  function addChat(m) {
    st.chat.push(m);
    chatLog.append(h("li", { class: m.system ? "system" : "" },
      m.system ? null : h("b", `${m.name || seatName(m.seat) || "?"}: `), m.text));
    chatLog.scrollTop = chatLog.scrollHeight;
  }

  // --- geometry ------------------------------------------------------------------------

  function players() { return st.info?.players || 3; }
  function order() { return ORDER[players()]; }
  function me() { return st.you || "S"; }
  function positionOf(seat) {
    const seats = order();
    const n = seats.length;
    const i = (seats.indexOf(seat) - seats.indexOf(me()) + n) % n;
    return POSITIONS[n][i];
  }
  function nameOf(seat) {
    const info = st.seats?.[seat];
    if (!info) return players() === 2 && seat === "E" ? t("dummy") : st.status === "open" ? t("free") : seatName(seat);
    if (info.bot && info.user_id) return `${info.name} (${t("standIn")})`;
    return info.bot ? `${t("bot")} · ${botName(info.bot, { short: true })}` : info.name;
  }

  // --- rendering -----------------------------------------------------------------------

  function renderAll() { renderBar(); renderNotice(); renderFelt(); renderHand(); renderSide(); }

  function renderNotice() {
    clear(notice, presenceNotice(st, {
      nameOf, tableId,
      back: () => socket.request({ type: "back" }).then(() => {}),
      vote: (agree) => api.adjourn(tableId, agree).then(() => {}).catch((e) => showError(e.message)),
    }));
  }

  function renderBar() {
    const info = st.info;
    const v = st.view;
    const bits = [];
    if (info) {
      bits.push(h("span.variant", { class: `v-${info.variant}` }, t(info.variant)));
      bits.push(h("span.meta", `#${tableId} · ${t(info.variant === "balkan" ? "bulaFrom" : "target")} ${info.target}`));
      if (st.deal) bits.push(h("span.meta", `${t("deal")} ${st.deal}`));
      if (v?.contract) bits.push(h("span.meta.contract", `${t("contract")}: ${contractText(v.contract)} · ${seatName(v.declarer)}`));
      else if (v?.kind === "raspasy") bits.push(h("span.meta.contract", t("raspasy")));
      else if (v?.bid) bits.push(h("span.meta.contract", `${t("bidding")}: ${contractText(v.bid)}`));
      const conv = describeConventions(info.rules ? differencesOf(info.rules) : {});
      if (conv) bits.push(h("span.meta.conv", { title: conv }, conv));
    }
    const conn = st.connection === "open" ? null
      : h("span.conn", st.connection === "lost" ? t("reconnecting") : t("connecting"));
    clear(bar,
      h("a.button.ghost.small", { href: "#/" }, "← ", t("lobby")),
      h("div.bar-info", bits), conn,
      h("div.bar-buttons",
        h("button.small", { type: "button", onclick: showLastTrick, title: t("keyLast") }, t("lastTrick")),
        h("button.small.hint-button", { type: "button", onclick: askHint, disabled: !st.legal.length, title: t("keyHint") }, t("hint")),
        h("button.small.sheet-toggle", { type: "button", onclick: () => { page.classList.toggle("show-side"); renderBar(); }, title: t("keySheet"),
          "aria-expanded": page.classList.contains("show-side") ? "true" : "false" }, t("sheet")),
        seatMenu(st, {
          quit: async () => { if (confirm(t("leaveConfirm"))) { try { await api.quit(tableId); } catch (e) { showError(e.message); } } },
          propose: () => api.adjourn(tableId, true).catch((e) => showError(e.message)),
        }),
        h("button.small", { type: "button", onclick: () => helpOverlay(), title: t("keyHelp") }, "?")));
  }

  function differencesOf(rules) {
    const presets = app.presets?.[rules.variant];
    if (!presets) return {};
    const out = {};
    for (const [k, value] of Object.entries(rules)) {
      if (k === "players" || k === "variant") continue;
      if (JSON.stringify(value) !== JSON.stringify(presets[k])) out[k] = value;
    }
    return out;
  }

  function legalCards() {
    const map = new Map();
    for (const a of st.legal) if (isCard(a.text)) map.set(a.text, a);
    return map;
  }

  function lastCalls() {
    const v = st.view;
    const calls = {};
    if (!v) return calls;
    for (const [seat, action] of v.history) {
      if (!action || isCard(action.text)) continue;
      calls[seat] = action.text;
    }
    return calls;
  }

  function cardsOf(seat, { big = false, clickable = new Map(), keyed = false } = {}) {
    const v = st.view;
    const known = v?.known_hands?.[seat];
    const row = h("div.cards", { class: big ? "big" : "small", dataset: { seat } });
    if (known) {
      displaySort(known).forEach((text, i) => {
        const action = clickable.get(text);
        const el = card(text, { extraClass: action ? "playable" : clickable.size ? "dim" : "" });
        const wrap = h("div.card-slot", { dataset: { card: text } }, el);
        if (keyed && action && i < 10) wrap.append(h("span.key", String((i + 1) % 10)));
        if (action) {
          const choose = discarding() && seat === st.you ? () => pick(text) : () => act(action);
          if (st.picked.includes(text) && discarding()) wrap.classList.add("picked");
          wrap.tabIndex = 0;
          wrap.setAttribute("role", "button");
          wrap.addEventListener("click", choose);
          wrap.addEventListener("keydown", (e) => { if (e.key === "Enter") choose(); });
        }
        row.append(wrap);
      });
    } else {
      const count = v?.hand_sizes?.[seat] ?? 0;
      for (let i = 0; i < count; i++) row.append(h("div.card-slot", back()));
    }
    return row;
  }

  function seatPanel(seat, calls) {
    const v = st.view;
    const info = st.seats?.[seat];
    const badges = [];
    if (st.dealer === seat || v?.dealer === seat) badges.push(h("span.badge.dealer", t("dealer")));
    if (v?.declarer === seat && v.contract) badges.push(h("span.badge.declarer", contractText(v.contract)));
    if (v?.whisters?.includes(seat)) badges.push(h("span.badge.whist", t("whisters")));
    if (info?.away) badges.push(h("span.badge.away", t("away")));
    if (info?.left) badges.push(h("span.badge.away", t("leftGame")));
    if (seat === st.you) badges.push(h("span.badge.you", t("you")));
    const phaseCalls = v && ["bidding", "talon", "discard", "contract", "whisting", "claim"].includes(v.phase);
    const call = phaseCalls && calls[seat] ? h("span.call", actionText(calls[seat])) : null;
    const tricks = v && v.phase !== "bidding" && v.tricks_won?.[seat] !== undefined
      ? h("span.tricks", { title: t("tricks") }, `${t("tricks")}: ${v.tricks_won[seat]}`) : null;
    const active = v?.active?.includes(seat);
    const turn = v && (v.to_move === seat || v.actor === seat) && v.phase !== "over";
    return h("div.seat-head", { class: turn ? "turn" : "", dataset: { seat } },
      info?.user_id ? h("a.seat-name.player-link", { href: `#/player/${encodeURIComponent(info.name)}` }, nameOf(seat)) : h("span.seat-name", nameOf(seat)),
      nameOf(seat) === seatName(seat) ? null : h("span.seat-dir", seatName(seat)), badges, call, tricks,
      turn && st.info?.clock_seconds ? h("span.clock", { dataset: { clock: seat } }) : null,
      !active && v ? h("span.badge.out", "—") : null);
  }

  function renderFelt() {
    const v = st.view;
    const calls = lastCalls();
    const clickable = legalCards();
    const seatsHere = order();
    const nodes = [];
    for (const seat of seatsHere) {
      const pos = positionOf(seat);
      if (pos === "bottom") continue;
      const keyed = v?.to_move === seat && clickable.size > 0;
      nodes.push(h("section.seat", { class: `pos-${pos}`, dataset: { seat } },
        seatPanel(seat, calls), cardsOf(seat, { clickable, keyed })));
    }
    nodes.push(h("div.centre", centre(v)));
    clear(felt, nodes);
    felt.dataset.players = String(seatsHere.length);
    felt.dataset.phase = v?.phase || "none";
  }

  function centre(v) {
    if (!v) {
      const line = st.connection === "gone" ? t("connectingGone") : st.status === "open" ? t("waitingPlayers")
        : st.status === "closed" ? t("tableClosed") : st.status === "adjourned" ? t("tableAdjourned")
          : st.summary ? t("gameOver") : t("connecting");
      return h("div.status-line", { dataset: { status: st.status } }, line);
    }
    const parts = [];
    const now = Date.now();
    let trick = v.current_trick.map(([seat, c]) => ({ seat, c }));
    let done = false;
    if (!trick.length && now < st.lastTrickUntil && v.completed_tricks.length) {
      const last = v.completed_tricks[v.completed_tricks.length - 1];
      trick = last.cards.map(([seat, c]) => ({ seat, c, win: seat === last.winner }));
      if (last.talon_card) trick.unshift({ seat: "talon", c: last.talon_card });
      done = true;
    } else if (v.lead_talon_card) {
      trick.unshift({ seat: "talon", c: v.lead_talon_card });
    }
    if (trick.length) {
      parts.push(h("div.trick", { class: done ? "done" : "" }, trick.map(({ seat, c, win }) =>
        h("div.trick-card", { class: `tc-${seat === "talon" ? "talon" : positionOf(seat)} ${win ? "win" : ""}`, dataset: { card: c } },
          card(c), seat === "talon" ? h("span.tag", t("talon")) : null))));
    } else if (v.talon && ["talon", "discard", "contract", "whisting", "bidding"].includes(v.phase)) {
      parts.push(h("div.talon", h("span.tag", t("talon")), h("div.cards.small", v.talon.map((c) => h("div.card-slot", { dataset: { card: c } }, card(c))))));
    } else if (v.phase === "bidding") {
      parts.push(h("div.talon", h("span.tag", t("talon")), h("div.cards.small", h("div.card-slot", back()), h("div.card-slot", back()))));
    }
    if (st.banner && now < st.banner.until) {
      parts.push(resultBanner(st.banner.result, st.banner.deal));
    } else {
      const whose = v.actor;
      let line = "";
      if (v.phase === "over") line = "";
      else if (whose && whose === st.you) line = v.phase === "discard" ? t("chooseDiscard") : t("yourTurn");
      else if (whose) line = t("waitingFor", { who: nameOf(whose) });
      if (line) parts.push(h("div.status-line", { class: whose === st.you ? "mine" : "" }, line));
    }
    return parts;
  }

  function resultBanner(result, deal) {
    const tricks = Object.entries(result.tricks || {}).map(([s, n]) => `${seatName(s)} ${n}`).join(" · ");
    const head = result.kind === "raspasy" ? t("raspasy") : result.kind === "refe" ? t("refe")
      : `${seatName(result.declarer)}: ${contractText(result.contract || result.bid)}`;
    return h("div.banner", h("b", `${t("deal")} ${deal}. `, head), h("div", tricks));
  }

  function discarding() {
    return st.view?.phase === "discard" && st.view.actor === st.you && legalCards().size > 0;
  }

  function pick(text) {
    const i = st.picked.indexOf(text);
    if (i >= 0) st.picked.splice(i, 1);
    else if (st.picked.length < 2) st.picked.push(text);
    else st.picked = [st.picked[1], text];
    renderHand(); renderFelt();
  }

  /** The two chosen cards go to the discard one after the other (the engine takes one
   *  card per action); nothing is sent before the player confirms. */
  async function confirmDiscard() {
    const chosen = [...st.picked];
    const cards = legalCards();
    if (chosen.length !== 2 || st.busy) return;
    st.busy = true;
    try {
      for (const text of chosen) {
        const action = cards.get(text);
        if (!action) break;
        const reply = await socket.request({ type: "action", action: action.index });
        if (reply.type === "error") { showError(reply.message); break; }
      }
    } finally {
      st.busy = false;
      st.picked = [];
      renderHand();
    }
  }

  function renderHand() {
    const v = st.view;
    const clickable = legalCards();
    const bottom = order().find((s) => positionOf(s) === "bottom");
    const calls = st.legal.filter((a) => !isCard(a.text));
    const box = h("div.call-box", { role: "group", "aria-label": t("bidding") });
    let k = 0;
    const balkan = st.info?.variant === "balkan";
    const grid = contractGrid(calls, act, { balkan });
    const regular = calls.filter((a) => !a.text.startsWith("claim ") && !(grid && gridKey(a.text)));
    const claims = calls.filter((a) => a.text.startsWith("claim "));
    for (const a of regular) {
      const key = CALL_KEYS[k++];
      const kind = a.text === "pass" ? "pass" : a.text.startsWith("play ") ? "declare" : /^\d|^мизер/.test(a.text) ? "bid" : "call";
      box.append(h("button.call", { type: "button", class: `c-${kind}`, dataset: { action: a.index, key, text: a.text },
        onclick: () => act(a) }, callLabel(a.text), h("kbd", key)));
    }
    if (claims.length) {
      box.append(h("details.claims", h("summary", language() === "ru" ? "Предложить…" : "Claim…"),
        claims.map((a) => h("button.call.c-claim", { type: "button", dataset: { action: a.index, text: a.text }, onclick: () => act(a) }, actionText(a.text)))));
    }
    const extra = [];
    if (st.error) extra.push(h("div.error-line", { role: "alert" }, st.error));
    if (st.hint) {
      extra.push(h("div.hint-line", st.hint.unavailable ? t("noHint") : st.hint.refused ? st.hint.refused
        : [h("b", actionText(st.hint.action?.text)), " — ", st.hint.reason || ""]));
    }
    if (discarding()) {
      st.picked = st.picked.filter((c) => clickable.has(c));
      extra.push(h("div.discard-box",
        h("span.discard-note", t("chooseTwo", { n: st.picked.length })),
        h("button.primary.discard-confirm", { type: "button", disabled: st.picked.length !== 2 || st.busy, onclick: confirmDiscard },
          t("discardThese"), st.picked.length ? ` (${st.picked.join(" ")})` : "")));
    } else if (st.picked.length) st.picked = [];
    if (st.you && st.seats?.[st.you] === undefined) extra.push(h("div.status-line", t("spectator")));
    if (!st.you && st.info) extra.push(h("div.spectator-line", t("spectator")));
    const keyed = v && (v.to_move === bottom || v.actor === bottom) && clickable.size > 0;
    clear(handArea,
      h("div.hand-actions", extra, grid, regular.length || claims.length ? box : null),
      bottom ? h("section.seat.pos-bottom", { dataset: { seat: bottom } },
        seatPanel(bottom, lastCalls()), cardsOf(bottom, { big: true, clickable, keyed })) : null);
  }

  function callLabel(text) {
    const label = actionText(text);
    const m = /([♠♣♦♥])/.exec(label);
    if (!m) return h("span", label);
    const [before, after] = label.split(m[1]);
    return h("span", before, h("span.suit", { class: `s-${{ "♠": "S", "♣": "C", "♦": "D", "♥": "H" }[m[1]]}` }, m[1]), after);
  }

  function renderSide() {
    clear(tabs,
      h("button.small.side-close", { type: "button", "aria-label": t("close"), title: t("close"),
        onclick: () => { page.classList.remove("show-side"); renderBar(); } }, "×", h("span", t("close"))),
      h("button.tab", { type: "button", class: tab === "sheet" ? "on" : "", onclick: () => { tab = "sheet"; renderSide(); } }, t("sheet")),
      h("button.tab", { type: "button", class: tab === "chat" ? "on" : "", onclick: () => { tab = "chat"; renderSide(); } }, t("chat")));
    if (tab === "chat") {
      clear(sidePanel, tabs, h("div.chat", chatLog, chatForm));
      return;
    }
    const info = st.info;
    const bulaTable = info?.variant === "balkan" || st.sheet?.kind === "bula";
    if (!info || (!st.sheet && bulaTable)) {
      clear(sidePanel, tabs, h("p.muted", st.status === "open" ? t("waitingPlayers") : t("nothingYet")));
      return;
    }
    if (!st.sheet) {
      // The sheet from the first moment: an empty pulya until the first deal is written.
      clear(sheetBox, sheetSvg(emptySheet(info)));
      clear(sidePanel, tabs, sheetBox, h("p.muted.sheet-empty", t("sheetEmpty")));
      return;
    }
    const names = {};
    for (const [seat, s] of Object.entries(st.seats || {})) {
      if (s) names[seat] = !s.bot ? s.name : s.user_id ? `${s.name} (${t("standIn")})` : `${seatName(seat)} (${t("bot")})`;
    }
    const chains = st.writes ? chainsFromWrites(st.writes) : chainsFromTotals(st.totals.filter(Boolean));
    const model = {
      players: info.players, target: st.sheet.target, variant: info.variant, deals: st.sheet.deals,
      totals: st.sheet.totals, chains, names,
      result: st.summary?.settlement?.rounded || null,
    };
    const svgUrl = `/api/tables/${tableId}/sheet.svg?lang=${language()}`;
    const bula = info.variant === "balkan" || st.sheet.kind === "bula";
    // The bula sheet is the server's drawing (scoring.render_svg); the pulya is drawn here.
    const drawing = () => (bula
      ? h("img.bula-sheet", { src: `${svgUrl}&deals=${st.sheet.deals}`, alt: t("bula") })
      : sheetSvg(model));
    clear(sheetBox, drawing());
    sheetBox.title = t("sheet");
    sheetBox.onclick = () => overlay(t("sheet"), h("div.sheet-large", drawing()));
    const svgLink = h("p.sheet-link", h("a", { href: svgUrl, target: "_blank", rel: "noopener" }, t("sheetSvg")));
    const final = st.summary ? h("section.final",
      h("h3", t("gameOver")),
      bula ? null : settlementTable(st.summary.settlement, st.summary.stake, names),
      standInNote(st.summary, names),
      h("p.muted", `${t("verified")}: `, icon(st.summary.commitment_ok === false ? "cross" : "check"), " · ",
        h("a", { href: `#/replay/${tableId}` }, t("replay")), " · ",
        h("a", { href: `/api/games/${tableId}/record`, download: `pulya-${tableId}.json` }, "JSON"))) : null;
    let details = null;
    try {
      details = h("details.breakdown-box", { open: true }, h("summary", t("breakdown")),
        breakdown({ results: st.results, writes: st.writes, totalsHistory: st.totals }));
    } catch { details = null; } // a sheet the breakdown does not know: the drawing still explains
    clear(sidePanel, tabs, final, sheetBox, svgLink, details);
  }

  function updateClock() {
    const el = felt.querySelector("[data-clock]") || handArea.querySelector("[data-clock]");
    if (!el || !st.info?.clock_seconds) return;
    const left = Math.max(0, Math.ceil(st.turnEnds ? (st.turnEnds - Date.now()) / 1000
      : st.info.clock_seconds - (Date.now() - st.turnStart) / 1000));
    el.replaceChildren(icon("clock"), ` ${t("clockLeft", { s: left })}`);
    el.classList.toggle("low", left <= 5);
  }

  function showLastTrick() {
    const v = st.view;
    const last = v?.completed_tricks?.[v.completed_tricks.length - 1];
    overlay(t("lastTrick"), last
      ? h("div.last-trick", (last.talon_card ? [["talon", last.talon_card]] : []).concat(last.cards).map(([seat, c]) =>
        h("figure", { class: seat === last.winner ? "win" : "" }, card(c), h("figcaption", seat === "talon" ? t("talon") : nameOf(seat)))))
      : h("p.muted", t("none")));
  }

  // --- keyboard ------------------------------------------------------------------------

  function onKey(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.ctrlKey || e.metaKey || e.altKey) {
      if (e.key === "Escape") e.target.blur?.();
      return;
    }
    if (e.key === "?") { helpOverlay(); e.preventDefault(); return; }
    if (e.key === "Escape") { closeOverlay(); return; }
    if (e.key === ".") { showLastTrick(); return; }
    if (e.key === ",") { askHint(); return; }
    if (e.key === ";") { page.classList.toggle("show-side"); return; }
    if (e.key === "Enter") { tab = "chat"; renderSide(); chatInput.focus(); e.preventDefault(); return; }
    if (/^[0-9]$/.test(e.key)) {
      const i = e.key === "0" ? 9 : Number(e.key) - 1;
      const keyed = [...document.querySelectorAll(".card-slot .key")].map((k) => k.parentElement);
      const slot = keyed.find((el) => el.querySelector(".key").textContent === e.key);
      if (slot) { slot.click(); e.preventDefault(); }
      else if (i < 0) e.preventDefault();
      return;
    }
    const button = handArea.querySelector(`button.call[data-key="${e.key}"]`);
    if (button) { button.click(); e.preventDefault(); }
  }
  document.addEventListener("keydown", onKey);
  renderAll();

  return () => {
    socket.close();
    clearInterval(clockTimer);
    clearTimeout(redrawTimer.id);
    document.removeEventListener("keydown", onKey);
  };
}

const SHEET_SEATS = { 2: ["S", "W"], 3: ["S", "W", "E"], 4: ["S", "W", "N", "E"] };

function emptySheet(info) {
  const seats = SHEET_SEATS[info.players] || SHEET_SEATS[3];
  const totals = {};
  for (const seat of seats) {
    totals[seat] = { pulya: "0", gora: "0", whists: Object.fromEntries(seats.filter((o) => o !== seat).map((o) => [o, "0"])) };
  }
  return { players: info.players, target: info.target, variant: info.variant, deals: 0, totals, chains: {}, names: {} };
}

/** Who had a stand-in, and the rule that says what it means for the ratings. */
function standInNote(summary, names) {
  const entries = Object.entries(summary.stand_ins || {}).filter(([, v]) => v.auto_moves || v.left);
  const lines = entries.map(([seat, v]) => h("li", { dataset: { seat } }, h("b", names[seat] || seatName(seat)), ": ",
    v.left ? t("leftGame") + "; " : "", t("standInMoves", { n: plural("movesN", v.auto_moves) })));
  return h("div.stand-ins", lines.length ? h("ul", lines) : null,
    h("p.muted.rating-rule", ruleText(summary.rating_rule) || t("ratingRule")));
}

/** The server's statement of the rating rule: a string, or {en, ru}. */
function ruleText(rule) {
  if (!rule) return "";
  if (typeof rule === "string") return rule;
  return rule[language()] || rule.en || "";
}

function loadTotals(tableId) {
  try { return JSON.parse(localStorage.getItem(`pref.totals.${tableId}`)) || []; } catch { return []; }
}
