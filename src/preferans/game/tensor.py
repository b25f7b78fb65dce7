"""One seat's view as a flat vector of floats in [0, 1], for learning agents.

The layout is fixed for every variant and table size, so one network reads every table.
Seats are *relative*: slot 0 is the viewer, slot 1 the next seat clockwise at the table
(``seats_for(players)``: S W E for 2 or 3 players, S W N E for 4), and so on; a slot with
no seat stays zero. Cards are 32 entries in card index order (``suit * 8 + rank``, suits
♠ ♣ ♦ ♥, ranks 7…A). Calls and contracts use the stable action indices of
:mod:`preferans.actions`. Every entry is computed from the :class:`View` alone, so a
vector never holds a card the seat may not see. ``docs/ai.md`` lists the blocks.

The *history* extension (the information-state vector of the OpenSpiel game) appends the
card played by each seat in each of the ten tricks, which makes the vector perfect-recall.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from preferans.actions import ACTION_COUNT, Action
from preferans.contracts import Contract, balkan_ladder, bid_ladder
from preferans.errors import InputSyntaxError
from preferans.game.phase import Phase
from preferans.result import DealKind
from preferans.seats import Seat, seats_for

if TYPE_CHECKING:
    from preferans.game.view_data import ViewData

__all__ = [
    "HISTORY_BLOCKS",
    "HISTORY_SIZE",
    "LAYOUT",
    "TENSOR_SIZE",
    "action_mask",
    "block",
    "offset",
    "relative_seats",
    "view_tensor",
]

_CONTRACTS: Final[tuple[Contract, ...]] = bid_ladder(True) + balkan_ladder()
_CONTRACT_INDEX: Final = {c: i for i, c in enumerate(_CONTRACTS)}
_CALLS: Final = ACTION_COUNT - 32
_PHASES: Final = tuple(Phase)
_KINDS: Final = tuple(DealKind)
_VARIANTS: Final = ("sochi", "leningrad", "rostov", "balkan")
_ROLES: Final = (
    "dealer",
    "active",
    "dummy",
    "actor",
    "to_move",
    "declarer",
    "whister",
    "invited",
    "out",
    "refe",
)
_MAX_KONTRA: Final = 8

#: (name, size, meaning) of every block, in order.
LAYOUT: Final[tuple[tuple[str, int, str], ...]] = (
    (
        "phase",
        len(_PHASES),
        "one-hot phase: bidding talon discard contract whisting play claim over",
    ),
    ("players", 3, "one-hot table size: 2, 3, 4"),
    ("variant", 4, "one-hot variant: sochi leningrad rostov balkan"),
    ("roles", 4 * len(_ROLES), "per relative seat: " + " ".join(_ROLES)),
    ("hand", 32, "the viewer's own cards now"),
    ("open_hands", 3 * 32, "relative seats 1-3: their cards now, where open to the viewer"),
    ("hand_sizes", 4, "per relative seat: cards held / 12"),
    ("talon", 32, "talon cards shown to all so far"),
    ("discard", 32, "the discard, where the viewer may know it"),
    ("played", 4 * 32, "per relative seat: every card it has played to a trick"),
    ("talon_led", 32, "raspasy: talon cards that led a trick (this one included)"),
    ("trick", 4 * 32, "per relative seat: its card in the current trick"),
    ("trick_leader", 4, "relative seat that led the current trick"),
    ("tricks_won", 5, "per relative seat: tricks / 10; then the talon's tricks / 10"),
    ("calls", 4 * _CALLS, "per relative seat: every call it made (action index - 32)"),
    ("bid", len(_CONTRACTS), "one-hot highest bid (full Russian ladder, then Balkan)"),
    ("contract", len(_CONTRACTS), "one-hot contract named by the declarer"),
    ("kind", len(_KINDS), "one-hot kind of deal: game misere raspasy walk-away refe"),
    ("trump", 5, "one-hot trump of the contract: spades clubs diamonds hearts none"),
    ("flags", 4, "talon thrown, defence open, ten checked, raspasy in a row (/3, at most 1)"),
    ("kontra", 4, f"per relative seat: kontra level / {_MAX_KONTRA} (at most 1)"),
)
#: The information-state extension: card of each relative seat in each trick.
HISTORY_BLOCKS: Final[tuple[tuple[str, int, str], ...]] = (
    ("trick_history", 10 * 4 * 32, "trick t (0-9), relative seat s: its card (one-hot)"),
)

_OFFSETS: Final[dict[str, tuple[int, int]]] = {}
_at = 0
for _name, _size, _ in LAYOUT + HISTORY_BLOCKS:
    _OFFSETS[_name] = (_at, _size)
    _at += _size
TENSOR_SIZE: Final = sum(size for _, size, _ in LAYOUT)
HISTORY_SIZE: Final = TENSOR_SIZE + sum(size for _, size, _ in HISTORY_BLOCKS)


def offset(name: str) -> int:
    """Where the named block starts in a vector."""
    return _OFFSETS[name][0]


def block(vector: list[float], name: str) -> list[float]:
    """The entries of one named block of a vector made by :func:`view_tensor`."""
    start, size = _OFFSETS[name]
    if start + size > len(vector):
        raise InputSyntaxError(
            f"block {name!r} is not part of a vector of {len(vector)} entries",
            ru=f"блока {name!r} нет в векторе из {len(vector)} чисел",
        )
    return vector[start : start + size]


def relative_seats(players: int, me: Seat) -> dict[Seat, int]:
    """Slot of every seat at the table, counted clockwise from ``me`` (slot 0)."""
    table = seats_for(players)
    mine = table.index(me)
    return {seat: (i - mine) % len(table) for i, seat in enumerate(table)}


def action_mask(actions: Iterable[Action]) -> list[int]:
    """1 at the stable index of every given action, 0 elsewhere (``ACTION_COUNT`` long)."""
    mask = [0] * ACTION_COUNT
    for action in actions:
        mask[action.index] = 1
    return mask


def _cards(out: list[float], start: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[start + low.bit_length() - 1] = 1.0
        mask ^= low


def _contract_slot(contract: Contract) -> int:
    return _CONTRACT_INDEX[contract]


def view_tensor(view: ViewData, *, history: bool = False) -> list[float]:
    """The vector of :data:`LAYOUT` (``TENSOR_SIZE`` floats); with ``history`` the
    perfect-recall vector (``HISTORY_SIZE`` floats, :data:`HISTORY_BLOCKS` appended)."""
    out = [0.0] * (HISTORY_SIZE if history else TENSOR_SIZE)
    rules = view.rules
    rel = relative_seats(rules.players, view.seat)
    o = _OFFSETS

    out[o["phase"][0] + _PHASES.index(view.phase)] = 1.0
    out[o["players"][0] + rules.players - 2] = 1.0
    out[o["variant"][0] + _VARIANTS.index(rules.variant)] = 1.0

    roles = o["roles"][0]
    n_roles = len(_ROLES)

    def role(seat: Seat | None, name: str) -> None:
        if seat is not None and seat in rel:
            out[roles + rel[seat] * n_roles + _ROLES.index(name)] = 1.0

    role(view.dealer, "dealer")
    for seat in view.active:
        role(seat, "active")
    role(view.dummy, "dummy")
    role(view.actor, "actor")
    role(view.to_move, "to_move")
    role(view.declarer, "declarer")
    for seat in view.whisters:
        role(seat, "whister")
    role(view.invited, "invited")
    role(view.out, "out")
    for seat in view.refe:
        role(seat, "refe")

    _cards(out, o["hand"][0], view.hand.mask)
    open_hands = o["open_hands"][0]
    for seat, cards in view.known_hands.items():
        if seat != view.seat:
            _cards(out, open_hands + 32 * (rel[seat] - 1), cards.mask)
    for seat, size in view.hand_sizes.items():
        out[o["hand_sizes"][0] + rel[seat]] = size / 12
    if view.talon is not None:
        _cards(out, o["talon"][0], view.talon.mask)
    if view.discard is not None:
        _cards(out, o["discard"][0], view.discard.mask)

    played = o["played"][0]
    talon_led = o["talon_led"][0]
    trick_history = o["trick_history"][0]
    for t, trick in enumerate(view.completed_tricks):
        for seat, card in trick.cards:
            out[played + 32 * rel[seat] + card.index] = 1.0
            if history:
                out[trick_history + 128 * t + 32 * rel[seat] + card.index] = 1.0
        if trick.talon_card is not None:
            out[talon_led + trick.talon_card.index] = 1.0
    current = o["trick"][0]
    for seat, card in view.current_trick:
        out[played + 32 * rel[seat] + card.index] = 1.0
        out[current + 32 * rel[seat] + card.index] = 1.0
        if history:
            t = len(view.completed_tricks)
            out[trick_history + 128 * t + 32 * rel[seat] + card.index] = 1.0
    if view.lead_talon_card is not None:
        out[talon_led + view.lead_talon_card.index] = 1.0
    if view.current_trick:
        out[o["trick_leader"][0] + rel[view.current_trick[0][0]]] = 1.0

    won = o["tricks_won"][0]
    for seat, n in view.tricks_won.items():
        out[won + rel[seat]] = n / 10
    out[won + 4] = view.talon_tricks / 10

    calls = o["calls"][0]
    for seat, action in view.history:
        if action is not None and action.index >= 32:
            out[calls + _CALLS * rel[seat] + action.index - 32] = 1.0
    if view.bid is not None:
        out[o["bid"][0] + _contract_slot(view.bid)] = 1.0
    contract = view.contract
    if contract is not None:
        out[o["contract"][0] + _contract_slot(contract)] = 1.0
        trump = contract.trump
        out[o["trump"][0] + (4 if trump is None else int(trump))] = 1.0
    if view.kind is not None:
        out[o["kind"][0] + _KINDS.index(view.kind)] = 1.0
    flags = o["flags"][0]
    out[flags] = float(view.talon_thrown)
    out[flags + 1] = float(view.defence_open)
    out[flags + 2] = float(view.checked)
    out[flags + 3] = min(view.raspasy_run, 3) / 3
    for seat, level in view.kontra.items():
        out[o["kontra"][0] + rel[seat]] = min(level, _MAX_KONTRA) / _MAX_KONTRA
    return out
