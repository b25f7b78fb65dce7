// Small inline SVG icons: they render the same everywhere, with or without emoji fonts.

import { s } from "./dom.js";

const PATHS = {
  clock: ["M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z", "M8 4.5v4l2.5 1.5"],
  lock: ["M4 7h8v7H4z", "M5.5 7V5a2.5 2.5 0 0 1 5 0v2"],
  first: ["M3 3v10", "M13 3L6 8l7 5z"],
  prev: ["M11 3L4 8l7 5z"],
  next: ["M5 3l7 5-7 5z"],
  last: ["M13 3v10", "M3 3l7 5-7 5z"],
  check: ["M3 8.5l3 3 7-7"],
  cross: ["M4 4l8 8", "M12 4l-8 8"],
  bell: ["M4 11V7a4 4 0 0 1 8 0v4l1.5 1.5h-11z", "M6.5 14a1.5 1.5 0 0 0 3 0"],
  person: ["M8 2a3 3 0 1 0 0 6a3 3 0 1 0 0-6z", "M2.5 14.5a5.5 5.5 0 0 1 11 0"],
};
const FILLED = new Set(["first", "prev", "next", "last"]);

/** An icon as an inline <svg> (1em, in the current text colour). */
export function icon(name, title = null) {
  const filled = FILLED.has(name);
  const svg = s("svg", { viewBox: "0 0 16 16", width: "1em", height: "1em", class: `icon icon-${name}`,
    "aria-hidden": title ? null : "true", role: title ? "img" : null, focusable: "false" },
  title ? s("title", title) : null,
  (PATHS[name] || []).map((d) => s("path", { d, fill: filled && d.endsWith("z") ? "currentColor" : "none",
    stroke: "currentColor", "stroke-width": 1.6, "stroke-linecap": "round", "stroke-linejoin": "round" })));
  return svg;
}
