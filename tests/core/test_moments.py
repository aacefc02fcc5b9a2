"""One way to show a moment (issue 17: "one date format across the site, in the viewer's
time zone"): the tag's markup for a page read without scripts, and every page that shows
a moment showing it through the tag."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from core.templatetags.moments import moment


def test_a_moment_is_a_time_element_in_utc_said_so() -> None:
    tokyo = timezone(timedelta(hours=9))
    when = datetime(2026, 12, 1, 9, 0, tzinfo=tokyo)
    with translation.override("en"):
        html = str(moment(when))
    assert html == (
        '<time datetime="2026-12-01T00:00:00Z" data-moment="datetime">1 Dec 2026, 00:00 UTC</time>'
    )
    assert str(moment("2026-12-01T00:00:00+00:00")) == html
    assert 'id="deadline"' in str(moment(when, id="deadline"))


def test_a_day_is_a_day_wherever_one_reads_it() -> None:
    with translation.override("de"):
        html = str(moment(date(2026, 3, 2), "date"))
    assert html == '<time datetime="2026-03-02" data-moment="date">2 Mär 2026</time>'
    with translation.override("en"):
        assert "2 Mar 2026" in str(moment(datetime(2026, 3, 2, 23, 0, tzinfo=UTC), "date"))


def test_nothing_for_no_moment() -> None:
    assert moment(None) == ""
    assert moment("") == ""


def test_the_tag_in_a_template_and_as_a_variable() -> None:
    template = Template(
        "{% load moments %}{% moment when as w %}<p>until {{ w }}</p>{% moment when %}"
    )
    out = template.render(Context({"when": datetime(2026, 1, 5, 7, 30, tzinfo=UTC)}))
    assert out.count('<time datetime="2026-01-05T07:30:00Z"') == 2
    assert "<p>until <time" in out


@pytest.mark.django_db
def test_pages_show_moments_through_the_tag(client: Client, make_user: Any) -> None:
    """The pages that show a moment: the game page's deadline, the profile's vacations and
    tokens; none shows a raw ISO text or a date outside a <time data-moment>."""
    from django.urls import reverse

    from accounts.models import ApiToken
    from games.models import Vacation
    from tests.e2e.base import seven_player_game

    game = seven_player_game("Moments")
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert '<time id="deadline" datetime="' in html
    assert 'data-moment="datetime"' in html
    user = make_user("moments")
    Vacation.objects.create(user=user, first_day=date(2026, 12, 24), last_day=date(2026, 12, 26))
    ApiToken.objects.create(
        user=user,
        name="bot",
        prefix="abc",
        key_hash="x" * 64,
        last_used=datetime(2026, 12, 1, tzinfo=UTC),
    )
    client.force_login(user)
    with translation.override("en"):
        page = client.get(reverse("games:profile", args=[user.username])).content.decode()
    assert '<time datetime="2026-12-24" data-moment="date">24 Dec 2026</time>' in page
    assert '<time datetime="2026-12-01T00:00:00Z" data-moment="datetime">' in page
