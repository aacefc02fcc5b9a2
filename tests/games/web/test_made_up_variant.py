"""The proof of issue 36: a variant made up in the tests (tests/madeup/, "Comets") with a
panel, a layer, a reason and a page of its own is played through the real site, and its
files lie only where a variant's do: its rules, its site package, its templates, its script
and its translation file. games/ and the game page's shared files are not touched; the two
registries list it for the test, as they list a shipped variant."""

from __future__ import annotations

import importlib
import re
import subprocess
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import resolve, reverse

from adjudicator.variants import VARIANTS
from games import services
from games.models import Game
from games.terms import GameTerms
from tests.madeup.adjudicator import Comets
from variants import registry

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
MADE_UP = ROOT / "tests" / "madeup"
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")

#: Where a variant's files go, as the issue names them (each relative to the made-up
#: variant's folder, standing for the repository's root), and where none may.
VARIANTS_PLACES = (
    "adjudicator/",  # adjudicator/variants/<id>/
    "site/",  # variants/<id>/
    "templates/variants/comets/",
    "static/js/variants/comets.js",
    "locale/de/LC_MESSAGES/django.po",
)
GAMES_PLACES = ("games/", "templates/games/", "static/js/game.js", "static/js/board/")


def variant_files() -> list[str]:
    """The made-up variant's files, relative to its folder (what a shipped variant adds
    under the repository's root), without the package's docstring and the collection
    guard of the test folder, and without what Python caches or compiles."""
    return sorted(
        p.relative_to(MADE_UP).as_posix()
        for p in MADE_UP.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.parent != MADE_UP  # the folder's __init__.py and conftest.py
        and p.suffix != ".mo"  # compiled from its .po (compilemessages finds it), ignored by git
    )


@pytest.fixture
def comets(monkeypatch: pytest.MonkeyPatch, settings: Any, tmp_path: Path) -> registry.SiteVariant:
    """Comets listed in the adjudicator's registry and the site's (the registry's step of
    adding a variant), its templates and script found beside the site's, and its German
    words compiled as ``compilemessages`` does for the site's translation file."""
    monkeypatch.setitem(VARIANTS, "comets", Comets())
    site = importlib.import_module("tests.madeup.site")
    monkeypatch.setitem(registry._MODULES, "comets", site)
    settings.TEMPLATES = [
        {
            **settings.TEMPLATES[0],
            "DIRS": [*settings.TEMPLATES[0]["DIRS"], MADE_UP / "templates"],
        }
    ]
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, MADE_UP / "static"]
    catalogue = tmp_path / "locale" / "de" / "LC_MESSAGES"
    catalogue.mkdir(parents=True)
    subprocess.run(
        [
            "msgfmt",
            "--check",
            "-o",
            str(catalogue / "django.mo"),
            str(MADE_UP / "locale/de/LC_MESSAGES/django.po"),
        ],
        check=True,
    )
    settings.LOCALE_PATHS = [tmp_path / "locale", *settings.LOCALE_PATHS]
    return site.SITE


def comets_game(players: dict[str, Any], *, private: bool = False) -> Game:
    """A running game of Comets, each player holding the power of his name."""
    game = services.game_create(
        created_by=players["austria"],
        name="Comet night",
        power="austria",
        terms=GameTerms(
            variant_id="comets",
            assignment=Game.Assignment.CHOSEN,
            movement_deadline=timedelta(hours=1),
            private=private,
        ),
    )
    for power in POWERS[1:]:
        services.game_join(
            game=game, user=players[power], power=power, invite_code=game.invite_code
        )
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def struck_by_the_comet(game: Game, players: dict[str, Any]) -> None:
    """Spring 1901: England's fleet sails into the North Sea, under the comet."""
    phase = game.current_phase
    assert phase is not None
    services.orders_submit(game=game, user=players["england"], orders=["F lon - nth"])
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    game.refresh_from_db()


def as_player(user: Any, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def test_its_panel_appears_at_its_slot_on_the_game_page(
    comets: registry.SiteVariant, players: dict[str, Any]
) -> None:
    game = comets_game(players)
    page = as_player(players["france"]).get(reverse("games:detail", args=[game.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    # At the "phase" slot: below the phase's notes, before the viewer's orders.
    panel = html.index('id="comet-panel"')
    assert html.index('id="order-input"') > panel
    assert "The comet hangs over North Sea." in html
    assert f'href="/games/{game.pk}/sky/"' in html
    # Its script is the game page's, found among the site's static files.
    assert html.index("js/variants/comets.js") < html.index("js/game.js")
    assert finders.find("js/variants/comets.js") == str(MADE_UP / "static/js/variants/comets.js")
    german = as_player(players["france"], "de").get(reverse("games:detail", args=[game.pk]))
    assert "Der Komet steht über Nordsee." in german.content.decode()


def test_its_layer_is_drawn_on_the_board_of_the_page_and_of_the_picture(
    comets: registry.SiteVariant, players: dict[str, Any]
) -> None:
    game = comets_game(players)
    html = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    layer = html[html.index('<g id="creatures" class="creatures">') :]
    assert layer.index('<g class="comet" data-comet="nth">') < layer.index("</g>")
    svg = Client().get(reverse("games:map-svg", args=[game.pk, 0]))
    assert svg.status_code == 200
    drawn = svg.content.decode()
    assert 'data-comet="nth"' in drawn
    # A picture has no stylesheet: the comet is painted in its own colours.
    assert 'fill="#ffb300"' in drawn


@pytest.mark.parametrize(
    ("language", "sentence"),
    [("en", "a comet struck F North Sea"), ("de", "ein Komet traf F Nordsee")],
)
def test_its_reason_is_worded_on_the_page_in_english_and_german(
    comets: registry.SiteVariant, players: dict[str, Any], language: str, sentence: str
) -> None:
    game = comets_game(players)
    struck_by_the_comet(game, players)
    url = reverse("games:detail", args=[game.pk]) + "?phase=0"
    html = as_player(players["england"], language).get(url).content.decode()
    results = html[html.index('<section class="results">') :]
    assert sentence in results[: results.index("</section>")]
    # Its own page words it too, with the site's words for the unit.
    sky = as_player(players["england"], language).get(f"/games/{game.pk}/sky/?phase=0")
    assert sentence in sky.content.decode()
    # The rules struck the fleet: it is no longer on the board.
    units = game.current_phase.position["units"]  # type: ignore[union-attr]
    assert "F nth" not in units["england"]


def test_its_page_is_served_at_its_address(
    comets: registry.SiteVariant, players: dict[str, Any]
) -> None:
    game = comets_game(players)
    assert reverse("games:variant-page", args=[game.pk, "sky"]) == f"/games/{game.pk}/sky/"
    answer = as_player(players["italy"]).get(f"/games/{game.pk}/sky/")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "The sky: Comet night" in html
    assert '<p id="sky-comet">nth</p>' in html
    german = as_player(players["italy"], "de").get(f"/games/{game.pk}/sky/")
    assert "Der Himmel: Comet night" in german.content.decode()
    # A page Comets does not have, and Comets' page of a game of another variant.
    assert Client().get(f"/games/{game.pk}/exchange/").status_code == 404
    assert Client().get(f"/games/{game.pk}/ledger/").status_code == 404
    standard = services.game_create(
        created_by=players["austria"], name="Plain", power="austria", terms=GameTerms()
    )
    assert Client().get(f"/games/{standard.pk}/sky/").status_code == 404


@pytest.mark.parametrize("private", [True, False], ids=["private", "public"])
@pytest.mark.parametrize("who", ["anonymous", "stranger", "player"])
def test_its_page_is_seen_by_whoever_sees_the_game_page(
    comets: registry.SiteVariant,
    players: dict[str, Any],
    make_user: Any,
    who: str,
    private: bool,
) -> None:
    game = comets_game(players, private=private)
    client = Client()
    if who == "stranger":
        client.force_login(make_user("stranger"))
    elif who == "player":
        client.force_login(players["turkey"])
    detail = client.get(reverse("games:detail", args=[game.pk])).status_code
    sky = client.get(f"/games/{game.pk}/sky/").status_code
    # A private game is its players' (and its moderators'): anyone else is answered as if
    # there were no such game, on its page as on the game page.
    seen = who == "player" or not private
    assert (detail, sky) == ((200, 200) if seen else (404, 404))


def test_games_own_addresses_come_before_any_variants_page() -> None:
    # A variant's page is found by its name after every address of games: a page named
    # as one of games' own ("ready", "orders") could never take it over.
    from games import urls
    from games.web.games import variant_page

    last = urls.urlpatterns[-1]
    assert last.callback is variant_page
    assert str(last.pattern) == "games/<int:game_id>/<slug:page>/"
    assert all(
        getattr(p, "callback", None) is variant_page or "<slug:page>" not in str(p.pattern)
        for p in urls.urlpatterns[:-1]
    )
    # Every variant's page, shipped or made up, reaches the variant's page view by its address.
    for name in [*registry.page_names(), "sky"]:
        found = resolve(f"/games/1/{name}/")
        assert (found.func, found.kwargs["page"]) == (variant_page, name)
    assert resolve("/games/1/ready/").func is not variant_page


def test_the_made_up_variants_files_lie_only_where_a_variants_do() -> None:
    files = variant_files()
    print(f"\nthe made-up variant has {len(files)} files:")
    for name in files:
        print(f"  {name}")
    assert all(f.startswith(VARIANTS_PLACES) for f in files), files
    assert not [f for f in files if f.startswith(GAMES_PLACES)]
    # One of each part the issue names.
    assert {f.split("/")[0] for f in files} == {
        "adjudicator",
        "site",
        "templates",
        "static",
        "locale",
    }
    # What it names in the site's places is nowhere in games/ nor the shared page files.
    shared = [
        *(p for p in (ROOT / "games").rglob("*.py") if "migrations" not in p.parts),
        *(ROOT / "templates/games").rglob("*.html"),
        ROOT / "static/js/game.js",
        *(ROOT / "static/js/board").rglob("*.js"),
    ]
    named = re.compile(r"comet|\bsky\b", re.IGNORECASE)
    assert [p for p in shared if named.search(p.read_text("utf-8"))] == []
