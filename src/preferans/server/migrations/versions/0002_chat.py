"""Table talk is kept in the database, so a restart or a takeover by another process
loses no line.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.String(1), nullable=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_lines_table_id", "chat_lines", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_lines_table_id", "chat_lines")
    op.drop_table("chat_lines")
