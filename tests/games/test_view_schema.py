"""The state API's serializers and schema are derived from the typed views
(games.selectors.views): every field of a view is in the schema, once, and a field added
to a view needs no second declaration."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, get_type_hints

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers

from core.api import serializer_for
from core.shapes import Doc, IsoTime, as_dict, omitted_fields
from games.selectors.views import GameHeader, GameView, MyView, PhaseView, Progress, SeatView


@pytest.fixture(scope="module")
def components() -> dict[str, Any]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return schema["components"]["schemas"]


@pytest.mark.parametrize("view", [GameView, PhaseView, MyView, GameHeader, SeatView, Progress])
def test_every_field_of_a_view_is_in_the_schema(view: type, components: dict[str, Any]) -> None:
    component = components[getattr(view, "schema_name", view.__name__)]
    names = [f.name for f in dataclasses.fields(view)]
    assert list(component["properties"]) == names
    assert set(component.get("required", [])) == set(names) - omitted_fields(view)


@dataclass(frozen=True, slots=True, kw_only=True)
class Comet:
    schema_name: ClassVar[str] = "MadeUpComet"

    name: str
    seen: IsoTime | None
    tail: Annotated[list[str], Doc("Where it passed.", choices=(("nth", "nth"), ("bal", "bal")))]


@dataclass(frozen=True, slots=True, kw_only=True)
class Sky:
    """A made-up view: each kind of field a view may hold."""

    comets: list[Comet]
    brightest: Comet | None
    by_power: dict[str, list[str]]
    anything: Annotated[dict[str, Any], Doc(json=True)]
    omen: Annotated[str | None, Doc("Only on a night of omens.", omitted=True)] = None
    count: int
    clear: bool


def test_a_field_added_to_a_view_is_derived_with_no_second_declaration() -> None:
    made = serializer_for(Sky)()
    fields = made.fields
    assert list(fields) == [f.name for f in dataclasses.fields(Sky)]
    assert isinstance(fields["comets"], serializers.ListSerializer)
    assert type(fields["comets"].child).__name__ == "MadeUpCometSerializer"
    assert fields["brightest"].allow_null
    assert isinstance(fields["by_power"].child, serializers.ListField)
    assert isinstance(fields["anything"], serializers.JSONField)
    assert not fields["omen"].required
    assert not fields["omen"].allow_null
    assert fields["omen"].help_text == "Only on a night of omens."
    comet = serializer_for(Comet)().fields
    assert isinstance(comet["seen"], serializers.DateTimeField)
    assert comet["seen"].allow_null
    assert list(comet["tail"].child.choices) == ["nth", "bal"]
    assert comet["tail"].help_text == "Where it passed."
    assert set(get_type_hints(Sky)) == set(fields)


def test_a_view_is_sent_as_rendered_an_omitted_none_left_out() -> None:
    sky = Sky(
        comets=[Comet(name="Halley", seen=IsoTime("1910-05-18T00:00:00+00:00"), tail=["nth"])],
        brightest=None,
        by_power={"england": ["F lon"]},
        anything={"a": [1]},
        count=1,
        clear=True,
    )
    rendered = as_dict(sky)
    assert list(rendered) == ["comets", "brightest", "by_power", "anything", "count", "clear"]
    assert serializer_for(Sky)(rendered).data == rendered
