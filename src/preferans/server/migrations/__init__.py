"""Alembic migrations, run programmatically when the server starts (see ``db.migrate``)."""
