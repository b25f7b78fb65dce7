"""Server settings in one frozen value, so every module sees the same configuration."""

from __future__ import annotations

import ipaddress
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from preferans.server.club_errors import SettingsError

__all__ = ["Settings"]

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")


def _node_id() -> str:
    return f"{os.uname().nodename}-{os.getpid()}-{secrets.token_hex(3)}"


@dataclass(frozen=True)
class Settings:
    """Everything that varies between deployments; defaults give a one-process club."""

    data_dir: Path = Path("data")
    database_url: str | None = None
    """SQLAlchemy async URL; None means SQLite in ``data_dir``."""
    redis_url: str | None = None
    """Redis for several processes (pub/sub and table leases); None means one process."""
    redis_prefix: str = "pref"
    """Key and channel prefix, so several clubs (or test runs) can share one Redis."""
    db_schema: str | None = None
    """PostgreSQL schema to use (tests give each run its own)."""
    node_id: str = field(default_factory=_node_id)
    secure_cookies: bool = False
    """Mark the session cookie Secure (behind HTTPS)."""
    session_days: int = 30
    grace_seconds: float = 20.0
    """How long a disconnected player keeps the seat before a bot plays for him."""
    substitute_bot: str = "master"
    """The bot level that plays for an absent or timed-out player."""
    think_processes: int = field(default_factory=lambda: min(4, os.cpu_count() or 1))
    """Worker processes where bots and hints think; 0 thinks in threads of this process."""
    bot_delay: float = 0.3
    """Pause before a bot acts, so people can follow the play."""
    lease_seconds: float = 6.0
    """A table owner's lease; another process takes the table over when it expires."""
    max_message_bytes: int = 4096
    messages_per_second: float = 20.0
    message_burst: int = 40
    auth_per_second: float = 1.0
    """Registrations and logins a second per client address (guessing passwords is slow)."""
    auth_burst: int = 30
    event_buffer: int = 32
    """Events kept per table for reconnecting clients; older gaps get a snapshot."""
    idle_seconds: float = 30.0
    """A finished or closed table leaves memory this long after its last watcher."""
    max_tables_per_user: int = 50
    hint_level: str = "master"
    """The bot level whose advice a hint gives (``sampling``: the solver on sampled deals)."""
    hints_per_second: float = 0.5
    hint_burst: int = 3
    """Hints a connection may ask for: each costs a worker thread up to a second."""
    chats_per_second: float = 1.0
    chat_burst: int = 5
    max_bot_tables_per_user: int = 5
    """Unfinished tables with a bot seat one account may have opened (bots play fast)."""
    connections_per_address: int = 64
    """Open websockets from one client address (every tab of a household behind one NAT)."""
    connections_per_user: int = 16
    """Open websockets of one account, over all its tables and tabs."""
    password_guesses_per_second: float = 0.2
    password_guess_burst: int = 5
    """Table-password attempts per account and per address (each is an argon2 check)."""
    tournament_directors: tuple[str, ...] = ()
    """Accounts that may create tournaments; empty: every registered player may."""
    tournament_bot: str = "master"
    """The bot level that fills the short tables of a tournament (the strong one)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses (or networks) of reverse proxies whose X-Forwarded-For is believed."""

    def __post_init__(self) -> None:
        for name in ("db_schema", "redis_prefix"):
            value = getattr(self, name)
            if value is not None and not _IDENTIFIER.match(value):
                raise SettingsError(
                    f"{name} must be letters, digits and '_' (got {value!r})",
                    ru=f"{name}: только латинские буквы, цифры и '_' (а не {value!r})",
                )
        for proxy in self.trusted_proxies:
            try:
                ipaddress.ip_network(proxy, strict=False)
            except ValueError:
                raise SettingsError(
                    f"a trusted proxy is an address or a network: {proxy!r}",
                    ru=f"доверенный прокси задаётся адресом или сетью: {proxy!r}",
                ) from None

    @property
    def url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'club.sqlite3').resolve()}"

    @property
    def is_sqlite(self) -> bool:
        return self.url.startswith("sqlite")
