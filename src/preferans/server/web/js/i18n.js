// Russian and English. The language comes from the switch, else from the browser.

const STRINGS = {
  en: {
    title: "Preferans club",
    tagline: "Sochi, Leningrad, Rostov and the Balkan game. Play with people or bots.",
    login: "Log in", register: "Register", logout: "Log out", name: "Name",
    password: "Password", guest: "Watch as a guest", lobby: "Lobby", tables: "Tables",
    leaders: "Leaderboard", newTable: "New table", create: "Create", players: "Players",
    preset: "Variant", conventions: "Conventions", target: "Pulya to", stake: "Stake per whist",
    tablePassword: "Table password", clock: "Seconds per move", noClock: "no clock",
    status: "Status", seats: "Seats", free: "free", sit: "Sit", leave: "Leave", watch: "Watch",
    open: "Open", addBot: "Bot", botsFree: "Bots in the free seats", play: "Play", replay: "Replay", noTables: "No tables yet.",
    open_: "waiting", playing: "playing", finished: "finished", closed: "closed",
    sochi: "Sochi", leningrad: "Leningrad", rostov: "Rostov", balkan: "Balkan",
    games: "games", you: "you", away: "away", bot: "bot", spectator: "You are watching",
    dealer: "dealer", deal: "Deal", talon: "Talon", discard: "Discard", lastTrick: "Last trick",
    hint: "Hint", chat: "Chat", send: "Send", sheet: "Sheet", help: "Keys",
    yourTurn: "Your move", waitingFor: "Waiting for {who}", bidding: "Bidding",
    chooseDiscard: "Choose two cards to discard", discardHint: "click a card to discard it",
    contract: "Contract", declarer: "Declarer", whisters: "Whist", tricks: "Tricks",
    noHint: "Hints are not available on this server yet.",
    noChat: "Chat is not available on this server yet.",
    waitingPlayers: "Waiting for players…", gameOver: "The pulya is finished",
    settlement: "Settlement", whists: "whists", money: "money", breakdown: "Where the numbers came from",
    pulya: "pulya", gora: "gora", back: "Back to the lobby", raspasy: "raspasy", misere: "misère",
    made: "made", down: "down", passedOut: "all passed",
    fourColour: "Four-colour deck", language: "Язык: русский", keysTitle: "Keyboard",
    keyCards: "1–9, 0: play or discard the card at that place in your hand",
    keyCalls: "a, b, c…: the calls in the box, as labelled",
    keyLast: ". (period): show the last trick", keyHint: ",: hint",
    keySheet: "; : show or hide the sheet", keyHelp: "?: this help", keyEsc: "Esc: close",
    keyChat: "Enter: write in the chat",
    close: "Close", step: "Step", first: "Start", prev: "Back", next: "Forward", last: "End",
    solverNeeded: "The solver's values need the server's replay analysis (not available yet).",
    solverSide: "Solver: tricks the mover's side takes from here with each card (more is better).",
    solverOwn: "Solver: the mover's own tricks from here with each card (fewer is better).",
    solverDeclarer: "Solver: tricks the misère player takes with each card (more is better for the catchers).",
    solverLoading: "Solver: analysing…", noSolver: "No solver values for this step.",
    sheetSvg: "Sheet as SVG (print, share)", bula: "Bula", bulaFrom: "Bula from", refe: "Refe (all passed)",
    noGame: "This game has not finished yet.", passwordNeeded: "This table has a password",
    error: "Error", connecting: "Connecting…", reconnecting: "Connection lost, reconnecting…",
    dummy: "dummy", openHands: "open", total: "Total", seat: "Seat", result: "Result",
    none: "—", needLogin: "Log in to play", orRegister: "New here? Register",
    haveAccount: "Have an account? Log in", rating: "rating", deals: "deals",
    clockLeft: "{s} s", handsOf: "{who}'s cards", nothingYet: "No deal finished yet.",
    exactNote: "exact", roundedNote: "rounded", verified: "shuffle verified",
    piter: "Piter (Leningrad)", serbian: "Serbian (Balkan)",
    botShort_random: "weak", botShort_heuristic: "medium", botShort_sampling: "strong",
    botShort_novice: "novice", botShort_amateur: "amateur", botShort_master: "master",
    bot_novice: "novice", bot_amateur: "amateur", bot_master: "master (strongest)",
    bot_random: "random (weakest)", bot_heuristic: "heuristic (medium)", bot_sampling: "sampling (strong)",
    gamesN: ["{n} game", "{n} games"], dealsN: ["{n} deal", "{n} deals"], movesN: ["{n} move", "{n} moves"],
    noTrumps: "NT", withTalon: "with talon", withoutTalon: "without talon",
    awaySeconds: "Grace before a bot plays for an absent player", secondsShort: "{s} s", minutesShort: "{m} min",
    someoneAway: "{who} is away: the strong bot plays for him until he returns.",
    youAway: "You are away: the strong bot plays your seat.", imBack: "I'm back",
    pausedAll: "Everybody is away: the game is paused until somebody returns.",
    tableClosed: "This table was closed by its creator.", tableAdjourned: "The game is adjourned. Any of its players resumes it from the lobby.",
    leaveGame: "Leave the game", leaveConfirm: "Leave this game for good? The strong bot plays your seat to the end, and the result still counts for you.",
    seatMenu: "Leave or adjourn…", adjourn: "Adjourn…", adjournPropose: "Propose to adjourn", adjournAgree: "Agree to adjourn", adjournDecline: "Decline",
    adjournAsked: "Adjourning proposed: {n} of {m} players agreed.", resume: "Resume", adjourned: "adjourned",
    tableFilled: "Table #{id} is full: the game begins", tableFilledTitle: "Your game begins!", sound: "Sound",
    discardThese: "Discard these two", chooseTwo: "Choose two cards to discard ({n} of 2 chosen); click again to change.",
    standIn: "stand-in", leftGame: "left the game", standInMoves: "a bot played {n} for him",
    ratingRule: "Rating: only tables of people are rated; moves a bot played for an absent player or one who left count as his own.",
    playerPage: "Player", ratingChart: "Rating after each rated game", statistics: "Statistics",
    statContracts: "Contracts played", statMade: "made", statMiseres: "Misères", statWhists: "Whists", statRaspasy: "Raspasy", statDeals: "Deals",
    colWhists: "Result, whists", colRating: "Rating change",
    noGames: "No finished games yet.", opponents: "Opponents", date: "Date", record: "Record",
    sheetEmpty: "The sheet fills in as the deals are played.",
    setGora: "gora (sheet)", setClosing: "closing", setAmnesty: "− amnesty", setExact: "whists, exact", setRounded: "result",
    setExplain: "How the settlement goes: (1) each pulya short of the target adds the missing points to its owner's gora (with “end on total”, a pulya beyond it takes the surplus off gora); (2) the smallest gora is taken off everybody's (amnesty); (3) each remaining gora point costs 10 whists shared by the others; (4) whists are netted pair by pair.",
    closingNone: "no pulya to close", hintLimited: "Hints are limited: wait a little.",
    conventionDefault: "default: {v}", fixedBalkan: "Fixed in the Balkan game",
    awayDefault: "{s} s (default)", connectingGone: "This table does not exist.",
  },
  ru: {
    title: "Клуб преферанса",
    tagline: "Сочи, Ленинград, Ростов и балканская игра. Играйте с людьми или ботами.",
    login: "Войти", register: "Регистрация", logout: "Выйти", name: "Имя",
    password: "Пароль", guest: "Смотреть гостем", lobby: "Лобби", tables: "Столы",
    leaders: "Рейтинг", newTable: "Новый стол", create: "Создать", players: "Игроков",
    preset: "Вариант", conventions: "Конвенции", target: "Пуля до", stake: "Ставка за вист",
    tablePassword: "Пароль стола", clock: "Секунд на ход", noClock: "без часов",
    status: "Статус", seats: "Места", free: "свободно", sit: "Сесть", leave: "Уйти",
    watch: "Смотреть", open: "Открыть", addBot: "Бот", botsFree: "Боты на свободные места", play: "Играть", replay: "Запись",
    noTables: "Столов пока нет.",
    open_: "ждёт игроков", playing: "идёт игра", finished: "окончен", closed: "закрыт",
    sochi: "Сочи", leningrad: "Ленинград", rostov: "Ростов", balkan: "Балкан",
    games: "игр", you: "вы", away: "отошёл", bot: "бот", spectator: "Вы зритель",
    dealer: "сдаёт", deal: "Сдача", talon: "Прикуп", discard: "Снос", lastTrick: "Последняя взятка",
    hint: "Подсказка", chat: "Чат", send: "Отправить", sheet: "Пуля", help: "Клавиши",
    yourTurn: "Ваш ход", waitingFor: "Ждём: {who}", bidding: "Торговля",
    chooseDiscard: "Выберите две карты в снос", discardHint: "щёлкните карту, чтобы снести её",
    contract: "Контракт", declarer: "Играющий", whisters: "Вист", tricks: "Взятки",
    noHint: "Подсказки на этом сервере пока нет.",
    noChat: "Чата на этом сервере пока нет.",
    waitingPlayers: "Ждём игроков…", gameOver: "Пуля закончена",
    settlement: "Расчёт", whists: "вистов", money: "деньги", breakdown: "Откуда взялись числа",
    pulya: "пуля", gora: "гора", back: "В лобби", raspasy: "распасы", misere: "мизер",
    made: "сыграно", down: "без", passedOut: "все пас",
    fourColour: "Четырёхцветная колода", language: "Language: English", keysTitle: "Клавиатура",
    keyCards: "1–9, 0: сыграть или снести карту с этого места руки",
    keyCalls: "a, b, c…: заявки в коробке, по подписям",
    keyLast: ". (точка): последняя взятка", keyHint: ",: подсказка",
    keySheet: "; : показать или скрыть пулю", keyHelp: "?: эта справка", keyEsc: "Esc: закрыть",
    keyChat: "Enter: написать в чат",
    close: "Закрыть", step: "Ход", first: "В начало", prev: "Назад", next: "Вперёд", last: "В конец",
    solverNeeded: "Оценки решателя требуют анализа записи на сервере (пока нет).",
    solverSide: "Решатель: взяток стороне ходящего до конца при каждой карте (больше — лучше).",
    solverOwn: "Решатель: своих взяток до конца при каждой карте (меньше — лучше).",
    solverDeclarer: "Решатель: взяток мизерующего при каждой карте (больше — лучше ловящим).",
    solverLoading: "Решатель: анализ…", noSolver: "Для этого хода оценок нет.",
    sheetSvg: "Лист в SVG (печать, ссылка)", bula: "Була", bulaFrom: "Була от", refe: "Рефе (все пас)",
    noGame: "Эта игра ещё не закончена.", passwordNeeded: "У стола есть пароль",
    error: "Ошибка", connecting: "Соединение…", reconnecting: "Связь потеряна, переподключаемся…",
    dummy: "болван", openHands: "в светлую", total: "Итого", seat: "Место", result: "Итог",
    none: "—", needLogin: "Войдите, чтобы играть", orRegister: "Впервые? Регистрация",
    haveAccount: "Уже есть имя? Войти", rating: "рейтинг", deals: "сдач",
    clockLeft: "{s} с", handsOf: "Карты: {who}", nothingYet: "Сдач ещё не было.",
    exactNote: "точно", roundedNote: "округлено", verified: "тасовка проверена",
    piter: "Питер (Ленинград)", serbian: "Сербский (Балкан)",
    botShort_random: "слабый", botShort_heuristic: "средний", botShort_sampling: "сильный",
    botShort_novice: "новичок", botShort_amateur: "любитель", botShort_master: "мастер",
    bot_novice: "новичок", bot_amateur: "любитель", bot_master: "мастер (сильнейший)",
    bot_random: "случайный (слабейший)", bot_heuristic: "эвристика (средний)", bot_sampling: "выборка (сильный)",
    gamesN: ["{n} игра", "{n} игры", "{n} игр"], dealsN: ["{n} сдача", "{n} сдачи", "{n} сдач"], movesN: ["{n} ход", "{n} хода", "{n} ходов"],
    noTrumps: "БК", withTalon: "с прикупом", withoutTalon: "без прикупа",
    awaySeconds: "Сколько ждать отошедшего, прежде чем за него сыграет бот", secondsShort: "{s} с", minutesShort: "{m} мин",
    someoneAway: "{who} отошёл: за него играет сильный бот, пока он не вернётся.",
    youAway: "Вы отошли: за вас играет сильный бот.", imBack: "Я вернулся",
    pausedAll: "Все отошли: игра стоит, пока кто-нибудь не вернётся.",
    tableClosed: "Создатель закрыл этот стол.", tableAdjourned: "Игра отложена. Любой её игрок продолжит её из лобби.",
    leaveGame: "Покинуть игру", leaveConfirm: "Покинуть игру насовсем? Ваше место до конца займёт сильный бот, а итог всё равно запишется на вас.",
    seatMenu: "Уйти или отложить…", adjourn: "Отложить…", adjournPropose: "Предложить отложить", adjournAgree: "Согласен отложить", adjournDecline: "Отказаться",
    adjournAsked: "Предложено отложить: согласны {n} из {m}.", resume: "Продолжить", adjourned: "отложена",
    tableFilled: "Стол №{id} собран: игра начинается", tableFilledTitle: "Ваша игра началась!", sound: "Звук",
    discardThese: "Снести эти две", chooseTwo: "Выберите две карты в снос (выбрано {n} из 2); щелчок ещё раз — передумать.",
    standIn: "замена", leftGame: "покинул игру", standInMoves: "бот сыграл за него {n}",
    ratingRule: "Рейтинг: считаются только столы людей; ходы, сыгранные ботом за отошедшего или ушедшего, засчитываются ему.",
    playerPage: "Игрок", ratingChart: "Рейтинг после каждой рейтинговой игры", statistics: "Статистика",
    statContracts: "Сыграно игр", statMade: "сыграно", statMiseres: "Мизеры", statWhists: "Висты", statRaspasy: "Распасы", statDeals: "Сдачи",
    colWhists: "Итог, вистов", colRating: "Изменение рейтинга",
    noGames: "Законченных игр пока нет.", opponents: "Соперники", date: "Дата", record: "Запись",
    sheetEmpty: "Пуля заполняется по мере игры.",
    setGora: "гора (лист)", setClosing: "закрытие", setAmnesty: "− амнистия", setExact: "висты точно", setRounded: "итог",
    setExplain: "Как считается итог: (1) недостающее до цели в каждой пуле добавляется в гору её хозяина (при «конце по сумме» перебор в пуле списывается с горы); (2) наименьшая гора вычитается из всех (амнистия); (3) каждое очко оставшейся горы стоит 10 вистов, которые пишут остальные; (4) висты сводятся попарно.",
    closingNone: "закрывать нечего", hintLimited: "Подсказки ограничены: подождите немного.",
    conventionDefault: "по умолчанию: {v}", fixedBalkan: "В балканской игре не меняется",
    awayDefault: "{s} с (по умолчанию)", connectingGone: "Такого стола нет.",
  },
};

const SEATS = {
  en: { S: "South", W: "West", N: "North", E: "East" },
  ru: { S: "Юг", W: "Запад", N: "Север", E: "Восток" },
};
const LETTERS = { en: { S: "S", W: "W", N: "N", E: "E" }, ru: { S: "Ю", W: "З", N: "С", E: "В" } };

const CALLS = {
  en: {
    pass: "Pass", here: "Here", "walk away": "Walk away", "throw talon": "Throw talon",
    whist: "Whist", "half-whist": "Half-whist", open: "Open", closed: "Closed",
    accept: "Accept", reject: "Reject", kontra: "Kontra", invite: "Invite",
  },
  ru: {
    pass: "Пас", here: "Здесь", "walk away": "Без трёх", "throw talon": "Бросить прикуп",
    whist: "Вист", "half-whist": "Полвиста", open: "В светлую", closed: "Втёмную",
    accept: "Принять", reject: "Отклонить", kontra: "Контра", invite: "Позвать",
  },
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

/** A count with its noun in the right form ("1 game", "2 games"; "1 игра", "5 игр"). */
export function plural(key, n) {
  const forms = STRINGS[lang][key] ?? STRINGS.en[key];
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
  return STRINGS[lang][key] ?? STRINGS.en[key] ?? level;
}

export function t(key, params = {}) {
  let text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  for (const [k, v] of Object.entries(params)) text = text.replace(`{${k}}`, v);
  return text;
}

export function seatName(seat) { return SEATS[lang][seat] ?? seat; }
export function seatLetter(seat) { return LETTERS[lang][seat] ?? seat; }

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
  if (CALLS[lang][text]) return CALLS[lang][text];
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
