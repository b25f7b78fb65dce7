// Every figure on the sheet with its reason, in words (a port of scoring/writes.py).

import { language, seatLetter, contractText } from "./i18n.js";
import { frac, fmt } from "./frac.js";

function pluralRu(n, one, few, many) {
  n = Math.abs(n);
  if (n % 10 === 1 && n % 100 !== 11) return one;
  if (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) return few;
  return many;
}
const tricksEn = (n) => (n === 1 ? "1 trick" : `${n} tricks`);
const tricksRu = (n) => `${n} ${pluralRu(n, "взятка", "взятки", "взяток")}`;
function whistsRu(amount) {
  const [n, d] = frac(amount);
  return d !== 1 ? `${fmt([n, d])} виста` : `${n} ${pluralRu(n, "вист", "виста", "вистов")}`;
}

function product(w) {
  if (w.count === undefined || w.unit === undefined) return "";
  let text = `${w.count} × ${w.unit}`;
  if (w.share !== undefined && w.share !== "1") text += ` × ${w.share}`;
  return text;
}

export function describe(w) {
  const ru = language() === "ru";
  const on = w.on ? seatLetter(w.on) : "";
  const other = w.other ? seatLetter(w.other) : "?";
  const p = product(w);
  const rest = p ? p.split(" × ").slice(1).join(" × ") : "";
  const c = contractText(w.contract || "");
  const amount = w.amount;
  const n = w.count || 0;
  const mult = w.multiplier && w.multiplier !== 1
    ? (ru ? ` (прогрессия ×${w.multiplier})` : ` (progression ×${w.multiplier})`) : "";
  const half = w.share === "1/2";
  switch (w.reason) {
    case "contract":
      return ru ? `${c} ${c === "мизер" ? "сыгран" : "сыграна"}: ${amount} в пулю`
        : `${c} made: ${amount} into pulya`;
    case "whist tricks":
      return ru ? `${tricksRu(n)} × ${rest} = ${whistsRu(amount)} на ${on}${half ? " (джентльменский, пополам)" : ""}`
        : `${tricksEn(n)} × ${rest} = ${amount} whists on ${on}${half ? " (gentleman's split)" : ""}`;
    case "consolation":
      if (n > 1) return ru ? `консоляция ${p} = ${amount} на ${on}` : `consolation ${p} = ${amount} on ${on}`;
      return ru ? `консоляция ${amount} на ${on}` : `consolation ${amount} on ${on}`;
    case "undertricks":
      return ru ? `${c} без ${n}: ${p} = ${amount} в гору` : `${c} down ${n}: ${p} = ${amount} into gora`;
    case "shortfall":
      return ru ? `недобор виста ${n} на ${c}: ${p} = ${amount} в гору`
        : `whist short by ${n} on ${c}: ${p} = ${amount} into gora`;
    case "half-whist":
      return ru ? `полвиста на ${c}: ${tricksRu(n)} × ${rest} = ${whistsRu(amount)} на ${on}`
        : `half-whist on ${c}: ${tricksEn(n)} × ${rest} = ${amount} whists on ${on}`;
    case "walk away":
      return ru ? `ушёл без трёх на ${c}: ${p} = ${amount} в гору`
        : `walked away without three on ${c}: ${p} = ${amount} into gora`;
    case "thrown talon":
      return ru ? `прикуп брошен (${other}): ${amount} в гору` : `talon thrown by ${other}: ${amount} into gora`;
    case "misère":
      return ru ? `мизер пойман: ${tricksRu(n)} × ${rest} = ${amount} в гору`
        : `misère caught: ${tricksEn(n)} × ${rest} = ${amount} into gora`;
    case "raspasy": {
      let head = ru ? `распасы: ${tricksRu(n)}` : `raspasy: ${tricksEn(n)}`;
      if (w.amnesty) head += ru ? ` − амнистия ${w.amnesty} = ${n - w.amnesty}` : ` − amnesty ${w.amnesty} = ${n - w.amnesty}`;
      return ru ? `${head} × ${w.unit} = ${amount} в гору${mult}` : `${head} × ${w.unit} = ${amount} into gora${mult}`;
    }
    case "raspasy zero":
      return ru ? `распасы без взяток: ${amount} в пулю${mult}` : `raspasy without a trick: ${amount} into pulya${mult}`;
    case "raspasy whists":
      return ru ? `распасы: ${tricksRu(n)} × ${rest} = ${whistsRu(amount)} на ${on}${half ? " (пополам)" : ""}`
        : `raspasy: ${tricksEn(n)} × ${rest} = ${amount} whists on ${on}${half ? " (two fewest split)" : ""}`;
    case "help":
      if (w.column === "pulya") return ru ? `помощь от ${other}: ${amount} в пулю` : `help from ${other}: ${amount} into pulya`;
      return ru ? `помощь: ${p} = ${whistsRu(amount)} на ${on}` : `help: ${p} = ${amount} whists on ${on}`;
    case "overflow": {
      const [a, b] = frac(amount);
      return ru ? `сверх пули: ${fmt([-a, b])} списано с горы` : `beyond the target: ${fmt([-a, b])} off gora`;
    }
    case "unfinished":
      return ru ? `недописанная пуля: ${p} = ${amount} в гору` : `pulya short of the target: ${p} = ${amount} into gora`;
    default:
      return `${w.reason}: ${amount}`;
  }
}
