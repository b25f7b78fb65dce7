"""Tournaments (Swiss and duplicate): the tournament, its registrations, rounds and
tables; a table may end after a fixed number of deals and take its deals from a named
source (a duplicate round's deals, the same at every table).

Revision ID: 0004_tournaments
Revises: 0003_club
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_tournaments"
down_revision = "0003_club"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("max_deals", sa.Integer, nullable=True))
    op.add_column("tables", sa.Column("deal_source", sa.Text, nullable=True))
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("director_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("settings_json", sa.Text, nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("start_at", sa.Float, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("rounds_done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("standings_json", sa.Text, nullable=True),
        sa.Column("note", sa.Text, nullable=True),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("registered_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "user_id"),
    )
    op.create_index("ix_tournament_players_user_id", "tournament_players", ["user_id"])
    op.create_table(
        "tournament_rounds",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("secret", sa.String(128), nullable=False),
        sa.Column("commitment", sa.String(128), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("plan_json", sa.Text, nullable=True),
        sa.Column("results_json", sa.Text, nullable=True),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.PrimaryKeyConstraint("tournament_id", "number"),
    )
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("rotation", sa.Integer, nullable=False, server_default="0"),
        sa.PrimaryKeyConstraint("tournament_id", "round", "number"),
        sa.UniqueConstraint("table_id", name="uq_tournament_table"),
    )


def downgrade() -> None:
    op.drop_table("tournament_tables")
    op.drop_table("tournament_rounds")
    op.drop_table("tournament_players")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_table("tournaments")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("deal_source")
        batch.drop_column("max_deals")
