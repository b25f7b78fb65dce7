"""Migration 0003_reliability on a database made by the revisions before it: existing
accounts get their name's skeleton as key (the older of two lookalikes keeps it), and the
quarantine table exists."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine

from preferans.server import db


def _upgrade(url: str, revision: str) -> None:
    engine = create_engine(url)
    with engine.begin() as connection:
        config = Config()
        config.set_main_option("script_location", str(db._MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    engine.dispose()


def test_existing_names_get_skeleton_keys(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    url = f"sqlite:///{path}"
    _upgrade(url, "0002")
    with sqlite3.connect(path) as connection:
        for name in ("Anna", "аппа", "Bob", "Анна"):
            connection.execute(
                "INSERT INTO users (name, name_key, password_hash, rating, games_played, "
                "created_at) VALUES (?, ?, 'x', 1500, 0, 0)",
                (name, name.lower()),
            )
    _upgrade(url, "heads")
    with sqlite3.connect(path) as connection:
        keys = dict(connection.execute("SELECT name, name_key FROM users"))
        tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
    assert keys == {"Anna": "anna", "аппа": "аппа", "Bob": "bob", "Анна": "ahha"}
    assert "quarantined" in tables
