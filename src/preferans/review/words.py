"""A graded decision in words, Russian and English, with the figures behind it.

"Deal 4, West: whist against 7♥ cost about 9 whists. Over 12 deals that fit West's cards
pass is worth −0.4 whists, whist −9.4 (the declarer makes 7♥ in 83% of them). The cards
lay so that pass gave 0.0 and whist −12.0."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.actions import Action, Bid, Call, CallKind, CardAction, Declare
from preferans.bots.hints import action_text
from preferans.plural import plural_ru
from preferans.review.reading_words import lay_text, showed_text

if TYPE_CHECKING:
    from collections.abc import Mapping

    from preferans.review.grade import Grade, Priced, Pricing
    from preferans.seats import Seat

__all__ = ["decision_name", "explain", "number", "whists"]


def number(value: float, language: str = "en", digits: int = 1) -> str:
    """``−9.4`` / ``−9,4``: a true minus sign, the decimal comma in Russian."""
    text = f"{value:.{digits}f}".replace("-", "−")
    if text in ("−0.0", "−0"):
        text = text[1:]
    return text.replace(".", ",") if language == "ru" else text


def whists(amount: float, language: str = "en") -> str:
    """ "about 9 whists" / "около 9 вистов" (one decimal below 2)."""
    if amount >= 2:
        whole = round(amount)
        if language == "ru":
            return f"около {whole} {plural_ru(whole, 'виста', 'вистов', 'вистов')}"
        return f"about {whole} whist{'s' if whole != 1 else ''}"
    text = number(amount, language)
    return f"{text} виста" if language == "ru" else f"{text} whists"


def _seat(seat: Seat, language: str, players: Mapping[Seat, str]) -> str:
    name = seat.russian if language == "ru" else seat.english
    person = players.get(seat)
    return f"{name} ({person})" if person else name


def _name(action: Action, language: str) -> str:
    return action_text(action, language)


def decision_name(grade: Grade, language: str = "en") -> str:
    """What was decided: "whist against 7♥", "♠7 (trick 5)", "the discard ♦A ♣J"."""
    ru = language == "ru"
    action = grade.actions[0]
    contract = ""
    if grade.contract is not None:
        contract = grade.contract.format(russian=ru)
    kind = grade.kind
    if kind == "bid":
        if isinstance(action, Bid):
            return (
                f"заявка {_name(action, language)}" if ru else f"bidding {_name(action, language)}"
            )
        if isinstance(action, Call) and action.kind is CallKind.HERE:
            return "«здесь» в торговле" if ru else "saying here in the auction"
        return "пас в торговле" if ru else "passing in the auction"
    if kind == "talon":
        if isinstance(action, CardAction):
            return "взять прикуп" if ru else "taking the talon"
        return "бросить прикуп" if ru else "throwing the talon"
    if kind == "discard":
        cards = " ".join(_name(a, language) for a in grade.actions)
        return f"снос {cards}" if ru else f"the discard {cards}"
    if kind == "contract":
        if isinstance(action, Call):
            return "уход без трёх" if ru else "walking away"
        named = action.contract.format(russian=ru) if isinstance(action, Declare) else ""
        return f"заказ {named}" if ru else f"naming {named}"
    if kind in ("whist", "open"):
        call = _name(action, language)
        if not contract:
            return call
        return f"{call} на {contract}" if ru else f"{call} against {contract}"
    if kind == "card":
        card = _name(action, language)
        return f"{card} во взятке {grade.trick}" if ru else f"{card} in trick {grade.trick}"
    if kind == "claim":
        return _name(action, language)
    return (
        f"ответ «{_name(action, language)}» на предложение"
        if ru
        else f"answering {_name(action, language)} to a claim"
    )


def _option(option: Priced, kind: str, language: str) -> str:
    if kind == "discard" and isinstance(option.action, CardAction):
        card = _name(option.action, language)
        return f"снос с {card}" if language == "ru" else f"discarding {card}"
    return _name(option.action, language)


def _evidence(grade: Grade, pricing: Pricing, language: str) -> str:
    """The chance that matters for the choice made, in brackets, when the bot gave one."""
    ru = language == "ru"
    chosen = next((o for o in pricing.options if o.action == grade.actions[0]), None)
    if grade.kind == "card":
        return _card_tricks(grade, pricing, chosen, language)
    if chosen is None or chosen.chance is None or grade.contract is None:
        return ""
    percent = round(chosen.chance * 100)
    contract = grade.contract.format(russian=ru)
    if grade.kind == "whist":
        if ru:
            return f" (разыгрывающий выполняет {contract} в {percent}% из них)"
        return f" (the declarer makes {contract} in {percent}% of them)"
    if grade.contract.is_misere or (
        isinstance(chosen.action, Bid) and chosen.action.contract.is_misere
    ):
        return (
            f" (мизер ловится в {percent}% из них)"
            if ru
            else f" (the misère is caught in {percent}% of them)"
        )
    if grade.kind in ("contract", "bid", "talon"):
        return f" (выполняется в {percent}% из них)" if ru else f" (made in {percent}% of them)"
    return ""


def _card_tricks(grade: Grade, pricing: Pricing, chosen: Priced | None, language: str) -> str:
    """Expected tricks after the card played and after the best one: the declarer's in a
    game or misère, the mover's own on raspasy."""
    best = pricing.best
    if chosen is None or chosen is best or chosen.tricks is None or best.tricks is None:
        return ""
    ru = language == "ru"
    if grade.contract is None:
        whose = "свои взятки" if ru else "own tricks"
    else:
        whose = "взятки разыгрывающего" if ru else "the declarer's tricks"
    after = "после" if ru else "after"
    made = f"{number(chosen.tricks, language)} {after} {_name(chosen.action, language)}"
    other = f"{number(best.tricks, language)} {after} {_name(best.action, language)}"
    if ru:
        return f" ({whose} в среднем: {made}, {other})"
    return f" ({whose} on average: {made}, {other})"


def _compare(grade: Grade, pricing: Pricing, language: str) -> str:
    ru = language == "ru"
    unit = "виста" if ru else "whists"
    best = pricing.best
    made = _name(grade.actions[0], language)
    if grade.kind == "discard":
        made = "сделанный снос" if ru else "the discard made"
    chosen = number(pricing.chosen, language)
    bound = ("не больше " if ru else "at most ") if pricing.bound else ""
    if pricing.loss <= 0:
        return f"{made} {bound}{chosen} {unit}"
    return (
        f"{_option(best, grade.kind, language)} {number(best.value, language)} {unit}, "
        f"{made} {bound}{chosen}"
    )


def explain(grade: Grade, language: str = "en", players: Mapping[Seat, str] | None = None) -> str:
    """The decision, what it cost and why, in figures; then the double-dummy line."""
    ru = language == "ru"
    who = _seat(grade.seat, language, players or {})
    head = f"Сдача {grade.deal}, {who}: " if ru else f"Deal {grade.deal}, {who}: "
    name = decision_name(grade, language)
    own = grade.own
    if own is None:
        tail = "не оценено (вне модели бота)" if ru else "not graded (outside the bot's model)"
        return f"{head}{name}: {tail}."
    if grade.loss > 0:
        cost = (
            f"{name} — потеря {whists(grade.loss, language)}"
            if ru
            else f"{name} cost {whists(grade.loss, language)}"
        )
    else:
        cost = f"{name}: лучший выбор" if ru else f"{name}: the best choice"
    deals = own.samples
    if own.exact and deals == 1:
        where = "В единственном возможном раскладе" if ru else "In the only possible deal"
    elif own.exact:
        where = f"Во всех {deals} возможных раскладах" if ru else f"Over all {deals} possible deals"
    elif ru:
        where = f"В {deals} раскладах, согласных с картами игрока"
    else:
        where = f"Over {deals} deals that fit the player's cards"
    text = (
        f"{head}{cost}. {where}: {_compare(grade, own, language)}{_evidence(grade, own, language)}."
    )
    reading = grade.reading
    showed = showed_text(reading, language) if reading is not None else ""
    if showed:
        text += f" {showed}"
    lay = lay_text(reading, language) if reading is not None else ""
    known = grade.known
    if known is not None:
        made = number(known.chosen, language)
        best = _option(known.best, grade.kind, language)
        if ru:
            opening = (
                f"Карты легли так: {lay}; сделанный выбор дал"
                if lay
                else ("Карты легли так, что сделанный выбор дал")
            )
        else:
            opening = (
                f"The cards lay so that {lay}, and the choice made gave"
                if lay
                else ("The cards lay so that the choice made gave")
            )
        if known.best.value <= known.chosen + 1e-9:
            tail = ": лучше было нельзя" if ru else ", the most they allowed"
            text += f" {opening} {made}{tail}."
        else:
            value = number(known.best.value, language)
            joint = ", а" if ru else " and"
            text += f" {opening} {made}{joint} {best} {value}."
    elif lay:
        text += f" Карты легли так: {lay}." if ru else f" The cards lay so that {lay}."
    return text
