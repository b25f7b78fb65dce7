"""The house's layout: no import circles, and the Russian game without the Balkan rooms."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src" / "preferans"


def _module_name(path: Path, root: Path = ROOT) -> str:
    name = ".".join(("preferans", *path.relative_to(root).with_suffix("").parts))
    return name.removesuffix(".__init__")


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = getattr(test, "id", getattr(test, "attr", ""))
            if name == "TYPE_CHECKING":
                skip.update(id(x) for b in node.body for x in ast.walk(b))
    return skip


def import_graph(root: Path = ROOT, *, type_only: bool = False) -> dict[str, set[str]]:
    """Module -> modules of the package it imports (at module level or in a function;
    imports only for the type checker count when ``type_only`` is set: a circle hidden
    under ``if TYPE_CHECKING:`` is still two modules calling each other back)."""
    paths = {_module_name(p, root): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in paths}
    for module, path in paths.items():
        package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set() if type_only else _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                targets = [base, *(f"{base}.{a.name}" for a in node.names)]
            for target in targets:
                if target in paths and target != module and not module.startswith(target + "."):
                    graph[module].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles_between_modules_even_for_the_type_checker() -> None:
    """Every room, the library's as well as the server's: an import made only for the type
    checker counts too (a circle under ``if TYPE_CHECKING:`` is still two modules that
    need each other)."""
    assert cycles(import_graph()) == []
    assert cycles(import_graph(type_only=True)) == []


def test_a_circle_hidden_from_the_interpreter_is_found_for_the_type_checker(
    tmp_path: Path,
) -> None:
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from preferans.high import H\n"
    )
    (tmp_path / "high.py").write_text("from preferans.low import L\n")
    assert cycles(import_graph(tmp_path)) == []
    assert cycles(import_graph(tmp_path, type_only=True)) == [["preferans.high", "preferans.low"]]


def test_the_russian_rooms_import_nothing_of_the_balkan_family() -> None:
    graph = import_graph()
    balkan = {m for m in graph if m.startswith("preferans.balkan")}
    offenders = {m: graph[m] & balkan for m in graph if m not in balkan and graph[m] & balkan}
    assert offenders == {}


def test_every_russian_variant_plays_with_the_balkan_modules_blocked() -> None:
    """A fresh interpreter where importing ``preferans.balkan`` fails plays a deal of every
    Russian variant and table size with every bot level through the whole stack."""
    script = textwrap.dedent(
        """
        import random, sys
        from importlib.abc import MetaPathFinder

        class Block(MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name == "preferans.balkan" or name.startswith("preferans.balkan."):
                    raise ImportError("blocked: " + name)
                return None

        sys.meta_path.insert(0, Block())
        from preferans.bots.levels import make_bot
        from preferans.game import Deal, new_deal
        from preferans.rules import find_rules
        from preferans.scoring import Pulya, render_svg, render_text
        from preferans.seats import Seat

        for variant in ("sochi", "leningrad", "rostov"):
            for players in (2, 3, 4):
                rules = find_rules(variant, players=players)
                bots = {"heuristic": make_bot("heuristic", 1), "random": make_bot("random", 2)}
                for name, bot in bots.items():
                    pulya = Pulya(rules, 10, rng=random.Random(players), max_deals=2)
                    pulya.play(bot.choose)
                    assert pulya.sheet.deals_played == 2
                    render_text(pulya.sheet)
                    render_svg(pulya.sheet)
                state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(3)))
                assert state.legal_actions()
        assert not any(m.startswith("preferans.balkan") for m in sys.modules)
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_a_balkan_deal_is_played_by_the_balkan_rooms() -> None:
    from preferans.bots.levels import make_bot
    from preferans.game import Deal, new_deal
    from preferans.rules import find_rules
    from preferans.seats import Seat

    rules = find_rules("balkan")
    state = new_deal(rules, Deal.random(rules, Seat.E, random.Random(5)))
    assert type(state).__module__ == "preferans.balkan.state"
    bot = make_bot("heuristic", 3)
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        state = state.apply(bot.choose(state.view(actor)))
    assert state.result().dealer is Seat.E
