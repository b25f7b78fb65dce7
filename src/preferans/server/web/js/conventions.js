// Names of the conventions (the rules' fields) and their values, in both languages.

import { inLanguage } from "./i18n.js";

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
  refe: ["Refes a player may hold", "Рефе на игрока"],
};

// Each convention in plain words: what changes at the table when it is on (or set).
const PLAIN = {
  jump_bids: ["A bid may skip steps of the ladder (6♠ straight to 8♦).", "Можно перескакивать ступени торговли (с 6♠ сразу на 8♦)."],
  here: ["A player may hold the current bid (“here”) when his right-hand neighbour is out.", "Можно удержать текущую заявку («здесь»), когда сосед справа вышел."],
  no_talon_bids: ["Bids without taking the talon are allowed (they outrank the same bid with it).", "Разрешены игры без прикупа (они старше той же игры с прикупом)."],
  walk_away: ["After seeing the talon the declarer may concede “without three” instead of playing.", "Увидев прикуп, играющий может уйти «без трёх», не разыгрывая."],
  throw_talon: ["With 4 players the declarer may refuse the talon (2 points into the dealer's gora).", "Вчетвером играющий может бросить прикуп (2 в гору сдающего)."],
  half_whist: ["On sixes and sevens a defender may take half the whists without playing.", "На шестерной и семерной можно взять полвиста, не играя."],
  ten_checked: ["A ten is played open to check it; nobody whists it.", "Десятерная проверяется в открытую, её не вистуют."],
  stalingrad: ["6♠ must be whisted by both defenders, with closed hands.", "6♠ обязательно вистуют оба, втёмную."],
  open_after_first_lead: ["An open defence shows its cards only after the first lead.", "Вистующие открываются только после первого хода."],
  whist_style: ["When the declarer fails against one whister: greedy — that whister writes everything; gentleman's — halves.", "Недобор при одном висте: жлобский — всё пишет вистующий; джентльменский — пополам."],
  responsibility: ["What a whister pays for tricks he should have taken: the full price, or half the doubled rate.", "Что платит вистующий за недобранные взятки: полную цену или половину двойной."],
  misere_open_after_first_trick: ["The misère player's cards are shown after the first trick, not at once.", "Карты мизерующего открываются после первой взятки, а не сразу."],
  raspasy_talon: ["On raspasy the talon's cards lead the first two tricks, or take no part.", "На распасах карты прикупа задают масть первым двум взяткам или не участвуют."],
  raspasy_scoring: ["Tricks on raspasy go into gora, or are paid in whists.", "Взятки на распасах пишутся в гору или оплачиваются вистами."],
  raspasy_progression: ["How the price of consecutive raspasy grows (the last step repeats).", "Как растёт цена распасов подряд (последний шаг повторяется)."],
  raspasy_exit: ["The lowest contract played after raspasy.", "Самая низкая игра после распасов."],
  claims: ["A player may propose the result of the remaining tricks; all must accept.", "Можно предложить итог оставшихся взяток; принять должны все."],
  end_on_total: ["The pulya also ends when the sum of all pulyas reaches target × players.", "Пуля кончается и тогда, когда сумма пуль достигла цели × число игроков."],
  overflow: ["Points beyond the target help another open pulya (10 whists a point), or come off gora.", "Очки сверх пули помогают чужой пуле (10 вистов за очко) или списываются с горы."],
  rounding: ["The result in whists is rounded to whole whists (the sum stays zero), or kept exact.", "Итог в вистах округляется до целых (сумма остаётся нулём) или остаётся точным."],
  refe: ["When everybody passes a refe is written; each player may hold this many open ones (0: no refe).", "Когда все спасовали, пишется рефе; столько открытых рефе может быть у игрока (0 — без рефе)."],
};

/** The conventions the Balkan game fixes (docs/balkan.md): the form shows them, unchangeable. */
export const BALKAN_FIXED = new Set([
  "jump_bids", "no_talon_bids", "walk_away", "throw_talon", "half_whist", "ten_checked",
  "stalingrad", "open_after_first_lead", "whist_style", "responsibility", "raspasy_talon",
  "raspasy_scoring", "raspasy_progression", "raspasy_exit", "claims", "end_on_total", "overflow",
]);

/** The allowed range of a number convention. */
export const NUMBER_RANGE = { raspasy_exit: [6, 7], refe: [0, 9] };

export function conventionPlain(key) {
  const pair = PLAIN[key];
  return pair ? inLanguage(pair) : "";
}

const VALUES = {
  true: ["on", "да"], false: ["off", "нет"],
  greedy: ["greedy", "жлобский"], gentleman: ["gentleman's", "джентльменский"],
  responsible: ["responsible", "ответственный"], half_responsible: ["half-responsible", "полуответственный"],
  leads: ["leads tricks 1–2", "задаёт масть 1–2 взяток"], none: ["none", "нет"],
  gora: ["gora", "гору"], whists: ["whists", "висты"], help: ["helps another pulya", "помощь в чужую пулю"],
  half_away: ["half away from zero", "половина от нуля"],
  exact: ["exact", "точно"], unused: ["take no part", "не участвует"],
  half_up: ["half up", "половина вверх"],
};

export function conventionName(key) {
  const pair = NAMES[key];
  if (!pair) return key.replaceAll("_", " ");
  return inLanguage(pair);
}

export function conventionValue(value) {
  if (Array.isArray(value)) return value.join("-");
  const pair = VALUES[String(value)];
  return pair ? inLanguage(pair) : String(value);
}

/** "Jump bids: on; Half-whist: off" for a table's differences from its preset. */
export function describeConventions(differences) {
  const entries = Object.entries(differences || {}).filter(([k]) => k !== "players");
  return entries.map(([k, v]) => `${conventionName(k)}: ${conventionValue(v)}`).join("; ");
}

export const KNOWN = Object.keys(NAMES);
