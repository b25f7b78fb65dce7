"""An event's text is joined from a part shared by every audience and each audience's own
part; what a client reads must be exactly what encoding the whole message gives."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from preferans.server.table_events import join

_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)
_objects = st.dictionaries(st.text(max_size=6), _values, max_size=5)


@given(_objects, _objects)
def test_joined_text_is_the_whole_message(shared: dict[str, Any], own: dict[str, Any]) -> None:
    shared = {"type": "event", **shared}
    own = {k: v for k, v in own.items() if k not in shared}
    assume(own)
    head = json.dumps(shared, ensure_ascii=False)
    joined = join(head, json.dumps(own, ensure_ascii=False))
    assert joined == json.dumps({**shared, **own}, ensure_ascii=False)
    assert json.loads(joined) == {**shared, **own}
