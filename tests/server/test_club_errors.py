"""What the club refuses outside an HTTP answer is of the library's error family, in
English and Russian: its settings, a client's unreadable message, a table that is gone."""

from __future__ import annotations

import pickle

import pytest

from preferans.errors import InputSyntaxError
from preferans.server.club_errors import NoSuchTableError, SettingsError
from preferans.server.config import Settings
from preferans.server.protocol import BadMessage, parse_client_message


def test_the_servers_refusals_are_of_the_family_in_both_languages() -> None:
    with pytest.raises(SettingsError) as caught:
        Settings(redis_prefix="a-b")
    assert "redis_prefix" in str(caught.value) and "буквы" in caught.value.message("ru")
    with pytest.raises(SettingsError) as caught:
        Settings(trusted_proxies=("not-an-address",))
    assert "прокси" in caught.value.message("ru")
    with pytest.raises(BadMessage) as unread:
        parse_client_message("{", 1000)
    assert isinstance(unread.value, InputSyntaxError) and unread.value.code == "bad_json"
    back = pickle.loads(pickle.dumps(unread.value))
    assert type(back) is BadMessage and back.code == "bad_json"
    missing = pickle.loads(pickle.dumps(NoSuchTableError(7)))
    assert missing.table_id == 7 and missing.message("ru") == "стола 7 нет"
