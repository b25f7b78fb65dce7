// The contract ladder as a grid: levels × strains, misère in its place between the eights
// and the nines, the legal calls lit and the rest shown for orientation. The Balkan game
// has its own short ladder (2♠ 3♦ 4♥ 5♣ 6 betl 7 sans), with and without the talon.

import { h } from "./dom.js";
import { t, contractText } from "./i18n.js";

const STRAINS = ["♠", "♣", "♦", "♥", "БК"];
const SUIT_CLASS = { "♠": "S", "♣": "C", "♦": "D", "♥": "H" };
const LEVELS = [6, 7, 8, 9, 10];
const BALKAN = ["2♠", "3♦", "4♥", "5♣", "бетл", "санс"];

/** The contract a call names ("7♣", "play 7♣", "мизер"), or null for pass, whist… */
export function gridKey(text) {
  const bare = text.startsWith("play ") ? text.slice(5) : text;
  if (/^(\d+)(♠|♣|♦|♥|БК)$/.test(bare) || bare === "мизер") return bare;
  if (/^([2-5][♠♣♦♥]|бетл|санс)(бп)?$/.test(bare)) return bare;
  return null;
}

function cell(key, legal, act, label) {
  const action = legal.get(key);
  return h("button.grid-cell", {
    type: "button", disabled: !action, class: action ? "lit" : "",
    dataset: { grid: key, ...(action ? { action: action.index, text: action.text } : {}) },
    "aria-label": contractText(key),
    onclick: action ? () => act(action) : null,
  }, label);
}

function strainLabel(strain) {
  if (strain === "БК") return h("span.nt", t("noTrumps"));
  return h("span.suit", { class: `s-${SUIT_CLASS[strain]}` }, strain);
}

/** The grid for ``calls`` (legal actions); null when none of them is a contract. */
export function contractGrid(calls, act, { balkan = false } = {}) {
  const legal = new Map();
  for (const a of calls) {
    const key = gridKey(a.text);
    if (key) legal.set(key, a);
  }
  if (!legal.size) return null;
  if (balkan) {
    const rows = [["", t("withTalon")], ["бп", t("withoutTalon")]].map(([suffix, name]) =>
      h("div.grid-row", h("span.grid-level", name),
        BALKAN.map((game) => cell(game + suffix, legal, act, contractText(game)))));
    return h("div.contract-grid.balkan", { role: "group", "aria-label": t("contract") }, rows);
  }
  // While bidding, the slice of the ladder between the lowest and the highest legal call: a
  // row or two (so a phone keeps the hand in view). Misère
  // stands between the eights and the nines, or at the slice's edge when it is outside.
  const levels = [...legal.keys()].filter((k) => k !== "мизер").map((k) => Number.parseInt(k, 10));
  // Naming the contract after the talon shows the whole ladder (the ones below the bid unlit).
  const naming = calls.some((a) => a.text.startsWith("play "));
  const low = naming ? 6 : levels.length ? Math.min(...levels) : 8;
  const high = naming ? 10 : levels.length ? Math.max(...levels) : 8;
  const misere = () => h("div.grid-row.misere", h("span.grid-level", ""), cell("мизер", legal, act, t("misere")));
  const rows = [];
  let placed = false;
  for (const level of LEVELS.filter((l) => l >= low && l <= high)) {
    if (level === 9 && !placed && (legal.has("мизер") || low <= 8)) { rows.push(misere()); placed = true; }
    rows.push(h("div.grid-row", h("span.grid-level", String(level)),
      STRAINS.map((strain) => cell(`${level}${strain}`, legal, act, strainLabel(strain)))));
  }
  if (legal.has("мизер") && !placed) {
    if (low >= 9) rows.unshift(misere()); else rows.push(misere());
  }
  return h("div.contract-grid", { role: "group", "aria-label": t("contract") }, rows);
}
