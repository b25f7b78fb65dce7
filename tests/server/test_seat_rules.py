"""The rules that keep a seat for its player, adjourn a game, and count a player's deeds
(pure functions; the flows themselves are tried in a real club and a real browser)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from preferans.seats import Seat
from preferans.server.adjourn import agree, complete, votes_json, votes_of
from preferans.server.players_api import deal_statistics
from preferans.server.presence import MISSES_BEFORE_AWAY, Presence

seats = st.sampled_from(["S", "W", "N", "E"])


def test_one_missed_clock_is_one_move_and_only_several_in_a_row_mean_away() -> None:
    presence = Presence()
    for _ in range(MISSES_BEFORE_AWAY - 1):
        assert presence.missed_clock(Seat.S) is False
    presence.acted(Seat.S)  # his own move starts the count again
    for _ in range(MISSES_BEFORE_AWAY - 1):
        assert presence.missed_clock(Seat.S) is False
    assert presence.missed_clock(Seat.S) is True


def test_a_table_pauses_only_when_every_person_is_away() -> None:
    presence = Presence()
    assert presence.paused([]) is False  # bots alone play their game to the end
    presence.away.add(Seat.S)
    assert presence.paused([Seat.S, Seat.W]) is False
    presence.away.add(Seat.W)
    assert presence.paused([Seat.S, Seat.W]) is True


@given(st.lists(seats, max_size=8), st.sets(seats, min_size=1))
def test_adjourning_needs_every_person_and_agreeing_twice_changes_nothing(
    votes: list[str], people: set[str]
) -> None:
    given_votes: tuple[str, ...] = ()
    for seat in votes:
        given_votes = agree(given_votes, seat)
        assert agree(given_votes, seat) == given_votes
    assert complete(given_votes, people) == people.issubset(votes)
    assert votes_of(votes_json(given_votes)) == given_votes


def test_stored_votes_that_are_not_a_list_of_seats_count_as_none() -> None:
    assert votes_of(None) == () and votes_of("") == ()
    assert votes_of("{oops") == () and votes_of('{"S": 1}') == ()
    assert votes_of('["S", 3]') == ("S",)
    assert complete((), []) is False


def _result(**fields: object) -> dict[str, object]:
    base: dict[str, object] = {
        "kind": "game",
        "active": ["S", "W", "E"],
        "declarer": "S",
        "contract": "7♠",
        "played": True,
        "tricks": {"S": 7, "W": 2, "E": 1},
        "whisters": ["W"],
    }
    return {**base, **fields}


def test_a_players_statistics_count_his_contracts_misères_and_whists() -> None:
    results = [
        _result(),  # 7♠ made
        _result(tricks={"S": 6, "W": 3, "E": 1}),  # 7♠ down one
        _result(kind="misere", contract="мизер", tricks={"S": 0, "W": 5, "E": 5}, whisters=[]),
        _result(declarer="W", contract="6♥", whisters=["S"], tricks={"S": 3, "W": 6, "E": 1}),
        _result(kind="raspasy", declarer=None, contract=None, whisters=[]),
        _result(active=["W", "E", "N"], declarer="W", whisters=["E"]),  # South sat out
    ]
    stats = deal_statistics("S", results)
    assert stats == {
        "deals": 5,
        "contracts": 2,
        "contracts_made": 1,
        "miseres": 1,
        "miseres_made": 1,
        "whists": 1,
        "raspasy": 1,
    }
    assert deal_statistics("W", results)["whists"] == 2
