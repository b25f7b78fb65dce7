"""Who plays whom: round 1 from a fair shuffle, later Swiss rounds by the standings.

The rule (``docs/tournaments.md``):

- **Shape.** With ``P`` players at tables of ``n``: ``P // n`` full tables; a remainder of
  one player is a **bye** (he sits the round out and scores 0 whists, the field's mean,
  since every table's whists sum to zero); a remainder of two or more makes one **short
  table** whose empty seats bots at the strong level fill.
- **Round 1.** Everybody in the order of a fair shuffle of the round's secret
  (:func:`preferans.tournament.draw.fair_order`); tables are consecutive runs of that
  order, the short table last, the bye the last player.
- **Later rounds.** Players in standings order (equal ranks in the order of a fair draw).
  The bye goes to the lowest-ranked player among those with the fewest byes so far. Then
  tables are filled from the top: the highest unseated player takes the closest players
  below him (closest by the farthest one's rank) with whom nobody at the table has played
  yet. A depth-first search backs off when the rest cannot be seated, and looks at most
  at :data:`SEARCH_BUDGET` candidate tables. When repeats cannot be avoided, the fewest
  are searched for by bisection on the number allowed, starting from a greedy arrangement
  (each head with the closest companions that repeat least); the short table is last.
- **Seats** at each table are a fair draw of its members (bots included).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from itertools import combinations
from typing import Final, Protocol

from preferans.errors import PreferansError, RulesError

from .draw import fair_order
from .plan import RoundPlan, TablePlan, is_bot

__all__ = [
    "SEARCH_BUDGET",
    "InOrder",
    "Ranked",
    "first_round",
    "greedy_groups",
    "shape",
    "swiss_round",
]

#: Tables the search may look at for one number of allowed repeat meetings.
SEARCH_BUDGET: Final = 20_000
#: Candidate tables the greedy first arrangement looks at for each head.
GREEDY_SCAN: Final = 2_000
#: The fewest people at a table (the rest are bots).
MIN_AT_TABLE: Final = 2


class Ranked(Protocol):
    """What the pairing needs of the standings (:class:`~.standings.Standings` has it)."""

    @property
    def ranking(self) -> tuple[str, ...]:
        """The players, best first."""
        ...

    def rank_of(self, player: str) -> int:
        """The player's rank (tied players share one)."""
        ...

    def byes_of(self, player: str) -> int:
        """How many byes the player has had."""
        ...


class InOrder:
    """Standings that are only an order (a seeding): each player on his own rank, best
    first, and nobody has had a bye. Swiss rounds over it show the search at its hardest,
    since the same neighbours stay together round after round."""

    def __init__(self, order: Sequence[str]) -> None:
        self.ranking = tuple(order)

    def __repr__(self) -> str:
        return f"InOrder({list(self.ranking)!r})"

    def rank_of(self, player: str) -> int:
        return self.ranking.index(player) + 1

    def byes_of(self, player: str) -> int:
        return 0


def check_players(players: Sequence[str], table_size: int) -> None:
    """Refuse what cannot be seated: a table size other than 3 or 4, too few players,
    a name given twice, or a name a bot's could be mistaken for."""
    if table_size not in (3, 4) or isinstance(table_size, bool):
        raise RulesError(
            f"table_size must be 3 or 4, not {table_size!r}",
            ru=f"за столом 3 или 4 игрока, а не {table_size!r}",
        )
    if len(players) < MIN_AT_TABLE:
        raise RulesError(
            f"a round needs at least {MIN_AT_TABLE} players, not {len(players)}",
            ru=f"для тура нужно хотя бы {MIN_AT_TABLE} игрока, а не {len(players)}",
        )
    seen: set[str] = set()
    for name in players:
        if not isinstance(name, str) or not name or is_bot(name) or ":" in name:
            raise PreferansError(
                f"{name!r} cannot be a player's name in a tournament",
                ru=f"{name!r} не может быть именем игрока турнира",
            )
        if name in seen:
            raise PreferansError(f"{name} is registered twice", ru=f"{name} зарегистрирован дважды")
        seen.add(name)


def shape(players: int, table_size: int) -> tuple[list[int], int]:
    """The people per table (the short table last) and the number of byes (0 or 1)."""
    full, rest = divmod(players, table_size)
    if rest == 0:
        return [table_size] * full, 0
    if rest == 1 and full >= 1:
        return [table_size] * full, 1
    return [table_size] * full + [rest], 0


def first_round(players: Sequence[str], secret: bytes, table_size: int) -> RoundPlan:
    """Round 1: consecutive runs of a fair shuffle of the players."""
    check_players(players, table_size)
    order = fair_order(secret, "round", 1, list(players))
    sizes, byes = shape(len(order), table_size)
    seated, out = order[: len(order) - byes], order[len(order) - byes :]
    groups, start = [], 0
    for size in sizes:
        groups.append(seated[start : start + size])
        start += size
    return _plan(groups, out, table_size, secret, 1)


def swiss_round(
    standings: Ranked,
    met: Mapping[str, Collection[str]],
    table_size: int,
    round_no: int,
    secret: bytes,
    *,
    players: Collection[str] | None = None,
) -> RoundPlan:
    """A later round: similar scores together, no repeat meetings where avoidable.

    ``met[a]`` holds everyone ``a`` has shared a table with; ``players`` (default: all of
    the standings) leaves out who has withdrawn.
    """
    if round_no < 2:
        raise RulesError(
            f"round {round_no} is not a Swiss round; round 1 is first_round",
            ru=f"тур {round_no} не швейцарский; первый тур даёт first_round",
        )
    ranking = [p for p in standings.ranking if players is None or p in players]
    check_players(ranking, table_size)
    order = _break_ties(ranking, standings, secret, round_no)
    sizes, byes = shape(len(order), table_size)
    out: list[str] = []
    if byes:
        fewest = min(standings.byes_of(p) for p in order)
        bye = next(p for p in reversed(order) if standings.byes_of(p) == fewest)
        order.remove(bye)
        out.append(bye)
    groups = _groups(order, sizes, met)
    return _plan(groups, out, table_size, secret, round_no)


def _break_ties(
    ranking: Sequence[str], standings: Ranked, secret: bytes, round_no: int
) -> list[str]:
    """The standings order with each run of equal ranks in the order of a fair draw."""
    out: list[str] = []
    start = 0
    while start < len(ranking):
        rank = standings.rank_of(ranking[start])
        end = start
        while end < len(ranking) and standings.rank_of(ranking[end]) == rank:
            end += 1
        out.extend(fair_order(secret, f"ties:{rank}", round_no, ranking[start:end]))
        start = end
    return out


def _repeats(members: Sequence[str], met: Mapping[str, Collection[str]]) -> int:
    return sum(1 for i, a in enumerate(members) for b in members[i + 1 :] if b in met.get(a, ()))


def _closest(count: int, take: int) -> Iterator[tuple[int, ...]]:
    """Index sets of ``take`` from ``range(count)``, the farthest index growing slowest."""
    if take == 0:
        yield ()
        return
    for last in range(take - 1, count):
        for head in combinations(range(last), take - 1):
            yield (*head, last)


class _OutOfTries(Exception):
    pass


def _search(
    order: list[str], sizes: list[int], met: Mapping[str, Collection[str]], allowed: int
) -> list[list[str]] | None:
    tries = 0

    def seat(rest: list[str], at: int, left: int) -> list[list[str]] | None:
        nonlocal tries
        if not rest:
            return []
        head, others = rest[0], rest[1:]
        for chosen in _closest(len(others), sizes[at] - 1):
            tries += 1
            if tries > SEARCH_BUDGET:
                raise _OutOfTries
            members = [head, *(others[i] for i in chosen)]
            cost = _repeats(members, met)
            if cost > left:
                continue
            picked = set(chosen)
            remaining = [p for i, p in enumerate(others) if i not in picked]
            below = seat(remaining, at + 1, left - cost)
            if below is not None:
                return [members, *below]
        return None

    try:
        return seat(order, 0, allowed)
    except _OutOfTries:
        return None


def greedy_groups(
    order: list[str], sizes: list[int], met: Mapping[str, Collection[str]]
) -> list[list[str]]:
    """Each table in turn: the head with the first of the closest companions (among
    :data:`GREEDY_SCAN`) that repeat the fewest meetings."""
    rest, out = list(order), []
    for size in sizes:
        head, others = rest[0], rest[1:]
        best: tuple[int, tuple[int, ...]] | None = None
        for scanned, chosen in enumerate(_closest(len(others), size - 1)):
            if scanned >= GREEDY_SCAN:
                break
            cost = _repeats([head, *(others[i] for i in chosen)], met)
            if best is None or cost < best[0]:
                best = (cost, chosen)
                if cost == 0:
                    break
        assert best is not None
        picked = set(best[1])
        out.append([head, *(others[i] for i in best[1])])
        rest = [p for i, p in enumerate(others) if i not in picked]
    return out


def _groups(
    order: list[str], sizes: list[int], met: Mapping[str, Collection[str]]
) -> list[list[str]]:
    """The closest arrangement with the fewest repeats the searches find: the greedy one
    first, then a bisection on the number of repeats allowed."""
    best = greedy_groups(order, sizes, met)
    high = sum(_repeats(group, met) for group in best)
    low = 0
    while low < high:
        middle = (low + high) // 2
        found = _search(order, sizes, met, middle)
        if found is None:
            low = middle + 1
        else:
            best, high = found, sum(_repeats(group, met) for group in found)
    return best


def _plan(
    groups: Sequence[Sequence[str]],
    byes: Sequence[str],
    table_size: int,
    secret: bytes,
    round_no: int,
) -> RoundPlan:
    tables = []
    for number, group in enumerate(groups, start=1):
        members: list[str | None] = [*group, *([None] * (table_size - len(group)))]
        seats = fair_order(secret, f"seats:{number}", round_no, members)
        tables.append(TablePlan(number, tuple(seats)))
    return RoundPlan(tuple(tables), tuple(byes))
