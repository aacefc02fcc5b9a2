"""Issue 35, D13 on the pages: the final round's set-up on the organiser's page offers the
match for third place its own movement deadline (the other rounds' do not), and the rules
on the public page say it."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest

from tests.tournaments.web.conftest import (
    detail_url,
    logged_in,
    messages_on,
    run_url,
    text,
    tournament_of,
    verb_url,
    words,
)
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def test_the_final_rounds_set_up_sets_the_match_for_third_places_deadline(
    organiser: Any, make_user: Any
) -> None:
    tournament = tournament_of(organiser, check_in_required=False, third_place=True)
    for name in ("ann", "bob", "cat", "dan"):
        services.entry_register(tournament=tournament, user=make_user(name))
    client = logged_in(organiser)
    page = text(client.get(run_url(tournament)))
    # Four players: two rounds; only the final's form has the field.
    action = re.escape(verb_url(tournament, "setup"))
    forms = re.findall(rf'<form[^>]*action="{action}"[^>]*>(.*?)</form>', page, re.DOTALL)
    assert len(forms) == 2
    assert ['name="third_place_hours"' in f for f in forms] == [False, True]
    assert "The match for third place's movement deadline (hours)" in words(forms[1])

    answer = client.post(
        verb_url(tournament, "setup"),
        {"kind": "knockout", "number": "2", "red": "", "blue": "", "third_place_hours": "6"},
        follow=True,
    )
    assert not [m for m in messages_on(text(answer)) if "deadline" in m]
    final = Round.objects.get(tournament=tournament, kind=Round.Kind.KNOCKOUT, number=2)
    assert final.third_place_movement_deadline == timedelta(hours=6)
    assert final.movement_deadline is None
    assert 'name="third_place_hours" value="6.0"' in text(client.get(run_url(tournament)))

    rules = words(text(client.get(detail_url(tournament))))
    assert "The semi-finals' losers play for third place. Its movement deadline: 6 h." in rules
