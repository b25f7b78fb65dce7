"""Hints: the action a bot level recommends, with the reason in figures, in Russian and English.

A hint is only as good as the evidence behind it, so it always shows the numbers: expected
tricks and whists per option for the sampling level ("6♠: expected 6.4 tricks; pass: −1.2
whists"), the chance that matters ("misère caught in 12% of samples"), or the seed-002
table's estimate for the heuristic level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from preferans.actions import Action, Bid, Call, CallKind, CardAction, Claim, Declare
from preferans.bots.claims import pending_claim
from preferans.bots.evaluation import hand_tricks, misere_risk
from preferans.bots.heuristic import declarer_estimate, defence_estimate, heuristic_action
from preferans.bots.levels import make_bot
from preferans.bots.sampling import Decision, Option, SamplingBot
from preferans.errors import PreferansError
from preferans.plural import plural_ru

if TYPE_CHECKING:
    from preferans.game.views import View

__all__ = ["Hint", "action_text", "hint"]

#: Options shown in a hint, best first.
SHOWN = 3


@dataclass(frozen=True)
class Hint:
    """A recommended action and why, in both languages."""

    action: Action
    text_en: str
    text_ru: str
    level: str
    samples: int = 0
    exact: bool = False

    def text(self, language: str = "en") -> str:
        return self.text_ru if language == "ru" else self.text_en

    def __str__(self) -> str:
        return self.text_en


def action_text(action: Action, language: str = "en") -> str:
    """How a player names the action: ``♠A``, ``6♠``, ``play 7♥``/``игра 7♥``, ``pass``/``пас``."""
    ru = language == "ru"
    if isinstance(action, CardAction):
        return str(action.card)
    if isinstance(action, Bid):
        return action.contract.format(russian=ru)
    if isinstance(action, Declare):
        contract = action.contract.format(russian=ru)
        return f"игра {contract}" if ru else f"play {contract}"
    if isinstance(action, Call):
        return action.kind.russian if ru else action.kind.value
    return f"предлагаю {action.tricks}" if ru else f"claim {action.tricks}"


def _num(value: float, digits: int = 1) -> str:
    text = f"{value:+.{digits}f}" if digits else f"{value:+.0f}"
    return text.replace("-", "−")


def _tricks(value: float) -> str:
    return f"{value:.1f}"


def _tricks_word_ru(n: int, *, counted: bool) -> str:
    """The Russian word for tricks agreeing with a whole number: counted ("2 взятки") or
    after "не меньше" and "не больше", which take the genitive ("не меньше 2 взяток",
    "не больше 1 взятки")."""
    if counted:
        return plural_ru(n, "взятка", "взятки", "взяток")
    return plural_ru(n, "взятки", "взяток", "взяток")


def _option_text(option: Option, language: str, mode: str) -> str:
    ru = language == "ru"
    name = action_text(option.action, language)
    if isinstance(option.action, Call) and option.action.kind in (CallKind.OPEN, CallKind.CLOSED):
        percent = round((option.chance or 0.0) * 100)
        if ru:
            return f"{name}: разыгрывающий выполняет контракт в {percent}% раскладов"
        return f"{name}: the declarer makes the contract in {percent}% of samples"
    parts: list[str] = []
    if _raspasy_pass(option, mode):
        percent = round((option.chance or 0.0) * 100)
        parts.append(
            f"распасы в {percent}% раскладов" if ru else f"raspasy in {percent}% of samples"
        )
        if option.tricks is not None:
            parts.append(
                f"в среднем {_tricks(option.tricks)} взятки на распасах"
                if ru
                else f"expected {_tricks(option.tricks)} tricks on raspasy"
            )
    elif option.tricks is not None:
        if mode in ("balkan", "whisting") and isinstance(option.action, Call):
            parts.append(
                f"у разыгрывающего в среднем {_tricks(option.tricks)} взятки"
                if ru
                else f"the declarer takes {_tricks(option.tricks)} tricks on average"
            )
        elif mode == "raspasy":
            parts.append(
                f"в среднем {_tricks(option.tricks)} взятки на распасах"
                if ru
                else f"expected {_tricks(option.tricks)} tricks on raspasy"
            )
        else:
            parts.append(
                f"в среднем {_tricks(option.tricks)} взятки"
                if ru
                else f"expected {_tricks(option.tricks)} tricks"
            )
    if option.chance is not None:
        percent = round(option.chance * 100)
        if isinstance(option.action, (Bid, Declare)) and (option.action.contract.is_misere):
            parts.append(
                f"мизер ловится в {percent}% раскладов"
                if ru
                else f"misère caught in {percent}% of samples"
            )
        elif isinstance(option.action, Declare):
            parts.append(
                f"выполняется в {percent}% раскладов" if ru else f"made in {percent}% of samples"
            )
        elif isinstance(option.action, Call) and mode in ("balkan", "whisting"):
            parts.append(
                f"разыгрывающий выполняет игру в {percent}% раскладов"
                if ru
                else f"the declarer makes his game in {percent}% of samples"
            )
    if mode == "balkan":
        parts.append(
            f"{_num(option.value)} виста в пересчёте булы"
            if ru
            else f"{_num(option.value)} bula-equivalent whists"
        )
    else:
        parts.append(f"{_num(option.value)} виста" if ru else f"{_num(option.value)} whists")
    return f"{name}: {', '.join(parts)}"


def _raspasy_pass(option: Option, mode: str) -> bool:
    """A pass while nobody has bid, priced with the raspasy it leads to (its chance is
    the share of the deals where it does; a whisting pass's chance is the contract's)."""
    return (
        mode != "whisting"
        and isinstance(option.action, Call)
        and option.action.kind is CallKind.PASS
        and option.chance is not None
    )


def _discard_text(option: Option, language: str) -> str:
    """ "discard ♠7 ♥8, " before a plan's contract while the discard is still open."""
    if option.discard is None:
        return ""
    return f"снести {option.discard}, " if language == "ru" else f"discard {option.discard}, "


def _deals(count: int, exact: bool, language: str, *, every: bool = False) -> str:
    """ "all 16 sampled deals" / "every possible deal" and the Russian forms."""
    if exact and count == 1:
        if language == "ru":
            return "в единственном возможном раскладе"
        return "the only possible deal"
    if language == "ru":
        if every:
            return "в каждом возможном раскладе" if exact else "в каждом раскладе выборки"
        return (
            f"во всех {count} возможных раскладах"
            if exact
            else f"во всех {count} раскладах выборки"
        )
    if every:
        return "every possible deal" if exact else "every sampled deal"
    return f"all {count} possible deals" if exact else f"all {count} sampled deals"


def _claim_text(view: View, option: Option, decision: Decision, language: str) -> str | None:
    """Claims: what double-dummy play of the rest says about proposing or answering."""
    ru = language == "ru"
    name = action_text(option.action, language)
    whists = f"{_num(option.value)} виста" if ru else f"{_num(option.value)} whists"
    count, exact = decision.samples, decision.exact
    if isinstance(option.action, Claim):
        t = option.action.tricks
        misere = view.contract is not None and view.contract.is_misere
        same = option.tricks is not None and abs(option.tricks - t) < 1e-9
        every = _deals(count, exact, language, every=True)
        if ru:
            bound = "" if same else ("не больше " if misere else "не меньше ")
            return f"{name}: {every} {bound}{t} {_tricks_word_ru(t, counted=not bound)}, {whists}"
        bound = "" if same else ("at most " if misere else "at least ")
        return f"{name}: {every} gives {bound}{t} tricks, {whists}"
    on_table = pending_claim(view)
    if on_table is None or not isinstance(option.action, Call):
        return None
    if option.action.kind is CallKind.ACCEPT:
        share = option.chance or 0.0
        same = option.tricks is not None and abs(option.tricks - on_table.tricks) < 1e-9
        if share >= 1 - 1e-9:
            where = _deals(count, exact, language)
            if ru:
                how = "совпадает с игрой в открытую" if same else "не хуже игры в открытую"
                return f"{name}: предложение {how} {where}, {whists}"
            how = "matches" if same else "is no worse than"
            return f"{name}: the claim {how} double-dummy play in {where}, {whists}"
        percent = round((1 - share) * 100)
        if ru:
            return f"{name}: игра в открытую даёт больше в {percent}% раскладов, {whists}"
        return f"{name}: double-dummy play does better in {percent}% of the deals, {whists}"
    if option.action.kind is CallKind.REJECT:
        tricks = _tricks(option.tricks or 0.0)
        if ru:
            return f"{name}: играть дальше, у предложившего в среднем {tricks} взятки, {whists}"
        return f"{name}: play on, the claimer's side expects {tricks} tricks, {whists}"
    return None


def _talon_name(view: View, option: Option, language: str) -> str | None:
    """The 4-player talon choice: a card there means taking the talon and discarding it."""
    from preferans.game.phase import Phase

    if view.phase is not Phase.TALON or not isinstance(option.action, CardAction):
        return None
    card = str(option.action.card)
    if language == "ru":
        return f"взять прикуп (снести {card})"
    return f"take the talon (discard {card})"


def _mode(view: View) -> str:
    from preferans.game.phase import Phase
    from preferans.result import DealKind

    if view.phase is Phase.PLAY and view.kind is DealKind.RASPASY:
        return "raspasy"
    if view.rules.is_balkan:
        return "balkan"
    if view.phase is Phase.WHISTING:
        # a call's evidence is the declarer's: his tricks and his contract's chance
        return "whisting"
    if view.contract is not None and view.contract.is_misere:
        return "misere"
    return "game"


def _from_decision(view: View, decision: Decision) -> Hint:
    mode = _mode(view)
    chosen = action_text(decision.action, "en")
    chosen_ru = action_text(decision.action, "ru")
    if not decision.options:
        if "kontra_cap" in decision.notes:
            cap = round(decision.notes["kontra_cap"])
            en = f"{chosen}: the kontra chain stops here (the bot doubles up to ×{2**cap} only)"
            ru = f"{chosen_ru}: цепочка контр здесь кончается (бот удваивает только до ×{2**cap})"
        elif decision.method == "forced":
            en = f"{chosen}: the only sensible choice (equivalent or forced)"
            ru = f"{chosen_ru}: единственный разумный ход (карты равноценны или ход вынужден)"
        else:
            en = f"{chosen}: by the club rules of thumb (outside the solver's model)"
            ru = f"{chosen_ru}: по клубным правилам (вне модели решателя)"
        return Hint(decision.action, en, ru, "sampling")
    shown = [o for o in decision.options if o.action == decision.action]
    shown += [o for o in decision.options if o.action != decision.action][: SHOWN - 1]

    def text(option: Option, language: str) -> str:
        special = _claim_text(view, option, decision, language)
        if special is not None:
            return special
        plain = _discard_text(option, language) + _option_text(option, language, mode)
        talon = _talon_name(view, option, language)
        if talon is not None:
            plain = talon + plain[len(action_text(option.action, language)) :]
        if isinstance(decision.action, Claim) and isinstance(option.action, CardAction):
            label = " (играть дальше)" if language == "ru" else " (play on)"
            name = action_text(option.action, language)
            plain = name + label + plain[len(name) :]
        return plain

    en_parts = [text(o, "en") for o in shown]
    ru_parts = [text(o, "ru") for o in shown]
    if decision.exact and decision.samples == 1:
        tail_en = "(the only possible deal)"
        tail_ru = "(единственный возможный расклад)"
    elif decision.exact:
        tail_en = f"(all {decision.samples} possible deals)"
        tail_ru = f"(все {decision.samples} возможных раскладов)"
    else:
        tail_en = f"({decision.samples} sampled deals)"
        tail_ru = f"({decision.samples} раскладов в выборке)"
    margin_en, margin_ru = _margin_text(decision)
    return Hint(
        decision.action,
        "; ".join(en_parts) + f" {tail_en}" + margin_en,
        "; ".join(ru_parts) + f" {tail_ru}" + margin_ru,
        "sampling",
        decision.samples,
        decision.exact,
    )


def _margin_text(decision: Decision) -> tuple[str, str]:
    """Why a bidding call priced below another was chosen: the bot's bid margin (a bid must
    beat the pass by it, or, negative, may fall that far short of it). Empty otherwise."""
    margin = decision.notes.get("bid_margin")
    chosen = next((o.value for o in decision.options if o.action == decision.action), None)
    if margin is None or chosen is None or chosen >= max(o.value for o in decision.options):
        return "", ""
    size = abs(margin)
    whists = "whist" if size == 1 else "whists"
    if margin > 0:
        return (
            f"; a bid must promise {size:g} {whists} more than the pass",
            f"; заявка должна обещать на {size:g} {_whists_word_ru(size, counted=True)} больше"
            " паса",
        )
    return (
        f"; a call priced up to {size:g} {whists} below the pass is bid (measured to pay)",
        f"; заявка, оценённая до {size:g} {_whists_word_ru(size, counted=False)} ниже паса,"
        " делается (так выгоднее по измерениям)",
    )


def _whists_word_ru(amount: float, *, counted: bool) -> str:
    """The Russian word for whists agreeing with ``amount``, as :func:`_tricks_word_ru`:
    counted ("на 1 вист", "на 2 виста") or after "до", in the genitive ("до 2 вистов");
    a fraction takes "виста" either way."""
    if amount != int(amount):
        return "виста"
    if counted:
        return plural_ru(int(amount), "вист", "виста", "вистов")
    return plural_ru(int(amount), "виста", "вистов", "вистов")


def _heuristic_hint(view: View) -> Hint:
    from preferans.game.phase import Phase

    action = heuristic_action(view)
    en_name, ru_name = action_text(action, "en"), action_text(action, "ru")
    phase = view.phase
    if phase is Phase.BIDDING:
        strain, tricks = declarer_estimate(view.hand)
        risk = misere_risk(view.hand, own_lead=view.seat == view.active[0])
        en = (
            f"{en_name}: the seed-002 table gives {tricks:.1f} tricks in {strain.symbol}; "
            f"misère holes caught {round(risk * 100)}%"
        )
        ru = (
            f"{ru_name}: по таблице {tricks:.1f} взятки в {strain.symbol}; "
            f"дыры на мизере ловятся в {round(risk * 100)}%"
        )
    elif phase is Phase.WHISTING and view.contract is not None:
        est = defence_estimate(view.hand, view.contract.trump)
        need = view.contract.defence_obligation
        en = f"{en_name}: about {est:.1f} defensive tricks in hand, the defence needs {need}"
        ru = f"{ru_name}: на руке около {est:.1f} вистующих взяток, обязательство {need}"
    elif phase is Phase.CLAIM:
        en = f"{en_name}: the rules of thumb play every claim out"
        ru = f"{ru_name}: по клубным правилам предложения не принимаются, игра продолжается"
    elif phase in (Phase.TALON, Phase.DISCARD, Phase.CONTRACT):
        trump = view.contract.trump if view.contract is not None else None
        tricks = hand_tricks(view.hand, trump)
        en = f"{en_name}: the table estimate is {tricks:.1f} tricks"
        ru = f"{ru_name}: оценка по таблице {tricks:.1f} взятки"
    else:
        en = f"{en_name}: by the card-play rules (second hand low, third hand high, duck)"
        ru = f"{ru_name}: по правилам розыгрыша (второй рукой мелко, третьей старшей, подсад)"
    return Hint(action, en, ru, "heuristic")


def hint(view: View, level: str = "master", *, seed: int = 0, samples: int | None = None) -> Hint:
    """The recommended action for the seat whose view this is, with its reasons; a level
    named for players gives the hint of the bot setting behind it."""
    if not view.legal_actions:
        raise PreferansError(f"{view.seat} has nothing to decide now")
    if level in ("novice", "heuristic"):
        return _heuristic_hint(view)
    if level not in ("amateur", "master", "sampling"):
        raise PreferansError(f"hints come from the heuristic or sampling level, not {level!r}")
    # The level's own setting (the amateur's deals, the master's auction deals), so the
    # advice is the move that level's bot makes.
    bot = make_bot(level, seed=seed, **({} if samples is None else {"samples": samples}))
    if not isinstance(bot, SamplingBot):
        raise PreferansError(f"the {level!r} level is not a sampling bot: it gives no hints")
    return _from_decision(view, bot.decide(view))
