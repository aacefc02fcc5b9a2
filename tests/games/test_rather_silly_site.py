"""Rather Silly (part 1) through the site: a seven-power game from the llamas' winter into
1901, the creatures told in the results in the reader's language, and the herds kept each
power's secret (tried as the wrong user: anonymous, a stranger, another player; the game's
moderator sees them, as everyone does once the game is over)."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from adjudicator.io import position_from_json, position_to_json
from adjudicator.variants.rather_silly import ROLES
from core.errors import PhaseOver
from games import selectors, services, visibility, wording
from games.export import game_export
from games.models import Game, GamePhase
from games.reading import order_read
from games.terms import GameTerms
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def _game(make_user: Any, **options: Any) -> tuple[Game, dict[str, Any]]:
    """A started game, seven seats (eleven with ``roles=True``); the users by seat."""
    seats = (*POWERS, *(ROLES if options.get("roles") else ()))
    users = {p: make_user(f"{p}-rs") for p in seats}
    game = services.game_create(
        created_by=users["austria"],
        name="Silly",
        power="austria",
        terms=GameTerms(
            variant_id="rather_silly", options=options, assignment=Game.Assignment.CHOSEN
        ),
    )
    for power in seats[1:]:
        services.game_join(game=game, user=users[power], power=power)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, users


def _adjudicate(game: Game) -> None:
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)


@pytest.fixture
def settled(make_user: Any) -> tuple[Game, dict[str, Any]]:
    """Winter 1900 adjudicated: England's herds in Yorkshire, Wales and the North Sea,
    France's in Picardy; two votes for a London-Belgium link."""
    game, users = _game(make_user)
    assert current(game).code == "W1900L"
    services.orders_submit(
        game=game,
        user=users["england"],
        orders=["herd yor", "herd wal", "herd nth", "vote lon - bel"],
    )
    services.orders_submit(game=game, user=users["france"], orders=["herd pic", "vote bel - lon"])
    _adjudicate(game)
    return game, users


def test_the_game_starts_with_the_llamas_winter_and_seven_seats(make_user: Any) -> None:
    game, _users = _game(make_user)
    assert sorted(game.seats.values_list("power", flat=True)) == sorted(POWERS)
    assert current(game).code == "W1900L"
    with translation.override("de"):
        assert wording.phase_name("W1900L") == "Lamas (Winter 1900)"


def test_the_role_seats_are_an_option(make_user: Any) -> None:
    game = services.game_create(
        created_by=make_user("host"),
        name="Roles",
        join=False,
        terms=GameTerms(variant_id="rather_silly", options={"roles": True}),
    )
    assert game.seats.count() == 11


def test_the_herds_are_their_powers_secret_after_the_winter_too(
    settled: tuple[Game, dict[str, Any]], make_user: Any, site_moderator: Any
) -> None:
    game, users = settled
    winter = game.phases.get(code="W1900L")
    assert current(game).code == "S1901M"
    england = users["england"]
    mine = selectors.game_state(user=england, game=game)
    assert sorted(mine["phase"]["extras"]["llamas"]["england"]) == ["nth", "wal", "yor"]
    assert "france" not in mine["phase"]["extras"]["llamas"]
    wrong = {
        "anonymous": AnonymousUser(),
        "stranger": make_user("stranger"),
        "another player": users["germany"],
    }
    for who, user in wrong.items():
        state = selectors.game_state(user=user, game=game)
        assert state["phase"]["extras"]["llamas"] == {}, who
        past = selectors.game_state(user=user, game=game, index=winter.index)
        said = json.dumps(past)
        assert "herd yor" not in said, who
        assert "herd_settled" not in said, who
        assert "vote lon - bel" in said, who  # the votes are public once counted
        exported = json.dumps(game_export(user=user, game=game))
        assert "herd yor" not in exported, who
        assert '"yor"' not in exported, who
        page = Client()
        if not isinstance(user, AnonymousUser):
            page.force_login(user)
        html = page.get(reverse("games:detail", args=[game.pk]) + f"?phase={winter.index}")
        assert "herd yor" not in html.content.decode(), who
        assert (
            'data-herd="yor"'
            not in page.get(reverse("games:detail", args=[game.pk])).content.decode()
        ), who
    # England sees its own herds drawn on its board; the game's moderator sees them all.
    own = Client()
    own.force_login(england)
    assert 'data-herd="yor"' in own.get(reverse("games:detail", args=[game.pk])).content.decode()
    moderated = selectors.game_state(user=site_moderator, game=game)
    assert set(moderated["phase"]["extras"]["llamas"]) == {"england", "france"}
    assert visibility.secrets_for(user=site_moderator, game=game).own is None


def test_a_season_tells_the_borg_the_link_and_the_monsters_in_words(
    settled: tuple[Game, dict[str, Any]],
) -> None:
    game, users = settled
    spring = current(game)
    with translation.override("en"):
        state = selectors.game_state(user=users["england"], game=game)
    assert state["phase"]["extras"]["hyperspace"]["now"]["link"] == ["bel", "lon"]
    # The link holds this spring: London's fleet sails to Belgium through hyperspace.
    services.orders_submit(game=game, user=users["england"], orders=["F lon - bel"])
    _adjudicate(game)
    spring.refresh_from_db()
    rows = {r["reason_code"]: r for r in spring.results if r.get("reason_code")}
    assert "borg_appeared" in rows
    assert rows["sea_monster_appeared"]["power"] == "monster"
    assert any(u.startswith("F bel") for u in spring.position_after["units"]["england"])
    with translation.override("en"):
        said = wording.result_reason(rows["borg_appeared"], "standard")
        assert said.startswith("the Borg appeared in ")
    with translation.override("de"):
        said = wording.result_reason(rows["sea_monster_appeared"], "standard")
        assert said.startswith("ein Seemonster tauchte in ")
        assert wording.power_name("monster") == "Monster"
    fall = current(game)
    assert fall.code == "F1901M"
    assert "monster" in fall.position["units"]
    assert "monster" not in services.powers_to_order(services.phase_position(fall), _rs())
    html = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'class="borg"' in html
    assert 'class="unit power-monster"' in html


def test_nobody_orders_for_the_monsters(settled: tuple[Game, dict[str, Any]]) -> None:
    from core.errors import ApplicationError

    game, users = settled
    with pytest.raises(ApplicationError):
        services.orders_submit(
            game=game, user=users["england"], orders=["F lon H"], power="monster"
        )


def _rs() -> Any:
    from adjudicator import find_variant

    return find_variant("rather_silly")


def test_a_role_seat_votes_for_the_link(make_user: Any) -> None:
    game, users = _game(make_user, roles=True)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    services.orders_submit(game=game, user=users["fool"], orders=["vote lon - bel"])
    services.orders_submit(game=game, user=users["doctor"], orders=["vote bel - lon"])
    services.orders_submit(game=game, user=users["england"], orders=["vote nwy - swe"])
    _adjudicate(game)
    winter = game.phases.get(code="W1900L")
    chosen = next(r for r in winter.results if r.get("reason_code") == "hyperspace_link")
    assert (chosen["params"]["source"], chosen["params"]["dest"], chosen["params"]["votes"]) == (
        "bel",
        "lon",
        "2",
    )


def test_the_board_draws_iceland_and_crete(settled: tuple[Game, dict[str, Any]]) -> None:
    game, _users = settled
    html = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'data-province="ice"' in html
    assert 'data-province="cre"' in html
    names = wording.location_names("rather_silly")
    assert names["ice"] == "Iceland"


def test_the_fool_overrides_a_units_order_through_the_site(make_user: Any) -> None:
    game, users = _game(make_user, roles=True)
    _adjudicate(game)  # the llamas' winter, nobody settling any
    assert current(game).code == "S1901M"
    fool = users["fool"]
    state = selectors.game_state(user=fool, game=game)
    assert state["me"]["may_order"] is True
    assert state["me"]["must_order"] is False
    page = Client()
    page.force_login(fool)
    html = page.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'id="order-input"' in html
    assert "override A par - bur" in html
    services.orders_submit(game=game, user=fool, orders=["override A par - pic"])
    services.orders_submit(game=game, user=users["france"], orders=["A par - bur"])
    # Before the results nobody else reads the Fool's order.
    assert not visibility.can_see_orders(user=users["france"], phase=current(game), power="fool")
    _adjudicate(game)
    spring = game.phases.get(code="S1901M")
    codes = {r.get("reason_code") for r in spring.results}
    assert {"fool_override", "overridden_by_fool"} <= codes
    assert any(u == "A pic" for u in spring.position_after["units"]["france"])
    with translation.override("de"):
        row = next(r for r in spring.results if r.get("reason_code") == "fool_override")
        assert wording.result_reason(row, "rather_silly").startswith("der Narr gab")


def test_the_fortune_tellers_merged_unit_is_his_to_order(make_user: Any) -> None:
    game, users = _game(make_user, roles=True)
    _adjudicate(game)  # the llamas' winter
    services.orders_submit(game=game, user=users["france"], orders=["A par - bur"])
    services.orders_submit(game=game, user=users["germany"], orders=["A mun - bur"])
    services.orders_submit(game=game, user=users["fortune_teller"], orders=["predict bur"])
    _adjudicate(game)
    fall = current(game)
    assert fall.position["units"]["fortune_teller"] == ["A bur"]
    assert "fortune_teller" in services.powers_to_order(services.phase_position(fall), _rs())
    services.orders_submit(game=game, user=users["fortune_teller"], orders=["A bur - pic"])
    seat = game.seats.get(power="fortune_teller")
    assert not seat.eliminated
    html = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'class="unit power-fortune_teller"' in html


def test_a_great_power_sells_a_souls_through_the_site(
    settled: tuple[Game, dict[str, Any]],
) -> None:
    game, users = settled
    services.orders_submit(game=game, user=users["france"], orders=["A par - bur", "sell A par"])
    _adjudicate(game)
    spring = game.phases.get(code="S1901M")
    assert "soul_sold" in {r.get("reason_code") for r in spring.results}
    assert spring.position_after["extras"]["devils"] == {"france bur": 2}
    with translation.override("de"):
        row = next(r for r in spring.results if r.get("reason_code") == "soul_sold")
        assert "verkaufte seine Seele" in wording.result_reason(row, "rather_silly")


def test_the_board_marks_amazons_rogue_armies_and_devil_units(
    settled: tuple[Game, dict[str, Any]],
) -> None:
    game, users = settled
    phase = current(game)
    position = dict(phase.position)
    position["extras"] = {
        **position["extras"],
        "kinds": {"france par": "amazon", "france mar": "dirtbag"},
        "devils": {"germany mun": 2},
    }
    GamePhase.objects.filter(pk=phase.pk).update(position=position)
    html = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'class="unit power-france amazon"' in html
    assert 'class="unit power-france dirtbag"' in html
    assert 'class="unit power-germany devil"' in html
    assert ">♀</text>" in html
    own = Client()
    own.force_login(users["france"])
    with translation.override("en"):
        mine = own.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Amazon: Paris" in mine
    assert "rogue army: Marseilles" in mine


def test_the_superbrains_question_is_judged_by_the_game_master_and_his_answer_kept(
    make_user: Any, site_moderator: Any
) -> None:
    from games.models import Decision
    from games.services import decisions

    game, users = _game(make_user, roles=True)
    _adjudicate(game)  # the llamas' winter
    services.orders_submit(
        game=game,
        user=users["superbrain"],
        orders=["ask Which is Hanover's highest hill?", "answer Monte Muello"],
    )
    _adjudicate(game)
    spring = game.phases.get(code="S1901M")
    for who in ("france", "germany", "fool"):
        state = selectors.game_state(user=users[who], game=game)
        assert state["phase"]["extras"]["question"]["text"] == "Which is Hanover's highest hill?"
        assert state["phase"]["extras"]["answers"] == {}
        past = json.dumps(selectors.game_state(user=users[who], game=game, index=spring.index))
        assert "Monte Muello" not in past, who
        assert "Monte Muello" not in json.dumps(game_export(user=users[who], game=game)), who
    mine = selectors.game_state(user=users["superbrain"], game=game)
    assert mine["phase"]["extras"]["answers"]["superbrain"]["answer"] == "Monte Muello"
    # The replies come with the fall's orders; the game master judges them.
    services.orders_submit(game=game, user=users["france"], orders=["reply Monte Muello"])
    services.orders_submit(game=game, user=users["germany"], orders=["reply The Brocken"])
    fall = current(game)
    GamePhase.objects.filter(pk=fall.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert not services.phase_adjudicate(game_id=game.pk, phase_id=fall.pk)  # it waits
    decision = Decision.objects.get(phase=fall)
    # The question carries the answer the game master judges by, as the Superbrain's own
    # secret (tests/games/test_decision_secrets.py: who reads it where).
    assert decision.question_code == "superbrain_replies"
    assert decision.params["answer"] == "Monte Muello"
    assert decision.owned == {"answer": "superbrain"}
    decisions.decision_answer(decision=decision, by=site_moderator, answer="france")
    assert services.phase_adjudicate(game_id=game.pk, phase_id=fall.pk)
    fall.refresh_from_db()
    shares = fall.position_after["extras"]["shares"]
    # France was right (a whole share); the Superbrain asked nothing this fall, so every
    # other seat still in the game also got a tenth (seven powers and three roles).
    assert shares["france"] == "11/10"
    assert shares["fool"] == "1/10"
    assert "superbrain" not in shares
    with translation.override("de"):
        row = next(r for r in fall.results if r.get("reason_code") == "reply_right")
        assert wording.result_reason(row, "rather_silly") == (
            "richtig: ein Anteil von 1 an einer Extra-Einheit"
        )


def test_the_doctors_tardis_comes_along_the_first_link_and_is_drawn(make_user: Any) -> None:
    game, users = _game(make_user, roles=True)
    with translation.override("en"):
        html = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "The Doctor's TARDIS comes onto the board along the first hyperspace link." in html
    services.orders_submit(game=game, user=users["england"], orders=["vote lon - bel"])
    _adjudicate(game)  # the llamas' winter chooses the link of Spring 1901
    doctor = users["doctor"]
    state = selectors.game_state(user=doctor, game=game)
    assert state["me"]["may_order"] is True
    services.orders_submit(game=game, user=doctor, orders=["T - bel"])
    _adjudicate(game)
    spring = game.phases.get(code="S1901M")
    codes = {r.get("reason_code") for r in spring.results}
    assert codes & {"tardis_arrived", "tardis_astray"}
    where = spring.position_after["extras"]["tardis"]["province"]
    assert where in wording.location_names("rather_silly")
    with translation.override("de"):
        row = next(r for r in spring.results if r.get("reason_code", "").startswith("tardis_a"))
        assert "TARDIS" in wording.result_reason(row, "rather_silly")
    # Everyone sees where it is: on the board (server and script draw it) and in the panel.
    with translation.override("en"):
        html = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert f'data-tardis="{where}"' in html
    assert "The Doctor has 0 victory points." in html
    picture = Client().get(reverse("games:map-svg", args=[game.pk, current(game).index]))
    assert picture.status_code == 200
    assert b'class="tardis"' in picture.content


def test_the_game_master_settles_the_attack_on_a_fifth_fleet(
    make_user: Any, site_moderator: Any
) -> None:
    from games.models import Decision
    from games.services import decisions

    game, users = _game(make_user, fifth_fleet=True)
    assert game.options["fifth_fleet"] is True
    _adjudicate(game)  # the llamas' winter
    spring = current(game)
    # France's fifth fleet in the Channel (as if built in a winter), Germany in Holland.
    position = dict(spring.position)
    position["units"] = {"france": ["F eng"], "germany": ["A hol"]}
    # The Borg far off in Syria, so that it does not come to eat them.
    position["extras"] = {
        **position["extras"],
        "kinds": {"france eng": "fifth_fleet"},
        "borg": "syr",
    }
    GamePhase.objects.filter(pk=spring.pk).update(position=position)
    html = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'class="unit power-france fifth_fleet"' in html
    assert ">F5</text>" in html
    services.orders_submit(game=game, user=users["france"], orders=["F eng - bel"])
    GamePhase.objects.filter(pk=spring.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert not services.phase_adjudicate(game_id=game.pk, phase_id=spring.pk)  # it waits
    decision = Decision.objects.get(phase=spring)
    assert (decision.question_code, decision.params) == (
        "fifth_fleet_attack",
        {"dest": "bel", "power": "france", "unit": "F eng"},
    )
    with translation.override("en"):
        asked = selectors.game_state(user=site_moderator, game=game)["phase"]["decisions"]
    assert asked[0]["question"].startswith(
        "The fifth fleet F English Channel (France) is ordered to Belgium"
    )
    decisions.decision_answer(decision=decision, by=site_moderator, answer="no")
    assert services.phase_adjudicate(game_id=game.pk, phase_id=spring.pk)
    spring.refresh_from_db()
    assert spring.position_after["units"]["france"] == ["F bel"]
    with translation.override("de"):
        row = next(r for r in spring.results if r.get("reason_code") == "fifth_fleet_spared")
        assert "fünfte Flotte" in wording.result_reason(row, "rather_silly")


def test_each_order_keeps_its_slot_when_saved(make_user: Any) -> None:
    """A later order replaces an earlier one only for the same slot (the adjudicator's
    order_slot): a vote naming London never replaces the fleet in London's order; two herds
    may settle in one province; a flock's pick-up stands beside the army's boarding; a
    later vote replaces the earlier."""
    game, users = _game(make_user, roles=True)
    saved = services.orders_submit(
        game=game, user=users["england"], orders=["herd yor", "herd yor", "vote lon - bel"]
    )
    assert saved.orders == ["herd yor", "herd yor", "vote lon - bel"]
    _adjudicate(game)
    england = users["england"]
    saved = services.orders_submit(
        game=game,
        user=england,
        orders=["F lon - nth", "vote lon - bel", "A lvp H", "vote lon - par", "A lvp - yor"],
    )
    assert saved.orders == ["F lon - nth", "vote lon - par", "A lvp - yor"]
    phase = current(game)
    position = dict(phase.position)
    position["extras"] = {
        **position["extras"],
        "birds": [{"power": "england", "province": "lvp", "carrying": None}],
    }
    GamePhase.objects.filter(pk=phase.pk).update(position=position)
    saved = services.orders_submit(
        game=game, user=england, orders=["birds lvp carry A lvp", "A lvp board", "F lon H"]
    )
    assert saved.orders == ["birds lvp carry A lvp", "A lvp board", "F lon H"]


def test_the_board_draws_flocks_and_twins_and_the_panel_names_them(
    settled: tuple[Game, dict[str, Any]],
) -> None:
    game, _users = settled
    phase = current(game)
    position = dict(phase.position)
    position["units"] = {**position["units"], "france": ["A par", "F bre"]}
    position["extras"] = {
        **position["extras"],
        "birds": [
            {"power": "england", "province": "lon", "carrying": None},
            {"power": "germany", "province": "lon", "carrying": "germany"},
        ],
        "twins": {"france": ["par", "bre"]},
    }
    GamePhase.objects.filter(pk=phase.pk).update(position=position)
    with translation.override("en"):
        html = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'class="flock power-england" data-flock="lon"' in html
    assert 'class="flock power-germany carrying" data-flock="lon"' in html
    assert 'data-twins="par-bre"' in html
    assert "England, London" in html
    assert "Germany, London (carrying an army)" in html
    assert "France's Siamese twins: Paris and Brest" in html
    picture = Client().get(reverse("games:map-svg", args=[game.pk, phase.index]))
    assert b'class="twins-bond"' in picture.content
    assert picture.content.count(b'class="flock') == 2


def test_the_fortune_tellers_predictions_are_his_until_the_results(
    make_user: Any, site_moderator: Any
) -> None:
    """Predictions are orders: nobody else reads them before the season is adjudicated
    (anonymous, a stranger, a great power, another role); the game's moderator may; with
    the results, everyone reads what was foretold."""
    game, users = _game(make_user, roles=True)
    _adjudicate(game)  # the llamas' winter
    teller = users["fortune_teller"]
    services.orders_submit(game=game, user=teller, orders=["predict bur", "predict pic F"])
    spring = current(game)
    wrong = {
        "anonymous": AnonymousUser(),
        "stranger": make_user("stranger-ft"),
        "a great power": users["france"],
        "another role": users["fool"],
    }
    for who, user in wrong.items():
        assert not visibility.can_see_orders(user=user, phase=spring, power="fortune_teller")
        said = json.dumps(selectors.game_state(user=user, game=game))
        assert "predict bur" not in said, who
        assert "predict bur" not in json.dumps(game_export(user=user, game=game)), who
        page = Client()
        if not isinstance(user, AnonymousUser):
            page.force_login(user)
        html = page.get(reverse("games:detail", args=[game.pk])).content.decode()
        assert "predict bur" not in html, who
    assert "predict bur" in json.dumps(selectors.game_state(user=teller, game=game))
    _adjudicate(game)
    spring.refresh_from_db()
    after = json.dumps(selectors.game_state(user=users["france"], game=game, index=spring.index))
    assert "predict bur" in after


# -- issue 34: the role seats' ready marks, and their panels -----------------------------------


def test_the_role_seats_ready_marks_count_and_none_is_carried_into_spring(
    make_user: Any,
) -> None:
    """The four role seats started Spring 1901 marked ready: the llamas' winter ended as
    soon as the seven great powers were ready, while the roles (who vote in it) were still
    at it, and the marks they then sent for the winter landed on the spring. A role seat's
    ready mark now counts: the winter ends early only once the roles are ready too, and
    the spring opens with nobody ready."""
    game, users = _game(make_user, roles=True)
    winter = current(game)
    assert winter.code == "W1900L"
    for power in POWERS:
        services.orders_ready(game=game, user=users[power], ready=True, phase=winter.index)
    winter.refresh_from_db()
    assert not winter.due_now, "the roles are not ready yet: the winter waits for them"
    state = selectors.game_state(user=users["austria"], game=game)
    assert set(ROLES) <= set(state["phase"]["welcome"])
    for role in ROLES:
        services.orders_ready(game=game, user=users[role], ready=True, phase=winter.index)
    winter.refresh_from_db()
    assert winter.due_now, "everyone is ready: the winter is adjudicated now"
    _adjudicate(game)
    spring = current(game)
    assert spring.code == "S1901M"
    assert not spring.order_sets.filter(ready=True).exists()
    seen = selectors.game_state(user=users["fool"], game=game)
    assert not any(s["ready"] for s in seen["seats"])
    assert seen["me"]["ready"] is False
    # A mark sent late for the winter is refused, and never lands on the spring.
    with pytest.raises(PhaseOver):
        services.orders_ready(game=game, user=users["doctor"], ready=True, phase=winter.index)
    assert not spring.order_sets.filter(ready=True).exists()


def test_a_role_seat_that_nobody_plays_holds_nothing_up(make_user: Any) -> None:
    """A role seat in civil disorder is waited for by nobody: the great powers' ready
    marks and the other roles' end the phase."""
    game, users = _game(make_user, roles=True)
    winter = current(game)
    game.seats.filter(power="fool").update(user=None, civil_disorder=True)
    for seat in SEATS_OF_ELEVEN:
        if seat != "fool":
            services.orders_ready(game=game, user=users[seat], ready=True, phase=winter.index)
    winter.refresh_from_db()
    assert winter.due_now


SEATS_OF_ELEVEN = (*POWERS, *ROLES)


#: Each role's own help in a movement phase: how his orders are written.
ROLE_SYNTAX = {
    "fool": "override A par - bur",
    "superbrain": "ask How many legs has a llama?",
    "doctor": "T destroy bre",
    "fortune_teller": "predict bur F",
}
#: What each role reads while he has no orders in a movement phase.
ROLE_EMPTY = {
    "fool": "No orders yet: you override no unit this season.",
    "superbrain": "No orders yet: without a question this season, every other seat gets a "
    "share of an extra unit.",
    "doctor": "No orders yet: the TARDIS stays where it is",
    "fortune_teller": "No orders yet: you foretell no bounce this season",
}


def _page(user: Any, game: Game) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("games:detail", args=[game.pk])).content.decode()


def _panel(text: str) -> str:
    start = text.index('id="my-orders"')
    return text[start : text.index("</section>", start)]


def test_each_role_seat_reads_its_own_words_and_syntax(make_user: Any, site_moderator: Any) -> None:
    """The Fool, the Superbrain, the Doctor and the Fortune-teller each read their own
    order syntax and what an empty list means for them (never "your units hold" alone);
    in the llamas' winter they vote and settle no herds; in a winter they have nothing to
    give they read so, never about disbands. The variant's site side says the words."""
    game, users = _game(make_user, roles=True)
    winter = _panel(_page(users["fool"], game))
    assert "you may vote for the first hyperspace link" in winter
    assert "No vote yet" in winter
    assert "No herds yet" not in winter
    _adjudicate(game)
    assert current(game).code == "S1901M"
    for role in ROLES:
        panel = _panel(_page(users[role], game))
        assert ROLE_SYNTAX[role] in panel, role
        assert ROLE_EMPTY[role] in panel, role
        assert "No orders yet: your units hold." not in panel, role
        for other, words in ROLE_SYNTAX.items():
            if other != role:
                assert words not in panel, (role, other)
    # A great power reads as ever.
    assert "No orders yet: your units hold." in _panel(_page(users["france"], game))


def test_the_superbrain_in_winter_is_told_of_no_disbands(
    make_user: Any, site_moderator: Any
) -> None:
    from tests.games.rather_silly import SEATS, played_rather_silly_game

    users = {s: make_user(f"{s}-winter") for s in SEATS}
    game = played_rather_silly_game(users, site_moderator, until="W1901A")
    assert current(game).code == "W1901A"
    for role in ("superbrain", "fool"):
        panel = _panel(_page(users[role], game))
        assert "disband" not in panel, role
        assert "You have no orders to give in this phase." in panel, role


def test_the_powers_list_shows_the_role_seats_ready_marks(make_user: Any) -> None:
    """The list of powers shows each role seat's ready mark as the API does: ordering
    until he says he is ready, then ready."""
    game, users = _game(make_user, roles=True)
    _adjudicate(game)

    def shown(power: str) -> str:
        text = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
        start = text.index(f'<li class="power-{power}')
        return text[start : text.index("</li>", start)]

    assert "ordering" in shown("fool")
    services.orders_ready(game=game, user=users["fool"], ready=True, phase=current(game).index)
    api = Client().get(f"/api/v1/games/{game.pk}/").json()
    assert next(s for s in api["seats"] if s["power"] == "fool")["ready"] is True
    assert "ready" in shown("fool")
    assert "ordering" not in shown("fool")
    assert "ordering" in shown("doctor")


def test_the_herds_panel_gives_an_example_from_the_players_own_herds(
    settled: tuple[Game, dict[str, Any]],
) -> None:
    """France settled one herd, in Picardy: the example is hers ("explode pic"), never a
    herd she does not have ("explode yor" is England's)."""
    game, users = settled
    assert current(game).code == "S1901M"
    herds = _page(users["france"], game)
    start = herds.index('id="my-herds"')
    mine = herds[start : herds.index("</li>", start)]
    assert "explode pic" in mine
    assert "explode yor" not in herds


def _replies_judged(make_user: Any, site_moderator: Any) -> tuple[Game, dict[str, Any], Any]:
    """An eleven-seat game whose Superbrain asked in the spring; France and the Fool
    replied in the fall, which now waits for the game master's judgement."""
    from games.models import Decision

    game, users = _game(make_user, roles=True)
    _adjudicate(game)  # the llamas' winter
    services.orders_submit(
        game=game, user=users["superbrain"], orders=["ask Hanover's highest hill?", "answer Muello"]
    )
    _adjudicate(game)
    services.orders_submit(game=game, user=users["france"], orders=["reply Monte Muello"])
    services.orders_submit(game=game, user=users["fool"], orders=["reply The Brocken"])
    fall = current(game)
    GamePhase.objects.filter(pk=fall.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert not services.phase_adjudicate(game_id=game.pk, phase_id=fall.pk)
    return game, users, Decision.objects.get(phase=fall)


def test_the_game_master_ticks_the_seats_that_replied_right_and_none_is_nobody(
    make_user: Any, site_moderator: Any
) -> None:
    """The answer is the seats that replied, ticked (none ticked: nobody), kept as their
    ids and said in the reader's language; an empty answer is no longer refused."""
    game, users, decision = _replies_judged(make_user, site_moderator)
    assert decision.many
    assert decision.choices == ["fool", "france"]
    client = Client()
    client.force_login(site_moderator)
    page = reverse("games:detail", args=[game.pk])
    with translation.override("de"):
        html = client.get(page, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'type="checkbox" name="answer" value="france"> Frankreich' in html
    assert 'type="checkbox" name="answer" value="fool"> Der Narr' in html
    # Nothing ticked: the form sends no answer at all, and that is the answer "nobody".
    answered = client.post(reverse("games:mod-decision", args=[game.pk, decision.pk]), {})
    assert answered.status_code == 302
    decision.refresh_from_db()
    assert (decision.answer, decision.defaulted) == ("", False)
    assert services.phase_adjudicate(game_id=game.pk, phase_id=decision.phase_id)
    fall = game.phases.get(pk=decision.phase_id)
    codes = [r.get("reason_code") for r in fall.results]
    assert "nobody_right" in codes
    assert "reply_right" not in codes
    with translation.override("de"):
        seen = selectors.game_state(user=users["france"], game=game, index=fall.index)
        [shown] = seen["phase"]["decisions"]
    assert shown["answer_words"] == "niemand"


def test_the_game_masters_judgement_is_kept_as_ids_and_worded_for_the_reader(
    make_user: Any, site_moderator: Any
) -> None:
    game, users, decision = _replies_judged(make_user, site_moderator)
    client = Client()
    client.force_login(site_moderator)
    url = reverse("games:mod-decision", args=[game.pk, decision.pk])
    refused = client.post(url, {"answer": ["france", "atlantis"]})
    assert refused.status_code == 302
    decision.refresh_from_db()
    assert decision.answer is None
    client.post(url, {"answer": ["france", "fool"]})
    decision.refresh_from_db()
    assert decision.answer == "fool,france"
    assert services.phase_adjudicate(game_id=game.pk, phase_id=decision.phase_id)
    fall = game.phases.get(pk=decision.phase_id)
    for language, words in (("de", "Der Narr, Frankreich"), ("en", "The Fool, France")):
        with translation.override(language):
            seen = selectors.game_state(user=users["germany"], game=game, index=fall.index)
            assert seen["phase"]["decisions"][0]["answer_words"] == words
            [record] = [a for a in seen["moderation"]["actions"] if a["kind"] == "decision"]
            assert record["details"]["answer_words"] == words
    with translation.override("de"):
        html = Client(HTTP_ACCEPT_LANGUAGE="de").get(
            reverse("games:detail", args=[game.pk]) + f"?phase={fall.index}"
        )
    shown = re.sub(r"<script.*?</script>", "", html.content.decode(), flags=re.DOTALL)
    assert "Der Narr, Frankreich" in shown
    assert "fool,france" not in shown, "the ids are the state's, never the reader's words"


def test_the_order_check_refuses_a_convoy_or_a_support_into_crete_in_words() -> None:
    """The check behind the API and the typed orders (``order_read``) let a convoy or a
    support into a build-only island through, as merely unmatched: it refuses them now,
    with the resolver's reason in the reader's language, as it refuses the move there."""
    position, _ = position_from_json(
        {
            "variant": "rather_silly",
            "phase": "S1902M",
            "units": {
                "italy": ["A apu", "F ion"],
                "turkey": ["A gre", "F aeg"],
                "superbrain": ["A cre"],
            },
            "extras": {"llamas": {}, "borg": "syr"},
        }
    )
    cases = [
        (
            "italy",
            "F ion C A apu - cre",
            "A Apulia cannot enter Crete",
            "A Apulien kann",
            "betreten",
        ),
        ("italy", "A apu - cre", "A Apulia cannot enter Crete", "A Apulien kann", "betreten"),
        (
            "turkey",
            "F aeg S A gre - cre",
            "F Aegean Sea could not move to Crete itself, so cannot support there",
            "F Ägäisches Meer könnte selbst nicht nach",
            "nicht unterstützen",
        ),
        (
            "turkey",
            "F aeg S A cre",
            "F Aegean Sea could not move to Crete itself, so cannot support there",
            "F Ägäisches Meer könnte selbst nicht nach",
            "nicht unterstützen",
        ),
    ]
    # The island by its German name, as the standard map's places are (the variant's
    # own place names, variants/rather_silly/words.py).
    for power, text, english, german, german_end in cases:
        with translation.override("en"):
            assert order_read(position, power, text) == (text, english)
        with translation.override("de"):
            order, problem = order_read(position, power, text)
            assert order == text
            assert problem is not None
            assert problem.startswith(german), problem
            assert problem.endswith(german_end), problem
            assert "Kreta" in problem, problem
            assert "Crete" not in problem, problem
    # The Superbrain's army may still be carried away from the island.
    assert order_read(position, "italy", "F ion C A cre - apu") == ("F ion C A cre - apu", None)


def test_a_retreat_of_a_monster_alone_is_adjudicated_at_once(make_user: Any) -> None:
    """Germany drives the monster out of Holland: the variant retreats monsters itself, so
    in the retreat phase that follows nobody has an order to give, and nobody could mark
    ready. The phase is due at once, not left to wait for its deadline."""
    game, users = _game(make_user)
    phase = current(game)
    spring, _orders = position_from_json(
        {
            "variant": "rather_silly",
            "phase": "S1902M",
            "units": {"monster": ["F hol"], "germany": ["A kie", "A ruh", "A bel"]},
            "extras": {"llamas": {}, "borg": "syr"},
        }
    )
    GamePhase.objects.filter(pk=phase.pk).update(code="S1902M", position=position_to_json(spring))
    services.orders_submit(
        game=game,
        user=users["germany"],
        orders=["A kie - hol", "A ruh S A kie - hol", "A bel S A kie - hol"],
    )
    _adjudicate(game)
    retreat = current(game)
    assert retreat.code == "S1902R"
    assert retreat.position["dislodged"].keys() == {"monster"}
    assert retreat.due_now
    # The monster retreats where the rules let it (the North Sea or Heligoland Bight: Kiel
    # was the attacker's), as the stored position says; it was disbanded (and a new one
    # landed) while reading a stored position lost where a dislodged unit may go.
    assert retreat.position["dislodged"]["monster"][0]["retreats"] == ["hel", "nth"]
    assert services.phase_adjudicate(game_id=game.pk, phase_id=retreat.pk)
    retreat.refresh_from_db()
    assert retreat.position_after is not None
    assert {"F hel", "F nth"} & set(retreat.position_after["units"]["monster"])
