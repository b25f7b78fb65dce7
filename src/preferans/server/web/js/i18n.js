// Russian and English. The language comes from the switch, else from the browser.
// Every table below names each key once with its [English, Russian] pair, so the two
// languages are written side by side and a key never lacks one of them unnoticed.

const STRINGS = {
  title: ["Preferans club", "Клуб преферанса"],
  tagline: ["Sochi, Leningrad, Rostov and the Balkan game. Play with people or bots.", "Сочи, Ленинград, Ростов и балканская игра. Играйте с людьми или ботами."],
  login: ["Log in", "Войти"],
  register: ["Register", "Регистрация"],
  logout: ["Log out", "Выйти"],
  name: ["Name", "Имя"],
  password: ["Password", "Пароль"],
  guest: ["Watch as a guest", "Смотреть гостем"],
  lobby: ["Lobby", "Лобби"],
  tables: ["Tables", "Столы"],
  leaders: ["Leaderboard", "Рейтинг"],
  newTable: ["New table", "Новый стол"],
  create: ["Create", "Создать"],
  players: ["Players", "Игроков"],
  preset: ["Variant", "Вариант"],
  conventions: ["Conventions", "Конвенции"],
  target: ["Pulya to", "Пуля до"],
  stake: ["Stake per whist", "Ставка за вист"],
  tablePassword: ["Table password", "Пароль стола"],
  clock: ["Seconds per move", "Секунд на ход"],
  noClock: ["no clock", "без часов"],
  status: ["Status", "Статус"],
  seats: ["Seats", "Места"],
  free: ["free", "свободно"],
  sit: ["Sit", "Сесть"],
  leave: ["Leave", "Уйти"],
  watch: ["Watch", "Смотреть"],
  open: ["Open", "Открыть"],
  addBot: ["Bot", "Бот"],
  botsFree: ["Bots in the free seats", "Боты на свободные места"],
  play: ["Play", "Играть"],
  replay: ["Replay", "Запись"],
  noTables: ["No tables yet.", "Столов пока нет."],
  open_: ["waiting", "ждёт игроков"],
  playing: ["playing", "идёт игра"],
  finished: ["finished", "окончен"],
  closed: ["closed", "закрыт"],
  sochi: ["Sochi", "Сочи"],
  leningrad: ["Leningrad", "Ленинград"],
  rostov: ["Rostov", "Ростов"],
  balkan: ["Balkan", "Балкан"],
  games: ["games", "игр"],
  you: ["you", "вы"],
  away: ["away", "отошёл"],
  bot: ["bot", "бот"],
  spectator: ["You are watching", "Вы зритель"],
  dealer: ["dealer", "сдаёт"],
  deal: ["Deal", "Сдача"],
  talon: ["Talon", "Прикуп"],
  discard: ["Discard", "Снос"],
  lastTrick: ["Last trick", "Последняя взятка"],
  hint: ["Hint", "Подсказка"],
  chat: ["Chat", "Чат"],
  send: ["Send", "Отправить"],
  sheet: ["Sheet", "Пуля"],
  help: ["Keys", "Клавиши"],
  yourTurn: ["Your move", "Ваш ход"],
  waitingFor: ["Waiting for {who}", "Ждём: {who}"],
  bidding: ["Bidding", "Торговля"],
  chooseDiscard: ["Choose two cards to discard", "Выберите две карты в снос"],
  discardHint: ["click a card to discard it", "щёлкните карту, чтобы снести её"],
  contract: ["Contract", "Контракт"],
  declarer: ["Declarer", "Играющий"],
  whisters: ["Whist", "Вист"],
  tricks: ["Tricks", "Взятки"],
  noHint: ["Hints are not available on this server yet.", "Подсказки на этом сервере пока нет."],
  noChat: ["Chat is not available on this server yet.", "Чата на этом сервере пока нет."],
  waitingPlayers: ["Waiting for players…", "Ждём игроков…"],
  gameOver: ["The pulya is finished", "Пуля закончена"],
  settlement: ["Settlement", "Расчёт"],
  whists: ["whists", "вистов"],
  money: ["money", "деньги"],
  breakdown: ["Where the numbers came from", "Откуда взялись числа"],
  pulya: ["pulya", "пуля"],
  gora: ["gora", "гора"],
  back: ["Back to the lobby", "В лобби"],
  raspasy: ["raspasy", "распасы"],
  misere: ["misère", "мизер"],
  made: ["made", "сыграно"],
  down: ["down", "без"],
  passedOut: ["all passed", "все пас"],
  fourColour: ["Four-colour deck", "Четырёхцветная колода"],
  language: ["Язык: русский", "Language: English"],
  keysTitle: ["Keyboard", "Клавиатура"],
  keyCards: ["1–9, 0: play or discard the card at that place in your hand", "1–9, 0: сыграть или снести карту с этого места руки"],
  keyCalls: ["a, b, c…: the calls in the box, as labelled", "a, b, c…: заявки в коробке, по подписям"],
  keyLast: [". (period): show the last trick", ". (точка): последняя взятка"],
  keyHint: [",: hint", ",: подсказка"],
  keySheet: ["; : show or hide the sheet", "; : показать или скрыть пулю"],
  keyHelp: ["?: this help", "?: эта справка"],
  keyEsc: ["Esc: close", "Esc: закрыть"],
  keyChat: ["Enter: write in the chat", "Enter: написать в чат"],
  close: ["Close", "Закрыть"],
  step: ["Step", "Ход"],
  first: ["Start", "В начало"],
  prev: ["Back", "Назад"],
  next: ["Forward", "Вперёд"],
  last: ["End", "В конец"],
  solverNeeded: ["The solver's values need the server's replay analysis (not available yet).", "Оценки решателя требуют анализа записи на сервере (пока нет)."],
  solverSide: ["Solver: tricks the mover's side takes from here with each card (more is better).", "Решатель: взяток стороне ходящего до конца при каждой карте (больше — лучше)."],
  solverOwn: ["Solver: the mover's own tricks from here with each card (fewer is better).", "Решатель: своих взяток до конца при каждой карте (меньше — лучше)."],
  solverDeclarer: ["Solver: tricks the misère player takes with each card (more is better for the catchers).", "Решатель: взяток мизерующего при каждой карте (больше — лучше ловящим)."],
  solverLoading: ["Solver: analysing…", "Решатель: анализ…"],
  noSolver: ["No solver values for this step.", "Для этого хода оценок нет."],
  sheetSvg: ["Sheet as SVG (print, share)", "Лист в SVG (печать, ссылка)"],
  bula: ["Bula", "Була"],
  bulaFrom: ["Bula from", "Була от"],
  refe: ["Refe (all passed)", "Рефе (все пас)"],
  noGame: ["This game has not finished yet.", "Эта игра ещё не закончена."],
  passwordNeeded: ["This table has a password", "У стола есть пароль"],
  error: ["Error", "Ошибка"],
  connecting: ["Connecting…", "Соединение…"],
  reconnecting: ["Connection lost, reconnecting…", "Связь потеряна, переподключаемся…"],
  dummy: ["dummy", "болван"],
  openHands: ["open", "в светлую"],
  total: ["Total", "Итого"],
  seat: ["Seat", "Место"],
  result: ["Result", "Итог"],
  none: ["—", "—"],
  needLogin: ["Log in to play", "Войдите, чтобы играть"],
  orRegister: ["New here? Register", "Впервые? Регистрация"],
  haveAccount: ["Have an account? Log in", "Уже есть имя? Войти"],
  rating: ["rating", "рейтинг"],
  deals: ["deals", "сдач"],
  clockLeft: ["{s} s", "{s} с"],
  handsOf: ["{who}'s cards", "Карты: {who}"],
  nothingYet: ["No deal finished yet.", "Сдач ещё не было."],
  exactNote: ["exact", "точно"],
  roundedNote: ["rounded", "округлено"],
  verified: ["shuffle verified", "тасовка проверена"],
  piter: ["Piter (Leningrad)", "Питер (Ленинград)"],
  serbian: ["Serbian (Balkan)", "Сербский (Балкан)"],
  botShort_random: ["weak", "слабый"],
  botShort_heuristic: ["medium", "средний"],
  botShort_sampling: ["strong", "сильный"],
  botShort_novice: ["novice", "новичок"],
  botShort_amateur: ["amateur", "любитель"],
  botShort_master: ["master", "мастер"],
  bot_novice: ["novice", "новичок"],
  bot_amateur: ["amateur", "любитель"],
  bot_master: ["master (strongest)", "мастер (сильнейший)"],
  bot_random: ["random (weakest)", "случайный (слабейший)"],
  bot_heuristic: ["heuristic (medium)", "эвристика (средний)"],
  bot_sampling: ["sampling (strong)", "выборка (сильный)"],
  gamesN: [["{n} game", "{n} games"], ["{n} игра", "{n} игры", "{n} игр"]],
  dealsN: [["{n} deal", "{n} deals"], ["{n} сдача", "{n} сдачи", "{n} сдач"]],
  movesN: [["{n} move", "{n} moves"], ["{n} ход", "{n} хода", "{n} ходов"]],
  noTrumps: ["NT", "БК"],
  withTalon: ["with talon", "с прикупом"],
  withoutTalon: ["without talon", "без прикупа"],
  awaySeconds: ["Grace before a bot plays for an absent player", "Сколько ждать отошедшего, прежде чем за него сыграет бот"],
  secondsShort: ["{s} s", "{s} с"],
  minutesShort: ["{m} min", "{m} мин"],
  someoneAway: ["{who} is away: the strong bot plays for him until he returns.", "{who} отошёл: за него играет сильный бот, пока он не вернётся."],
  youAway: ["You are away: the strong bot plays your seat.", "Вы отошли: за вас играет сильный бот."],
  imBack: ["I'm back", "Я вернулся"],
  pausedAll: ["Everybody is away: the game is paused until somebody returns.", "Все отошли: игра стоит, пока кто-нибудь не вернётся."],
  tableClosed: ["This table was closed by its creator.", "Создатель закрыл этот стол."],
  tableAdjourned: ["The game is adjourned. Any of its players resumes it from the lobby.", "Игра отложена. Любой её игрок продолжит её из лобби."],
  leaveGame: ["Leave the game", "Покинуть игру"],
  leaveConfirm: ["Leave this game for good? The strong bot plays your seat to the end, and the result still counts for you.", "Покинуть игру насовсем? Ваше место до конца займёт сильный бот, а итог всё равно запишется на вас."],
  seatMenu: ["Leave or adjourn…", "Уйти или отложить…"],
  adjourn: ["Adjourn…", "Отложить…"],
  adjournPropose: ["Propose to adjourn", "Предложить отложить"],
  adjournAgree: ["Agree to adjourn", "Согласен отложить"],
  adjournDecline: ["Decline", "Отказаться"],
  adjournAsked: ["Adjourning proposed: {n} of {m} players agreed.", "Предложено отложить: согласны {n} из {m}."],
  resume: ["Resume", "Продолжить"],
  adjourned: ["adjourned", "отложена"],
  tableFilled: ["Table #{id} is full: the game begins", "Стол №{id} собран: игра начинается"],
  tableFilledTitle: ["Your game begins!", "Ваша игра началась!"],
  sound: ["Sound", "Звук"],
  discardThese: ["Discard these two", "Снести эти две"],
  chooseTwo: ["Choose two cards to discard ({n} of 2 chosen); click again to change.", "Выберите две карты в снос (выбрано {n} из 2); щелчок ещё раз — передумать."],
  standIn: ["stand-in", "замена"],
  leftGame: ["left the game", "покинул игру"],
  standInMoves: ["a bot played {n} for him", "бот сыграл за него {n}"],
  ratingRule: ["Rating: only tables of people are rated; moves a bot played for an absent player or one who left count as his own.", "Рейтинг: считаются только столы людей; ходы, сыгранные ботом за отошедшего или ушедшего, засчитываются ему."],
  playerPage: ["Player", "Игрок"],
  ratingChart: ["Rating after each rated game", "Рейтинг после каждой рейтинговой игры"],
  statistics: ["Statistics", "Статистика"],
  statContracts: ["Contracts played", "Сыграно игр"],
  statMade: ["made", "сыграно"],
  statMiseres: ["Misères", "Мизеры"],
  statWhists: ["Whists", "Висты"],
  statRaspasy: ["Raspasy", "Распасы"],
  statDeals: ["Deals", "Сдачи"],
  colWhists: ["Result, whists", "Итог, вистов"],
  colRating: ["Rating change", "Изменение рейтинга"],
  noGames: ["No finished games yet.", "Законченных игр пока нет."],
  opponents: ["Opponents", "Соперники"],
  date: ["Date", "Дата"],
  record: ["Record", "Запись"],
  sheetEmpty: ["The sheet fills in as the deals are played.", "Пуля заполняется по мере игры."],
  setGora: ["gora (sheet)", "гора (лист)"],
  setClosing: ["closing", "закрытие"],
  setAmnesty: ["− amnesty", "− амнистия"],
  setExact: ["whists, exact", "висты точно"],
  setRounded: ["result", "итог"],
  setExplain: ["How the settlement goes: (1) each pulya short of the target adds the missing points to its owner's gora (with “end on total”, a pulya beyond it takes the surplus off gora); (2) the smallest gora is taken off everybody's (amnesty); (3) each remaining gora point costs 10 whists shared by the others; (4) whists are netted pair by pair.", "Как считается итог: (1) недостающее до цели в каждой пуле добавляется в гору её хозяина (при «конце по сумме» перебор в пуле списывается с горы); (2) наименьшая гора вычитается из всех (амнистия); (3) каждое очко оставшейся горы стоит 10 вистов, которые пишут остальные; (4) висты сводятся попарно."],
  closingNone: ["no pulya to close", "закрывать нечего"],
  hintLimited: ["Hints are limited: wait a little.", "Подсказки ограничены: подождите немного."],
  conventionDefault: ["default: {v}", "по умолчанию: {v}"],
  fixedBalkan: ["Fixed in the Balkan game", "В балканской игре не меняется"],
  awayDefault: ["{s} s (default)", "{s} с (по умолчанию)"],
  connectingGone: ["This table does not exist.", "Такого стола нет."],
};

const SEATS = { S: ["South", "Юг"], W: ["West", "Запад"], N: ["North", "Север"], E: ["East", "Восток"] };
const LETTERS = { S: ["S", "Ю"], W: ["W", "З"], N: ["N", "С"], E: ["E", "В"] };

const CALLS = {
  pass: ["Pass", "Пас"], here: ["Here", "Здесь"], "walk away": ["Walk away", "Без трёх"],
  "throw talon": ["Throw talon", "Бросить прикуп"], whist: ["Whist", "Вист"],
  "half-whist": ["Half-whist", "Полвиста"], open: ["Open", "В светлую"],
  closed: ["Closed", "Втёмную"], accept: ["Accept", "Принять"], reject: ["Reject", "Отклонить"],
  kontra: ["Kontra", "Контра"], invite: ["Invite", "Позвать"],
};

let lang = localStorage.getItem("pref.lang")
  || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");
const listeners = new Set();

export function language() { return lang; }

export function setLanguage(value) {
  lang = value === "ru" ? "ru" : "en";
  localStorage.setItem("pref.lang", lang);
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

export function onLanguage(fn) { listeners.add(fn); }

/** The current language's entry of a [English, Russian] pair (English when it has none). */
export function inLanguage(pair) {
  return pair === undefined ? undefined : pair[lang === "ru" ? 1 : 0] ?? pair[0];
}

/** A lookup over a table of [English, Russian] pairs: the text for a key, with its
 *  {name} placeholders filled in (an unknown key is shown as itself). */
export function translator(table) {
  return (key, params = {}) => {
    let text = inLanguage(table[key]) ?? key;
    for (const [k, v] of Object.entries(params)) text = text.replace(`{${k}}`, v);
    return text;
  };
}

/** A count with its noun in the right form ("1 game", "2 games"; "1 игра", "5 игр"). */
export function plural(key, n) {
  const forms = inLanguage(STRINGS[key]);
  let form;
  if (lang === "ru") {
    const a = Math.abs(n) % 100, b = a % 10;
    form = forms[b === 1 && a !== 11 ? 0 : b >= 2 && b <= 4 && !(a >= 12 && a <= 14) ? 1 : 2];
  } else {
    form = forms[n === 1 ? 0 : 1];
  }
  return form.replace("{n}", String(n));
}

/** A bot level for people ("sampling (strong)"); an unknown level as the server named it. */
export function botName(level, { short = false } = {}) {
  const key = `${short ? "botShort" : "bot"}_${level}`;
  return inLanguage(STRINGS[key]) ?? level;
}

export const t = translator(STRINGS);

export function seatName(seat) { return inLanguage(SEATS[seat]) ?? seat; }
export function seatLetter(seat) { return inLanguage(LETTERS[seat]) ?? seat; }

/** A contract as the engine writes it ("7♣", "6БК", "мизер", "9♠бп", ASCII "6H") for people. */
export function contractText(text) {
  if (!text) return "";
  const balkan = /^([2-5][♠♣♦♥]|betl|sans|бетл|санс)(bp|бп)?$/.exec(text);
  if (balkan) {
    // Balkan bids are numbered (2♠ 3♦ 4♥ 5♣, 6 betl, 7 sans); igra is marked "bp".
    const six = ["6 betl", "6 бетл"], seven = ["7 sans", "7 санс"];
    const words = { betl: six, бетл: six, sans: seven, санс: seven }[balkan[1]];
    const name = words ? words[lang === "ru" ? 1 : 0] : balkan[1];
    return balkan[2] ? `${name} ${lang === "ru" ? "б/п" : "w/o talon"}` : name;
  }
  let out = text.replace(/bp$/, "бп")
    .replace(/^(\d+)([SCDH])(?=бп|$)/, (_, n, s) => n + { S: "♠", C: "♣", D: "♦", H: "♥" }[s])
    .replace(/^(\d+)NT/, "$1БК").replace(/^mis[eè]re/i, "мизер");
  const noTalon = out.endsWith("бп");
  if (noTalon) out = out.slice(0, -2);
  if (lang === "en") out = out.replace("БК", "NT").replace("мизер", "misère");
  if (noTalon) out += lang === "en" ? " w/o talon" : " б/п";
  return out;
}

/** An action's text from the server ("pass", "play 6♥", "claim 4", "7♣", "♠Q") for people. */
export function actionText(text) {
  if (!text) return "?";
  const call = inLanguage(CALLS[text]);
  if (call) return call;
  if (text.startsWith("play ")) {
    return (lang === "en" ? "Play " : "Играю ") + contractText(text.slice(5));
  }
  if (text.startsWith("claim ")) {
    const n = text.slice(6);
    return lang === "en" ? `Claim ${n}` : `Беру ${n}`;
  }
  return contractText(text);
}

document.documentElement.lang = lang;
