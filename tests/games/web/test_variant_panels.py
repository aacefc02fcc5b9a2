"""A variant's parts of the game page live with the variant (variants/<id>/panels.py,
templates/variants/<id>/, static/js/variants/<id>.js): the game page includes whatever
panels the variant gives at their slots and loads its script, a variant's own page of a
game answers at /games/<id>/<name>/, and the game page's shared template and script name
no variant."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from variants import registry
from variants.kapitalisten.exchange import kj
from variants.site import PANEL_SLOTS, Page, Panel, PanelInput

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
#: Variant ids and words only a variant has: the game page's shared files name none.
VARIANT_WORDS = re.compile(
    r"kapitalisten|rather[_ ]silly|highlander|multiple[_ ]void|exchange|llama|borg|herd"
    r"|tardis|nomination|investor"
    # A variant's own order words: its script registers how the board reads them.
    r"|nominate|birds",
    re.IGNORECASE,
)
#: What the game page's shared files may still name while another change of issue 36
#: moves it (path -> the words allowed there): none now.
ALLOWED: dict[str, set[str]] = {}


def shared_page_files() -> list[Path]:
    return [
        *sorted((ROOT / "templates" / "games").glob("*.html")),
        ROOT / "static/js/game.js",
        *sorted((ROOT / "static/js/setup").glob("*.js")),
        # The board's drawing and ordering, the replays and the sandbox's board.
        *sorted((ROOT / "static/js/board").glob("*.js")),
        ROOT / "static/js/replay.js",
        ROOT / "static/js/duel.js",
        ROOT / "static/js/sandbox.js",
    ]


@pytest.mark.parametrize("path", shared_page_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_game_pages_shared_files_name_no_variant(path: Path) -> None:
    named = {m.group(0).lower() for m in VARIANT_WORDS.finditer(path.read_text("utf-8"))}
    assert named - ALLOWED.get(str(path.relative_to(ROOT)), set()) == set()


def test_the_check_finds_a_variants_order_word() -> None:
    assert VARIANT_WORDS.findall('t[0] === "nominate" || t[0] === "birds"') == [
        "nominate",
        "birds",
    ]


def test_the_check_finds_a_variant_word() -> None:
    assert VARIANT_WORDS.findall('{% if "llamas" in x %}{% include "_exchange.html" %}') == [
        "llama",
        "exchange",
    ]


def _with_site(monkeypatch: pytest.MonkeyPatch, variant: str, **fields: Any) -> None:
    """The site's entry of ``variant`` with ``fields`` changed, for this test."""
    site = dataclasses.replace(registry.site_variant(variant), **fields)
    monkeypatch.setitem(registry._MODULES, variant, SimpleNamespace(SITE=site))


def test_the_game_page_shows_a_variants_panels_at_their_slots(
    started_game: Game,
    players: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    settings: Any,
) -> None:
    """A variant with a panel in every slot: each appears where its slot is, given the
    state the viewer may see; the variant's script is loaded before the page's."""
    seen: list[PanelInput] = []

    def panels(shown: PanelInput) -> list[Panel]:
        seen.append(shown)
        return [Panel(slot, "test_panel.html", {"slot": slot}) for slot in PANEL_SLOTS]

    (tmp_path / "test_panel.html").write_text(
        '<b class="made-up" data-slot="{{ slot }}">{{ state.game.variant }} '
        "{{ state.me.power }}</b>"
    )
    # A template of the made-up variant's own, found beside the site's (a change of
    # TEMPLATES gives Django fresh template engines).
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], tmp_path]}
    ]
    _with_site(monkeypatch, "standard", panels=panels, script="js/variants/made_up.js")
    client = Client()
    client.force_login(players["france"])
    page = client.get(reverse("games:detail", args=[started_game.pk])).content.decode()
    assert seen[0].game_id == started_game.pk
    assert seen[0].variant == "standard"
    assert seen[0].state["me"]["power"] == "france"
    slots = re.findall(r'class="made-up" data-slot="(\w+)">standard france<', page)
    # In page order; the orders slot takes the place of the page's own orders section.
    assert slots == ["map_help", "phase", "setup", "orders"]
    assert 'id="order-input"' not in page
    map_help = re.search(r'<p class="map-help" id="map-help">(.*?)</p>', page)
    assert map_help is not None
    assert 'data-slot="map_help"' in map_help.group(1)
    assert page.index("js/variants/made_up.js") < page.index("js/game.js")


@pytest.mark.parametrize("site", registry.SITE_VARIANTS, ids=lambda v: v.id)
def test_a_variants_script_is_there(site: Any) -> None:
    if site.script is not None:
        assert (ROOT / "static" / site.script).is_file()


def test_a_variant_without_panels_shows_the_pages_own_orders(
    started_game: Game, players: dict[str, Any]
) -> None:
    client = Client()
    client.force_login(players["france"])
    page = client.get(reverse("games:detail", args=[started_game.pk])).content.decode()
    assert 'id="order-input"' in page
    assert "js/variants/" not in page


def test_a_variants_own_page_answers_at_its_old_address(make_user: Any) -> None:
    from tests.games.kapitalisten import kapitalisten_game

    game, _users = kapitalisten_game(make_user)
    assert reverse("games:exchange", args=[game.pk]) == f"/games/{game.pk}/exchange/"
    page = Client().get(f"/games/{game.pk}/exchange/")
    assert page.status_code == 200
    assert "Rates over the turns" in page.content.decode()


def test_a_made_up_variants_page_is_rendered_from_what_games_gives_it(
    started_game: Game,
    players: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    settings: Any,
) -> None:
    """games loads the game for whoever may see it and hands the variant's page the state
    this viewer may see of the phase asked; the variant answers a template and context."""
    seen: list[PanelInput] = []

    def ledger(shown: PanelInput) -> Page:
        seen.append(shown)
        return Page("test_page.html", {"count": len(shown.state["phases"])})

    (tmp_path / "test_page.html").write_text(
        "{{ game.name }}: {{ state.phase.code }}, {{ count }} phase(s), me {{ state.me.power }}"
    )
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], tmp_path]}
    ]
    # A page of any name is routed (games:variant-page); this one takes a shipped page's
    # name, whose named route (games:exchange) serves the game's own variant's page.
    _with_site(monkeypatch, "standard", pages={"exchange": ledger})
    client = Client()
    client.force_login(players["italy"])
    answer = client.get(f"/games/{started_game.pk}/exchange/?phase=0")
    assert answer.status_code == 200
    assert answer.content.decode() == "Test game: S1901M, 1 phase(s), me italy"
    assert seen[0].game_id == started_game.pk
    assert seen[0].left_seat is None
    assert Client().get(f"/games/{started_game.pk}/exchange/?phase=x").status_code == 400
    assert Client().get(f"/games/{started_game.pk}/exchange/?phase=9").status_code == 404


def test_a_page_the_games_variant_lacks_is_not_found(started_game: Game) -> None:
    assert Client().get(f"/games/{started_game.pk}/exchange/").status_code == 404


def test_an_amount_is_written_once_and_localised_on_the_site() -> None:
    from adjudicator.variants.kapitalisten.exchange import amount_text

    assert [amount_text(c) for c in (0, 5, 100, 516500, -5, -250)] == [
        "0.00",
        "0.05",
        "1.00",
        "5165.00",
        "-0.05",
        "-2.50",
    ]
    assert kj(516500) == "5,165.00"
    assert kj(-5) == "-0.05"


def test_a_variants_page_name_never_takes_one_of_games_own_addresses() -> None:
    from games import urls
    from games.web.games import variant_page

    own = {p.name for p in urls.urlpatterns if getattr(p, "callback", None) is not variant_page}
    assert set(registry.page_names()) == {"exchange"}
    assert not own & set(registry.page_names())
