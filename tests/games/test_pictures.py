"""Pictures and export: the map as SVG and PNG, the supply-center chart, and the whole
game as JSON that the adjudicator's command line replays phase by phase."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from adjudicator.io import resolve_json
from games import export, pictures, services
from games.models import Game, GamePhase
from games.terms import GameTerms
from variants import drawing

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]

#: A year of play with a dislodgement (so a retreat phase) and builds (an adjustment
#: phase): France takes Burgundy from Germany with support and Portugal by sea.
PLAY = {
    "S1901M": {
        "france": ["A par - pic", "F bre - mao"],
        "germany": ["A mun - bur", "F kie - den"],
        "england": ["F lon - eng"],
        "austria": ["A vie - gal"],
        "russia": ["A war - gal"],
    },
    "F1901M": {
        "france": ["A pic - bur", "A mar S A pic - bur", "F mao - por"],
        "germany": ["A bur H"],
    },
    "F1901R": {"germany": ["A bur R ruh"]},
    "W1901A": {"france": ["A par B"], "germany": ["A mun B"]},
}


#: A unit's kind as its group names it, as orders write it.
KIND = {"army": "A", "fleet": "F"}


def _login(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _play(game: Game, players: dict[str, Any], code: str) -> None:
    phase = game.current_phase
    assert phase is not None
    assert phase.code == code
    for power, orders in PLAY[code].items():
        services.orders_submit(game=game, user=players[power], orders=orders)
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    game.refresh_from_db()


@pytest.fixture
def played(started_game: Game, players: dict[str, Any]) -> Game:
    """A year played through the services; spring 1902 is open, with French orders saved."""
    for code in PLAY:
        _play(started_game, players, code)
    assert started_game.current_phase.code == "S1902M"
    services.orders_submit(
        game=started_game, user=players["france"], orders=["A bur - mun", "F por - mao"]
    )
    return started_game


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def _orders_drawn(root: ET.Element) -> set[str]:
    return {e.get("data-order", "") for e in root.iter() if e.get("data-order")}


# -- the map picture ---------------------------------------------------------------------


def test_svg_is_xml_with_units_centers_orders_and_legend(
    played: Game, players: dict[str, Any]
) -> None:
    phase = played.phases.get(code="F1901M")
    root = _parse(pictures.phase_map_svg(user=players["italy"], phase=phase))
    assert root.tag == f"{SVG}svg"
    # A unit's group names its power, place and kind (a shield or a hull is drawn).
    units = {
        (g.get("data-power"), f"{KIND[g.get('data-kind', '')]} {g.get('data-unit')}")
        for g in root.iter(f"{SVG}g")
        if g.get("data-unit")
    }
    assert ("france", "A pic") in units
    assert ("germany", "A bur") in units
    assert ("russia", "F stp/sc") in units
    drawn = _orders_drawn(root)
    assert {"A pic - bur", "A mar S A pic - bur", "F mao - por", "A bur H"} <= drawn
    # A successful move is an arrow, a support a dashed line, a hold a ring.
    lines = {e.get("data-order"): e for e in root.iter(f"{SVG}line")}
    assert lines["A pic - bur"].get("marker-end") == "url(#arrow)"
    assert lines["A mar S A pic - bur"].get("stroke-dasharray")
    assert "failed" not in (lines["A pic - bur"].get("class") or "")
    # Ownership: Paris is French, tinted and with a French dot.
    centers = {c.get("data-center"): c.get("fill") for c in root.iter(f"{SVG}circle")}
    assert centers["par"] == drawing.COLOURS["france"]
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "Test game" in texts
    assert "1901" in texts
    # No stylesheet and no classes the picture depends on: colours are attributes.
    assert not list(root.iter(f"{SVG}style"))


def test_bounces_are_drawn_as_failed(played: Game, players: dict[str, Any]) -> None:
    phase = played.phases.get(code="S1901M")
    root = _parse(pictures.phase_map_svg(user=players["italy"], phase=phase))
    lines = {e.get("data-order"): e for e in root.iter(f"{SVG}line")}
    marks = {
        e.get("data-result-of"): e.get("class")
        for e in root.iter(f"{SVG}g")
        if e.get("data-result-of")
    }
    for order in ("A vie - gal", "A war - gal"):
        assert "failed" in (lines[order].get("class") or "")
        # Faded, in its power's colour, a bar across its head.
        assert lines[order].get("opacity") == "0.6"
        assert marks[order] == "result-mark bounce"
    assert lines["A vie - gal"].get("stroke") == drawing.COLOURS["austria"]
    assert lines["A war - gal"].get("stroke") == drawing.COLOURS["russia"]


def test_retreats_and_builds_are_marked(played: Game, players: dict[str, Any]) -> None:
    retreat = played.phases.get(code="F1901R")
    root = _parse(pictures.phase_map_svg(user=players["italy"], phase=retreat))
    dislodged = [g for g in root.iter(f"{SVG}g") if "dislodged" in (g.get("class") or "").split()]
    assert [(g.get("data-kind"), g.get("data-unit")) for g in dislodged] == [("army", "bur")]
    assert "A bur R ruh" in _orders_drawn(root)
    adjust = played.phases.get(code="W1901A")
    root = _parse(pictures.phase_map_svg(user=players["italy"], phase=adjust))
    marks = {g.get("data-order"): g.get("class") for g in root.iter(f"{SVG}g")}
    # Each build marked in its power's colour.
    assert marks["A par B"] == "order build power-france"
    assert marks["A mun B"] == "order build power-germany"


def test_open_phase_orders_are_drawn_for_their_power_alone(
    played: Game, players: dict[str, Any], client: Client
) -> None:
    phase = played.current_phase
    mine = _orders_drawn(_parse(pictures.phase_map_svg(user=players["france"], phase=phase)))
    assert mine == {"A bur - mun", "F por - mao"}
    for user in (players["germany"], players["italy"]):
        theirs = pictures.phase_map_svg(user=user, phase=phase)
        assert not _orders_drawn(_parse(theirs))
        assert "mao" not in " ".join(_orders_drawn(_parse(theirs)))
    url = reverse("games:map-svg", args=[played.pk, phase.index])
    for viewer in (client, _login(players["germany"])):
        body = viewer.get(url).content.decode()
        assert "A bur - mun" not in body
        assert "F por - mao" not in body
    assert "private" in client.get(url)["Cache-Control"]
    own = _login(players["france"]).get(url).content.decode()
    assert "A bur - mun" in own


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_png_is_a_png_of_the_right_size(played: Game, players: dict[str, Any]) -> None:
    phase = played.phases.get(code="F1901M")
    svg = pictures.phase_map_svg(user=players["italy"], phase=phase)
    root = _parse(svg)
    view_w, view_h = (float(v) for v in root.get("viewBox", "").split()[2:])
    width, height = _png_size(pictures.svg_to_png(svg))
    assert (width, height) == (round(view_w), pytest.approx(view_h, abs=1))
    url = reverse("games:map-png", args=[played.pk, phase.index])
    response = _login(players["italy"]).get(url, {"width": "600"})
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    width, height = _png_size(response.content)
    assert width == 600
    # The second time it comes from the cache, byte for byte; absurd widths are ignored.
    assert _login(players["italy"]).get(url, {"width": "600"}).content == response.content
    huge = _login(players["italy"]).get(url, {"width": "99999"}).content
    assert _png_size(huge)[0] == round(view_w)
    assert height == pytest.approx(600 * view_h / view_w, abs=1)


@pytest.mark.parametrize(
    "width", ["²", "٦٠٠", "9" * 5000, "-600", " 600", "6_00"], ids=lambda v: repr(v)[:12]
)
def test_a_width_that_is_not_plain_digits_is_ignored(
    played: Game, players: dict[str, Any], width: str
) -> None:
    phase = played.phases.get(code="F1901M")
    url = reverse("games:map-png", args=[played.pk, phase.index])
    plain = _login(players["italy"]).get(url)
    response = _login(players["italy"]).get(url, {"width": width})
    assert response.status_code == 200
    assert _png_size(response.content) == _png_size(plain.content)


def test_views_answer_svg_and_unknown_phases_404(played: Game, client: Client) -> None:
    response = client.get(reverse("games:map-svg", args=[played.pk, 0]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    _parse(response.content.decode())
    assert client.get(reverse("games:map-svg", args=[played.pk, 99])).status_code == 404


# -- the supply-center chart -------------------------------------------------------------


def test_center_chart_counts_per_year(played: Game, client: Client) -> None:
    history = pictures.center_history(game=played)
    assert [label for label, _counts in history] == ["1901", "1902"]
    assert history[0][1]["france"] == 3
    assert history[1][1]["france"] == 4
    assert history[1][1]["germany"] == 4  # Denmark
    root = _parse(pictures.center_chart_svg(game=played))
    lasts = {g.get("data-power"): g.get("data-last") for g in root.iter(f"{SVG}g")}
    assert lasts["france"] == "4"
    assert lasts["russia"] == "4"
    # Powers level at a point (all at 3 or 4) are drawn a little apart, one line each.
    first_points = {
        g.get("data-power"): g.find(f"{SVG}polyline").get("points").split()[0]
        for g in root.iter(f"{SVG}g")
        if g.get("data-power")
    }
    level = [p for p in first_points if history[0][1].get(p, 0) == 3]
    assert len(level) >= 2
    assert len({first_points[p] for p in level}) == len(level)
    page = client.get(reverse("games:detail", args=[played.pk])).content.decode()
    assert 'class="center-chart"' in page
    assert reverse("games:export", args=[played.pk]) in page
    assert reverse("games:map-png", args=[played.pk, played.current_phase.index]) in page


# -- export and replay -------------------------------------------------------------------


def _board(out: dict[str, Any]) -> dict[str, Any]:
    return {k: out.get(k) for k in ("units", "dislodged", "standoffs", "centers")}


def test_export_replays_through_the_adjudicator(played: Game, players: dict[str, Any]) -> None:
    data = export.game_export(user=players["italy"], game=played)
    json.dumps(data)  # all of it is JSON
    phases = data["phases"]
    assert [p["phase"] for p in phases] == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M"]
    resolved = [p for p in phases if p["status"] == "resolved"]
    for entry in resolved:
        stored = played.phases.get(index=entry["index"])
        assert entry["position"]["seed"] == stored.seed
        assert entry["position"]["orders"] == PLAY[entry["phase"]]
        out = resolve_json(entry["position"])
        assert out["results"] == entry["results"]
        assert _board(out) == _board(entry["position_after"])
        assert out["next_phase"] == entry["position_after"]["phase"]
    # The retreat phase through the command line itself, in a subprocess.
    retreat = next(p for p in resolved if p["phase"] == "F1901R")
    run = subprocess.run(
        [sys.executable, "-m", "adjudicator", "resolve"],
        input=json.dumps(retreat["position"]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    out = json.loads(run.stdout)
    assert out["results"] == retreat["results"]
    assert _board(out) == _board(retreat["position_after"])
    assert out["units"]["germany"] == ["A ber", "A ruh", "F den"]


def test_export_keeps_an_open_phase_secret(played: Game, players: dict[str, Any]) -> None:
    current = export.game_export(user=players["germany"], game=played)["phases"][-1]
    assert current["status"] == "open"
    assert current["position"]["orders"] == {}
    assert "seed" not in current["position"]
    assert "results" not in current
    own = export.game_export(user=players["france"], game=played)["phases"][-1]
    assert own["position"]["orders"] == {"france": ["A bur - mun", "F por - mao"]}


def test_export_view_names_players_of_a_public_game(
    played: Game, players: dict[str, Any], client: Client
) -> None:
    response = client.get(reverse("games:export", args=[played.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    seats = {s["power"]: s["player"] for s in response.json()["game"]["seats"]}
    assert seats["france"] == "france-player"


# -- permissions -------------------------------------------------------------------------


def test_private_game_pictures_and_export_are_hidden(
    players: dict[str, Any], make_user: Any, client: Client
) -> None:
    game = services.game_create(
        created_by=players["austria"], name="Secret", terms=GameTerms(private=True)
    )
    export_url = reverse("games:export", args=[game.pk])
    assert client.get(export_url).status_code == 404
    assert _login(make_user("outsider")).get(export_url).status_code == 404
    assert _login(players["austria"]).get(export_url).status_code == 200
    with pytest.raises(PermissionError):
        export.game_export(user=make_user("stranger"), game=game)


def test_private_started_game_maps_are_hidden(
    players: dict[str, Any], make_user: Any, client: Client
) -> None:
    game = services.game_create(
        created_by=players["austria"],
        name="Private",
        power="austria",
        terms=GameTerms(
            private=True, assignment=Game.Assignment.CHOSEN, movement_deadline=timedelta(hours=1)
        ),
    )
    for power in ("england", "france", "germany", "italy", "russia", "turkey"):
        services.game_join(
            game=game, user=players[power], power=power, invite_code=game.invite_code
        )
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    for name in ("games:map-svg", "games:map-png"):
        url = reverse(name, args=[game.pk, 0])
        assert client.get(url).status_code == 404
        assert _login(make_user(f"out-{name[-3:]}")).get(url).status_code == 404
        assert _login(players["italy"]).get(url).status_code == 200


def test_anonymous_game_export_names_nobody(players: dict[str, Any], client: Client) -> None:
    game = services.game_create(
        created_by=players["austria"],
        name="Masks",
        power="austria",
        terms=GameTerms(anonymous=True, assignment=Game.Assignment.CHOSEN),
    )
    for power in ("england", "france", "germany", "italy", "russia", "turkey"):
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    phase = GamePhase.objects.get(game=game, index=0)
    services.orders_submit(game=game, user=players["france"], orders=["A par - bur"])
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    for viewer in (client, _login(players["france"])):
        body = viewer.get(reverse("games:export", args=[game.pk])).content.decode()
        assert "-player" not in body
        assert json.loads(body)["game"]["created_by"] is None
        svg = viewer.get(reverse("games:map-svg", args=[game.pk, 0])).content.decode()
        assert "-player" not in svg
        assert "A par - bur" in svg


def test_pictures_speak_german(played: Game, players: dict[str, Any]) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    page = client.get(reverse("games:detail", args=[played.pk])).content.decode()
    assert "Bilder und Export" in page
    assert "Versorgungszentren je Macht" in page
    svg = client.get(reverse("games:map-svg", args=[played.pk, 0])).content.decode()
    assert "Frühjahr 1901" in svg
