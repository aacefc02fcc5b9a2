"""A tournament's results as files, after a knock-out of six played to its champion (see
the ``played`` fixture): the classification and the boards as CSV after the World
Diplomacy Database's two files, and everything as JSON; for whoever may see the
tournament, and nobody else.

What the figures are. Every duel played is won by rule 7.4 (``win_duel``): the winner
takes an 18th center on the board where he holds 17 and keeps Moscow on the other, so he
ends with 18 + 1 = 19 centers, the loser with 0 + 17 = 17. A walkover counts no board."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.tournaments.web.conftest import Drawn, knockout_match, logged_in
from tournaments import exports, services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def export_url(tournament: Tournament, what: str, ext: str) -> str:
    return reverse("tournaments:export", args=[tournament.pk, what, ext])


def _csv(answer: Any) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(answer.content.decode())))


#: The classification: places from the bracket, losers of a round sharing one (more wins,
#: then more centers, first); cat's walkover counts a win and no centers, fay's a loss.
CLASSIFICATION = [
    # rank, player, played, wins, losses, boards won, centers
    ("1", "ann", "2", "2", "0", "2", "38"),
    ("2", "cat", "3", "2", "1", "1", "36"),
    ("3", "eve", "2", "1", "1", "1", "36"),
    ("3", "bob", "1", "0", "1", "0", "17"),
    ("5", "dan", "1", "0", "1", "0", "17"),
    ("5", "fay", "1", "0", "1", "0", "0"),
]


class TestTheClassification:
    def test_as_csv(self, played: Drawn) -> None:
        answer = Client().get(export_url(played.tournament, "classification", "csv"))
        assert answer.status_code == 200
        assert answer["Content-Type"] == "text/csv; charset=utf-8"
        assert (
            answer["Content-Disposition"]
            == 'attachment; filename="highland-cup-classification.csv"'
        )
        lines = answer.content.decode().splitlines()
        assert lines[0] == ",".join(exports.CLASSIFICATION)
        assert lines[0] == "rank,player,played,wins,losses,boards_won,centres"
        assert [tuple(row.values()) for row in _csv(answer)] == CLASSIFICATION


class TestTheBoards:
    def test_one_row_per_player_per_board_and_a_walkover_without_one(self, played: Drawn) -> None:
        answer = Client().get(export_url(played.tournament, "boards", "csv"))
        assert answer.status_code == 200
        assert answer["Content-Disposition"] == 'attachment; filename="highland-cup-boards.csv"'
        assert answer.content.decode().splitlines()[0] == ",".join(exports.BOARDS)
        rows = _csv(answer)
        read = [
            (r["match"], r["board"], r["player"], r["colour"], r["centres"], r["result"])
            for r in rows
        ]
        assert read == [
            # Eve (blue) takes her 18th center on board B, where she started with 17.
            ("Quarter-finals, match 2", "A", "dan", "red", "17", "lost"),
            ("Quarter-finals, match 2", "B", "dan", "red", "0", "lost"),
            ("Quarter-finals, match 2", "A", "eve", "blue", "1", "won"),
            ("Quarter-finals, match 2", "B", "eve", "blue", "18", "won"),
            # The walkover: a row for each player, and no board.
            ("Quarter-finals, match 4", "", "cat", "red", "", "won"),
            ("Quarter-finals, match 4", "", "fay", "blue", "", "lost"),
            ("Semi-finals, match 1", "A", "ann", "red", "18", "won"),
            ("Semi-finals, match 1", "B", "ann", "red", "1", "won"),
            ("Semi-finals, match 1", "A", "eve", "blue", "0", "lost"),
            ("Semi-finals, match 1", "B", "eve", "blue", "17", "lost"),
            ("Semi-finals, match 2", "A", "bob", "red", "17", "lost"),
            ("Semi-finals, match 2", "B", "bob", "red", "0", "lost"),
            ("Semi-finals, match 2", "A", "cat", "blue", "1", "won"),
            ("Semi-finals, match 2", "B", "cat", "blue", "18", "won"),
            ("Final, match 1", "A", "ann", "red", "18", "won"),
            ("Final, match 1", "B", "ann", "red", "1", "won"),
            ("Final, match 1", "A", "cat", "blue", "0", "lost"),
            ("Final, match 1", "B", "cat", "blue", "17", "lost"),
        ]
        assert [r["round"] for r in rows] == ["Quarter-finals"] * 6 + ["Semi-finals"] * 8 + [
            "Final"
        ] * 4
        walkover = [r for r in rows if r["match"] == "Quarter-finals, match 4"]
        assert {(r["game"], r["units"], r["decided"]) for r in walkover} == {("", "", "walkover")}
        assert {r["decided"] for r in rows if r not in walkover} == {"played"}
        # Each board row names its game, one of the match's duel's two boards.
        final = knockout_match(played.tournament, 3, 0)
        games = {str(g.pk): g.link_label for g in Game.objects.filter(link_id=final.duel_id)}
        assert {(r["game"], r["board"]) for r in rows if r["round"] == "Final"} == set(
            games.items()
        )
        # A board's units: the loser of a board keeps none on it.
        assert all(r["units"] == "0" for r in rows if r["centres"] == "0" and r["board"] != "")


class TestTheResultsAsJson:
    def test_entrants_matches_and_classification(self, played: Drawn) -> None:
        answer = Client().get(export_url(played.tournament, "results", "json"))
        assert answer.status_code == 200
        assert answer["Content-Type"] == "application/json"
        assert answer["Content-Disposition"] == 'attachment; filename="highland-cup-results.json"'
        results = answer.json()
        assert (results["name"], results["format"], results["status"]) == (
            "Highland Cup",
            "knockout",
            "finished",
        )
        assert results["seeding"] == "hand"
        assert results["started_at"] is not None
        assert results["finished_at"] is not None
        assert [(e["player"], e["seed"], e["status"]) for e in results["entrants"]] == [
            ("ann", 1, "checked_in"),
            ("bob", 2, "checked_in"),
            ("cat", 3, "checked_in"),
            ("dan", 4, "checked_in"),
            ("eve", 5, "checked_in"),
            ("fay", 6, "checked_in"),
        ]
        assert {e["replaced_by"] for e in results["entrants"]} == {None}
        matches = [
            (m["name"], m["a"], m["b"], m["winner"], m["decided"]) for m in results["matches"]
        ]
        assert matches == [
            ("Quarter-finals, match 1", "ann", None, "ann", "bye"),
            ("Quarter-finals, match 2", "dan", "eve", "eve", "played"),
            ("Quarter-finals, match 3", "bob", None, "bob", "bye"),
            ("Quarter-finals, match 4", "cat", "fay", "cat", "walkover"),
            ("Semi-finals, match 1", "ann", "eve", "ann", "played"),
            ("Semi-finals, match 2", "bob", "cat", "cat", "played"),
            ("Final, match 1", "ann", "cat", "ann", "played"),
        ]
        by_name = {m["name"]: m for m in results["matches"]}
        assert by_name["Quarter-finals, match 1"]["duel"] is None
        assert by_name["Quarter-finals, match 4"]["stats"] == {}  # a walkover counts no board
        entries = played.entries
        assert by_name["Final, match 1"]["stats"] == {
            entries["ann"].key: {"boards_won": 1, "centres": 19},
            entries["cat"].key: {"boards_won": 0, "centres": 17},
        }
        assert [
            tuple(str(row[c]) for c in exports.CLASSIFICATION) for row in results["classification"]
        ] == CLASSIFICATION


class TestWhoGetsTheFiles:
    def test_a_private_tournaments_files_are_hidden_from_strangers(
        self, organiser: Any, make_user: Any, rival: Any
    ) -> None:
        secret = services.tournament_create(
            by=organiser, name="Secret Cup", format="knockout", private=True
        )
        ann = make_user("ann")
        services.entry_register(tournament=secret, user=ann, invite_code=secret.invite_code)
        for what, ext in (("classification", "csv"), ("boards", "csv"), ("results", "json")):
            url = export_url(secret, what, ext)
            for client in (Client(), logged_in(make_user(f"stranger-{what}")), logged_in(rival)):
                assert client.get(url).status_code == 404, (what, client)
            assert Client().get(f"{url}?invite={secret.invite_code}").status_code == 200
            for user in (ann, organiser):
                assert logged_in(user).get(url).status_code == 200, (what, user)

    def test_nothing_decided_yet_gives_the_headers_alone(self, four: Drawn) -> None:
        answer = Client().get(export_url(four.tournament, "classification", "csv"))
        assert answer.content.decode() == ",".join(exports.CLASSIFICATION) + "\n"
        answer = Client().get(export_url(four.tournament, "boards", "csv"))
        assert answer.content.decode() == ",".join(exports.BOARDS) + "\n"

    @pytest.mark.parametrize(
        ("what", "ext"),
        [("classification", "json"), ("results", "csv"), ("boards", "xml"), ("secrets", "csv")],
    )
    def test_an_export_that_does_not_exist_is_404(self, four: Drawn, what: str, ext: str) -> None:
        assert Client().get(export_url(four.tournament, what, ext)).status_code == 404

    def test_the_page_links_its_files(self, four: Drawn) -> None:
        page = Client().get(reverse("tournaments:detail", args=[four.tournament.pk]))
        html = page.content.decode()
        for what, ext in (("classification", "csv"), ("boards", "csv"), ("results", "json")):
            assert f'href="{export_url(four.tournament, what, ext)}"' in html
