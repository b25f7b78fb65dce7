"""The table's rules: a variant preset plus every convention as a named field.

A :class:`Rules` value is frozen and validated on creation, so an engine or a sheet never
meets an inconsistent combination. It round-trips through JSON so that a table can show
and store its conventions. See ``docs/rules.md`` for what each convention means.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from typing import Any, Final, Literal, get_args

from preferans.errors import PreferansError, RulesError

__all__ = [
    "PRESETS",
    "Rules",
    "find_rules",
]

Variant = Literal["sochi", "leningrad", "rostov", "balkan"]
WhistStyle = Literal["greedy", "gentleman"]
Responsibility = Literal["responsible", "half_responsible"]
RaspasyTalon = Literal["leads", "unused"]
RaspasyScoring = Literal["gora", "whists"]
Overflow = Literal["help", "gora"]
Rounding = Literal["half_away", "exact"]


_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "variant": get_args(Variant),
    "whist_style": get_args(WhistStyle),
    "responsibility": get_args(Responsibility),
    "raspasy_talon": get_args(RaspasyTalon),
    "raspasy_scoring": get_args(RaspasyScoring),
    "overflow": get_args(Overflow),
    "rounding": get_args(Rounding),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that varies between tables. Defaults are the Sochi preset for 3 players."""

    variant: Variant = "sochi"
    """Scoring family: whist and gora rates, raspasy, rating coefficient (RULES §9.2)."""
    players: int = 3
    """2 (with a dummy at East), 3, or 4 (the dealer sits out each deal)."""

    # --- bidding (RULES §3)
    jump_bids: bool = False
    """A bid may skip steps of the ladder (default: only the next step)."""
    here: bool = True
    """"Here" (здесь/мои): hold the current bid when the right-hand neighbour is out."""
    no_talon_bids: bool = False
    """Bids without the talon (N без прикупа, мизер без прикупа)."""
    here_over_dummy: bool = False
    """2 players, a table's own agreement: the dummy counts as "out" for "here" (the seeds
    name only a passed player and the sitting-out dealer, so by default it does not)."""

    # --- talon and contract (RULES §4)
    walk_away: bool = True
    """The declarer may concede "without three" after seeing the talon."""
    throw_talon: bool = False
    """4 players only: the declarer may refuse the talon, 2 into the dealer's gora."""

    # --- whisting (RULES §5)
    half_whist: bool = True
    """Half-whist on sixes and sevens, with the first defender's right to return the whist."""
    ten_checked: bool = True
    """A ten is checked (played open, no obligation) rather than whisted."""
    stalingrad: bool = False
    """6♠ must be whisted by both defenders, closed."""
    open_after_first_lead: bool = True
    """When the declarer leads first, an open defence is shown after that lead."""
    whist_style: WhistStyle = "greedy"
    """Declarer fails with one whister: greedy (whister writes all) or gentleman's (halves)."""
    responsibility: Responsibility = "responsible"
    """Shortfall of whisted tricks: price per trick, or half the doubled rate (Leningrad)."""

    # --- misère (RULES §7)
    misere_open_after_first_trick: bool = False
    """The declarer's twelve cards are shown after trick 1 instead of at the contract."""

    # --- raspasy (RULES §8)
    raspasy_talon: RaspasyTalon = "leads"
    """Talon cards lead tricks 1 and 2 (with 4 players they are real cards of the dealer),
    or take no part and stay unknown (Rostov)."""
    raspasy_scoring: RaspasyScoring = "gora"
    """Tricks on raspasy go to gora (Sochi, Leningrad) or are paid in whists (Rostov)."""
    raspasy_progression: tuple[int, ...] = (1, 2, 3)
    """Multipliers of the trick price for consecutive raspasy; the last one repeats."""
    raspasy_exit: int = 6
    """The lowest level of the first contract played after raspasy (6 or 7)."""

    # --- play (RULES §6)
    claims: bool = True
    """A player may propose the result of the remaining tricks; all must accept."""

    # --- the sheet (RULES §9)
    end_on_total: bool = False
    """The pulya also ends when the sum of all pulyas is greater than target × players
    (seed 001: "больше чем")."""
    overflow: Overflow = "help"
    """Points beyond the target: help another open pulya for 10 whists a point, or off gora."""
    rounding: Rounding = "half_away"
    """Settlement rounding to whole whists (the sum stays zero), or exact fractions."""

    # --- Balkan only (docs/balkan.md)
    refe: int = 0
    """Balkan: how many open refes (written when everybody passes) a player may hold;
    0 = refe is not played. Must be 0 in the other variants."""

    def __post_init__(self) -> None:
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                options = ", ".join(repr(c) for c in choices)
                raise RulesError(f"{name} must be one of {options}, not {value!r}")
        for field in fields(self):
            value = getattr(self, field.name)
            if field.type == "bool" and not isinstance(value, bool):
                raise RulesError(f"{field.name} must be true or false, not {value!r}")
        if self.players not in (2, 3, 4) or isinstance(self.players, bool):
            raise RulesError(f"players must be 2, 3 or 4, not {self.players!r}")
        if self.throw_talon and self.players != 4:
            raise RulesError("throw_talon (бросок прикупа) exists only with 4 players")
        progression = self.raspasy_progression
        if (
            not isinstance(progression, tuple)
            or not progression
            or any(not isinstance(m, int) or isinstance(m, bool) or m < 1 for m in progression)
        ):
            raise RulesError(
                f"raspasy_progression must be positive whole multipliers, not {progression!r}"
            )
        if list(progression) != sorted(progression):
            raise RulesError(f"raspasy_progression must not decrease: {progression!r}")
        if self.raspasy_exit not in (6, 7):
            raise RulesError(f"raspasy_exit must be 6 or 7, not {self.raspasy_exit!r}")
        if self.raspasy_scoring == "whists" and self.variant != "rostov":
            raise RulesError("raspasy paid in whists is the Rostov rule; set variant='rostov'")
        if not isinstance(self.refe, int) or isinstance(self.refe, bool) or self.refe < 0:
            raise RulesError(f"refe must be a whole number 0 or more, not {self.refe!r}")
        if self.variant == "balkan":
            self._check_balkan()
        elif self.refe:
            raise RulesError("refe is a Balkan rule; set variant='balkan'")
        if not isinstance(self.here_over_dummy, bool):
            raise RulesError(f"here_over_dummy must be true or false, not {self.here_over_dummy!r}")
        if self.here_over_dummy and self.players != 2:
            raise RulesError("here_over_dummy is a 2-player convention (the dummy's seat)")

    def _check_balkan(self) -> None:
        """The Russian conventions that have no meaning in the Balkan game are pinned to the
        preset's value, so a table cannot believe it plays something the engine ignores."""
        if self.players != 3:
            raise RulesError("the Balkan game is played by 3 players")
        base = _BALKAN_FIXED
        for name, value in base.items():
            if getattr(self, name) != value:
                raise RulesError(
                    f"{name} does not apply to the Balkan game (it must stay {value!r})"
                )

    # --- derived values ------------------------------------------------------------------

    @property
    def has_dummy(self) -> bool:
        return self.players == 2

    @property
    def is_balkan(self) -> bool:
        """The Serbian game: numbered bids, kontra, invitation and the bula sheet."""
        return self.variant == "balkan"

    @property
    def family(self) -> str:
        """The variant family (preferans.families): ``balkan`` or ``russian``."""
        return "balkan" if self.variant == "balkan" else "russian"

    @property
    def rate(self) -> int:
        """Multiplier of the price for whists, undertricks and consolation (Leningrad 2)."""
        return 2 if self.variant == "leningrad" else 1

    def raspasy_multiplier(self, run: int) -> int:
        """The price multiplier of the ``run``-th raspasy in a row (1 for the first)."""
        if run < 1:
            raise PreferansError("raspasy runs are counted from 1")
        progression = self.raspasy_progression
        return progression[min(run, len(progression)) - 1]

    def with_(self, **changes: Any) -> Rules:
        """A copy with some conventions changed (validated like a new value)."""
        _check_names(changes)
        return replace(self, **_normalise(changes))

    # --- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every field; ``refe`` only for the Balkan game (stored rules of the other
        variants stay exactly as they were before it existed)."""
        data = dict(_as_dict(self))
        data["raspasy_progression"] = list(self.raspasy_progression)
        if not self.is_balkan:
            del data["refe"]
        if not self.here_over_dummy:
            del data["here_over_dummy"]
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild from :meth:`to_dict`; missing fields take the variant preset's default."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a JSON object, not {type(data).__name__}")
        _check_names(data)
        variant = data.get("variant", "sochi")
        return find_rules(variant, **{k: v for k, v in data.items() if k != "variant"})

    @classmethod
    def from_json(cls, text: str) -> Rules:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RulesError(f"rules are not valid JSON: {error}") from None
        return cls.from_dict(data)

    def differences(self) -> dict[str, Any]:
        """The conventions that differ from this variant's preset (for a compact display)."""
        base = PRESETS[self.variant]
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }


FIELD_NAMES: Final = frozenset(f.name for f in fields(Rules))


def _check_names(data: dict[str, Any]) -> None:
    unknown = sorted(set(data) - FIELD_NAMES)
    if unknown:
        known = ", ".join(sorted(FIELD_NAMES))
        raise RulesError(f"unknown convention {', '.join(unknown)}; known ones: {known}")


def _normalise(data: dict[str, Any]) -> dict[str, Any]:
    """JSON gives lists where the config keeps tuples."""
    if isinstance(data.get("raspasy_progression"), list):
        data = {**data, "raspasy_progression": tuple(data["raspasy_progression"])}
    return data


#: Conventions fixed in the Balkan game: no jumps, "igra" (without the talon) is part of the
#: game, no walking away or throwing, no half-whist, no checked ten or Stalingrad, no open
#: defence, no claims; raspasy does not exist (an all-pass writes a refe instead).
_BALKAN_FIXED: Final[dict[str, object]] = {
    "jump_bids": False,
    "no_talon_bids": True,
    "walk_away": False,
    "throw_talon": False,
    "half_whist": False,
    "ten_checked": False,
    "stalingrad": False,
    "open_after_first_lead": False,
    "whist_style": "greedy",
    "responsibility": "responsible",
    "raspasy_talon": "unused",
    "raspasy_scoring": "gora",
    "raspasy_progression": (1,),
    "raspasy_exit": 6,
    "claims": False,
    "end_on_total": False,
    "overflow": "gora",
}

PRESETS: Final[dict[str, Rules]] = {
    "sochi": Rules(variant="sochi"),
    "leningrad": Rules(
        variant="leningrad",
        whist_style="gentleman",
        responsibility="half_responsible",
    ),
    "rostov": Rules(
        variant="rostov",
        raspasy_talon="unused",
        raspasy_scoring="whists",
        raspasy_progression=(1,),
    ),
    "balkan": Rules(
        variant="balkan",
        misere_open_after_first_trick=True,
        refe=2,
        **_BALKAN_FIXED,  # type: ignore[arg-type]
    ),
}
PRESETS["piter"] = PRESETS["leningrad"]
PRESETS["serbian"] = PRESETS["balkan"]


def find_rules(name: str, **conventions: Any) -> Rules:
    """The preset ``name`` (sochi, leningrad/piter, rostov, balkan/serbian) with some
    conventions changed.

    >>> find_rules("leningrad", players=4).whist_style
    'gentleman'
    """
    preset = PRESETS.get(name.strip().lower()) if isinstance(name, str) else None
    if preset is None:
        raise RulesError(
            f"unknown variant {name!r}; presets: sochi, leningrad (piter), rostov, balkan (serbian)"
        )
    return preset.with_(**conventions) if conventions else preset


@lru_cache(maxsize=256)
def _as_dict(rules: Rules) -> dict[str, Any]:
    """``asdict`` walks every field (a third of a millisecond) and a club asks for the same
    table's rules with every event; the fields are scalars, so a shallow copy of one walk
    per Rules value is the same dict. Never handed out itself (callers may change theirs)."""
    return asdict(rules)
