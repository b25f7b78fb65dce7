// The pulya sheet drawn as the paper picture (the same geometry as scoring/render_svg.py),
// the per-deal breakdown and the settlement.

import { h, s } from "./dom.js";
import { t, seatName, seatLetter, contractText, language } from "./i18n.js";
import { frac, add, fmt, signed, isZero } from "./frac.js";
import { describe } from "./writes.js";

const W = 760, H = 600, L = 20, R = 740, T = 60, B = 540, BAND = 62;
const CX = (L + R) / 2, CY = (T + B) / 2;
const SIDES = {
  3: { S: "bottom", W: "left", E: "right" },
  4: { S: "bottom", W: "left", N: "top", E: "right" },
};
const COLUMNS = {
  3: { S: ["W", "E"], W: ["S", "E"], E: ["W", "S"] },
  4: { S: ["W", "N", "E"], W: ["S", "E", "N"], N: ["W", "S", "E"], E: ["N", "W", "S"] },
};

function segment(side, inset, players) {
  const dx = inset * (CX - L) / (B - CY);
  const dy = inset * (B - CY) / (CX - L);
  if (side === "bottom") return [L + dx, B - inset, R - dx, B - inset];
  if (side === "top") return [L + dx, T + inset, R - dx, T + inset];
  const top = players === 3 ? T + inset : T + dy;
  if (side === "left") return [L + inset, B - dy, L + inset, top];
  return [R - inset, top, R - inset, B - dy];
}
const at = (g, f) => [g[0] + (g[2] - g[0]) * f, g[1] + (g[3] - g[1]) * f];
const length = (g) => Math.hypot(g[2] - g[0], g[3] - g[1]);
const angle = (side) => ({ bottom: 0, top: 0, left: -90, right: 90 })[side];
function offset(side, d) {
  if (side === "bottom" || side === "top") return [0, d];
  return side === "left" ? [d, 0] : [-d, 0];
}
function fit(text, room, size) {
  const n = Math.floor(room / (size * 0.58));
  if (text.length <= n) return text;
  return n > 1 ? "…" + text.slice(-(n - 1)) : "";
}
function text(x, y, content, rot, size = 13, weight = "normal", cls = null) {
  return s("text", { x: x.toFixed(1), y: y.toFixed(1), "font-size": size, "font-weight": weight,
    "text-anchor": "middle", "dominant-baseline": "middle", class: cls,
    transform: rot ? `rotate(${rot} ${x.toFixed(1)} ${y.toFixed(1)})` : null }, content);
}

/** Chains of running totals per column, from the sheet's writes (exact). */
export function chainsFromWrites(deals) {
  const totals = {}; const chains = {};
  const key = (w) => (w.column === "whists" ? `${w.seat}:whists:${w.on}` : `${w.seat}:${w.column}`);
  for (const deal of deals) {
    for (const w of deal.writes) {
      const k = key(w);
      totals[k] = add(totals[k] || [0, 1], frac(w.amount));
      (chains[k] ||= []).push(fmt(totals[k]));
    }
  }
  return chains;
}

/** Chains from the totals seen after each deal (when the writes are not at hand). */
export function chainsFromTotals(history) {
  const chains = {}; const last = {};
  const push = (k, v) => {
    if (v === (last[k] ?? "0")) return;
    last[k] = v; (chains[k] ||= []).push(v);
  };
  for (const totals of history) {
    for (const [seat, row] of Object.entries(totals)) {
      push(`${seat}:pulya`, row.pulya);
      push(`${seat}:gora`, row.gora);
      for (const [on, v] of Object.entries(row.whists)) push(`${seat}:whists:${on}`, v);
    }
  }
  return chains;
}

/** The paper sheet. model: {players, target, variant, deals, totals, chains, result?}. */
export function sheetSvg(model) {
  const players = model.players === 4 ? 4 : 3;
  const sides = SIDES[players];
  const onSheet = new Set(Object.keys(model.totals));
  const ru = language() === "ru";
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "sheet-svg", role: "img",
    "aria-label": t("sheet") });
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, class: "sheet-paper" }));
  const title = ru
    ? `Пуля до ${model.target} · ${t(model.variant)} · сдач ${model.deals}`
    : `Pulya to ${model.target} · ${t(model.variant)} · ${model.deals} deals`;
  svg.append(text(W / 2, 30, title, 0, 24, "bold"));
  const lines = s("g", { class: "sheet-lines" });
  for (let k = 0; k < 3; k++) {
    const i = k * BAND;
    lines.append(s("rect", { x: L + i, y: T + i, width: R - L - 2 * i, height: B - T - 2 * i, rx: k ? 0 : 4 }));
  }
  const corners = [[L, B], [R, B], ...(players === 3 ? [[CX, T]] : [[L, T], [R, T]])];
  for (const [x, y] of corners) lines.append(s("line", { x1: CX, y1: CY, x2: x, y2: y }));
  for (const [seat, side] of Object.entries(sides)) {
    const cols = COLUMNS[players][seat];
    const outer = segment(side, 0, players), inner = segment(side, BAND, players);
    for (let j = 1; j < cols.length; j++) {
      const [x1, y1] = at(segment(side, BAND / 2, players), j / cols.length);
      if (side === "bottom" || side === "top") lines.append(s("line", { x1, y1: outer[1], x2: x1, y2: inner[1] }));
      else lines.append(s("line", { x1: outer[0], y1, x2: inner[0], y2: y1 }));
    }
  }
  svg.append(lines);
  svg.append(s("circle", { cx: CX, cy: CY, r: 34, class: "sheet-centre" }));
  svg.append(text(CX, CY, String(model.target), 0, 28, "bold"));
  const chain = (k) => (model.chains[k] || []).join(".") || "—";
  for (const [seat, side] of Object.entries(sides)) {
    const rot = angle(side);
    const g = s("g", { class: "sheet-seat", dataset: { seat } });
    if (!onSheet.has(seat)) {
      const [x, y] = at(segment(side, BAND * 1.5, players), 0.5);
      g.append(text(x, y, t("dummy"), rot));
      svg.append(g);
      continue;
    }
    const row = model.totals[seat];
    const band = segment(side, BAND / 2, players);
    const every = COLUMNS[players][seat];
    every.forEach((other, j) => {
      if (!onSheet.has(other)) return;
      const [x, y] = at(band, (j + 0.5) / every.length);
      const room = length(band) / every.length - 10;
      let [ox, oy] = offset(side, -14);
      g.append(text(x + ox, y + oy, `${ru ? "на" : "on"} ${seatLetter(other)}: ${row.whists[other]}`,
        rot, 21, "bold", "sheet-total"));
      [ox, oy] = offset(side, 13);
      g.append(text(x + ox, y + oy, fit(chain(`${seat}:whists:${other}`), room, 21), rot, 21, "normal", "sheet-chain"));
    });
    for (const [k, column] of [[1, "pulya"], [2, "gora"]]) {
      const seg = segment(side, BAND * (k + 0.5), players);
      const [x, y] = at(seg, 0.5);
      let [ox, oy] = offset(side, -14);
      g.append(text(x + ox, y + oy, `${t(column)}: ${row[column]}`, rot, 21, "bold", "sheet-total"));
      [ox, oy] = offset(side, 13);
      g.append(text(x + ox, y + oy, fit(chain(`${seat}:${column}`), length(seg) - 30, 21), rot, 21, "normal", "sheet-chain"));
    }
    const [x, y] = at(segment(side, BAND * 3.1, players), 0.5);
    g.append(text(x, y, model.names?.[seat] || seatName(seat), rot, 24, "bold", "sheet-name"));
    svg.append(g);
  }
  if (model.result) {
    const parts = Object.entries(model.result).map(([seat, v]) => `${seatLetter(seat)} ${signed(frac(v))}`);
    svg.append(text(W / 2, B + 35, (ru ? "Итог в вистах: " : "Result in whists: ") + parts.join("   "), 0, 22, "bold"));
  }
  return svg;
}

function dealSummary(result) {
  if (!result) return "";
  const tr = result.tricks || {};
  const tricks = Object.entries(tr).map(([seat, n]) => `${seatLetter(seat)} ${n}`).join(", ");
  if (result.kind === "raspasy") return `${t("raspasy")}: ${tricks}`;
  if (result.kind === "refe") return t("refe");
  const who = result.declarer ? seatName(result.declarer) : "";
  const contract = contractText(result.contract || result.bid || "");
  const defenders = Object.entries(result.defenders || {})
    .map(([seat, call]) => `${seatLetter(seat)} ${call === "whist" ? t("whisters").toLowerCase() : call}`).join(", ");
  return `${who}: ${contract}${defenders ? " · " + defenders : ""}${result.played === false ? "" : tricks ? " · " + tricks : ""}`;
}

function deltas(prev, now) {
  const out = [];
  for (const [seat, row] of Object.entries(now)) {
    const p = prev?.[seat];
    const diff = (a, b) => add(frac(a), [-frac(b || "0")[0], frac(b || "0")[1]]);
    for (const column of ["pulya", "gora"]) {
      const d = diff(row[column], p?.[column]);
      if (!isZero(d)) out.push(`${seatLetter(seat)}: ${t(column)} ${signed(d)}`);
    }
    for (const [on, v] of Object.entries(row.whists)) {
      const d = diff(v, p?.whists?.[on]);
      if (!isZero(d)) out.push(`${seatLetter(seat)}: ${t("whists")} ${language() === "ru" ? "на" : "on"} ${seatLetter(on)} ${signed(d)}`);
    }
  }
  return out;
}

/**
 * Per deal: what was played and every figure with its reason. With the writes (a finished
 * game's record) each figure is explained; otherwise the changes of the totals are listed.
 */
export function breakdown({ results, writes, totalsHistory }) {
  const list = h("ol.breakdown");
  const count = Math.max(results?.length || 0, writes?.length || 0, totalsHistory?.length || 0);
  if (!count) return h("p.muted", t("nothingYet"));
  for (let i = count - 1; i >= 0; i--) {
    const result = results?.[i] || writes?.[i]?.result;
    const items = writes?.[i]
      ? writes[i].writes.map((w) => h("li", h("b", seatLetter(w.seat)), " ", describe(w)))
      : totalsHistory?.[i]
        ? deltas(totalsHistory[i - 1], totalsHistory[i]).map((d) => h("li", d))
        : [];
    list.append(h("li", { value: i + 1 },
      h("div.deal-head", `${t("deal")} ${i + 1}. `, dealSummary(result)),
      items.length ? h("ul", items) : null));
  }
  return list;
}

/**
 * The settlement, every column explained: the sheet's pulya and gora (equal to the
 * drawing), the closing of unfinished pulyas (why the gora used differs from the sheet's),
 * the gora after the amnesty, then the result in whists, exact and rounded, and money.
 */
export function settlementTable(settlement, stake, names) {
  const seats = settlement.seats;
  const written = settlement.gora_written || settlement.gora;
  const closingOf = (seat) => (settlement.closing || []).filter((w) => w.seat === seat);
  const rows = seats.map((seat) => {
    const rounded = frac(settlement.rounded[seat]);
    const money = stake ? (rounded[0] / rounded[1]) * stake : null;
    const closing = closingOf(seat);
    const closed = closing.reduce((sum, w) => add(sum, frac(w.amount)), [0, 1]);
    return h("tr", { dataset: { seat } },
      h("th", names?.[seat] || seatName(seat)),
      h("td.num", { dataset: { column: "pulya" } }, settlement.pulya[seat]),
      h("td.num", { dataset: { column: "gora_written" } }, written[seat]),
      h("td.num", { dataset: { column: "closing" }, title: closing.map((w) => describe(w)).join("; ") || t("closingNone") },
        closing.length ? signed(closed) : "0"),
      h("td.num", { dataset: { column: "gora" } }, settlement.gora[seat]),
      h("td.num", { dataset: { column: "gora_left" } }, settlement.gora_left?.[seat] ?? ""),
      h("td.num", { dataset: { column: "exact" } }, settlement.exact[seat]),
      h("td.num.strong", { dataset: { column: "rounded" } }, signed(rounded)),
      stake ? h("td.num", money.toFixed(2)) : null);
  });
  const closingLines = (settlement.closing || []).map((w) => h("li", h("b", seatLetter(w.seat)), " ", describe(w)));
  return h("div.settlement-box",
    h("table.settlement",
      h("thead", h("tr", h("th", t("seat")), h("th", t("pulya")), h("th", t("setGora")),
        h("th", t("setClosing")), h("th", t("gora")), h("th", t("setAmnesty")),
        h("th", t("setExact")), h("th", t("setRounded")),
        stake ? h("th", t("money")) : null)),
      h("tbody", rows)),
    closingLines.length ? h("ul.closing-lines", closingLines) : null,
    h("p.muted.settlement-explain", t("setExplain")));
}
