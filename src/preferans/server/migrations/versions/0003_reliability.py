"""Quarantine and lookalike names: tables that cannot be loaded, replayed or finished are
set aside with the reason; an account's unique key becomes its name's skeleton, so two
names that look alike cannot both exist.

Revision ID: 0003_reliability
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from preferans.server.door import name_key

revision = "0003_reliability"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "quarantined",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("stage", sa.String(16), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("previous_status", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    connection = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("name_key", sa.String))  # fmt: skip
    rows = connection.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)).all()
    taken = {row.name.lower() for row in rows}
    for row in rows:
        key = name_key(row.name)
        # The older account keeps the skeleton; a later lookalike keeps its old key.
        if key != row.name.lower() and key not in taken:
            connection.execute(users.update().where(users.c.id == row.id).values(name_key=key))
            taken.add(key)


def downgrade() -> None:
    op.drop_table("quarantined")
