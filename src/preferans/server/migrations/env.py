"""Alembic environment: the server hands over an open connection (``db.migrate``)."""

from __future__ import annotations

from alembic import context

from preferans.server.models import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
