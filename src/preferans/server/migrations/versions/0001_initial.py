"""The initial club schema: accounts, sessions, tables, seats, the action log, history.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("games_played", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("creator_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("rules_json", sa.Text, nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("stake", sa.Float, nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("clock_seconds", sa.Integer, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("seed", sa.String(128), nullable=False),
        sa.Column("commitment", sa.String(128), nullable=False),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "table_seats",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("client_seed", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat"),
        sa.UniqueConstraint("table_id", "user_id", name="uq_seat_user"),
    )
    op.create_index("ix_table_seats_user_id", "table_seats", ["user_id"])
    op.create_table(
        "actions",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("auto", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seq"),
    )
    op.create_table(
        "games",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("summary_json", sa.Text, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("whists", sa.Float, nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "user_id"),
    )
    op.create_index("ix_rating_changes_user_id", "rating_changes", ["user_id"])


def downgrade() -> None:
    for name in ("rating_changes", "games", "actions", "table_seats", "tables", "sessions"):
        op.drop_table(name)
    op.drop_table("users")
