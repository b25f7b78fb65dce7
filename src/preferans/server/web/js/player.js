// A player's page: his rating over time (an SVG line), what he did at the table, and his
// finished games with links to the sheet, the replay and the record.

import { h, s, clear } from "./dom.js";
import { api } from "./api.js";
import { t, seatName, botName, plural, language } from "./i18n.js";

const CW = 640, CH = 220, PAD = 36;

/** The rating after each rated game as a polyline with its scale; null with fewer than one point. */
export function ratingChart(history, current) {
  const points = history.map((p) => p.rating);
  if (!points.length) return null;
  const values = [1500, ...points];
  const least = Math.min(...values, current), most = Math.max(...values, current);
  const span = Math.max(most - least, 10);
  const lo = (least + most) / 2 - span / 2, hi = lo + span;
  const x = (i) => PAD + (values.length === 1 ? 0 : (i * (CW - 2 * PAD)) / (values.length - 1));
  const y = (v) => CH - PAD - ((v - lo) / span) * (CH - 2 * PAD);
  const path = values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join(" ");
  return s("svg", { viewBox: `0 0 ${CW} ${CH}`, class: "rating-chart", role: "img", "aria-label": t("ratingChart") },
    s("rect", { x: 0, y: 0, width: CW, height: CH, class: "chart-paper" }),
    [lo, (lo + hi) / 2, hi].map((v) => [
      s("line", { x1: PAD, x2: CW - PAD / 2, y1: y(v), y2: y(v), class: "chart-grid" }),
      s("text", { x: PAD - 6, y: y(v), "text-anchor": "end", "dominant-baseline": "middle", class: "chart-label" }, String(Math.round(v))),
    ]),
    s("path", { d: path, class: "chart-line" }),
    values.map((v, i) => s("circle", { cx: x(i), cy: y(v), r: 4, class: "chart-point", dataset: { rating: v.toFixed(2) } },
      s("title", `${Math.round(v)}`))));
}

function statList(stats) {
  const n = (k) => stats[k] || 0;
  const item = (label, value) => h("div.stat", h("span.stat-value", value), h("span.stat-label", label));
  return h("div.stats",
    item(t("statDeals"), String(n("deals"))),
    item(t("statContracts"), `${n("contracts")} · ${t("statMade")} ${n("contracts_made")}`),
    item(t("statMiseres"), `${n("miseres")} · ${t("statMade")} ${n("miseres_made")}`),
    item(t("statWhists"), String(n("whists"))),
    item(t("statRaspasy"), String(n("raspasy"))));
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(language() === "ru" ? "ru-RU" : "en-GB",
    { dateStyle: "medium", timeStyle: "short" });
}

export async function playerView(app, root, name) {
  const data = await api.player(name);
  const rows = data.games.map((g) => {
    const delta = g.rated ? g.rating_after - g.rating_before : null;
    return h("tr", { dataset: { table: g.table } },
      h("td", when(g.finished_at)),
      h("td", `#${g.table} · ${t(g.variant || "")}`, g.left ? h("span.badge.away", t("leftGame")) : null),
      h("td", seatName(g.seat)),
      h("td", (g.opponents || []).map((o) => (o && o.startsWith("bot (") ? `${t("bot")}: ${botName(o.slice(5, -1))}` : o)).join(", ")),
      h("td.num", String(g.whists)),
      h("td.num", delta === null ? "—" : `${delta > 0 ? "+" : ""}${delta.toFixed(1)}`),
      h("td", h("a", { href: `#/table/${g.table}` }, t("sheet")), " · ",
        h("a.replay-link", { href: `#/replay/${g.table}` }, t("replay")), " · ",
        h("a.record-link", { href: `/api/games/${g.table}/record`, download: `pulya-${g.table}.json` }, t("record"))));
  });
  const chart = ratingChart(data.rating_history, data.rating);
  clear(root, h("div.player-page", { dataset: { player: data.name } },
    h("div.row", h("a.button.ghost.small", { href: "#/" }, "← ", t("lobby")),
      h("h2", `${t("playerPage")}: ${data.name}`)),
    h("p.player-summary", `${t("rating")} ${Math.round(data.rating)} · ${plural("gamesN", data.games_played)}`),
    h("section.card-panel", h("h3", t("ratingChart")), chart || h("p.muted", t("noGames"))),
    h("section.card-panel", h("h3", t("statistics")), statList(data.statistics)),
    h("section.card-panel.player-games",
      rows.length ? h("table.games",
        h("thead", h("tr", [t("date"), "#", t("seat"), t("opponents"), t("colWhists"), t("colRating"), ""].map((x) => h("th", x)))),
        h("tbody", rows)) : h("p.muted", t("noGames")))));
  return null;
}
