"""A position's extras changed a part at a time (``Position.with_changes``) are frozen as a
whole fresh freeze would freeze them: the parts taken over as they were are the very frozen
objects, the parts changed are frozen through, and the result is marked frozen through."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import find_variant
from adjudicator.board import FrozenMap, freeze, thaw

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=8,
)
START = find_variant("standard").initial_position()


@settings(deadline=None, max_examples=150)
@given(
    before=st.dictionaries(st.text(max_size=4), JSON, max_size=6),
    changes=st.dictionaries(st.text(max_size=4), JSON, max_size=3),
    dropped=st.sets(st.text(max_size=4), max_size=2),
)
def test_extras_changed_a_part_at_a_time_freeze_as_a_fresh_freeze(
    before: dict[str, Any], changes: dict[str, Any], dropped: set[str]
) -> None:
    position = START.with_changes(extras=before)
    extras = {k: v for k, v in position.extras.items() if k not in dropped}
    extras.update(changes)
    after = position.with_changes(extras=extras)
    assert after.extras == freeze(extras)
    assert thaw(after.extras) == thaw(freeze(extras))
    assert list(after.extras) == list(freeze(extras))  # the same order of keys
    assert type(after.extras) is FrozenMap
    assert after.extras._deep
    for key, value in after.extras.items():
        hash(value)  # frozen through: nothing mutable left
        if key not in changes:
            assert value is position.extras[key]


def test_a_changed_part_is_frozen_though_it_came_as_a_list_or_a_dict() -> None:
    position = START.with_changes(extras={"kept": {"a": [1, 2]}})
    after = position.with_changes(extras={**position.extras, "new": {"b": [3, {"c": 4}]}})
    assert after.extras["kept"] is position.extras["kept"]
    assert after.extras["new"] == FrozenMap({"b": (3, FrozenMap({"c": 4}))})
    assert isinstance(after.extras["new"]["b"], tuple)
