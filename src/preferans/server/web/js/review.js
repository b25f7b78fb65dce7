// The game review: every decision graded in whists (docs/review.md).
// reviewPanel — the replay page's panel: each player's cumulative loss over the deals as an
// SVG graph with the marked decisions, the totals, the costliest three in words, and the
// current deal's decisions (a click steps the replay there). The review is computed on the
// server deal by deal; the panel asks again until every deal is in.
// dealReviewStrip — at the table: after each deal, the player's own decisions of that deal.

import { h, s, clear } from "./dom.js";
import { language, seatName, actionText, translator } from "./i18n.js";
import { overlay } from "./overlay.js";

// Each key's [English, Russian] pair (i18n.translator).
const WORDS = {
  review: ["Review", "Разбор"],
  reviewing: ["Reviewing: {done} of {total} deals", "Разбор: {done} из {total} сдач"],
  reviewed: ["Reviewed: {total} deals", "Разобрано сдач: {total}"],
  lost: ["lost", "потеряно"],
  accuracy: ["accuracy", "точность"],
  decisions: ["decisions", "решений"],
  costliest: ["The costliest decisions", "Самые дорогие решения"],
  graphTitle: ["Cumulative loss in whists, deal by deal", "Потери нарастающим итогом, в вистах, по сдачам"],
  thisDeal: ["Decisions of this deal", "Решения этой сдачи"],
  nothing: ["No decisions to grade.", "Оценивать нечего."],
  marks: ["?! inaccuracy from {i} whists, ? mistake from {m}, ?? blunder from {b}", "?! неточность от {i} вистов, ? ошибка от {m}, ?? грубая ошибка от {b}"],
  myDeal: ["Review my decisions in deal {n}", "Разбор моих решений в сдаче {n}"],
  myDealTitle: ["Deal {n}: your decisions", "Сдача {n}: ваши решения"],
  gameReview: ["Review of the whole game", "Разбор всей партии"],
  failed: ["The review is not available: {why}", "Разбор недоступен: {why}"],
  notGraded: ["not graded", "не оценено"],
  here: ["This step", "Этот ход"],
  best: ["best", "лучше"],
  whists: ["whists", "вистов"],
  deal: ["deal", "сдача"],
  known: ["the cards as they lay", "при раскладе как он был"],
  discardWord: ["discard", "снос"],
};
const SYMBOLS = { good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };
const COLOURS = ["#1d3557", "#c8553d", "#2e7d32", "#8e44ad"];

const w = translator(WORDS);

function styles() {
  if (document.getElementById("review-css")) return;
  document.head.append(h("link", { id: "review-css", rel: "stylesheet", href: "review.css" }));
}

const fmt = (x) => (x === null || x === undefined ? "—" : (Math.round(x * 10) / 10).toFixed(1)).replace("-", "−");

async function fetchJson(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw new Error((data && data.detail) || response.statusText);
  return data;
}

/** The graph: one line per player, a point per deal, the deals with marked decisions ringed. */
export function lossGraph(review) {
  const width = 640; const height = 220; const pad = { l: 44, r: 14, t: 14, b: 28 };
  const seats = review.seats;
  const curves = review.cumulative || {};
  const deals = (review.deals || []).map((d) => d.number);
  const n = deals.length;
  const top = Math.max(1, ...seats.flatMap((seat) => curves[seat] || []));
  const x = (i) => pad.l + (n ? (i / n) * (width - pad.l - pad.r) : 0);
  const y = (v) => height - pad.b - (v / top) * (height - pad.t - pad.b);
  const worst = {}; // `${seat}:${deal}` → the worst mark of that seat in that deal
  const rank = { good: 0, inaccuracy: 1, mistake: 2, blunder: 3 };
  for (const deal of review.deals || []) {
    for (const d of deal.decisions) {
      const key = `${d.seat}:${deal.number}`;
      if ((rank[d.mark] || 0) > (rank[worst[key]] || 0)) worst[key] = d.mark;
    }
  }
  const children = [
    s("line.axis", { x1: pad.l, y1: height - pad.b, x2: width - pad.r, y2: height - pad.b }),
    s("line.axis", { x1: pad.l, y1: pad.t, x2: pad.l, y2: height - pad.b }),
    s("text.tick", { x: pad.l - 6, y: pad.t + 4, "text-anchor": "end" }, fmt(top)),
    s("text.tick", { x: pad.l - 6, y: height - pad.b, "text-anchor": "end" }, "0"),
  ];
  deals.forEach((number, i) => {
    if (n <= 15 || i % Math.ceil(n / 15) === 0) {
      children.push(s("text.tick", { x: x(i + 1), y: height - pad.b + 16, "text-anchor": "middle" }, String(number)));
    }
  });
  seats.forEach((seat, k) => {
    const values = curves[seat] || [];
    const colour = COLOURS[k % COLOURS.length];
    const points = [[x(0), y(0)], ...values.map((v, i) => [x(i + 1), y(v)])];
    children.push(s("polyline.curve", { dataset: { seat }, points: points.map((p) => p.join(",")).join(" "), stroke: colour }));
    values.forEach((v, i) => {
      const mark = worst[`${seat}:${deals[i]}`] || "good";
      const point = s("circle.point", {
        class: `mark-${mark}`, cx: x(i + 1), cy: y(v), r: mark === "good" ? 3 : 6, fill: colour,
        dataset: { seat, deal: deals[i], mark },
      }, s("title", `${seatName(seat)} · ${w("deal")} ${deals[i]}: ${fmt(v)} ${SYMBOLS[mark]}`));
      children.push(point);
    });
  });
  const legend = s("g.legend", seats.map((seat, k) => s("text", {
    x: pad.l + 8 + k * 130, y: pad.t + 10, fill: COLOURS[k % COLOURS.length], dataset: { seat },
  }, `— ${review.players?.[seat] || seatName(seat)}`)));
  children.push(legend);
  return s("svg.review-graph", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": w("graphTitle") }, children);
}

function totalsTable(review) {
  const rows = review.seats.filter((seat) => review.totals[seat]?.decisions).map((seat) => {
    const t = review.totals[seat];
    return h("tr", { dataset: { seat } },
      h("th", review.players?.[seat] ? `${seatName(seat)} (${review.players[seat]})` : seatName(seat)),
      h("td.lost", `${fmt(t.lost)} ${w("whists")}`),
      h("td.accuracy", t.accuracy === null ? "—" : `${Math.round(t.accuracy)}%`),
      h("td", `${t.decisions} ${w("decisions")}`),
      h("td.marks", `?! ${t.marks.inaccuracy} · ? ${t.marks.mistake} · ?? ${t.marks.blunder}`));
  });
  return h("table.review-totals", h("tr", h("th", ""), h("th", w("lost")), h("th", w("accuracy")), h("th", ""), h("th", "")), rows);
}

function decisionItem(d, { onPick, current, expanded } = {}) {
  const cards = d.actions.map(actionText).join(" ");
  const what = d.kind === "discard" ? `${w("discardWord")} ${cards}` : cards;
  const loss = d.graded ? (d.loss > 0 ? `−${fmt(d.loss)}` : "0.0") : w("notGraded");
  const item = h("li.review-decision", {
    class: `mark-${d.mark}${current ? " current" : ""}`,
    dataset: { mark: d.mark, move: d.move, deal: d.deal, seat: d.seat, kind: d.kind },
    onclick: onPick ? () => onPick(d) : null,
  },
  h("span.review-mark", SYMBOLS[d.mark] || "·"),
  h("b", `${seatName(d.seat)}: `), h("span.review-what", what), " ", h("span.review-loss", loss));
  if (d.mark !== "good" || current || expanded) item.append(h("p.review-text", d.text[language()] || d.text.en));
  return item;
}

function markLegend(review) {
  const th = review.thresholds || {};
  return h("p.muted.review-legend", w("marks", { i: th.inaccuracy, m: th.mistake, b: th.blunder }));
}

/** The replay page's panel. `goto(dealNumber, step)` moves the replay. */
export function reviewPanel(tableId, { goto }) {
  styles();
  const root = h("section.card-panel.review-panel", h("h3", w("gameReview")), h("p.muted", "…"));
  let review = null; let stopped = false; let timer = null;
  let place = { deal: 1, step: 0 };

  async function load() {
    try {
      review = await fetchJson(`/api/games/${tableId}/review`);
    } catch (problem) {
      clear(root, h("h3", w("gameReview")), h("p.review-error", w("failed", { why: problem.message })));
      return;
    }
    render();
    markBoard();
    if (review.status === "running" && !stopped) timer = setTimeout(load, 700);
  }

  function render() {
    if (!review) return;
    const progress = review.status === "running"
      ? w("reviewing", { done: review.done, total: review.total })
      : w("reviewed", { total: review.total ?? review.deals.length });
    const deal = (review.deals || []).find((d) => d.number === place.deal);
    const here = deal?.decisions.find((d) => d.move === place.step);
    clear(root,
      h("h3", w("gameReview")),
      h("p.review-progress", { dataset: { status: review.status } }, progress),
      h("figure.review-figure", lossGraph(review), h("figcaption.muted", w("graphTitle"))),
      totalsTable(review),
      markLegend(review),
      review.costliest?.length ? h("div.review-costliest", h("h4", w("costliest")),
        h("ol", review.costliest.map((c) => h("li", { dataset: { deal: c.deal, move: c.move } },
          h("a", { href: "#", onclick: (e) => { e.preventDefault(); goto(c.deal, c.move); } }, c.text[language()] || c.text.en))))) : null,
      here ? h("div.review-here", h("h4", w("here")), h("ul.review-list", decisionItem(here, { current: true }))) : null,
      deal ? h("div.review-deal", h("h4", `${w("thisDeal")} (${w("deal")} ${deal.number})`),
        deal.decisions.length
          ? h("ul.review-list", deal.decisions.map((d) => decisionItem(d, { onPick: (x) => goto(x.deal, x.move), current: d.move === place.step })))
          : h("p.muted", w("nothing"))) : null);
  }

  /** The card about to be played, on the replay board, gets the decision's mark. */
  function markBoard() {
    const deal = (review?.deals || []).find((d) => d.number === place.deal);
    const here = deal?.decisions.find((d) => d.move === place.step);
    const slot = document.querySelector(".replay-board .card-slot.next");
    if (!here || !slot || !SYMBOLS[here.mark] || slot.querySelector(".review-badge")) return;
    slot.append(h("span.review-badge", { class: `mark-${here.mark}`, title: here.text[language()] || here.text.en }, SYMBOLS[here.mark]));
  }

  load();
  return {
    element: root,
    /** The replay moved: show that deal's decisions and the decision at this step. */
    show(dealNumber, step) { place = { deal: dealNumber, step }; render(); markBoard(); },
    stop() { stopped = true; if (timer) clearTimeout(timer); },
  };
}

/** At the table: a button after each finished deal that opens the player's own review. */
export function dealReviewStrip(tableId) {
  styles();
  const root = h("div.review-strip");
  async function open(number) {
    const box = h("div.review-deal-box", h("p.muted", "…"));
    overlay(w("myDealTitle", { n: number }), box);
    try {
      const data = await fetchJson(`/api/tables/${tableId}/deals/${number}/review`);
      const t = data.deal.totals[data.seat];
      clear(box,
        h("p.review-deal-totals", `${w("lost")}: ${fmt(t.lost)} ${w("whists")} · ${w("accuracy")}: ${t.accuracy === null ? "—" : `${Math.round(t.accuracy)}%`}`),
        data.deal.decisions.length
          ? h("ul.review-list", data.deal.decisions.map((d) => decisionItem(d, { expanded: true })))
          : h("p.muted", w("nothing")),
        markLegend(data));
    } catch (problem) {
      clear(box, h("p.review-error", w("failed", { why: problem.message })));
    }
  }
  return {
    element: root,
    /** Deal `number` is over: offer its review (only to a player, the server checks). */
    dealOver(number) {
      clear(root, h("button.small.review-open", { type: "button", dataset: { deal: number }, onclick: () => open(number) },
        w("myDeal", { n: number })));
    },
    /** The game is over: the whole review is on the replay page. */
    gameOver() {
      if (root.querySelector(".review-game")) return;
      root.append(h("a.button.small.review-game", { href: `#/replay/${tableId}` }, w("gameReview")));
    },
  };
}
