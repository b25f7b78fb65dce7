// Names of the conventions (the rules' fields) and their values, in both languages.

import { language } from "./i18n.js";

const NAMES = {
  jump_bids: ["Jump bids", "Прыжки в торговле"],
  here: ["“Here” (hold the bid)", "«Здесь» (мои)"],
  no_talon_bids: ["Bids without the talon", "Игры без прикупа"],
  walk_away: ["Walk away without three", "Уйти без трёх"],
  throw_talon: ["Throw the talon (4 players)", "Бросок прикупа (вчетвером)"],
  half_whist: ["Half-whist", "Полвиста"],
  ten_checked: ["Ten is checked, not whisted", "Десятерная проверяется"],
  stalingrad: ["Stalingrad (6♠ whisted by both)", "Сталинград"],
  open_after_first_lead: ["Hands open after the first lead", "Открываться после первого хода"],
  whist_style: ["Whist on a failed contract", "Вист при недоборе"],
  responsibility: ["Whist responsibility", "Ответственность вистующих"],
  misere_open_after_first_trick: ["Misère opened after the first trick", "Мизер открывается после первой взятки"],
  raspasy_talon: ["Talon on raspasy", "Прикуп на распасах"],
  raspasy_scoring: ["Raspasy written to", "Распасы пишутся в"],
  raspasy_progression: ["Raspasy progression", "Прогрессия распасов"],
  raspasy_exit: ["Exit from raspasy at least", "Выход из распасов не ниже"],
  claims: ["Claims", "Предложения (claims)"],
  end_on_total: ["End when the pulyas' sum reaches the total", "Конец по сумме пуль"],
  overflow: ["Beyond the target", "Сверх пули"],
  rounding: ["Rounding of the result", "Округление итога"],
};

const VALUES = {
  true: ["on", "да"], false: ["off", "нет"],
  greedy: ["greedy", "жлобский"], gentleman: ["gentleman's", "джентльменский"],
  responsible: ["responsible", "ответственный"], half_responsible: ["half-responsible", "полуответственный"],
  leads: ["leads tricks 1–2", "задаёт масть 1–2 взяток"], none: ["none", "нет"],
  gora: ["gora", "гору"], whists: ["whists", "висты"], help: ["helps another pulya", "помощь в чужую пулю"],
  half_away: ["half away from zero", "половина от нуля"],
};

export function conventionName(key) {
  const pair = NAMES[key];
  if (!pair) return key.replaceAll("_", " ");
  return pair[language() === "ru" ? 1 : 0];
}

export function conventionValue(value) {
  if (Array.isArray(value)) return value.join("-");
  const pair = VALUES[String(value)];
  return pair ? pair[language() === "ru" ? 1 : 0] : String(value);
}

/** "Jump bids: on; Half-whist: off" for a table's differences from its preset. */
export function describeConventions(differences) {
  const entries = Object.entries(differences || {}).filter(([k]) => k !== "players");
  return entries.map(([k, v]) => `${conventionName(k)}: ${conventionValue(v)}`).join("; ");
}

export const KNOWN = Object.keys(NAMES);
