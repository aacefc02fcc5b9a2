"""The forms of the game page and the profile for a player's own time and for the game
master's decisions: answering a question the rules leave to the game master (moderators
only), asking for more time (capped per player and per game), vacations on one's own
profile, and naming a sitter."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from adjudicator.variants import VARIANTS
from games import services
from games.models import Decision, Game, ModeratorAction, Seat, Vacation
from games.services import absences, moderation
from games.terms import GameTerms
from tests.conftest import POWERS
from tests.games.helpers import current
from tests.games.services.test_decisions import Kingmaker

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page(client: Client, game: Game, phase: int | None = None) -> str:
    url = reverse("games:detail", args=[game.pk])
    if phase is not None:
        url += f"?phase={phase}"
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


# -- the game master's decisions -----------------------------------------------------------------


@pytest.fixture
def kingmaker() -> Iterator[None]:
    VARIANTS["kingmaker"] = Kingmaker()
    yield
    del VARIANTS["kingmaker"]


@pytest.fixture
def referee(make_user: Any) -> Any:
    return make_user("referee")


@pytest.fixture
def asking(kingmaker: None, players: dict[str, Any], referee: Any, site_moderator: Any) -> Game:
    """A Kingmaker game in fall 1901, whose movement waits for the game master's answer."""
    game = services.game_create(
        created_by=players["austria"],
        name="Kingmaker",
        power="austria",
        terms=GameTerms(variant_id="kingmaker", assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    moderation.game_master_set(game=game, by=site_moderator, user=referee)
    assert services.phase_adjudicate(game_id=game.pk, phase_id=current(game).pk)
    fall = current(game)
    assert fall.code == "F1901M"
    assert not services.phase_adjudicate(game_id=game.pk, phase_id=fall.pk)
    assert Decision.objects.filter(phase=fall, answer=None).count() == 1
    return game


def answer_url(game: Game, decision: Decision) -> str:
    return reverse("games:mod-decision", args=[game.pk, decision.pk])


class TestDecisions:
    def test_players_may_not_answer(self, asking: Game, players: dict[str, Any]) -> None:
        decision = Decision.objects.get()
        for client in (logged_in(players["france"]), Client()):
            response = client.post(answer_url(asking, decision), {"answer": "france"})
            assert response.status_code == 403
        assert Decision.objects.get().answer is None
        assert not ModeratorAction.objects.filter(kind="decision").exists()

    def test_a_player_does_not_see_the_open_question(
        self, asking: Game, players: dict[str, Any]
    ) -> None:
        html = page(logged_in(players["england"]), asking)
        assert "Who receives Belgium this year?" not in html
        assert 'id="decisions"' not in html
        assert "The rules leave a question to the game master" in html

    def test_the_game_master_sees_the_question_and_answers_it(
        self, asking: Game, referee: Any, players: dict[str, Any]
    ) -> None:
        decision = Decision.objects.get()
        client = logged_in(referee)
        html = page(client, asking)
        form = html[html.index('id="decisions"') :]
        assert "Who receives Belgium this year?" in form
        assert f'action="{answer_url(asking, decision)}"' in form
        assert '<option value="nobody">Nobody (the default)</option>' in form
        assert '<option value="france">France</option>' in form
        assert "Belgium stays as it is." in form

        response = client.post(
            answer_url(asking, decision), {"answer": "france", "reason": "Fair play"}, follow=True
        )
        assert "Your answer is recorded." in response.content.decode()
        decision.refresh_from_db()
        assert (decision.answer, decision.answered_by) == ("france", referee)
        action = ModeratorAction.objects.get(kind="decision")
        assert (action.details["answer"], action.reason) == ("france", "Fair play")
        # Answered: no form any more, and the answer shows to the game master at once.
        html = page(client, asking)
        assert 'id="decisions"' not in html
        assert '<strong class="answer">France</strong>' in html
        # Players learn the answer once the phase is adjudicated, not before. (The page's
        # script data, from games.selectors, is another matter.)
        html = page(logged_in(players["england"]), asking)
        data_end = html.index("</script>", html.index('id="game-state"'))
        assert "Who receives Belgium" not in html[data_end:]
        phase = current(asking)
        assert services.phase_adjudicate(game_id=asking.pk, phase_id=phase.pk)
        html = page(logged_in(players["england"]), asking, phase.index)
        shown = html[html.index('id="phase-decisions"') :]
        assert "Who receives Belgium this year?" in shown
        assert '<strong class="answer">France</strong>' in shown
        assert "No answer in time" not in shown
        history = html[html.index('id="moderation-history"') :]
        assert "Who receives Belgium this year? → France" in history

    def test_an_answer_that_is_not_a_choice_is_refused(self, asking: Game, referee: Any) -> None:
        decision = Decision.objects.get()
        response = logged_in(referee).post(
            answer_url(asking, decision), {"answer": "Atlantis"}, follow=True
        )
        assert "Answer with one of:" in response.content.decode()
        assert Decision.objects.get().answer is None

    def test_a_decision_of_another_game_is_not_found(
        self, asking: Game, referee: Any, started_game: Game
    ) -> None:
        started_game.masters.add(referee)
        url = reverse("games:mod-decision", args=[started_game.pk, Decision.objects.get().pk])
        assert logged_in(referee).post(url, {"answer": "france"}).status_code == 404

    def test_a_question_without_choices_takes_text(
        self, started_game: Game, make_user: Any
    ) -> None:
        master = make_user("gm")
        started_game.masters.add(master)
        decision = Decision.objects.create(
            phase=current(started_game),
            key="motto",
            question="What is this year's motto?",
            default="Peace",
            default_text="The motto stays as it was.",
            deadline=timezone.now() + timedelta(hours=2),
        )
        client = logged_in(master)
        form = page(client, started_game)
        form = form[form.index('id="decisions"') :]
        assert '<input name="answer" maxlength="200" required' in form
        assert "the default applies (Peace): The motto stays as it was." in form
        client.post(answer_url(started_game, decision), {"answer": "  Unity  "})
        decision.refresh_from_db()
        assert decision.answer == "Unity"

    def test_everyone_reads_that_the_default_applied(
        self, asking: Game, players: dict[str, Any]
    ) -> None:
        phase = current(asking)
        Decision.objects.update(deadline=timezone.now() - timedelta(seconds=1))
        assert services.phase_adjudicate(game_id=asking.pk, phase_id=phase.pk)
        html = page(logged_in(players["england"]), asking, phase.index)
        shown = html[html.index('id="phase-decisions"') :]
        assert "Who receives Belgium this year?" in shown
        assert '<strong class="answer">Nobody</strong>' in shown
        assert "No answer in time: the default applied. Belgium stays as it is." in shown


# -- asking for more time ---------------------------------------------------------------------


def extension_url(game: Game) -> str:
    return reverse("games:extension", args=[game.pk])


#: The extension form of the game page, for the phase it shows (the first).
ASKED = {"phase": "0"}


class TestExtensions:
    def test_a_player_asks_for_more_time_once(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        client = logged_in(players["germany"])
        html = page(client, started_game)
        assert f'action="{extension_url(started_game)}"' in html
        assert "Extensions left: yours 1 of 1, the game's 3 of 3." in html
        before = current(started_game).deadline
        assert before is not None

        response = client.post(extension_url(started_game), ASKED, follow=True)
        html = response.content.decode()
        assert "The deadline is extended." in html
        after = current(started_game).deadline
        assert after is not None
        assert after > before
        assert "Germany asked for more time: the deadline moved later." in html
        assert "Extensions left: yours 0 of 1, the game's 2 of 3." in html
        button = html[html.index('id="extension-form"') :]
        assert '<button type="submit" disabled>' in button[: button.index("</form>")]
        history = html[html.index('id="moderation-history"') :]
        assert "asked for by Germany" in history
        assert "germany-player" in history  # the game is not anonymous

        response = client.post(extension_url(started_game), ASKED, follow=True)
        assert "You have used your 1 extensions in this game." in response.content.decode()
        assert current(started_game).deadline == after

    def test_the_game_s_extensions_run_out(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        Game.objects.filter(pk=started_game.pk).update(extensions_per_game=1)
        logged_in(players["germany"]).post(extension_url(started_game), ASKED)
        deadline = current(started_game).deadline
        client = logged_in(players["france"])
        assert "Extensions left: yours 1 of 1, the game's 0 of 1." in page(client, started_game)
        response = client.post(extension_url(started_game), ASKED, follow=True)
        assert "This game&#x27;s 1 extensions are used up." in response.content.decode()
        assert current(started_game).deadline == deadline

    def test_only_players_of_the_game_ask(self, started_game: Game, make_user: Any) -> None:
        deadline = current(started_game).deadline
        stranger = logged_in(make_user("stranger"))
        assert 'id="extension-form"' not in page(stranger, started_game)
        response = stranger.post(extension_url(started_game), ASKED, follow=True)
        assert "You have no seat in this game." in response.content.decode()
        response = Client().post(extension_url(started_game), ASKED)
        assert response.status_code == 302
        assert reverse("accounts:login") in response["Location"]
        assert current(started_game).deadline == deadline

    def test_an_anonymous_game_does_not_name_who_asked(self, players: dict[str, Any]) -> None:
        game = services.game_create(
            created_by=players["austria"],
            name="Masks",
            power="austria",
            terms=GameTerms(assignment=Game.Assignment.CHOSEN, anonymous=True),
        )
        for power in POWERS[1:]:
            services.game_join(game=game, user=players[power], power=power)
        logged_in(players["germany"]).post(extension_url(game), ASKED)
        html = page(logged_in(players["france"]), game)
        history = html[html.index('id="moderation-history"') :]
        assert "asked for by Germany" in history
        assert "germany-player" not in history


# -- vacations on one's profile -----------------------------------------------------------------


TODAY = date(2026, 6, 1)


@pytest.fixture
def clock() -> Iterator[None]:
    with time_machine.travel(datetime(2026, 6, 1, 9, 0, tzinfo=UTC), tick=False):
        yield


def profile(client: Client, name: str) -> str:
    response = client.get(reverse("games:profile", args=[name]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.usefixtures("clock")
class TestVacations:
    def test_one_marks_a_vacation_and_takes_it_back(self, make_user: Any, settings: Any) -> None:
        settings.VACATION_DAYS_PER_YEAR = 20
        alice = make_user("alice")
        client = logged_in(alice)
        html = profile(client, "alice")
        assert 'id="vacations"' in html
        assert "Up to 20 days a year: 20 left in 2026." in html
        assert "No vacations ahead." in html
        assert 'type="date" name="first_day" min="2026-06-01"' in html

        response = client.post(
            reverse("games:vacation-add"),
            {"first_day": "2026-07-01", "last_day": "2026-07-05"},
        )
        assert response.status_code == 302
        assert response["Location"] == reverse("games:profile", args=["alice"]) + "#vacations"
        vacation = Vacation.objects.get(user=alice)
        assert (vacation.first_day, vacation.last_day) == (date(2026, 7, 1), date(2026, 7, 5))
        html = profile(client, "alice")
        assert "Your vacation is marked." in html
        assert "Up to 20 days a year: 15 left in 2026." in html
        assert "(5 days)" in html
        cancel = reverse("games:vacation-cancel", args=[vacation.pk])
        assert f'action="{cancel}"' in html

        response = client.post(cancel, follow=True)
        assert "Your vacation is taken back." in response.content.decode()
        assert not Vacation.objects.filter(user=alice).exists()

    def test_the_cap_and_impossible_days_are_refused(self, make_user: Any, settings: Any) -> None:
        settings.VACATION_DAYS_PER_YEAR = 3
        client = logged_in(make_user("alice"))
        add = reverse("games:vacation-add")
        for data, message in [
            ({"first_day": "2026-07-01", "last_day": "2026-07-05"}, "2026 has 3 left."),
            ({"first_day": "2026-07-05", "last_day": "2026-07-01"}, "comes before the first"),
            ({"first_day": "2026-05-01", "last_day": "2026-05-02"}, "cannot start in the past"),
            ({"first_day": "soon", "last_day": ""}, "Give the first and the last day as dates."),
        ]:
            assert message in client.post(add, data, follow=True).content.decode()
        assert not Vacation.objects.exists()

    def test_a_vacation_under_way_stays(self, make_user: Any) -> None:
        alice = make_user("alice")
        vacation = Vacation.objects.create(
            user=alice, first_day=TODAY, last_day=TODAY + timedelta(days=2)
        )
        client = logged_in(alice)
        html = profile(client, "alice")
        assert "under way" in html
        cancel = reverse("games:vacation-cancel", args=[vacation.pk])
        assert f'action="{cancel}"' not in html
        response = client.post(cancel, follow=True)
        assert "A vacation that has begun cannot be taken back." in response.content.decode()
        assert Vacation.objects.filter(pk=vacation.pk).exists()

    def test_only_one_s_own(self, make_user: Any) -> None:
        alice, bob = make_user("alice"), make_user("bob")
        vacation = absences.vacation_add(
            user=alice, first_day=date(2026, 7, 1), last_day=date(2026, 7, 2)
        )
        client = logged_in(bob)
        html = profile(client, "alice")
        assert 'id="vacations"' not in html
        assert "vacation-add" not in html
        cancel = reverse("games:vacation-cancel", args=[vacation.pk])
        assert client.post(cancel).status_code == 404
        assert Vacation.objects.filter(pk=vacation.pk).exists()
        # Adding is always for oneself.
        client.post(
            reverse("games:vacation-add"),
            {"first_day": "2026-08-01", "last_day": "2026-08-02", "user": alice.pk},
        )
        assert Vacation.objects.filter(user=bob).count() == 1
        assert Vacation.objects.filter(user=alice).count() == 1

    def test_anonymous_visitors_log_in_first(self, make_user: Any) -> None:
        response = Client().post(
            reverse("games:vacation-add"), {"first_day": "2026-07-01", "last_day": "2026-07-02"}
        )
        assert response.status_code == 302
        assert reverse("accounts:login") in response["Location"]
        assert not Vacation.objects.exists()


# -- sitters --------------------------------------------------------------------------------------


def sitter_url(game: Game) -> str:
    return reverse("games:sitter", args=[game.pk])


class TestSitter:
    def test_a_player_names_and_clears_a_sitter_only_they_see(
        self, started_game: Game, players: dict[str, Any], make_user: Any
    ) -> None:
        Game.objects.filter(pk=started_game.pk).update(vacation_handling="sitter")
        make_user("carol")
        client = logged_in(players["germany"])
        html = page(client, started_game)
        mine = html[html.index('id="my-time"') :]
        assert "You have no sitter in this game." in mine
        assert f'action="{sitter_url(started_game)}"' in mine

        response = client.post(sitter_url(started_game), {"username": "carol"}, follow=True)
        html = response.content.decode()
        assert "carol is your sitter in this game now." in html
        assert "Your sitter: <strong>carol</strong>" in html
        seat = started_game.seats.get(power="germany")
        assert seat.sitter is not None
        assert seat.sitter.username == "carol"
        # Nobody else sees the arrangement: not the other players, not visitors.
        assert "carol" not in page(logged_in(players["france"]), started_game)
        assert "carol" not in page(Client(), started_game)

        response = client.post(sitter_url(started_game), {"clear": "1"}, follow=True)
        assert "You have no sitter in this game now." in response.content.decode()
        seat.refresh_from_db()
        assert seat.sitter is None

    def test_a_sitter_is_someone_known_outside_the_game(
        self, started_game: Game, players: dict[str, Any]
    ) -> None:
        Game.objects.filter(pk=started_game.pk).update(vacation_handling="sitter")
        client = logged_in(players["germany"])
        response = client.post(sitter_url(started_game), {"username": "nobody-here"}, follow=True)
        assert "There is no player named “nobody-here”." in response.content.decode()
        response = client.post(sitter_url(started_game), {"username": "france-player"}, follow=True)
        assert "A sitter is someone who does not play in this game." in response.content.decode()
        assert started_game.seats.get(power="germany").sitter is None

    def test_games_whose_deadlines_wait_have_no_sitter_form(
        self, started_game: Game, players: dict[str, Any], make_user: Any
    ) -> None:
        make_user("carol")
        client = logged_in(players["germany"])
        html = page(client, started_game)
        mine = html[html.index('id="my-time"') :]
        assert "a deadline that falls while you are on vacation waits" in mine
        assert 'id="sitter"' not in mine
        response = client.post(sitter_url(started_game), {"username": "carol"}, follow=True)
        assert "it has no sitters" in response.content.decode()
        assert started_game.seats.get(power="germany").sitter is None

    def test_only_a_player_of_the_game_names_one(self, started_game: Game, make_user: Any) -> None:
        Game.objects.filter(pk=started_game.pk).update(vacation_handling="sitter")
        make_user("carol")
        stranger = logged_in(make_user("stranger"))
        assert 'id="my-time"' not in page(stranger, started_game)
        response = stranger.post(sitter_url(started_game), {"username": "carol"}, follow=True)
        assert "You have no seat in this game." in response.content.decode()
        assert not started_game.seats.filter(sitter__isnull=False).exists()


class TestSitterWherePlayersAreSecret:
    """Where who plays is secret, the sitter form answers the same whoever is named: the
    same request gets the same bytes (its redirect, then the page with its message)
    whether the named user plays in the game, runs it, or neither."""

    @pytest.fixture(params=["anonymous", "kapitalisten"])
    def secret(self, request: Any, players: dict[str, Any], make_user: Any) -> tuple[Game, Any]:
        """A running game whose players are secret, with sitters: the game, and the user
        who names one (investor 1, or Austria)."""
        if request.param == "kapitalisten":
            from tests.games.kapitalisten import investor_user, kapitalisten_game

            game, _users = kapitalisten_game(make_user, vacation_handling="sitter")
            return game, investor_user(game, "investor-1")
        game = services.game_create(
            created_by=players["austria"],
            name="Masks",
            power="austria",
            terms=GameTerms(
                assignment=Game.Assignment.CHOSEN,
                anonymous=True,
                vacation_handling=Game.VacationHandling.SITTER,
            ),
        )
        for power in POWERS[1:]:
            services.game_join(game=game, user=players[power], power=power)
        game.refresh_from_db()
        return game, players["austria"]

    @staticmethod
    def _answer(game: Game, requester: Any, world: Any) -> tuple[Any, ...]:
        """What ``requester`` is answered for naming carol, in the world ``world()``
        makes; the world is taken back afterwards, so each starts from the same game."""
        kept = transaction.savepoint()
        try:
            world()
            cache.clear()
            client = logged_in(requester)
            posted = client.post(sitter_url(game), {"username": "carol"})
            shown = client.get(posted["Location"])
            # A form's CSRF token is masked afresh for each page: the one part that differs.
            html = re.sub(rb'value="[^"]{64}"', b'value="<csrf>"', shown.content)
            return posted.status_code, posted["Location"], shown.status_code, html
        finally:
            transaction.savepoint_rollback(kept)

    def test_the_answer_is_the_same_whoever_is_named(
        self, secret: tuple[Game, Any], make_user: Any
    ) -> None:
        game, requester = secret
        carol, dave = make_user("carol"), make_user("dave")
        other = game.seats.exclude(user=requester).order_by("power").first()
        assert other is not None

        def carol_plays() -> None:
            Seat.objects.filter(pk=other.pk).update(user=carol)

        def carol_runs_it() -> None:
            Seat.objects.filter(pk=other.pk).update(user=dave)
            game.masters.add(carol)

        def carol_plays_nowhere() -> None:
            Seat.objects.filter(pk=other.pk).update(user=dave)

        answers = [self._answer(game, requester, w) for w in (carol_plays, carol_runs_it)]
        outsider = self._answer(game, requester, carol_plays_nowhere)
        assert outsider[0] == 302
        assert b"carol is your sitter in this game now." in outsider[3]
        for answer in answers:
            assert answer == outsider
        # The form says why it takes any name.
        assert b"someone who plays in or runs this game simply never sits for you" in outsider[3]
