"""``preferans club``: the operator's commands for a club's database.

``preferans club quarantine list`` shows the tables set aside because they could not be
loaded, replayed or finished; ``show ID`` one of them in detail (the reason, the stage,
the rules, the seats and seeds, how many actions the log holds); ``release ID`` gives
it its old status back, so the server loads it again (on the next connection to it, the
next scan of a cluster, or the next start). The database is the one ``preferans serve``
uses (``--data-dir`` for SQLite, or ``--database`` and ``--schema``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "club",
        help="operate a club's database (quarantined tables)",
        description="Operator commands for the club's database.",
    )
    parser.add_argument("--data-dir", type=Path, default=Path("data"), help="SQLite directory")
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (PostgreSQL)")
    parser.add_argument("--schema", default=None, help="PostgreSQL schema")
    topics = parser.add_subparsers(dest="topic", metavar="TOPIC", required=True)
    quarantine = topics.add_parser("quarantine", help="tables set aside")
    actions = quarantine.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser("list", help="every quarantined table and why")
    for name, text in (("show", "one table in detail"), ("release", "load it again")):
        sub = actions.add_parser(name, help=text)
        sub.add_argument("table", type=int, help="the table's number")
    return parser


async def _quarantine(args: argparse.Namespace) -> int:
    from preferans.server import quarantine
    from preferans.server.config import Settings
    from preferans.server.db import create_engine, migrate

    settings = Settings(data_dir=args.data_dir, database_url=args.database, db_schema=args.schema)
    if settings.is_sqlite and not (settings.data_dir / "club.sqlite3").exists():
        print(f"preferans club: no club database in {settings.data_dir}", file=sys.stderr)
        return 2
    engine = create_engine(settings)
    try:
        await migrate(engine, settings)
        if args.action == "list":
            rows = await quarantine.listing(engine)
            if not rows:
                print("no table is quarantined")
            for row in rows:
                print(f"table {row['table']}  {row['stage']}  {row['reason'][:160]}")
            return 0
        if args.action == "show":
            detail = await quarantine.describe(engine, args.table)
            if detail is None:
                print(f"preferans club: table {args.table} is not quarantined", file=sys.stderr)
                return 1
            print(json.dumps(detail, ensure_ascii=False, indent=1))
            return 0
        status = await quarantine.release(engine, args.table)
        if status is None:
            print(f"preferans club: table {args.table} is not quarantined", file=sys.stderr)
            return 1
        print(f"table {args.table} released (status {status}); the server loads it again")
        return 0
    finally:
        await engine.dispose()


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_quarantine(args))
    except ImportError as problem:
        print(f"preferans club: the server extra is needed ({problem})", file=sys.stderr)
        return 2
