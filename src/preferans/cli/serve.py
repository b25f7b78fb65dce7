"""``preferans serve``: run the online club (one process, SQLite by default)."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="run the online club (web, REST, websockets)",
        description="Run the online club. By default one process with SQLite in --data-dir; "
        "give --database and --redis to run several processes as one club.",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data-dir", type=Path, default=Path("data"), help="default ./data")
    parser.add_argument(
        "--database", default=None, help="SQLAlchemy URL, e.g. postgresql+asyncpg://u@h/db"
    )
    parser.add_argument("--schema", default=None, help="PostgreSQL schema (default: public)")
    parser.add_argument("--redis", default=None, help="redis://host:6379/0 for several processes")
    parser.add_argument("--redis-prefix", default="pref", help="key and channel prefix")
    parser.add_argument("--node-id", default=None, help="this process's name in the cluster")
    parser.add_argument("--secure-cookies", action="store_true", help="behind HTTPS")
    parser.add_argument(
        "--grace",
        type=float,
        default=20.0,
        help="seconds a disconnected player keeps the seat before a bot plays",
    )
    parser.add_argument("--bot-delay", type=float, default=0.3, help="seconds before a bot acts")
    parser.add_argument("--lease", type=float, default=6.0, help="table lease in seconds")
    parser.add_argument(
        "--rate", type=float, default=20.0, help="websocket messages a second per connection"
    )
    parser.add_argument(
        "--auth-rate",
        type=float,
        default=1.0,
        help="registrations and logins a second per address (bursts of 30)",
    )
    parser.add_argument("--log-level", default="warning")
    return parser


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from preferans.server.app import create_app
        from preferans.server.config import Settings
    except ImportError as problem:
        print(f"the server needs its extra: pip install 'preferans[server]' ({problem})")
        return 2
    logging.basicConfig(level=args.log_level.upper())
    options: dict[str, Any] = {
        "data_dir": args.data_dir,
        "database_url": args.database,
        "db_schema": args.schema,
        "redis_url": args.redis,
        "redis_prefix": args.redis_prefix,
        "secure_cookies": args.secure_cookies,
        "grace_seconds": args.grace,
        "bot_delay": args.bot_delay,
        "lease_seconds": args.lease,
        "messages_per_second": args.rate,
        "auth_per_second": args.auth_rate,
        "message_burst": max(40, int(args.rate * 2)),
    }
    if args.node_id:
        options["node_id"] = args.node_id
    settings = Settings(**options)
    app = create_app(settings)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=settings.max_message_bytes * 4,
        ws_ping_interval=20,
        ws_ping_timeout=20,
    )
    return 0


if __name__ == "__main__":
    import sys

    _parser = argparse.ArgumentParser(prog="preferans")
    _sub = _parser.add_subparsers()
    add_parser(_sub)
    sys.exit(run(_parser.parse_args(["serve", *sys.argv[1:]])))
