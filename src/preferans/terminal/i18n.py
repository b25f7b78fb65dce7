"""The terminal's words in Russian and English.

One table instead of scattered literals, so that a missing translation is a missing key
(a ``KeyError`` in the tests), never a silently English line in a Russian game.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from preferans.actions import Action, Bid, Call, CardAction, Claim, Declare
from preferans.cards import Card, Rank
from preferans.contracts import Contract
from preferans.seats import Seat

__all__ = [
    "LANGUAGES",
    "Lang",
    "action_text",
    "card_text",
    "contract_text",
    "deals_text",
    "level_name",
    "outside_text",
    "plain_minus",
    "rank_text",
    "seat_name",
    "tr",
]

Lang = Literal["en", "ru"]
LANGUAGES: Final = ("ru", "en")

_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # key: (english, russian)
    "welcome": (
        "Preferans · {variant} · {players} players · pulya to {target} · you are {seat}",
        "Преферанс · {variant} · игроков {players} · пуля до {target} · вы — {seat}",
    ),
    "commands": (
        "Type a number from the list, a card (♠9, s9, q), a bid (7c, 6nt, misere, pass); "
        "? for a hint, sheet, save, quit, help.",
        "Введите номер из списка, карту (♠9, пд, бт, д), заявку (7c, 6бк, мизер, пас); "
        "? — подсказка, пуля, сохранить, выход, помощь.",
    ),
    "help": (
        "Commands:\n"
        "  1 2 3 …        the numbered choice\n"
        "  ♠9 s9 d10 hq   a card; Russian letters too: пд бт (suits п т/к б ч, ranks В Д К Т)\n"
        "  q              a rank alone, when only one such card is legal\n"
        "  ♠A ♠K / 3 5    discard: both cards at once\n"
        "  7c 6nt misere  a bid; in the contract step the same text names the contract\n"
        "  pass whist here half-whist open closed walk away\n"
        "  ? / hint       a hint\n"
        "  sheet          the sheet's totals; sheet all: the whole sheet\n"
        "  last           the last trick\n"
        "  save [FILE]    save the game to resume it later\n"
        "  quit           stop (saved first when --save was given)",
        "Команды:\n"
        "  1 2 3 …        номер варианта\n"
        "  ♠9 пд бт д10   карта (масть п т/к б ч, достоинство В Д К Т; можно и s9, hq)\n"
        "  д              одно достоинство, если такая карта одна\n"
        "  ♠Т ♠К / 3 5    снос: обе карты сразу\n"
        "  7c 6бк мизер   заявка; при назначении игры — та же запись\n"
        "  пас вист здесь полвиста светлую темную без трёх\n"
        "  ? / подсказка  подсказка\n"
        "  пуля           итоги пули; пуля вся: вся пуля\n"
        "  последняя      последняя взятка\n"
        "  сохранить [ФАЙЛ]  сохранить игру, чтобы продолжить потом\n"
        "  выход          закончить (с сохранением, если задан --save)",
    ),
    "commands_balkan": (
        "Type a number from the list, a card (♠9, s9, q), a bid (2s 3d 4h 5c betl sans, "
        "igra 5c, pass, here), whist, kontra, invite; ? for a hint, sheet, save, quit, help.",
        "Введите номер из списка, карту (♠9, пд, бт, д), заявку (2п 3б 4ч 5т бетл санс, "
        "игра 5т, пас, моё), вист, контра, приглашаю; ? — подсказка, пуля, сохранить, "
        "выход, помощь.",
    ),
    "help_balkan": (
        "Balkan (bula):\n"
        "  2s 3d 4h 5c    bids 2♠ 3♦ 4♥ 5♣; betl (6), sans (7); each bid is the next number\n"
        "  igra 5c        igra: a game without the talon, only as your first call\n"
        "  here           moje: hold the bid if you speak before its bidder\n"
        "  whist / pass   defend or not; a lone whister then says:\n"
        "  invite         the passer plays his cards with you (you answer for 4 tricks)\n"
        "  kontra         double (×2); it also invites. Answered by kontra: re-kontra ×4,\n"
        "                 sub-kontra ×8 …; pass ends the chain\n"
        "  pass (lone)    play alone: the passer is out, tricks have two cards, you need 2\n"
        "  All pass: refe (a double-value game later). The bula sheet follows every deal.",
        "Балканский (була):\n"
        "  2п 3б 4ч 5т    заявки 2♠ 3♦ 4♥ 5♣; бетл (6), санс (7); каждая — следующее число\n"
        "  игра 5т        игра без прикупа, только первым словом\n"
        "  моё (здесь)    удержать заявку, если вы говорите раньше заявившего\n"
        "  вист / пас     защищаться или нет; одинокий вистующий затем говорит:\n"
        "  приглашаю      пасующий играет своими картами с вами (вы отвечаете за 4 взятки)\n"
        "  контра         удвоение (×2), оно же приглашение; ответ контрой: реконтра ×4,\n"
        "                 субконтра ×8 …; пас заканчивает\n"
        "  пас (один)     играть одному: пасующий вне игры, взятки по две карты, нужно 2\n"
        "  Все спасовали: рефе (потом игра по двойной цене). Була — после каждой сдачи.",
    ),
    "out_seat": (
        "{seat}: out (cards face down; tricks of two cards)",
        "{seat}: вне игры (карты закрыты; взятки по две карты)",
    ),
    "out_in_trick": ("{seat} out", "{seat} вне игры"),
    "betl_by": ("Betl by {seat}", "Бетл играет {seat}"),
    "kontra_levels": ("kontra: {levels}", "контра: {levels}"),
    "deal_head": ("Deal {number} · dealer {dealer}", "Сдача {number} · сдаёт {dealer}"),
    "sits_out": ("you deal and sit out this deal", "вы сдаёте и не играете эту сдачу"),
    "your_hand": ("Your hand", "Ваши карты"),
    "hand_of": ("{seat}", "{seat}"),
    "talon": ("Talon", "Прикуп"),
    "bidding": ("Bidding", "Торговля"),
    "contract": ("Contract: {contract} by {seat}", "Игра: {contract}, играет {seat}"),
    "misere_by": ("Misère by {seat}", "Мизер играет {seat}"),
    "raspasy": ("Raspasy (all passed)", "Распасы"),
    "whisters": ("whist: {seats}", "вистуют: {seats}"),
    "on_table": ("On the table", "На столе"),
    "talon_lead": ("talon card", "карта прикупа"),
    "tricks": ("Tricks", "Взятки"),
    "last_trick": ("Last trick", "Последняя взятка"),
    "trick_done": ("Trick {n}: {cards} → {winner}", "Взятка {n}: {cards} → {winner}"),
    "your_move": ("Your move ({seat}):", "Ваш ход ({seat}):"),
    "play_for": ("you play {seat}'s cards", "вы ходите за {seat}"),
    "choices": ("Choices", "Варианты"),
    "claims": (
        "or claim tricks: claim N ({low}–{high})",
        "или предложите взятки: предлагаю N ({low}–{high})",
    ),
    "hint": ("Hint: {action}", "Подсказка: {action}"),
    "hint_source_fallback": (
        "(no hint module yet: the choice of the strongest bot, {level})",
        "(модуля подсказок пока нет: выбор сильнейшего бота, {level})",
    ),
    "hint_source_module": ("(hint)", "(подсказка)"),
    "not_understood": ("Not understood: {text}. Type help.", "Не понял: {text}. Наберите помощь."),
    "bad_number": (
        "No choice {n}: pick 1–{count}.",
        "Нет варианта {n}: выберите 1–{count}.",
    ),
    "ambiguous": ("Which one: {options}?", "Какую именно: {options}?"),
    "no_such_rank": (
        "No {rank} can be played now; legal cards: {options}.",
        "Сейчас нельзя сыграть {rank}; можно: {options}.",
    ),
    "same_card_twice": (
        "{card} is named twice: the discard is two different cards.",
        "{card} указана дважды: в снос идут две разные карты.",
    ),
    "illegal": ("Not allowed: {reason}", "Нельзя: {reason}"),
    "deal_over": ("Deal {number} is over.", "Сдача {number} окончена."),
    "sheet": ("The sheet", "Пуля"),
    "game_over": ("The pulya is over.", "Пуля окончена."),
    "bula_over": ("The bula game is over.", "Игра окончена: була закрыта."),
    "stopped_after": (
        "Stopped after {deals}, as --deals asked; the open sheet is settled as it stands.",
        "Остановлено после {deals}, как задано --deals; открытая пуля посчитана как есть.",
    ),
    "input_placeholder": (
        "a number, a card (s9, hq), a bid (7c), ? for a hint, help",
        "номер, карта (пд, бт, ♠9), заявка (7т), ? — подсказка, помощь",
    ),
    "keys": (
        "F1 help · F2 last trick · F3 whole sheet · F4 hint · ^Q quit · ^C stop",
        "F1 помощь · F2 взятка · F3 пуля · F4 подсказка · ^Q выход · ^C стоп",
    ),
    "too_small": (
        "The window is too small for the table: make it at least {width}×{height}.",
        "Окно мало для стола: нужно хотя бы {width}×{height}.",
    ),
    "close_hint": ("Escape: back to the table", "Escape: назад к столу"),
    "press_enter_next": ("Enter: the next deal", "Enter: следующая сдача"),
    "press_enter_end": ("Enter: leave the table", "Enter: выйти из-за стола"),
    "wait_turn": ("Not your turn yet.", "Сейчас не ваш ход."),
    "sheet_at_side": (
        "The totals are at the side; F3 or sheet all: the whole sheet.",
        "Итоги — сбоку; F3 или пуля вся — вся пуля.",
    ),
    "no_last_trick": ("No trick has been taken yet.", "Взяток ещё не было."),
    "cannot_save": (
        "Cannot save to {path}: {problem}. The game goes on; try another file.",
        "Нельзя сохранить в {path}: {problem}. Игра продолжается; укажите другой файл.",
    ),
    "quit_unsaved": (
        "The game is not saved (no --save): type quit again to drop it, or save FILE first.",
        "Игра не сохранена (нет --save): наберите выход ещё раз, чтобы бросить её, "
        "или сначала сохранить ФАЙЛ.",
    ),
    "settlement": ("Settlement:", "Расчёт:"),
    "record_saved": ("Game record written to {path}", "Запись игры сохранена в {path}"),
    "saved": (
        "Saved to {path}; resume with --resume {path}",
        "Сохранено в {path}; продолжить: --resume {path}",
    ),
    "no_save_file": (
        "No file to save to: give one (save FILE) or start with --save FILE.",
        "Некуда сохранять: укажите файл (сохранить ФАЙЛ) или запустите с --save ФАЙЛ.",
    ),
    "resumed": (
        "Resumed {path}: deal {number}, {moves} moves replayed.",
        "Продолжаем {path}: сдача {number}, повторено ходов: {moves}.",
    ),
    "bye": ("Stopped.", "Игра остановлена."),
    "input_ended": ("Input ended before the game did.", "Ввод кончился раньше игры."),
    "interrupted": ("Interrupted.", "Прервано."),
    "result": ("Result", "Итог"),
    "you": ("you", "вы"),
    "dummy": ("dummy", "болван"),
    "bot": ("{level} bot", "{level} бот"),
    "thinking": ("{seat} is thinking…", "{seat} думает…"),
}

_CONTRACT_EN: Final = {"БК": "NT"}
#: Russian players write В Д К Т (валет, дама, король, туз) for J Q K A.
_RANK_RU: Final = {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т"}


def rank_text(rank: Rank, lang: Lang) -> str:
    """``Q`` / ``Д``."""
    return _RANK_RU.get(rank, rank.text) if lang == "ru" else rank.text


def card_text(card: Card, lang: Lang) -> str:
    """``♠Q`` / ``♠Д``."""
    return card.suit.symbol + rank_text(card.rank, lang)


def deals_text(n: int, lang: Lang) -> str:
    """``1 deal``, ``2 deals``; ``1 сдача``, ``3 сдачи``, ``5 сдач``."""
    if lang == "en":
        return f"{n} deal" if n == 1 else f"{n} deals"
    if n % 10 == 1 and n % 100 != 11:
        word = "сдача"
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        word = "сдачи"
    else:
        word = "сдач"
    return f"{n} {word}"


#: A suit with its ranks, as a card (``♥A``) or a holding (``♠AKQ10``) is written.
_CARD_IN_TEXT: Final = re.compile(r"([♠♣♦♥])((?:10|[7-9JQKA])+)(?![A-Za-z0-9])")
_RU_LETTER: Final = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}


def outside_text(text: str, lang: Lang) -> str:
    """Text from another part (the engine's refusals, the hints, the sheet's breakdown) as
    the terminal writes it: ASCII minus, and in a Russian game cards with Russian ranks
    (``♥A`` → ``♥Т``), so that one game never shows a card two ways."""
    text = plain_minus(text)
    if lang == "ru":
        text = _CARD_IN_TEXT.sub(
            lambda m: m.group(1) + "".join(_RU_LETTER.get(c, c) for c in m.group(2)), text
        )
    return text


def plain_minus(text: str) -> str:
    """The terminal writes every minus as ASCII ``-``: figures from the sheet, the
    settlement and the hints come with either sign, and one sign reads the same in a pipe,
    a screen reader and a search."""
    return text.replace("\u2212", "-")


#: The bot levels as a Russian player calls them (the English names are the option values).
_LEVELS_RU: Final = {
    "random": "случайный",
    "heuristic": "эвристический",
    "sampling": "расчётный",
    "novice": "новичок",
    "amateur": "любитель",
    "master": "мастер",
}


def level_name(level: str, lang: Lang) -> str:
    """``heuristic`` / ``эвристический``; a level without a Russian name keeps its own."""
    return _LEVELS_RU.get(level, level) if lang == "ru" else level


def tr(lang: Lang, key: str, **values: object) -> str:
    """The message ``key`` in ``lang`` with ``values`` filled in."""
    english, russian = _MESSAGES[key]
    text = russian if lang == "ru" else english
    return text.format(**values) if values else text


def seat_name(seat: Seat, lang: Lang) -> str:
    """``South`` / ``Юг``."""
    return seat.russian if lang == "ru" else seat.english


def contract_text(contract: Contract, lang: Lang) -> str:
    """``7♣``, ``6БК``/``6NT``, ``мизер``/``misère``, with ``бп``/``w/o talon``; a Balkan
    game the Balkan way: ``2♠ 3♦ 4♥ 5♣ betl sans``, ``igra 5♣`` without the talon (the
    players name games by these words, not by Russian levels)."""
    if contract.balkan:
        if contract.strain is None:
            text = "бетл" if lang == "ru" else "betl"
        elif contract.level == 7:
            text = "санс" if lang == "ru" else "sans"
        else:
            text = f"{contract.level}{contract.strain.symbol}"
        if contract.without_talon:
            text = ("игра " if lang == "ru" else "igra ") + text
        return text
    if contract.is_misere:
        text = "мизер" if lang == "ru" else "misère"
    else:
        assert contract.strain is not None
        strain = contract.strain.symbol
        if lang == "en":
            strain = _CONTRACT_EN.get(strain, strain)
        text = f"{contract.level}{strain}"
    if contract.without_talon:
        text += " бп" if lang == "ru" else " w/o talon"
    return text


def action_text(action: Action, lang: Lang) -> str:
    """An action as a player says it (cards without colour; the renderer adds it)."""
    if isinstance(action, CardAction):
        return card_text(action.card, lang)
    if isinstance(action, Bid):
        return contract_text(action.contract, lang)
    if isinstance(action, Declare):
        if action.contract.balkan:  # "игра" is the Balkan igra: the declarer says "играю"
            word = "играю" if lang == "ru" else "play"
            return f"{word} {contract_text(action.contract, lang)}"
        word = "игра" if lang == "ru" else "play"
        return f"{word} {contract_text(action.contract, lang)}"
    if isinstance(action, Call):
        return action.kind.russian if lang == "ru" else action.kind.value
    if isinstance(action, Claim):
        word = "предлагаю" if lang == "ru" else "claim"
        return f"{word} {action.tricks}"
    raise TypeError(f"not an action: {action!r}")
