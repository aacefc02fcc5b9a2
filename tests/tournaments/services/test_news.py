"""Issue 35, D12: a tournament's players hear of its rounds as they happen, through the
site's notifications (inbox, e-mail, webhook, as each chose for tournament news): when a
round starts, each his board and power or that he sits it out; when the organiser calls
a board, its players how and why; and the organiser can send an announcement to every
entrant. Before, the players of a rounds event heard nothing until it was over."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.utils import translation

from core.errors import ApplicationError
from notifications import services as notifications
from notifications.models import Delivery, Notification
from notifications.services import subject, text
from notifications.tasks import deliver
from tournaments import services
from tournaments.models import Board, Entry, OrganiserAction, Tournament

pytestmark = pytest.mark.django_db

#: Eight players seeded by hand: the lowest, hal, sits out the first round.
NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil", "hal")


@pytest.fixture
def eight(make_user: Any, organiser: Any) -> tuple[Tournament, dict[str, Entry]]:
    tournament = services.tournament_create(
        by=organiser,
        name="Evening League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=2,
    )
    entries = {n: services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES}
    services.hand_seeds_set(
        tournament=tournament, by=organiser, order=[entries[n].pk for n in NAMES]
    )
    return tournament, entries


def _news(user: Any) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind="tournament").order_by("pk"))


def _said(user: Any) -> list[str]:
    return [text(kind=n.kind, params=n.params) for n in _news(user)]


def test_a_round_start_tells_each_player_his_board_and_power_and_the_sit_outs_theirs(
    eight: tuple[Tournament, dict[str, Entry]],
    organiser: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    tournament, entries = eight
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    board = Board.objects.select_related("game").get(round__tournament=tournament)
    for seat in board.seats.select_related("entry__user"):
        (news,) = _news(seat.entry.user)
        # The inbox links the board's game.
        assert news.game_id == board.game_id
        power = seat.power.capitalize()
        assert text(kind=news.kind, params=news.params) == (
            f"Evening League: round 1 has started. You play {power} on board 1."
        )
    assert _said(entries["hal"].user) == [
        "Evening League: round 1 has started, and you sit it out."
    ]
    with translation.override("de"):
        assert _said(entries["hal"].user) == [
            "Evening League: Runde 1 hat begonnen, und du setzt aus."
        ]


def test_a_board_called_tells_its_players_how_and_why(
    eight: tuple[Tournament, dict[str, Entry]],
    organiser: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    tournament, entries = eight
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    board = Board.objects.get(round__tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        services.board_call(
            tournament=tournament,
            by=organiser,
            board=board,
            end="some",
            draw=["france", "turkey"],
            reason="The hall closes at six.",
        )
    said = _said(entries["ann"].user)
    assert said[-1] == (
        "Evening League: the organiser called round 1, board 1: a draw of France, "
        "Turkey. Why: The hall closes at six."
    )
    # The player sitting out has no board called.
    assert len(_said(entries["hal"].user)) == 1


def test_the_organiser_announces_to_every_entrant_by_their_channels(
    eight: tuple[Tournament, dict[str, Entry]],
    organiser: Any,
    make_user: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    tournament, entries = eight
    gone = make_user("ivy")
    services.entry_register(tournament=tournament, user=gone)
    services.entry_withdraw(tournament=tournament, user=gone)
    notifications.setting_save(
        user=entries["bob"].user, choices={"tournament": ["inbox", "email"]}, webhook_url=""
    )
    message = "Round 2 starts at 14:00.\nLunch is in the hall."
    with django_capture_on_commit_callbacks(execute=True):
        action = services.tournament_announce(tournament=tournament, by=organiser, message=message)
    assert action.kind == OrganiserAction.Kind.ANNOUNCE
    expected = f"Evening League: the organiser olga announces: {message}"
    for name in NAMES:
        assert _said(entries[name].user) == [expected]
    assert _said(organiser) == [expected]
    assert _said(gone) == []
    # By e-mail for bob, who chose it: the subject a line, the announcement the body.
    (delivery,) = Delivery.objects.filter(user=entries["bob"].user, channel="email")
    deliver.apply(args=(delivery.pk,))
    (sent,) = mail.outbox
    assert sent.subject == "Evening League: an announcement from the organiser"
    assert message in sent.body
    assert subject(kind="tournament", params=delivery.params) == sent.subject


def test_an_announcement_is_the_organisers_and_says_something(
    eight: tuple[Tournament, dict[str, Entry]], organiser: Any
) -> None:
    tournament, entries = eight
    with pytest.raises(ApplicationError, match="Only an organiser"):
        services.tournament_announce(
            tournament=tournament, by=entries["ann"].user, message="Free drinks!"
        )
    with pytest.raises(ApplicationError, match="Write the announcement first"):
        services.tournament_announce(tournament=tournament, by=organiser, message="  ")
    with pytest.raises(ApplicationError, match="at most 1500 characters; this one has 1501"):
        services.tournament_announce(tournament=tournament, by=organiser, message="x" * 1501)
    assert not OrganiserAction.objects.filter(kind=OrganiserAction.Kind.ANNOUNCE).exists()
    assert not Notification.objects.filter(kind="tournament").exists()
