// The replay of a finished game: every deal, every call and card, step by step.
// The solver's value of each legal card comes from /api/games/{id}/deals/{n}/analysis.

import { icon } from "./icons.js";
import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { t, seatName, actionText, contractText } from "./i18n.js";
import { card } from "./cards.js";
import { reviewPanel } from "./review.js";

const DISPLAY_SUITS = ["♠", "♦", "♣", "♥"];
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"];
const isCard = (x) => DISPLAY_SUITS.includes(x[0]);
const sortCards = (cards) => [...cards].sort((a, b) =>
  DISPLAY_SUITS.indexOf(a[0]) - DISPLAY_SUITS.indexOf(b[0]) || RANKS.indexOf(a.slice(1)) - RANKS.indexOf(b.slice(1)));

/** The position after `step` actions of a recorded deal. */
export function positionAt(deal, step) {
  const hands = Object.fromEntries(Object.entries(deal.hands).map(([s, text]) => [s, text.split(" ").filter(Boolean)]));
  const talon = deal.talon.split(" ").filter(Boolean);
  const declared = deal.actions.findIndex((a) => a.action.startsWith("play "));
  let trick = []; let lastTrick = null; let talonTaken = false; const discard = [];
  const active = Object.keys(hands).filter((s) => hands[s].length);
  const calls = [];
  for (let i = 0; i < step; i++) {
    const { seat, action } = deal.actions[i];
    if (!isCard(action)) { calls.push([seat, action]); continue; }
    if (declared >= 0 && i < declared) {
      if (!talonTaken) { hands[seat].push(...talon); talonTaken = true; }
      hands[seat] = hands[seat].filter((c) => c !== action);
      discard.push(action);
      continue;
    }
    hands[seat] = hands[seat].filter((c) => c !== action);
    trick.push([seat, action]);
    if (trick.length === active.length) { lastTrick = trick; trick = []; }
  }
  return { hands, trick, lastTrick, discard, calls, talon };
}

export async function replayView(app, root, tableId) {
  let record;
  try { record = await api.record(tableId); } catch {
    clear(root, h("div.card-panel", h("p", t("noGame")), h("a.button", { href: "#/" }, t("back"))));
    return () => {};
  }
  let dealIndex = 0; let step = 0;
  const analyses = new Map(); // deal number → list of steps, "loading" or null (unavailable)
  function analysisOf(number) {
    if (!analyses.has(number)) {
      analyses.set(number, "loading");
      fetch(`/api/games/${tableId}/deals/${number}/analysis`)
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null)
        .then((steps) => { analyses.set(number, steps); render(); });
    }
    return analyses.get(number);
  }
  const board = h("div.replay-board");
  const controls = h("div.replay-controls");
  const dealPicker = h("select", { "aria-label": t("deal"), onchange: () => { dealIndex = Number(dealPicker.value); step = 0; render(); } },
    record.deals.map((d, i) => h("option", { value: i }, `${t("deal")} ${d.number}`)));
  function render() {
    const deal = record.deals[dealIndex];
    const pos = positionAt(deal, step);
    const next = deal.actions[step];
    const seats = Object.keys(deal.hands);
    const steps = analysisOf(deal.number);
    const solved = Array.isArray(steps) ? steps.find((s) => s.step === step) : null;
    const valueOf = (seat, c) => (solved && solved.seat === seat ? solved.values[c] : undefined);
    const note = steps === "loading" ? t("solverLoading") : solved
      ? t({ side: "solverSide", own: "solverOwn", declarer: "solverDeclarer" }[solved.meaning] || "solverSide")
      : t("noSolver");
    clear(board,
      h("div.replay-hands", seats.map((seat) => h("section.replay-seat", { dataset: { seat } },
        h("h3", seatName(seat), deal.dealer === seat ? h("span.badge.dealer", t("dealer")) : null,
          next?.seat === seat ? h("span.badge.turn", icon("next")) : null),
        h("div.cards.small", sortCards(pos.hands[seat]).map((c) =>
          h("div.card-slot", { class: next?.action === c && next.seat === seat ? "next" : "", dataset: { card: c } }, card(c),
            valueOf(seat, c) !== undefined ? h("span.solver-value", { title: note }, String(valueOf(seat, c))) : null)))))),
      h("div.replay-centre",
        h("div.trick", pos.trick.map(([seat, c]) => h("figure", card(c), h("figcaption", seatName(seat))))),
        h("p.muted", `${t("talon")}: ${deal.talon}${pos.discard.length ? ` · ${t("discard")}: ${pos.discard.join(" ")}` : ""}`),
        h("ol.calls", pos.calls.map(([seat, a]) => h("li", h("b", `${seatName(seat)}: `), actionText(a)))),
        h("p.solver-note", note)),
      h("p.replay-result", `${t("result")}: `, deal.result.kind === "raspasy" ? t("raspasy")
        : `${seatName(deal.result.declarer)} ${contractText(deal.result.contract || "")}`, " · ",
      Object.entries(deal.result.tricks).map(([s, n]) => `${seatName(s)} ${n}`).join(", ")));
    review.show(deal.number, step);
    clear(controls, dealPicker,
      h("button", { type: "button", onclick: () => { step = 0; render(); } }, icon("first"), " ", t("first")),
      h("button", { type: "button", onclick: () => { step = Math.max(0, step - 1); render(); } }, icon("prev"), " ", t("prev")),
      h("span.step", `${t("step")} ${step} / ${deal.actions.length}`),
      h("button", { type: "button", onclick: () => { step = Math.min(deal.actions.length, step + 1); render(); } }, t("next"), " ", icon("next")),
      h("button", { type: "button", onclick: () => { step = deal.actions.length; render(); } }, t("last"), " ", icon("last")));
  }
  function onKey(e) {
    if (e.key === "ArrowRight") { step = Math.min(record.deals[dealIndex].actions.length, step + 1); render(); }
    if (e.key === "ArrowLeft") { step = Math.max(0, step - 1); render(); }
  }
  document.addEventListener("keydown", onKey);
  const review = reviewPanel(tableId, { goto: (number, at) => {
    dealIndex = Math.max(0, record.deals.findIndex((d) => d.number === number));
    dealPicker.value = String(dealIndex); step = at; render();
  } });
  clear(root, h("div.replay", h("div.row", h("a.button.ghost.small", { href: "#/" }, "← ", t("lobby")),
    h("h2", `${t("replay")} #${tableId}`)), controls, board, review.element));
  render();
  return () => { document.removeEventListener("keydown", onKey); review.stop(); };
}
