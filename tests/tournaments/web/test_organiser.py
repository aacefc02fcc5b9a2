"""The organiser's page of a tournament and its verbs: shown to its organisers alone (to
anyone else it does not exist), each verb posted from it doing what it says, its input
checked (an id that is no id is a bad request; a name nobody has is refused in words),
and every verb refused to whoever does not organise the tournament, nothing changed."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.roles import ORGANISER, grant
from games.models import Game
from tests.tournaments.services.conftest import FIXED_17, RED_17, boards
from tests.tournaments.web.conftest import (
    Drawn,
    detail_url,
    knockout_match,
    logged_in,
    messages_on,
    run_url,
    sections,
    text,
    tournament_of,
    verb_url,
    words,
)
from tournaments import services
from tournaments.brackets import Decided
from tournaments.models import Entry, Match, OrganiserAction, Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def roll(organiser: Any, make_user: Any) -> Drawn:
    """An open tournament, seeded by hand, with a roll call: ann, bob, cat and dan
    registered, nobody checked in yet."""
    tournament = tournament_of(organiser, seeding=Tournament.Seeding.HAND)
    entries = {
        name: services.entry_register(tournament=tournament, user=make_user(name))
        for name in ("ann", "bob", "cat", "dan")
    }
    return Drawn(tournament, entries)


def _post(client: Client, tournament: Tournament, verb: str, data: dict[str, Any]) -> Any:
    """Post a verb and follow the answer back to the organiser's page."""
    page = client.post(verb_url(tournament, verb), data, follow=True)
    assert page.redirect_chain == [(run_url(tournament), 302)], page.redirect_chain
    return page


def _status(drawn: Drawn, name: str) -> str:
    return drawn.entry(name).status


def _login_redirect(url: str) -> str:
    return f"{reverse('accounts:login')}?next={url}"


# -- who sees the page --------------------------------------------------------------------------


class TestWhoSeesThePage:
    def test_only_its_organisers(
        self, roll: Drawn, organiser: Any, make_user: Any, site_moderator: Any, rival: Any
    ) -> None:
        url = run_url(roll.tournament)
        answer = Client().get(url)
        assert (answer.status_code, answer["Location"]) == (302, _login_redirect(url))
        for user in (make_user("stranger"), roll.entry("ann").user, site_moderator, rival):
            assert logged_in(user).get(url).status_code == 404, user
        page = logged_in(organiser).get(url)
        assert page.status_code == 200
        assert "Running Highland Cup" in text(page)

    def test_of_a_private_tournament_too_even_with_its_invite_code(
        self, organiser: Any, make_user: Any, site_moderator: Any, rival: Any
    ) -> None:
        secret = services.tournament_create(
            by=organiser, name="Secret Cup", format="knockout", private=True
        )
        ann = make_user("ann")
        services.entry_register(tournament=secret, user=ann, invite_code=secret.invite_code)
        url = run_url(secret)
        for user in (make_user("stranger"), ann, site_moderator, rival):
            assert logged_in(user).get(url).status_code == 404, user
            assert logged_in(user).get(f"{url}?invite={secret.invite_code}").status_code == 404
        page = text(logged_in(organiser).get(url))
        # The organiser is given the invite link to hand out.
        assert f"{detail_url(secret)}?invite={secret.invite_code}" in page

    def test_it_shows_the_roll_call_and_the_set_ups(self, roll: Drawn, organiser: Any) -> None:
        page = text(logged_in(organiser).get(run_url(roll.tournament)))
        roll_call = sections(page)["Roll call"]
        for name in ("ann", "bob", "cat", "dan"):
            assert f"<td>{name}</td>" in roll_call
        assert "Open the check-in" in roll_call
        assert "Close registration and make the draw" in roll_call
        assert "Seeds by hand" in roll_call
        # Four players make two rounds, each with its set-up to fix.
        setups = sections(page)["Set-ups (Highlander rule 3B)"]
        assert "<summary>Semi-finals</summary>" in setups
        assert "<summary>Final</summary>" in setups
        assert "Nothing yet." in sections(page)["What the organisers did"]


# -- the verbs before the draw ----------------------------------------------------------------


class TestTheRollCall:
    def test_the_organiser_opens_the_check_in_and_calls_the_roll(
        self, roll: Drawn, organiser: Any
    ) -> None:
        client = logged_in(organiser)
        tournament = roll.tournament
        page = text(_post(client, tournament, "check-in-open", {}))
        assert messages_on(page) == []
        tournament.refresh_from_db()
        assert tournament.check_in_open
        assert "The check-in is open: players check themselves in" in page
        page = text(_post(client, tournament, "check-in-open", {}))
        assert messages_on(page) == ["The check-in is open already."]

        _post(client, tournament, "present", {"entry": roll.entries["ann"].pk})
        page = text(
            _post(client, tournament, "absent", {"entry": roll.entries["bob"].pk, "reason": "away"})
        )
        assert (_status(roll, "ann"), _status(roll, "bob")) == ("checked_in", "no_show")
        assert (_status(roll, "cat"), _status(roll, "dan")) == ("registered", "registered")
        # What the organisers did, newest first: who, what, why and on whom.
        # Each row: when (a <time>, see core/templatetags/moments.py), then who and what.
        log = re.findall(
            r"<tr><td><time [^>]*>[^<]*</time></td>(.*?)</tr>",
            sections(page)["What the organisers did"],
        )
        assert [words(row) for row in log] == [
            "olga Marked a player absent away player: bob",
            "olga Checked a player in player: ann",
            "olga Check-in opened",
        ]
        kinds = list(
            OrganiserAction.objects.filter(tournament=tournament)
            .order_by("pk")
            .values_list("kind", flat=True)
        )
        assert kinds == ["check_in_open", "check_in", "absent"]

    def test_seeds_by_hand_one_name_a_line(self, roll: Drawn, organiser: Any) -> None:
        client = logged_in(organiser)
        page = text(_post(client, roll.tournament, "seeds", {"order": "Cat\n  dan \n\nann\nBOB\n"}))
        assert messages_on(page) == []
        seeds = {n: roll.entry(n).hand_seed for n in ("ann", "bob", "cat", "dan")}
        assert seeds == {"cat": 1, "dan": 2, "ann": 3, "bob": 4}
        # The roll call and the seeds form offer them back in that order, so that keeping
        # the form again (say, after a late entry) keeps them as they are.
        assert 'name="order" rows="6">cat\ndan\nann\nbob\n</textarea>' in page
        roll_call = sections(page)["Roll call"]
        assert re.findall(r"<tr class=\"entry-registered\"><td>(\w+)</td>", roll_call) == [
            "cat",
            "dan",
            "ann",
            "bob",
        ]

    def test_a_name_not_entered_is_refused(self, roll: Drawn, organiser: Any) -> None:
        client = logged_in(organiser)
        page = text(_post(client, roll.tournament, "seeds", {"order": "ann\nzed\nbob\nyan"}))
        assert messages_on(page) == ["Not entered: zed, yan"]
        assert [roll.entry(n).hand_seed for n in ("ann", "bob", "cat", "dan")] == [None] * 4
        page = text(_post(client, roll.tournament, "seeds", {"order": "ann\nann"}))
        assert messages_on(page) == ["Seed each entered player once."]
        assert not OrganiserAction.objects.filter(tournament=roll.tournament).exists()

    def test_a_rounds_set_up_from_two_lists_of_units(self, roll: Drawn, organiser: Any) -> None:
        client = logged_in(organiser)
        tournament = roll.tournament
        data = {"kind": "knockout", "number": "1", "red": RED_17, "blue": "A mos"}
        page = text(_post(client, tournament, "setup", data))
        assert messages_on(page) == []
        semis = Round.objects.get(tournament=tournament, kind="knockout", number=1)
        assert semis.setup == FIXED_17
        setups = sections(page)["Set-ups (Highlander rule 3B)"]
        assert "<summary>Semi-finals · fixed</summary>" in setups
        assert RED_17 in setups  # offered back to change

        # One unit a line is read as well as commas.
        data = {**data, "number": "2", "red": RED_17.replace(", ", "\n")}
        _post(client, tournament, "setup", data)
        assert Round.objects.get(tournament=tournament, number=2).setup == FIXED_17

        # Both lists empty: the players nominate again.
        _post(client, tournament, "setup", {"kind": "knockout", "number": "1"})
        semis.refresh_from_db()
        assert semis.setup == {}

    def test_a_set_up_that_is_not_one_is_refused(self, roll: Drawn, organiser: Any) -> None:
        client = logged_in(organiser)
        tournament = roll.tournament
        data = {"kind": "knockout", "number": "1", "red": "A par, A nowhere", "blue": "A mos"}
        page = text(_post(client, tournament, "setup", data))
        assert messages_on(page) == [
            "The variant's options are not valid: unknown province 'nowhere'"
        ]
        assert not Round.objects.filter(tournament=tournament).exists()
        assert not OrganiserAction.objects.filter(tournament=tournament).exists()
        for bad in ({"kind": "semi"}, {"number": ""}, {"number": "one"}):
            answer = client.post(verb_url(tournament, "setup"), {**data, **bad})
            assert answer.status_code == 400, bad

    def test_the_draw_from_the_page(self, roll: Drawn, organiser: Any) -> None:
        client = logged_in(organiser)
        tournament = roll.tournament
        page = text(_post(client, tournament, "draw", {}))
        assert messages_on(page) == ["The draw needs 2 players present; 0 are."]
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.REGISTRATION

        for name in ("ann", "bob", "cat"):
            _post(client, tournament, "present", {"entry": roll.entries[name].pk})
        _post(client, tournament, "seeds", {"order": "bob\nann\ncat"})
        page = text(_post(client, tournament, "draw", {}))
        assert messages_on(page) == []
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING
        assert _status(roll, "dan") == "no_show"
        # Bob, seeded first, has the bye; ann plays cat at once.
        under_way = sections(page)["Matches under way"]
        assert "Semi-finals, match 2" in under_way
        assert "ann" in under_way
        assert "cat" in under_way
        assert "bob" not in under_way
        assert "Roll call" not in sections(page)
        first = Match.objects.filter(tournament=tournament, bracket_round=1).order_by("index")
        assert [m.decided for m in first] == ["bye", ""]
        assert [(m.a.user.username, m.b.user.username if m.b else "") for m in first] == [
            ("bob", ""),
            ("ann", "cat"),
        ]


# -- the verbs after the draw ----------------------------------------------------------------


class TestAfterTheDraw:
    def test_a_walkover_and_a_forfeit(
        self, four: Drawn, organiser: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        client = logged_in(organiser)
        tournament = four.tournament
        first, second = knockout_match(tournament, 1, 0), knockout_match(tournament, 1, 1)

        # No reason, no walkover: players are shown why.
        data = {"match": first.pk, "winner": four.entries["ann"].pk}
        page = text(_post(client, tournament, "walkover", data))
        assert messages_on(page) == ["Say why: players are shown the reason."]
        first.refresh_from_db()
        assert first.winner_id is None

        with django_capture_on_commit_callbacks(execute=True):
            page = text(_post(client, tournament, "walkover", {**data, "reason": "dan is away"}))
        assert messages_on(page) == []
        first.refresh_from_db()
        assert (first.winner_id, first.decided) == (four.entries["ann"].pk, Decided.WALKOVER)
        assert all(g.status == Game.Status.FINISHED for g in boards(first))

        data = {"match": second.pk, "loser": four.entries["cat"].pk, "reason": "cat gives up"}
        with django_capture_on_commit_callbacks(execute=True):
            page = text(_post(client, tournament, "forfeit", data))
        second.refresh_from_db()
        assert (second.winner_id, second.decided) == (four.entries["bob"].pk, Decided.FORFEIT)
        # The final starts at once, and is now the one match under way.
        final = knockout_match(tournament, 2, 0)
        assert (final.a.user.username, final.b.user.username) == ("ann", "bob")
        assert final.duel_id is not None
        assert "Final, match 1" in sections(page)["Matches under way"]
        log = sections(page)["What the organisers did"]
        assert "dan is away" in log
        assert "cat gives up" in log

        # A decided match, or a player not in the match, is refused in words.
        again = {"match": first.pk, "winner": four.entries["ann"].pk, "reason": "again"}
        assert messages_on(text(_post(client, tournament, "walkover", again))) == [
            "This match is decided already."
        ]
        stranger = {"match": final.pk, "winner": four.entries["dan"].pk, "reason": "why not"}
        assert messages_on(text(_post(client, tournament, "walkover", stranger))) == [
            "That player does not play in this match."
        ]
        final.refresh_from_db()
        assert final.winner_id is None

    def test_a_replacement_by_name(
        self, four: Drawn, organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
    ) -> None:
        client = logged_in(organiser)
        tournament = four.tournament
        dan = four.entries["dan"]
        page = text(
            _post(
                client,
                tournament,
                "replace",
                {"entry": dan.pk, "username": "nobody", "reason": "ill"},
            )
        )
        assert messages_on(page) == ["No member is called nobody."]
        assert _status(four, "dan") == Entry.Status.CHECKED_IN

        gil = make_user("gil")
        with django_capture_on_commit_callbacks(execute=True):
            page = text(
                _post(
                    client,
                    tournament,
                    "replace",
                    {"entry": dan.pk, "username": " GIL ", "reason": "dan is ill"},
                )
            )
        assert messages_on(page) == []
        assert _status(four, "dan") == Entry.Status.REPLACED
        semi = knockout_match(tournament, 1, 0)
        assert semi.b.user == gil
        assert all(g.seats.get(power="blue").user == gil for g in boards(semi))
        assert "gil" in sections(page)["Matches under way"]

    def test_a_round_paused_and_resumed(self, four: Drawn, organiser: Any) -> None:
        client = logged_in(organiser)
        tournament = four.tournament
        semis = Round.objects.get(tournament=tournament, kind="knockout", number=1)
        page = text(_post(client, tournament, "pause", {"round": semis.pk}))
        assert messages_on(page) == ["Say why: players are shown the reason."]
        semis.refresh_from_db()
        assert semis.status == Round.Status.RUNNING

        page = text(
            _post(
                client, tournament, "pause", {"round": semis.pk, "reason": "a storm", "hours": 24}
            )
        )
        assert messages_on(page) == []
        semis.refresh_from_db()
        assert semis.status == Round.Status.PAUSED
        games = [g for m in Match.objects.filter(tournament=tournament) for g in boards(m)]
        assert len(games) == 4
        assert all(g.is_paused for g in games)
        assert all(g.paused_until - g.paused_at == timedelta(hours=24) for g in games)
        assert "Resume" in sections(page)["Rounds"]

        _post(client, tournament, "resume", {"round": semis.pk})
        semis.refresh_from_db()
        assert semis.status == Round.Status.RUNNING
        games = [g for m in Match.objects.filter(tournament=tournament) for g in boards(m)]
        assert not any(g.is_paused for g in games)
        page = text(_post(client, tournament, "resume", {"round": semis.pk}))
        assert messages_on(page) == ["The round is not paused."]


class TestAnotherOrganiser:
    def test_an_organiser_shares_the_running_of_it(
        self, roll: Drawn, organiser: Any, make_user: Any
    ) -> None:
        client = logged_in(organiser)
        tournament = roll.tournament
        cora, pat = make_user("cora"), make_user("pat")
        grant(cora, ORGANISER)
        assert logged_in(cora).get(run_url(tournament)).status_code == 404

        page = text(_post(client, tournament, "organiser", {"username": "pat"}))
        assert messages_on(page) == ["Only a member with the organiser role can organise."]
        page = text(_post(client, tournament, "organiser", {"username": "nobody"}))
        assert messages_on(page) == ["No member is called nobody."]
        page = text(_post(client, tournament, "organiser", {"username": "ann"}))
        assert messages_on(page) == ["Only a member with the organiser role can organise."]
        assert list(tournament.organisers.all()) == [organiser]
        assert not pat.tournaments_organised.exists()

        page = text(_post(client, tournament, "organiser", {"username": "Cora"}))
        assert messages_on(page) == []
        named = re.search(r"<p>(.*?)</p>", sections(page)["Organisers"])
        assert named is not None
        assert sorted(named.group(1).split(", ")) == ["cora", "olga"]
        assert set(tournament.organisers.all()) == {organiser, cora}
        assert logged_in(cora).get(run_url(tournament)).status_code == 200
        _post(logged_in(cora), tournament, "check-in-open", {})
        tournament.refresh_from_db()
        assert tournament.check_in_open

    def test_a_name_two_old_accounts_share_in_some_case_is_asked_exactly(
        self, roll: Drawn, organiser: Any
    ) -> None:
        # Two accounts from before names that differ only in case were refused: both
        # kept. The one typed exactly is found; a third spelling could mean either.
        from django.contrib.auth.models import User

        User.objects.bulk_create([User(username="cora"), User(username="Cora")])
        upper = User.objects.get(username="Cora")
        grant(upper, ORGANISER)
        client = logged_in(organiser)
        tournament = roll.tournament

        page = text(_post(client, tournament, "organiser", {"username": "CORA"}))
        assert messages_on(page) == [
            "Several accounts are called “CORA” in some spelling (Cora, cora): type the "
            "name exactly as it is written."
        ]
        assert list(tournament.organisers.all()) == [organiser]
        page = text(_post(client, tournament, "organiser", {"username": "Cora"}))
        assert messages_on(page) == []
        assert set(tournament.organisers.all()) == {organiser, upper}


# -- what the verbs refuse ---------------------------------------------------------------------


class TestBadRequests:
    def test_an_unknown_verb_is_404(self, roll: Drawn, organiser: Any) -> None:
        client = logged_in(organiser)
        assert client.post(verb_url(roll.tournament, "frobnicate")).status_code == 404
        assert client.post(verb_url(roll.tournament, "Draw")).status_code == 404
        assert roll.tournament.rounds.count() == 0

    def test_a_verb_is_posted(self, roll: Drawn, organiser: Any) -> None:
        assert logged_in(organiser).get(verb_url(roll.tournament, "draw")).status_code == 405

    def test_a_verb_on_a_tournament_that_does_not_exist_is_404(self, organiser: Any) -> None:
        url = reverse("tournaments:verb", args=[999, "draw"])
        assert logged_in(organiser).post(url).status_code == 404

    @pytest.mark.parametrize(
        ("verb", "data"),
        [
            ("present", {}),
            ("present", {"entry": "one"}),
            ("absent", {"entry": "-1"}),
            ("absent", {"entry": "²"}),
            ("present", {"entry": "99999"}),
            ("present", {"entry": "9" * 40}),
        ],
    )
    def test_an_entry_that_is_no_entry_is_a_bad_request(
        self, roll: Drawn, organiser: Any, verb: str, data: dict[str, str]
    ) -> None:
        answer = logged_in(organiser).post(verb_url(roll.tournament, verb), data)
        assert answer.status_code == 400
        assert {roll.entry(n).status for n in roll.entries} == {"registered"}

    def test_another_tournaments_entry_is_a_bad_request(
        self, roll: Drawn, organiser: Any, make_user: Any
    ) -> None:
        other = services.tournament_create(by=organiser, name="Other Cup", format="knockout")
        theirs = services.entry_register(tournament=other, user=make_user("zed"))
        answer = logged_in(organiser).post(
            verb_url(roll.tournament, "present"), {"entry": theirs.pk}
        )
        assert answer.status_code == 400
        theirs.refresh_from_db()
        assert theirs.status == Entry.Status.REGISTERED

    @pytest.mark.parametrize(
        ("verb", "data"),
        [
            ("walkover", {"winner": "{ann}", "reason": "r"}),
            ("walkover", {"match": "x", "winner": "{ann}", "reason": "r"}),
            ("walkover", {"match": "{semi}", "reason": "r"}),
            ("walkover", {"match": "{semi}", "winner": "ann", "reason": "r"}),
            ("forfeit", {"match": "{semi}", "reason": "r"}),
            ("forfeit", {"match": "99999", "loser": "{ann}", "reason": "r"}),
            ("replace", {"username": "gil", "reason": "r"}),
            ("replace", {"entry": "1.5", "username": "gil", "reason": "r"}),
            ("pause", {"reason": "r"}),
            ("pause", {"round": "first", "reason": "r"}),
            ("resume", {"round": ""}),
            ("resume", {"round": "99999"}),
        ],
    )
    def test_an_id_that_is_no_id_is_a_bad_request(
        self, four: Drawn, organiser: Any, make_user: Any, verb: str, data: dict[str, str]
    ) -> None:
        make_user("gil")
        ids = {"ann": four.entries["ann"].pk, "semi": knockout_match(four.tournament, 1, 0).pk}
        filled = {k: v.format(**ids) for k, v in data.items()}
        version = Tournament.objects.get(pk=four.tournament.pk).version
        answer = logged_in(organiser).post(verb_url(four.tournament, verb), filled)
        assert answer.status_code == 400
        assert Tournament.objects.get(pk=four.tournament.pk).version == version
        assert not Match.objects.filter(tournament=four.tournament, winner__isnull=False).exists()


#: Each verb with what its organiser would post, ids filled in from the tournament.
VERBS = {
    "check-in-open": {},
    "present": {"entry": "{ann}"},
    "absent": {"entry": "{ann}", "reason": "r"},
    "seeds": {"order": "dan\ncat\nbob\nann"},
    "setup": {"kind": "knockout", "number": "1"},
    "draw": {},
    "walkover": {"match": "{semi}", "winner": "{ann}", "reason": "r"},
    "forfeit": {"match": "{semi}", "loser": "{ann}", "reason": "r"},
    "replace": {"entry": "{ann}", "username": "gil", "reason": "r"},
    "pause": {"round": "{round}", "reason": "r"},
    "resume": {"round": "{round}"},
    "organiser": {"username": "cora"},
}


class TestNobodyElseRunsIt:
    @pytest.mark.parametrize("verb", list(VERBS))
    def test_every_verb_is_hidden_from_whoever_does_not_organise_it(
        self,
        four: Drawn,
        organiser: Any,
        make_user: Any,
        site_moderator: Any,
        rival: Any,
        verb: str,
    ) -> None:
        tournament = four.tournament
        cora = make_user("cora")
        grant(cora, ORGANISER)
        make_user("gil")
        semis = Round.objects.get(tournament=tournament, kind="knockout", number=1)
        ids = {
            "ann": four.entries["ann"].pk,
            "semi": knockout_match(tournament, 1, 0).pk,
            "round": semis.pk,
        }
        data = {k: v.format(**ids) for k, v in VERBS[verb].items()}
        url = verb_url(tournament, verb)

        def state() -> tuple[Any, ...]:
            t = Tournament.objects.get(pk=tournament.pk)
            return (
                t.version,
                t.status,
                t.check_in_open,
                sorted(t.organisers.values_list("username", flat=True)),
                OrganiserAction.objects.filter(tournament=t).count(),
                sorted(t.entries.values_list("user__username", "status", "hand_seed")),
                sorted(t.matches.values_list("pk", "winner_id")),
                sorted(t.rounds.values_list("number", "status")),
            )

        before = state()
        answer = Client().post(url, data)
        assert (answer.status_code, answer["Location"]) == (302, _login_redirect(url))
        for user in (make_user("stranger"), four.entry("ann").user, site_moderator, rival):
            answer = logged_in(user).post(url, data, follow=True)
            # The organiser's page does not exist for them: no message, a 404.
            assert answer.status_code == 404, (verb, user)
            assert answer.redirect_chain == []
        assert state() == before
