"""The database schema (SQLAlchemy Core). Migrations in ``migrations/`` create exactly this.

The ``actions`` table is the append-only log every game is replayed from; everything a
table shows is derived from it, its seats and its secret seed.
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
)

__all__ = [
    "actions",
    "chat_lines",
    "games",
    "metadata",
    "quarantined",
    "rating_changes",
    "sessions",
    "table_seats",
    "tables",
    "tournament_players",
    "tournament_rounds",
    "tournament_tables",
    "tournaments",
    "users",
]

metadata = MetaData()

users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("rating", Float, nullable=False, default=1500.0),
    Column("games_played", Integer, nullable=False, default=0),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("expires_at", Float, nullable=False),
)

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("creator_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("rules_json", Text, nullable=False),
    Column("target", Integer, nullable=False),
    Column("stake", Float, nullable=False, default=0.0),
    Column("password_hash", String(200), nullable=True),
    Column("clock_seconds", Integer, nullable=True),
    Column("status", String(16), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
    Column("seed", String(128), nullable=False),
    Column("commitment", String(128), nullable=False),
    Column("away_seconds", Float, nullable=True),
    Column("adjourn_votes", Text, nullable=True),
    Column("max_deals", Integer, nullable=True),
    Column("deal_source", Text, nullable=True),
)

table_seats = Table(
    "table_seats",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("seat", String(1), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=True, index=True),
    Column("bot", String(32), nullable=True),
    Column("client_seed", String(64), nullable=False, default=""),
    Column("left_at", Float, nullable=True),
    PrimaryKeyConstraint("table_id", "seat"),
    UniqueConstraint("table_id", "user_id", name="uq_seat_user"),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("seat", String(1), nullable=False),
    Column("action", Integer, nullable=False),
    Column("auto", Integer, nullable=False, default=0),
    Column("created_at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "seq"),
)

chat_lines = Table(
    "chat_lines",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", String(1), nullable=True),
    Column("name", String(32), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("finished_at", Float, nullable=False),
    Column("summary_json", Text, nullable=False),
    Column("record", Text, nullable=False),
)

rating_changes = Table(
    "rating_changes",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("seat", String(1), nullable=False),
    Column("whists", Float, nullable=False),
    Column("before", Float, nullable=False),
    Column("after", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "user_id"),
)

quarantined = Table(
    "quarantined",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("stage", String(16), nullable=False),
    Column("reason", Text, nullable=False),
    Column("previous_status", String(16), nullable=False),
    Column("at", Float, nullable=False),
)
"""Tables set aside because they could not be loaded, replayed or finished (their log is
kept; ``preferans club quarantine`` shows and releases them)."""

tournaments = Table(
    "tournaments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("director_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("name", String(64), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("settings_json", Text, nullable=False),
    Column("password_hash", String(200), nullable=True),
    Column("status", String(16), nullable=False, index=True),
    Column("start_at", Float, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
    Column("rounds_done", Integer, nullable=False, default=0),
    Column("standings_json", Text, nullable=True),
    Column("note", Text, nullable=True),
)
"""A tournament (``server/tournaments*.py``): upcoming, running, finished or cancelled."""

tournament_players = Table(
    "tournament_players",
    metadata,
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("registered_at", Float, nullable=False),
    PrimaryKeyConstraint("tournament_id", "user_id"),
)

tournament_rounds = Table(
    "tournament_rounds",
    metadata,
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("secret", String(128), nullable=False),
    Column("commitment", String(128), nullable=False),
    Column("status", String(16), nullable=False),
    Column("plan_json", Text, nullable=True),
    Column("results_json", Text, nullable=True),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
    PrimaryKeyConstraint("tournament_id", "number"),
)
"""Every round's secret is made with the tournament and its commitment published at once;
the secret is shown once the round is ``done``."""

tournament_tables = Table(
    "tournament_tables",
    metadata,
    Column("tournament_id", Integer, ForeignKey("tournaments.id"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("number", Integer, nullable=False),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, unique=True),
    Column("rotation", Integer, nullable=False, default=0),
    PrimaryKeyConstraint("tournament_id", "round", "number"),
)
