"""The engine's refusals in English and Russian, keyed by a stable machine code.

Each :class:`~preferans.game.errors.IllegalActionError` carries a ``code`` and ``params``
instead of only a sentence, so that a client can show the refusal in the player's own
language (and a program can react to the code without parsing English). The English
template is the historic message: ``str(error)`` reads exactly as before.

Parameters are plain values (strings and numbers) so that they survive JSON. Two of them
are words that themselves need translating and are stored in their English form: ``seat``
(``"West"``) and ``call`` (``"half-whist"``); :func:`render` translates them for Russian.
Contracts are written as the engine writes them (``7♠``, ``6БК``, ``мизер``), cards and
suits as symbols, which read the same in both languages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from preferans.actions import CallKind
from preferans.seats import Seat

__all__ = ["CATALOGUE", "LANGS", "UNSPECIFIED", "render"]

#: Languages every code has a template for.
LANGS: Final = ("en", "ru")

#: The code of a refusal raised with a bare sentence (outside the engine, e.g. a server
#: reading a log); it has no template, so every language shows the sentence itself.
UNSPECIFIED: Final = "unspecified"

#: code -> (English, Russian). Russian uses the table words: масть, козырь, заявка, вист,
#: пас, мизер, снос, прикуп.
CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- any phase
    "deal_over": ("the deal is over", "сдача окончена"),
    "not_your_turn": ("it is {seat}'s turn", "сейчас ходит {seat}"),
    "not_an_action": ("not an action: {action}", "это не ход: {action}"),
    # --- bidding
    "here_not_played": (
        '"here" is not played at this table',
        "«здесь» за этим столом не играют",
    ),
    "no_bid_to_hold": ("there is no bid to hold yet", "пока нет заявки, которую можно удержать"),
    "misere_cannot_be_held": (
        "a misère cannot be held: bid 9♠ or higher, or pass",
        "мизер нельзя удержать: заявка 9♠ или выше, либо пас",
    ),
    "already_highest": ("you already hold the highest bid", "старшая заявка и так ваша"),
    "after_misere_only_pass": (
        "after your misère was outbid you can only pass",
        "ваш мизер перебит: остаётся только пас",
    ),
    "here_after_here": (
        '"here" was just said: raise or pass',
        "только что сказали «здесь»: повышайте или пасуйте",
    ),
    "here_needs_neighbour": (
        '"here" is allowed only when your right-hand neighbour is out of the bidding',
        "«здесь» можно сказать, только когда сосед справа вышел из торговли",
    ),
    "cannot_say_in_bidding": (
        "you cannot say {call} in the bidding: bid, pass or say here",
        "в торговле нельзя сказать «{call}»: заявка, пас или «здесь»",
    ),
    "bidding_prompt": (
        "it is the bidding: bid, pass or say here",
        "идёт торговля: заявка, пас или «здесь»",
    ),
    "balkan_bid_outside_balkan": (
        "the Balkan bids are played only under the balkan rules",
        "балканские заявки играют только по балканским правилам",
    ),
    "no_talon_bids_not_played": (
        "bids without the talon are not played at this table",
        "заявки без прикупа за этим столом не играют",
    ),
    "misere_first_call": (
        "misère can only be a first call",
        "мизер можно заявить только первым словом",
    ),
    "misere_does_not_beat": ("misère does not beat {high}", "мизер не перебивает {high}"),
    "misere_not_allowed": ("misère is not allowed now", "мизер сейчас заявить нельзя"),
    "nothing_beats": ("nothing beats {high}: pass", "{high} уже не перебить: пас"),
    "bid_too_low": ("the bid must be {lowest} or higher", "заявка должна быть не ниже {lowest}"),
    "raspasy_exit_minimum": (
        "after raspasy the first game must be 7♠ or higher",
        "после распасов первая игра — не ниже 7♠",
    ),
    "no_jumps": ("no jumps: the next bid is {next}", "без прыжков: следующая заявка — {next}"),
    "cannot_bid_now": ("{contract} cannot be bid now", "заявить {contract} сейчас нельзя"),
    # --- Balkan bidding
    "moje_not_played": (
        '"moje" (here) is not played at this table',
        "«моё» за этим столом не играют",
    ),
    "moje_needs_priority": (
        '"moje" (here) needs priority: only a player who speaks before can hold',
        "для «моё» нужно старшинство: удержать может только тот, кто говорит раньше",
    ),
    "igra_held_first_call": (
        "a game without the talon is held only by a first call",
        "игру без прикупа удерживают только первым словом",
    ),
    "balkan_bidding_prompt": (
        "it is the bidding: bid a number, igra, pass or moje (here)",
        "идёт торговля: число, игра (без прикупа), пас или «моё»",
    ),
    "balkan_bids_are": (
        "the Balkan bids are numbers 2–7 (2♠ 3♦ 4♥ 5♣ betl sans), or igra",
        "балканские заявки — числа 2–7 (2♠ 3♦ 4♥ 5♣ бетл санс) или игра",
    ),
    "igra_first_call": (
        "igra (a game without the talon) can only be a first call",
        "игру (без прикупа) можно заявить только первым словом",
    ),
    "igra_must_beat": (
        "igra must name a game higher than {high}",
        "игра должна быть выше, чем {high}",
    ),
    "only_higher_igra": (
        "{high} is without the talon: only a higher igra beats it",
        "{high} — без прикупа: перебить можно только игрой выше",
    ),
    "nothing_beats_seven": (
        "nothing beats 7 with the talon: pass, or igra as a first call",
        "7 с прикупом не перебить: пас или игра первым словом",
    ),
    # --- talon, discard, contract
    "discard_done": (
        "the discard is done: name the contract",
        "снос сделан: назначьте игру",
    ),
    "card_not_in_hand": ("{card} is not in your hand", "карты {card} у вас нет"),
    "card_not_in_seat_hand": (
        "{card} is not in {seat}'s hand",
        "карты {card} нет в руке игрока {seat}",
    ),
    "discard_first": (
        "discard two cards first, then name the contract",
        "сначала снос двух карт, потом назначьте игру",
    ),
    "name_balkan_game": (
        "name a Balkan game: 2♠ 3♦ 4♥ 5♣ betl sans",
        "назовите балканскую игру: 2♠ 3♦ 4♥ 5♣ бетл санс",
    ),
    "contract_keeps_talon": (
        "the contract keeps the bid's talon: with it, or without it (igra)",
        "игра остаётся как в заявке: с прикупом или без прикупа (игра)",
    ),
    "contract_too_low": (
        "the contract must be {bid} or higher",
        "игра должна быть не ниже {bid}",
    ),
    "misere_contract_fixed": (
        "you bid {bid}: the contract is {bid}",
        "заявлен {bid}: играется {bid}",
    ),
    "misere_only_if_bid": (
        "misère can be played only if it was bid",
        "мизер играют, только если он был заявлен",
    ),
    "contract_without_talon_too": (
        "you bid without the talon: the contract is without the talon too",
        "заявка была без прикупа: и игра без прикупа",
    ),
    "contract_took_talon": (
        "you took the talon: the contract cannot be without it",
        "прикуп взят: игра без прикупа уже невозможна",
    ),
    "no_walk_away_misere": ("you cannot walk away from a misère", "с мизера уйти нельзя"),
    "no_walk_away_without_talon": (
        "you cannot walk away from a bid without the talon",
        "с игры без прикупа уйти нельзя",
    ),
    "walk_away_not_played": (
        "walking away without three is not played at this table",
        "«без трёх» за этим столом не играют",
    ),
    "throw_talon_not_played": (
        "throwing the talon is not played at this table",
        "бросать прикуп за этим столом не принято",
    ),
    "throw_talon_before_taking": (
        "the talon can be thrown only before you take it",
        "прикуп бросают только до того, как его взять",
    ),
    "name_contract": ("name the contract", "назначьте игру"),
    "discard_a_card": ("discard a card", "снесите карту"),
    # --- whisting
    "whisting_prompt": (
        "it is the whisting: say whist or pass",
        "решается вист: скажите вист или пас",
    ),
    "choose_open_closed": (
        "you whist alone: choose open or closed play",
        "вы вистуете один: выберите игру в светлую или втёмную",
    ),
    "after_return_only_pass": (
        "the whist was returned: after a half-whist your only call is pass",
        "вист вернули: после полвиста остаётся только пас",
    ),
    "half_whist_not_played": (
        "half-whist is not played at this table",
        "полвиста за этим столом не играют",
    ),
    "half_whist_six_seven": (
        "half-whist is only for sixes and sevens",
        "полвиста бывает только на шестерных и семерных играх",
    ),
    "return_whist_or_pass": (
        "return the whist (whist) or pass",
        "верните вист (вист) или пас",
    ),
    "half_whist_second_defender": (
        "half-whist only by the second defender after the first passed",
        "полвиста говорит только второй защитник после паса первого",
    ),
    "stalingrad": ("Stalingrad: 6♠ must be whisted", "Сталинград: на 6♠ вист обязателен"),
    "open_closed_later": (
        "open or closed is chosen by a lone whister after both defenders spoke",
        "в светлую или втёмную решает одинокий вистующий, когда оба защитника сказали",
    ),
    "cannot_say_now": (
        "you cannot say {call} now: say whist or pass",
        "сейчас нельзя сказать «{call}»: скажите вист или пас",
    ),
    # --- Balkan defence and kontra
    "balkan_defence_prompt": (
        "it is the defence: say whist or pass (then kontra or pass)",
        "решается защита: вист или пас (потом контра или пас)",
    ),
    "kontra_after_defence": (
        "first say whist or pass; kontra comes once the defence is settled",
        "сначала вист или пас; контра — когда защита определилась",
    ),
    "invite_lone_whister": (
        "only a lone whister invites, after both defenders spoke",
        "приглашает только одинокий вистующий, когда оба защитника сказали",
    ),
    "obligatory_kontra": (
        "on 2♠ with the talon and no refe the game is played only after a kontra",
        "на 2♠ с прикупом без рефе играют только после контры",
    ),
    "lone_whister_options": (
        "you whist alone: invite, kontra (which invites) or pass (play alone)",
        "вы вистуете один: пригласить, контра (она же приглашение) или пас (играть одному)",
    ),
    "answer_kontra": (
        "answer the kontra: kontra again (re-kontra) or pass",
        "ответьте на контру: ещё раз контра (реконтра) или пас",
    ),
    "kontra_or_pass": ("say kontra or pass", "скажите контра или пас"),
    # --- play and claims
    "play_a_card": ("play a card", "ходите картой"),
    "must_follow": ("must follow {suit}", "нужно ходить в масть {suit}"),
    "must_trump": ("must trump with {suit}", "нет масти — нужно бить козырем {suit}"),
    "card_not_playable": ("{card} cannot be played now", "{card} сейчас класть нельзя"),
    "claims_not_played": (
        "claims are not played at this table",
        "предлагать взятки за этим столом не принято",
    ),
    "no_claims_on_raspasy": (
        "there are no claims on raspasy",
        "на распасах взятки не предлагают",
    ),
    "claim_before_trick": (
        "a claim can be made only before a trick starts",
        "предложить взятки можно только до начала взятки",
    ),
    "claim_just_rejected": (
        "a claim was just rejected: play on to the next trick",
        "предложение только что отклонено: доиграйте до следующей взятки",
    ),
    "claim_options": ("you can claim {options} now", "сейчас можно предложить: {options}"),
    "claim_not_yours": (
        "only the declarer or a whister who plays both hands can claim",
        "предлагать взятки может только разыгрывающий или вистующий за обе руки",
    ),
    "claim_pending": (
        "{seat} claims {tricks}: accept or reject",
        "{seat} предлагает взяток: {tricks} — примите или отклоните",
    ),
}

_SEATS_RU: Final = {seat.english: seat.russian for seat in Seat}
_CALLS_RU: Final = {kind.value: kind.russian for kind in CallKind}


def render(code: str, params: Mapping[str, object], lang: str = "en") -> str:
    """The refusal ``code`` in ``lang`` (``"en"`` or ``"ru"``; anything else is English).
    Raises ``KeyError`` for a code without a template: a missing translation must fail
    loudly in the tests, never print a half-English line."""
    english, russian = CATALOGUE[code]
    if lang != "ru":
        return english.format(**params)
    values = dict(params)
    seat = values.get("seat")
    if isinstance(seat, str):
        values["seat"] = _SEATS_RU.get(seat, seat)
    call = values.get("call")
    if isinstance(call, str):
        values["call"] = _CALLS_RU.get(call, call)
    return russian.format(**values)
