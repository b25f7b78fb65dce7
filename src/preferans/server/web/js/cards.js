// Playing cards drawn as SVG by the client: suits as paths, colours by the deck setting.

import { s } from "./dom.js";

const SUIT_PATHS = {
  "♠": "M50 6C42 28 8 42 9 64c1 18 24 24 37 10-2 10-6 17-15 22h38c-9-5-13-12-15-22 13 14 36 8 37-10C92 42 58 28 50 6z",
  "♥": "M50 92C22 70 4 52 8 30 11 12 28 4 40 10c5 3 8 7 10 13 2-6 5-10 10-13 12-6 29 2 32 20 4 22-14 40-42 62z",
  "♦": "M50 4C62 22 76 38 92 50 76 62 62 78 50 96 38 78 24 62 8 50 24 38 38 22 50 4z",
  "♣": "M50 8a19 19 0 0 0-15 31 19 19 0 1 0 9 33c-1 9-5 17-13 24h38c-8-7-12-15-13-24a19 19 0 1 0 9-33A19 19 0 0 0 50 8z",
};
const SUIT_IDS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
export const SUITS = ["♠", "♣", "♦", "♥"];

let fourColour = localStorage.getItem("pref.fourColour") === "1";

export function isFourColour() { return fourColour; }

export function setFourColour(on) {
  fourColour = on;
  localStorage.setItem("pref.fourColour", on ? "1" : "0");
  document.body.classList.toggle("four-colour", on);
}

/** The suit's CSS colour variable, so the deck setting recolours every card at once. */
export function suitColour(suit) {
  return `var(--suit-${SUIT_IDS[suit]})`;
}

/** Once per page: the suit symbols and the back pattern every card refers to. */
export function installDefs() {
  if (document.getElementById("card-defs")) return;
  const defs = s("defs", null,
    Object.entries(SUIT_PATHS).map(([suit, d]) =>
      s("symbol", { id: `suit-${SUIT_IDS[suit]}`, viewBox: "0 0 100 100" }, s("path", { d }))),
    s("pattern", { id: "back-pattern", width: 10, height: 10, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" },
    s("rect", { width: 10, height: 10, fill: "var(--back-a)" }),
    s("rect", { width: 5, height: 10, fill: "var(--back-b)" })),
  );
  const svg = s("svg", { id: "card-defs", width: 0, height: 0, "aria-hidden": "true",
    style: "position:absolute" }, defs);
  document.body.prepend(svg);
}

export function splitCard(text) {
  return { suit: text[0], rank: text.slice(1) };
}

function pip(suit, x, y, size, flip) {
  const half = size / 2;
  return s("use", {
    href: `#suit-${SUIT_IDS[suit]}`, x: x - half, y: y - half, width: size, height: size,
    transform: flip ? `rotate(180 ${x} ${y})` : null,
  });
}

const L = 31, C = 50, R = 69;
const PIPS = {
  7: [[L, 32], [R, 32], [C, 51], [L, 70], [R, 70], [L, 108], [R, 108]],
  8: [[L, 32], [R, 32], [C, 51], [L, 70], [R, 70], [C, 89], [L, 108], [R, 108]],
  9: [[L, 32], [R, 32], [L, 57], [R, 57], [C, 70], [L, 83], [R, 83], [L, 108], [R, 108]],
  10: [[L, 32], [R, 32], [C, 45], [L, 57], [R, 57], [L, 83], [R, 83], [C, 95], [L, 108], [R, 108]],
};

function centre(suit, rank) {
  if (rank === "A") return [pip(suit, 50, 70, 46, false)];
  if (PIPS[rank]) return PIPS[rank].map(([x, y]) => pip(suit, x, y, 17, y > 72));
  // Court cards: a framed panel with the letter and the suit.
  return [
    s("rect", { x: 23, y: 22, width: 54, height: 96, rx: 5, class: "court" }),
    s("text", { x: 50, y: 70, class: "court-letter", "text-anchor": "middle" }, rank),
    pip(suit, 50, 96, 22, false),
    pip(suit, 50, 38, 14, false),
  ];
}

function corner(suit, rank, flip) {
  const g = s("g", { transform: flip ? "rotate(180 50 70)" : null },
    s("text", { x: 12, y: 23, class: "index", "text-anchor": "middle",
      "textLength": rank === "10" ? 17 : null, lengthAdjust: "spacingAndGlyphs" }, rank),
    pip(suit, 12, 35, 13, false));
  return g;
}

/** A face-up card as an SVG element, e.g. card("♥Q"). */
export function card(text, { extraClass = "" } = {}) {
  const { suit, rank } = splitCard(text);
  return s("svg", {
    viewBox: "0 0 100 140", class: `card face suit-${SUIT_IDS[suit]} ${extraClass}`.trim(),
    role: "img", "aria-label": text, dataset: { card: text },
  },
  s("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "paper" }),
  s("g", { fill: suitColour(suit), style: `color:${suitColour(suit)}` },
    corner(suit, rank, false), corner(suit, rank, true), centre(suit, rank)));
}

/** A face-down card. */
export function back({ extraClass = "" } = {}) {
  return s("svg", { viewBox: "0 0 100 140", class: `card back ${extraClass}`.trim(),
    role: "img", "aria-label": "card back" },
  s("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "paper" }),
  s("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "url(#back-pattern)" }),
  s("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, class: "back-frame" }));
}

/** A small inline suit symbol (for contracts and the sheet). */
export function suitIcon(suit) {
  return s("svg", { viewBox: "0 0 100 100", class: "suit-icon", fill: suitColour(suit) },
    s("use", { href: `#suit-${SUIT_IDS[suit]}` }));
}

/** Sort like the engine: by suit ♠ ♣ ♦ ♥, then A K Q J 10 9 8 7 (hands arrive sorted). */
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"];
export function sortCards(cards) {
  return [...cards].sort((a, b) => {
    const sa = splitCard(a), sb = splitCard(b);
    return SUITS.indexOf(sa.suit) - SUITS.indexOf(sb.suit) || RANKS.indexOf(sa.rank) - RANKS.indexOf(sb.rank);
  });
}
