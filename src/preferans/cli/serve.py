"""``preferans serve``: run the online club (one process, SQLite by default)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["add_parser", "run"]

LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")

_EPILOG = """\
examples:
  preferans serve                                  http://127.0.0.1:8000/, SQLite in ./data
  preferans serve --host 0.0.0.0 --port 8080 --data-dir /var/lib/preferans
  preferans serve --database postgresql+asyncpg://u@db/club --redis redis://cache:6379/0

exit codes: 0 stopped normally, 2 bad options or the server extra is missing
(pip install 'preferans[server]'), 130 interrupted.
"""


def _number(
    convert: Callable[[str], float], noun: str, fits: Callable[[float], bool], rule: str
) -> Callable[[str], Any]:
    """An option's parser: argparse turns its ArgumentTypeError into a one-line usage error
    (exit 2) that says what was expected."""

    def parse(text: str) -> float:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not {noun}: {text!r}") from None
        if not fits(value):
            raise argparse.ArgumentTypeError(f"{rule}, not {text.strip()}")
        return value

    return parse


_port = _number(int, "a port number", lambda v: 1 <= v <= 65535, "a port is 1–65535")
_seconds = _number(float, "a number of seconds", lambda v: 0 <= v < 1e6, "must be ≥ 0 seconds")
_processes = _number(int, "a number of processes", lambda v: 0 <= v <= 256, "must be 0–256")
_connections = _number(int, "a number", lambda v: 1 <= v <= 10**7, "must be 1–10000000")
_positive = _number(float, "a number", lambda v: 0 < v < 1e6, "must be > 0")


def _add_level(parser: argparse.ArgumentParser, flag: str, help_text: str) -> None:
    """An option naming one of the levels players are offered (the names of
    :data:`preferans.bots.levels.PLAYER_LEVELS`, not imported: the bots load only when
    the club starts); the master by default."""
    parser.add_argument(
        flag, choices=("novice", "amateur", "master"), default="master", help=help_text
    )


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="run the online club (web, REST, websockets)",
        description="Run the online club. By default one process with SQLite in --data-dir; "
        "give --database and --redis to run several processes as one club.",
        epilog=_EPILOG,
        formatter_class=_Formatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=_port, default=8000, help="TCP port, 1–65535")
    parser.add_argument(
        "--data-dir", type=Path, default=Path("data"), help="directory of the SQLite file"
    )
    parser.add_argument(
        "--database", default=None, help="SQLAlchemy URL, e.g. postgresql+asyncpg://u@h/db"
    )
    parser.add_argument("--schema", default=None, help="PostgreSQL schema; none: public")
    parser.add_argument("--redis", default=None, help="redis://host:6379/0 for several processes")
    parser.add_argument("--redis-prefix", default="pref", help="key and channel prefix")
    parser.add_argument("--node-id", default=None, help="this process's name in the cluster")
    parser.add_argument("--secure-cookies", action="store_true", help="behind HTTPS")
    parser.add_argument(
        "--grace",
        type=_seconds,
        default=20.0,
        help="seconds a disconnected player keeps the seat before a bot plays",
    )
    parser.add_argument("--bot-delay", type=_seconds, default=0.3, help="seconds before a bot acts")
    _add_level(
        parser,
        "--hint-level",
        "the bot level behind the players' hints (novice answers at once, master thinks)",
    )
    parser.add_argument(
        "--think-processes",
        type=_processes,
        default=min(4, os.cpu_count() or 1),
        help="worker processes for bots and hints (0: threads of the server process)",
    )
    parser.add_argument("--lease", type=_positive, default=6.0, help="table lease in seconds")
    parser.add_argument(
        "--rate", type=_positive, default=20.0, help="websocket messages a second per connection"
    )
    parser.add_argument(
        "--auth-rate",
        type=_positive,
        default=1.0,
        help="registrations and logins a second per address (bursts of 30)",
    )
    parser.add_argument(
        "--connections-per-address",
        type=_connections,
        default=64,
        help="open websockets one client address may have (load tests from one machine)",
    )
    parser.add_argument(
        "--tournament-director",
        action="append",
        default=[],
        metavar="NAME",
        help="an account that may create tournaments; repeatable; none: every player may",
    )
    _add_level(
        parser,
        "--tournament-bot",
        "the bot level that fills a tournament's short tables (tests use novice)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy (address or network) whose X-Forwarded-For is believed; "
        "repeatable; none: the socket's address is the client",
    )
    parser.add_argument(
        "--log-level",
        default="warning",
        type=str.lower,
        choices=LOG_LEVELS,
        help="logging of the server and uvicorn",
    )
    # A bad option is one line on stderr and exit 2, not the whole usage block.
    setattr(parser, "error", _one_line_error)  # noqa: B010
    return parser


def _one_line_error(message: str) -> None:
    print(f"preferans serve: {message} (see preferans serve --help)", file=sys.stderr)
    sys.exit(2)


def _check_places(args: argparse.Namespace) -> str | None:
    """The data directory, the database URL and the Redis URL, checked before the server
    starts: a mistake is one line now, not a traceback from inside the first request.
    The data directory is made last, so that a refused option leaves nothing behind."""
    if args.redis is not None and not args.redis.startswith(("redis://", "rediss://", "unix://")):
        return f"--redis {args.redis!r}: not a Redis URL (redis://host:6379/0)"
    if args.database is None:
        data_dir: Path = args.data_dir
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return f"--data-dir {data_dir}: cannot create it ({error.strerror or error})"
        if not data_dir.is_dir() or not os.access(data_dir, os.W_OK | os.X_OK):
            return f"--data-dir {data_dir}: not a writable directory"
    else:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError, NoSuchModuleError

        try:
            make_url(args.database).get_dialect()
        except (ArgumentError, NoSuchModuleError, ValueError) as error:
            return (
                f"--database {args.database!r} is not a database URL this server can use "
                f"({error}); e.g. postgresql+asyncpg://user@host/db or sqlite+aiosqlite:///f.db"
            )
        except ImportError as error:
            return f"--database {args.database!r}: its driver is not installed ({error})"
    return None


class _Formatter(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Defaults after every option's help, and the epilog's examples kept as written."""


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from preferans.server.app import create_app
        from preferans.server.config import Settings
    except ImportError as problem:
        print(
            f"preferans serve: the server needs its extra: pip install 'preferans[server]' "
            f"({problem})",
            file=sys.stderr,
        )
        return 2
    refused = _check_places(args)
    if refused is not None:
        print(f"preferans serve: {refused}", file=sys.stderr)
        return 2
    level = "DEBUG" if args.log_level == "trace" else args.log_level.upper()
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    options: dict[str, Any] = {
        "data_dir": args.data_dir,
        "database_url": args.database,
        "db_schema": args.schema,
        "redis_url": args.redis,
        "redis_prefix": args.redis_prefix,
        "secure_cookies": args.secure_cookies,
        "grace_seconds": args.grace,
        "bot_delay": args.bot_delay,
        "hint_level": args.hint_level,
        "think_processes": args.think_processes,
        "lease_seconds": args.lease,
        "messages_per_second": args.rate,
        "auth_per_second": args.auth_rate,
        "message_burst": max(40, int(args.rate * 2)),
        "trusted_proxies": tuple(args.trusted_proxy),
        "tournament_directors": tuple(args.tournament_director),
        "tournament_bot": args.tournament_bot,
        "connections_per_address": args.connections_per_address,
    }
    if args.node_id:
        options["node_id"] = args.node_id
    try:
        settings = Settings(**options)
    except ValueError as problem:
        print(f"preferans serve: {problem}", file=sys.stderr)
        return 2
    app = create_app(settings)
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::", "") else args.host
    shown = f"[{shown}]" if ":" in shown else shown
    where = "--database" if settings.database_url else str(settings.data_dir.resolve())
    every = ", listening on every address" if args.host in ("0.0.0.0", "::", "") else ""
    print(
        f"preferans serve: the club is at http://{shown}:{args.port}/ (data: {where}{every})",
        flush=True,
    )
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=settings.max_message_bytes * 4,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        proxy_headers=False,  # the application's Guard decides whom to believe
    )
    return 0


if __name__ == "__main__":
    _parser = argparse.ArgumentParser(prog="preferans")
    _sub = _parser.add_subparsers()
    add_parser(_sub)
    sys.exit(run(_parser.parse_args(["serve", *sys.argv[1:]])))
