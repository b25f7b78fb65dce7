"""``preferans solve DEAL``: the double-dummy table of a deal.

Shows, for every declarer seat, the tricks it takes in each strain with best play, the
fewest it can be held to on misère, and each seat's raspasy minimum; ``--cards`` adds the
value of every opening lead.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from preferans.cards import Card, CardSet
from preferans.errors import InputSyntaxError
from preferans.solver import Objective, Position, analyse, solve_many

__all__ = ["add_parser", "parse_deal", "run"]

STRAINS: tuple[tuple[str, str, int | None], ...] = (
    ("♠", "spades", 0),
    ("♣", "clubs", 1),
    ("♦", "diamonds", 2),
    ("♥", "hearts", 3),
    ("БК", "notrump", None),
)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``solve`` on the main command's subparsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "solve",
        help="double-dummy analysis of a deal",
        description=(
            "The double-dummy table of a deal: for every declarer seat, the tricks it takes\n"
            "in each strain with best play, the fewest it can be held to on misère, and each\n"
            "seat's raspasy minimum. --cards adds the value of every opening lead."
        ),
        epilog=(
            "example:\n"
            '  preferans solve "♠AKQJ ♣AKQ ♦AK ♥A / ♠1098 ♣J109 ♦QJ10 ♥K / '
            '♠7 ♣87 ♦987 ♥QJ109"\n\n'
            "seats 0, 1, 2 are the hands in the order given (0 leads unless --leader).\n"
            "exit codes: 0 solved, 2 bad input."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "deal",
        metavar="DEAL",
        help='three hands in seat order separated by "/" or "|", e.g. '
        '"♠AK10 ♣987 / ♦... / ..."; an optional fourth part (the talon) is ignored',
    )
    parser.add_argument("--leader", type=int, default=0, choices=(0, 1, 2), help="seat on lead")
    parser.add_argument(
        "--cards", action="store_true", help="value of every opening lead (per strain)"
    )
    parser.add_argument(
        "--declarer",
        type=int,
        default=None,
        choices=(0, 1, 2),
        help="declarer seat for --cards (default: the leader)",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)
    return parser


def parse_deal(text: str) -> tuple[int, int, int]:
    """Three hands (masks) from ``h0 / h1 / h2 [/ talon]``; ``InputSyntaxError`` if malformed."""
    parts = [p.strip() for p in re.split(r"[/|]", text)]
    if len(parts) not in (3, 4):
        raise InputSyntaxError(
            f"expected 3 hands (and an optional talon) separated by / or |, got {len(parts)} parts",
            ru=f"нужны 3 руки (и, если надо, прикуп) через / или |, а частей {len(parts)}",
        )
    hands = [CardSet.parse(p) for p in parts[:3]]
    sizes = {len(h) for h in hands}
    if len(sizes) != 1 or not 1 <= len(hands[0]) <= 10:
        shown = ", ".join(str(len(h)) for h in hands)
        raise InputSyntaxError(
            f"hands must hold the same number of cards, 1 to 10 (got {shown})",
            ru=f"в руках должно быть поровну карт, от 1 до 10 (а их {shown})",
        )
    seen = CardSet()
    for seat, hand in enumerate(hands):
        if not seen.isdisjoint(hand):
            raise InputSyntaxError(
                f"hand {seat} repeats {seen & hand}", ru=f"рука {seat} повторяет {seen & hand}"
            )
        seen = seen | hand
    return hands[0].mask, hands[1].mask, hands[2].mask


def _table(hands: tuple[int, int, int], leader: int) -> dict[str, Any]:
    """All contract results in one batch call."""
    jobs: list[tuple[Position, str, int]] = []
    for seat in range(3):
        for _symbol, _name, trump in STRAINS:
            jobs.append((Position(hands, leader, trump), Objective.TRICKS, seat))
        jobs.append((Position(hands, leader), Objective.MISERE, seat))
    results: list[int] = []
    for goal in (Objective.TRICKS, Objective.MISERE):
        batch = [(p, s) for p, g, s in jobs if g == goal]
        values = solve_many([p for p, _ in batch], goal, [s for _, s in batch])
        results.extend(values)
    per = len(STRAINS)
    tricks = {
        str(seat): {STRAINS[i][1]: results[seat * per + i] for i in range(per)} for seat in range(3)
    }
    misere = {str(seat): results[3 * per + seat] for seat in range(3)}
    return {"tricks": tricks, "misere": misere, "raspasy": dict(misere)}


def _cards(hands: tuple[int, int, int], leader: int, declarer: int) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for _symbol, name, trump in STRAINS:
        values = analyse(Position(hands, leader, trump), Objective.TRICKS, declarer)
        out[name] = {str(Card.from_index(c)): v for c, v in sorted(values.items(), reverse=True)}
    values = analyse(Position(hands, leader), Objective.MISERE, declarer)
    out["misere"] = {str(Card.from_index(c)): v for c, v in sorted(values.items(), reverse=True)}
    return out


def run(args: argparse.Namespace) -> int:
    """Print the table; exit 2 with a one-line message on bad input."""
    try:
        hands = parse_deal(args.deal)
        Position(hands, args.leader).validate()
    except ValueError as error:
        print(f"preferans solve: {error}", file=sys.stderr)
        return 2
    leader: int = args.leader
    declarer: int = leader if args.declarer is None else args.declarer
    table = _table(hands, leader)
    cards = _cards(hands, leader, declarer) if args.cards else None
    if args.json:
        doc: dict[str, Any] = {
            "deal": [CardSet.from_mask(h).format(by_suit=True) for h in hands],
            "leader": leader,
            **table,
        }
        if cards is not None:
            doc["cards"] = {"declarer": declarer, **cards}
        print(json.dumps(doc, ensure_ascii=False, indent=2))
        return 0
    for seat, hand in enumerate(hands):
        mark = "  (on lead)" if seat == leader else ""
        print(f"hand {seat}: {CardSet.from_mask(hand).format(by_suit=True)}{mark}")
    print()
    header = "".join(f"{symbol:>4}" for symbol, _n, _t in STRAINS)
    print(f"declarer{header}  misère  raspasy")
    for seat in range(3):
        row = "".join(f"{table['tricks'][str(seat)][name]:>4}" for _s, name, _t in STRAINS)
        print(f"{seat:>8}{row}{table['misere'][str(seat)]:>8}{table['raspasy'][str(seat)]:>9}")
    print("\ntricks the declarer takes with best play; misère and raspasy: the fewest it can")
    print("be held to by the two others")
    if cards is not None:
        print(f"\nopening leads of hand {leader}, tricks for declarer {declarer}:")
        names = [name for _s, name, _t in STRAINS] + ["misere"]
        symbols = [symbol for symbol, _n, _t in STRAINS] + ["misère"]
        print("card " + "".join(f"{s:>7}" for s in symbols))
        for card in cards["notrump"]:
            print(f"{card:<5}" + "".join(f"{cards[n].get(card, '-'):>7}" for n in names))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point (the ``preferans`` command registers :func:`add_parser`)."""
    parser = argparse.ArgumentParser(prog="preferans")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
