"""Pure-Python double-dummy solver: the test oracle and the fallback backend.

Same API and same answers as the C extension, with a simpler algorithm so that the two
check each other: fail-soft alpha-beta over the full window, a transposition table at
trick boundaries keyed by relative ranks, and equivalent-card pruning. Tricks led by talon
cards (raspasy) are searched without the table; first hand plays first in each.
"""

from __future__ import annotations

from collections.abc import Sequence

from preferans.solver.position import (
    Objective,
    Position,
    check_task,
    declarer_seats,
    legal_cards,
    play,
    talon_winner,
)

__all__ = ["analyse", "raspasy", "selfish_tricks", "solve", "solve_many"]

_COMPRESS: list[int] = []


def _compress_table() -> list[int]:
    """``table[rem << 8 | hand]``: the hand's bits re-indexed among the remaining cards."""
    if not _COMPRESS:
        table = [0] * 65536
        for rem in range(256):
            positions = [b for b in range(8) if rem >> b & 1]
            for hand in range(256):
                if hand & ~rem:
                    continue
                out = 0
                for j, b in enumerate(positions):
                    if hand >> b & 1:
                        out |= 1 << j
                table[rem << 8 | hand] = out
        _COMPRESS[:] = table
    return _COMPRESS


def _groups(legal: int, others: int) -> list[int]:
    """One card per run of ``legal`` cards not separated by any card in ``others``."""
    reps: list[int] = []
    for suit in range(4):
        mine = legal >> (8 * suit) & 0xFF
        if not mine:
            continue
        theirs = others >> (8 * suit) & 0xFF
        in_run = False
        for bit in range(7, -1, -1):
            if mine >> bit & 1:
                if not in_run:
                    reps.append(8 * suit + bit)
                    in_run = True
            elif theirs >> bit & 1:
                in_run = False
    return reps


class _Search:
    """One solve: owns its transposition table, so calls never share state."""

    def __init__(self, position: Position, declarer: int, goal: Objective) -> None:
        self.hands = [h or 0 for h in position.hands]
        self.active = position.active
        self.trump = -1 if position.trump is None else position.trump
        self.win = [1 if seat == declarer else 0 for seat in range(3)]
        if goal is Objective.TRICKS:
            self.maxside = [seat == declarer for seat in range(3)]
        else:
            self.maxside = [seat != declarer for seat in range(3)]
        nxt = [0, 0, 0]
        for i, seat in enumerate(self.active):
            nxt[seat] = self.active[(i + 1) % len(self.active)]
        self.next = nxt
        self.table = _compress_table()
        self.tt: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        self.position = position
        self.first = position.leader

    def key(self, leader: int) -> tuple[int, int, int, int]:
        h0, h1, h2 = self.hands
        rem = h0 | h1 | h2
        table = self.table
        r0 = r1 = r2 = 0
        for suit in range(4):
            shift = 8 * suit
            base = (rem >> shift & 0xFF) << 8
            r0 |= table[base | (h0 >> shift & 0xFF)] << shift
            r1 |= table[base | (h1 >> shift & 0xFF)] << shift
            r2 |= table[base | (h2 >> shift & 0xFF)] << shift
        return (leader, r0, r1, r2)

    def moves(self, seat: int, trick: Sequence[int], talon: tuple[int, ...]) -> list[int]:
        hand = self.hands[seat]
        legal = hand
        if trick or talon:
            led = talon[0] >> 3 if talon else trick[0] >> 3
            follow = hand & (0xFF << (8 * led))
            if follow:
                legal = follow
            elif self.trump >= 0 and hand & (0xFF << (8 * self.trump)):
                legal = hand & (0xFF << (8 * self.trump))
        others = 0
        for other in range(3):
            if other != seat:
                others |= self.hands[other]
        for card in trick:
            others |= 1 << card
        if self.position.talon_wins:
            for card in talon:  # a talon card that can win separates equivalent cards
                others |= 1 << card
        return _groups(legal, others)

    def value(
        self,
        leader: int,
        trick: tuple[int, ...],
        alpha: int,
        beta: int,
        talon: tuple[int, ...] = (),
    ) -> int:
        """Counted tricks from here with best play, fail-soft within (alpha, beta).

        ``talon``: the talon cards still to lead, the current trick's first.
        """
        key = None
        lower, upper = 0, 0
        if not trick and talon:
            if self.hands[leader].bit_count() == 0:
                return 0
        elif not trick:
            upper = self.hands[leader].bit_count()
            if upper == 0:
                return 0
            key = self.key(leader)
            bounds = self.tt.get(key)
            if bounds is not None:
                lower, upper = bounds
            if lower == upper or lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        alpha0, beta0 = alpha, beta
        seat = leader
        for _ in trick:
            seat = self.next[seat]
        maximise = self.maxside[seat]
        best = -1 if maximise else 99
        closes = len(trick) + 1 == len(self.active)
        for card in self.moves(seat, trick, talon):
            self.hands[seat] ^= 1 << card
            played = (*trick, card)
            if closes and talon:
                taker = self._talon_winner(played, talon)
                gain = 0 if taker is None else self.win[taker]
                v = gain + self.value(self.first, (), alpha - gain, beta - gain, talon[1:])
            elif closes:
                winner = self._winner(leader, played)
                gain = self.win[winner]
                v = gain + self.value(winner, (), alpha - gain, beta - gain)
            else:
                v = self.value(leader, played, alpha, beta, talon)
            self.hands[seat] ^= 1 << card
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            self._store(key, lower, upper, best, alpha0, beta0)
        return best

    def _store(
        self, key: tuple[int, int, int, int], lower: int, upper: int, v: int, alpha: int, beta: int
    ) -> None:
        # Fail-soft: a result outside the entry window is only a bound on the true value.
        if v >= beta:
            lower = max(lower, v)
        elif v <= alpha:
            upper = min(upper, v)
        else:
            lower = upper = v
        self.tt[key] = (lower, upper)

    def _winner(self, leader: int, trick: tuple[int, ...]) -> int:
        best, seat, winner = trick[0], leader, leader
        for card in trick[1:]:
            seat = self.next[seat]
            if card >> 3 == best >> 3:
                if card > best:
                    best, winner = card, seat
            elif card >> 3 == self.trump:
                best, winner = card, seat
        return winner

    def _talon_winner(self, trick: tuple[int, ...], talon: tuple[int, ...]) -> int | None:
        """The seat taking a talon trick played from first hand; ``None``: the talon card."""
        best = talon_winner(trick, talon[0], self.position.talon_wins)
        if best is None:
            return None
        seat = self.first
        for _ in range(best):
            seat = self.next[seat]
        return seat

    def root(self, position: Position) -> int:
        n = max(h.bit_count() for h in self.hands)
        return self.value(position.leader, position.played, -1, n + 1, position.talon)


def _selfish(
    position: Position, declarer: int, memo: dict[Position, tuple[int, int, int]]
) -> tuple[int, int, int]:
    """Each seat's tricks from here when every seat avoids its own tricks: a plain max-n
    search over every legal card (no equivalent-card pruning, unlike the C core), ties
    broken as there: a defender loads the declarer, the declarer the seat after him."""
    known = memo.get(position)
    if known is not None:
        return known
    seat = position.to_move()
    tie = declarer if seat != declarer else (declarer + 1) % 3
    best = (99, 99, 99)
    for card in legal_cards(position):
        after, winner = play(position, card)
        tricks = [0, 0, 0]
        if any(after.hands):
            tricks = list(_selfish(after, declarer, memo))
        if winner is not None:
            tricks[winner] += 1
        if (tricks[seat], -tricks[tie]) < (best[seat], -best[tie]):
            best = (tricks[0], tricks[1], tricks[2])
    memo[position] = best
    return best


def selfish_tricks(position: Position, declarer: int = 0) -> tuple[int, int, int]:
    """Every seat's tricks from here in selfish raspasy, ties loading ``declarer``."""
    position.validate()
    check_task(position, Objective.SELFISH, declarer)
    return _selfish(position, declarer, {})


def solve(position: Position, objective: Objective | str = "tricks", declarer: int = 0) -> int:
    """Tricks the declarer seat takes from here (current trick included) with best play."""
    position.validate()
    goal = check_task(position, objective, declarer)
    if goal is Objective.SELFISH:
        return _selfish(position, declarer, {})[declarer]
    return _Search(position, declarer, goal).root(position)


def analyse(
    position: Position, objective: Objective | str = "tricks", declarer: int = 0
) -> dict[int, int]:
    """For every legal card of the seat to move: the declarer's tricks after playing it."""
    position.validate()
    goal = check_task(position, objective, declarer)
    if goal is Objective.SELFISH:
        memo: dict[Position, tuple[int, int, int]] = {}
        values: dict[int, int] = {}
        for card in legal_cards(position):
            after, winner = play(position, card)
            rest = _selfish(after, declarer, memo)[declarer] if any(after.hands) else 0
            values[card] = rest + (1 if winner == declarer else 0)
        return values
    search = _Search(position, declarer, goal)
    out: dict[int, int] = {}
    for card in legal_cards(position):
        after, winner = play(position, card)
        gain = 1 if winner == declarer else 0
        search.hands = [h or 0 for h in after.hands]
        out[card] = gain + search.root(after)
    return out


def raspasy(position: Position) -> tuple[int | None, int | None, int | None]:
    """For each seat in play: the fewest tricks it can guarantee (raspasy)."""
    res = [
        None if position.hands[s] is None else solve(position, Objective.RASPASY, s)
        for s in range(3)
    ]
    return (res[0], res[1], res[2])


def solve_many(
    positions: Sequence[Position],
    objective: Objective | str = "tricks",
    declarer: int | Sequence[int] = 0,
    threads: int | None = None,
) -> list[int]:
    """Solve many positions (sequentially: pure Python gains nothing from threads)."""
    seats = declarer_seats(positions, declarer)
    return [solve(p, objective, d) for p, d in zip(positions, seats, strict=True)]
