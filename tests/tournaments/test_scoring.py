"""Scoring systems (tournaments/scoring.py) against tables computed by hand from each
system's definition (../shared/refdata/tournaments/NOTES.md, section 2), ties sharing the
points of the places they span, and the command line of
../shared/spec/tournament-scoring.md."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tournaments.scoring import SYSTEMS, main

ROOT = Path(__file__).resolve().parents[2]

#: No solo: England 11, France 8, Germany 6, Russia 5, Turkey 4; Italy out in 1905,
#: Austria in 1903. All 34 centers owned.
DRAWN = {
    "england": {"centers": 11},
    "france": {"centers": 8},
    "germany": {"centers": 6},
    "russia": {"centers": 5},
    "turkey": {"centers": 4},
    "italy": {"centers": 0, "eliminated": 1905},
    "austria": {"centers": 0, "eliminated": 1903},
}
#: England soloes in 1907 with 18; France 10, Germany 6; Russia and Turkey out in 1906,
#: Austria in 1905, Italy in 1904.
SOLO = {
    "england": {"centers": 18},
    "france": {"centers": 10},
    "germany": {"centers": 6},
    "russia": {"centers": 0, "eliminated": 1906},
    "turkey": {"centers": 0, "eliminated": 1906},
    "austria": {"centers": 0, "eliminated": 1905},
    "italy": {"centers": 0, "eliminated": 1904},
}


def scored(system: str, powers: dict[str, Any], **extra: Any) -> dict[str, float]:
    game = {"system": system, "powers": powers, "solo": None, "draw": None, "last_year": 1908}
    game.update(extra)
    out = io.StringIO()
    assert main([], io.StringIO(json.dumps(game)), out) == 0, out.getvalue()
    answer = json.loads(out.getvalue())
    assert answer["system"] == system
    return answer["scores"]


def approx(table: dict[str, float]) -> Any:
    return pytest.approx(table, abs=1e-9)


def test_sum_of_squares() -> None:
    # Squares 121 + 64 + 36 + 25 + 16 = 262.
    assert scored("sum_of_squares", DRAWN) == approx(
        {
            "england": 12100 / 262,
            "france": 6400 / 262,
            "germany": 3600 / 262,
            "russia": 2500 / 262,
            "turkey": 1600 / 262,
            "italy": 0,
            "austria": 0,
        }
    )
    solo = scored("sum_of_squares", SOLO, solo="england", last_year=1907)
    assert solo == {"england": 100, **{p: 0 for p in SOLO if p != "england"}}


def test_draw_size_shares_among_the_draw() -> None:
    everyone = scored("draw_size", DRAWN)
    assert everyone == approx({**dict.fromkeys(list(DRAWN)[:5], 20), "italy": 0, "austria": 0})
    two = scored("draw_size", DRAWN, draw=["england", "france"])
    assert two == {"england": 50, "france": 50, **dict.fromkeys(list(DRAWN)[2:], 0)}


def test_c_diplo_participation_centers_and_rank_bonus() -> None:
    table = {"england": 50, "france": 23, "germany": 14, "russia": 6, "turkey": 5}
    assert scored("c_diplo_100", DRAWN) == {**table, "italy": 1, "austria": 1}
    assert sum(scored("c_diplo_73", DRAWN).values()) == 100
    assert scored("c_diplo_100", SOLO, solo="england", last_year=1907) == {
        "england": 100,
        **{p: 0 for p in SOLO if p != "england"},
    }
    assert scored("c_diplo_73", SOLO, solo="england", last_year=1907) == {
        "england": 73,
        **{p: 1 for p in SOLO if p != "england"},
    }


def test_rule_ties_share_the_points_of_the_places_they_span() -> None:
    tied = DRAWN | {"england": {"centers": 10}, "france": {"centers": 9}}
    tied = tied | {"france": {"centers": 10}, "germany": {"centers": 5}}
    # England and France 10 each share 1st and 2nd: (38 + 14) / 2 = 26; Germany and
    # Russia 5 each share 3rd and 4th: 7 / 2.
    scores = scored("c_diplo_100", tied)
    assert scores["england"] == scores["france"] == 1 + 10 + 26
    assert scores["germany"] == scores["russia"] == pytest.approx(1 + 5 + 3.5)
    assert scores["turkey"] == 5


def test_carnage_places_survivors_then_the_eliminated_by_year() -> None:
    assert scored("carnage", DRAWN) == {
        "england": 7011,
        "france": 6008,
        "germany": 5006,
        "russia": 4005,
        "turkey": 3004,
        "italy": 2000,
        "austria": 1000,
    }
    assert scored("carnage", SOLO, solo="england", last_year=1907)["england"] == 28034


def test_tribute() -> None:
    # Five survivors: 66 / 5 = 13.2 each; England leads with 11: tribute min(13.2, 5) = 5
    # from each of the four others.
    assert scored("tribute", DRAWN) == approx(
        {
            "england": 11 + 13.2 + 20,
            "france": 8 + 13.2 - 5,
            "germany": 6 + 13.2 - 5,
            "russia": 5 + 13.2 - 5,
            "turkey": 4 + 13.2 - 5,
            "italy": 0,
            "austria": 0,
        }
    )
    assert sum(scored("tribute", DRAWN).values()) == pytest.approx(100)


def test_open_tribute() -> None:
    # Topper 11; the others pay 3, 5, 6, 7 and the eliminated 11 each: 43.
    assert scored("open_tribute", DRAWN) == {
        "england": 34 + 33 + 43,  # 10 x 11 with no neutral left
        "france": 34 + 24 - 3,
        "germany": 34 + 18 - 5,
        "russia": 34 + 15 - 6,
        "turkey": 34 + 12 - 7,
        "italy": 0,
        "austria": 0,
    }


def test_dixie_places_draws_and_solo() -> None:
    # All five survivors in the draw share places 1-5: 444 / 5 = 88.8, plus 4 a center.
    assert scored("dixie", DRAWN) == approx(
        {
            "england": 88.8 + 44,
            "france": 88.8 + 32,
            "germany": 88.8 + 24,
            "russia": 88.8 + 20,
            "turkey": 88.8 + 16,
            "italy": 10,
            "austria": 0,
        }
    )
    assert scored("dixie", DRAWN, draw=["england", "france"]) == {
        "england": 170 + 44,
        "france": 170 + 32,
        "germany": 50 + 24,
        "russia": 34 + 20,
        "turkey": 20 + 16,
        "italy": 10,
        "austria": 0,
    }
    # Russia and Turkey, out in the same year, share 4th and 5th: (34 + 20) / 2.
    assert scored("dixie", SOLO, solo="england", last_year=1907) == {
        "england": 270 + 72,
        "france": 70 + 40,
        "germany": 50 + 24,
        "russia": 27,
        "turkey": 27,
        "austria": 10,
        "italy": 0,
    }


def test_manorcon() -> None:
    # P = S² + 4S + 16: 181, 112, 76, 61, 48, 16, 16; sum 510.
    assert scored("manorcon", DRAWN) == approx(
        {
            "england": 18100 / 510,
            "france": 11200 / 510,
            "germany": 7600 / 510,
            "russia": 6100 / 510,
            "turkey": 4800 / 510,
            "italy": 0.5,  # 1901-1905, the year it fell counted
            "austria": 0.3,
        }
    )
    assert scored("manorcon", SOLO, solo="england", last_year=1907) == approx(
        {
            "england": 75,
            "france": 0.7,  # survivors of a solo: as if eliminated in 1907
            "germany": 0.7,
            "russia": 0.6,
            "turkey": 0.6,
            "austria": 0.5,
            "italy": 0.4,
        }
    )


def _error(game: Any) -> tuple[int, dict[str, str]]:
    out = io.StringIO()
    status = main([], io.StringIO(json.dumps(game)), out)
    return status, json.loads(out.getvalue())


#: A shared top and ties below it: England 9, France 9, Germany 6, Russia 6, Turkey 4; Italy
#: and Austria both out in 1905.
TIED = {
    "england": {"centers": 9},
    "france": {"centers": 9},
    "germany": {"centers": 6},
    "russia": {"centers": 6},
    "turkey": {"centers": 4},
    "italy": {"centers": 0, "eliminated": 1905},
    "austria": {"centers": 0, "eliminated": 1905},
}


def test_c_diplo_namur() -> None:
    # 1 + centers (5, 9, 12, 14, 16, 18 for the first six, then 1 each) + 38/14/7.
    assert scored("c_diplo_namur", DRAWN) == {
        "england": 1 + (18 + 5) + 38,
        "france": 1 + (18 + 2) + 14,
        "germany": 1 + 18 + 7,
        "russia": 1 + 16,
        "turkey": 1 + 14,
        "italy": 1,
        "austria": 1,
    }
    # Tied places share their bonuses: (38 + 14) / 2 and (7 + 0) / 2.
    assert scored("c_diplo_namur", TIED) == {
        "england": 1 + 21 + 26,
        "france": 1 + 21 + 26,
        "germany": 1 + 18 + 3.5,
        "russia": 1 + 18 + 3.5,
        "turkey": 1 + 14,
        "italy": 1,
        "austria": 1,
    }
    solo = scored("c_diplo_namur", SOLO, solo="england", last_year=1907)
    assert solo == {"england": 85, **dict.fromkeys(list(SOLO)[1:], 0)}


def test_c_diplo_namur_two_survivors_leave_third_place_to_the_eliminated_together() -> None:
    # The house rule on the rules page: the eliminated rank together at 0 centers, so
    # with two survivors the five of them share third place's 7 points.
    two = {
        "england": {"centers": 17},
        "france": {"centers": 17},
        **{p: {"centers": 0, "eliminated": 1906} for p in ("germany", "italy", "austria")},
        **{p: {"centers": 0, "eliminated": 1907} for p in ("russia", "turkey")},
    }
    scores = scored("c_diplo_namur", two)
    assert scores["england"] == scores["france"] == 1 + (18 + 11) + 26
    assert scores["italy"] == pytest.approx(1 + 7 / 5)


def test_world_classic() -> None:
    # 10 a center + 30 for surviving; the lone topper 48; the eliminated 1 a year lived
    # through (out in 1905: 1901 to 1904, 4).
    assert scored("world_classic", DRAWN) == {
        "england": 110 + 30 + 48,
        "france": 80 + 30,
        "germany": 60 + 30,
        "russia": 50 + 30,
        "turkey": 40 + 30,
        "italy": 4,
        "austria": 2,
    }
    # Two toppers share the 48.
    tied = scored("world_classic", TIED)
    assert tied["england"] == tied["france"] == 90 + 30 + 24
    assert (tied["germany"], tied["italy"], tied["austria"]) == (90, 4, 4)
    solo = scored("world_classic", SOLO, solo="england", last_year=1907)
    assert solo == {"england": 420, **dict.fromkeys(list(SOLO)[1:], 0)}
    # A survivor left out of a draw still survived: the draw does not enter.
    assert scored("world_classic", DRAWN, draw=["england", "france"]) == scored(
        "world_classic", DRAWN
    )


def test_haight() -> None:
    # 10 a center (the eliminated: 1 a year played, the year they fell included) + 66, 55,
    # 44, 33, 22, 11, 0 by place; England, alone on top, + 5 x (11 - 8).
    assert scored("haight", DRAWN) == {
        "england": 110 + 66 + 15,
        "france": 80 + 55,
        "germany": 60 + 44,
        "russia": 50 + 33,
        "turkey": 40 + 22,
        "italy": 5 + 11,
        "austria": 3 + 0,
    }
    solo = scored("haight", SOLO, solo="england", last_year=1907)
    # The others: the greater of 5 a center and the years played (7, to 1907).
    assert solo == {
        "england": 451,
        "france": 50,
        "germany": 30,
        "russia": 6,
        "turkey": 6,
        "austria": 5,
        "italy": 4,
    }
    # A survivor with few centers takes his years played instead.
    few = dict(SOLO, france={"centers": 1}, germany={"centers": 15})
    assert scored("haight", few, solo="england", last_year=1907)["france"] == 7


def test_haight_ties_take_the_lowest_place_they_span() -> None:
    # England and France share the top: both take second place's 55 and nobody gets the
    # topper's bonus; Germany and Russia third and fourth: 33 each; Italy and Austria, out
    # in the same year, sixth and seventh: 0 each.
    assert scored("haight", TIED) == {
        "england": 90 + 55,
        "france": 90 + 55,
        "germany": 60 + 33,
        "russia": 60 + 33,
        "turkey": 40 + 22,
        "italy": 5,
        "austria": 5,
    }
    three = dict(TIED, germany={"centers": 9}, russia={"centers": 3})
    scores = scored("haight", three)
    assert scores["england"] == scores["france"] == scores["germany"] == 90 + 44


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"system": "chess"}, "system"),
        ({"powers": {"england": {"centers": 35}}}, "powers.england.centers"),
        ({"powers": {"england": {"centers": 1.5}}}, "powers.england.centers"),
        ({"powers": {**DRAWN, "italy": {"centers": 0}}}, "powers.italy.eliminated"),
        ({"powers": {**DRAWN, "turkey": {"centers": 30}}}, "powers"),
        ({"solo": "france"}, "solo"),
        ({"draw": ["italy"]}, "draw[0]"),
        ({"last_year": "1908"}, "last_year"),
    ],
)
def test_bad_games_are_refused_with_where(change: dict[str, Any], path: str) -> None:
    status, answer = _error(
        {"system": "carnage", "powers": DRAWN, "solo": None, "draw": None, "last_year": 1908}
        | change
    )
    assert status == 2
    assert answer["path"] == path
    assert answer["error"]


def test_the_command_line_scores_a_list_and_lists_its_systems() -> None:
    game = {"system": "carnage", "powers": DRAWN, "solo": None, "draw": None, "last_year": 1908}
    run = subprocess.run(
        [sys.executable, "-m", "tournaments.scoring"],
        input=json.dumps([game, game | {"system": "dixie"}]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},  # no Django settings
        check=False,
    )
    assert run.returncode == 0, run.stderr
    answers = json.loads(run.stdout)
    assert [a["system"] for a in answers] == ["carnage", "dixie"]
    assert answers[0]["scores"]["england"] == 7011
    listed = subprocess.run(
        [sys.executable, "-m", "tournaments.scoring", "systems"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(listed.stdout) == list(SYSTEMS)
    bad = subprocess.run(
        [sys.executable, "-m", "tournaments.scoring"],
        input=json.dumps([game, game | {"system": "chess"}]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert bad.returncode == 2
    assert json.loads(bad.stdout)["path"] == "[1].system"
    assert "Traceback" not in bad.stderr


def test_scoring_and_brackets_import_nothing_of_django() -> None:
    """Pure modules: other tools use them with no site behind them."""
    check = (
        "import sys, tournaments.scoring, tournaments.brackets; "
        "assert not [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'celery', 'channels', 'rest_framework')], sorted(sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert run.returncode == 0, run.stderr[-2000:]
