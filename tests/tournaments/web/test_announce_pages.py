"""Issue 35, D12 on the pages: the organiser's page sends an announcement to the entrants,
which the tournament's page then shows and each entrant's inbox links back to; nobody
else can post one."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.urls import reverse

from notifications.models import Notification
from tests.tournaments.web.conftest import (
    detail_url,
    logged_in,
    run_url,
    sections,
    text,
    tournament_of,
    verb_url,
    words,
)
from tournaments import services
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db


def text_of(raw: str) -> str:
    return html.unescape(raw)


def test_the_organiser_announces_and_the_players_read_it(
    organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = tournament_of(organiser, check_in_required=False)
    ann = make_user("ann")
    services.entry_register(tournament=tournament, user=ann)
    client = logged_in(organiser)
    run = sections(text(client.get(run_url(tournament))))
    assert 'name="message"' in run["Announce to the players"]
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            verb_url(tournament, "announce"), {"message": "Draw at <b>eight</b>."}, follow=True
        )
    assert answer.redirect_chain == [(run_url(tournament), 302)]
    raw = logged_in(ann).get(detail_url(tournament)).content.decode()
    shown = sections(text_of(raw))["Announcements"]
    # The organiser's words as he wrote them, never as markup.
    assert "Draw at &lt;b&gt;eight&lt;/b&gt;." in raw
    assert "Draw at <b>eight</b>." in shown
    assert "olga" in words(shown)
    inbox = text(logged_in(ann).get(reverse("notifications:inbox")))
    assert f'href="{detail_url(tournament)}"' in inbox
    assert "Highland Cup: the organiser olga announces: Draw at <b>eight</b>." in inbox
    assert Notification.objects.filter(user=ann, kind="tournament").count() == 1


def test_a_player_cannot_announce(
    organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = tournament_of(organiser, check_in_required=False)
    ann = make_user("ann")
    services.entry_register(tournament=tournament, user=ann)
    with django_capture_on_commit_callbacks(execute=True):
        answer = logged_in(ann).post(verb_url(tournament, "announce"), {"message": "Free drinks!"})
    assert answer.status_code == 404
    assert not OrganiserAction.objects.filter(kind=OrganiserAction.Kind.ANNOUNCE).exists()
    assert not Notification.objects.exists()
    assert "Announcements" not in sections(text(logged_in(ann).get(detail_url(tournament))))
