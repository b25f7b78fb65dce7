"""A seat belongs to its player: each table has its own grace before a stand-in plays, a
player may leave a started game (his seat keeps his name and a bot plays it to the end),
and the players may adjourn a game by everybody's agreement.

Revision ID: 0003_club
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_club"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("away_seconds", sa.Float, nullable=True))
    op.add_column("tables", sa.Column("adjourn_votes", sa.Text, nullable=True))
    op.add_column("table_seats", sa.Column("left_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("table_seats") as batch:
        batch.drop_column("left_at")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("adjourn_votes")
        batch.drop_column("away_seconds")
