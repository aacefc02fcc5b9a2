"""The new-game form: each variant offers its own powers, a power of another variant is
refused on the power field, and where a variant's powers are drawn by lot nobody may
choose them."""

from __future__ import annotations

import json
from typing import Any

from django.urls import reverse

from adjudicator.variants import find_variant
from games.forms import GameCreateForm
from games.models import Game

FORM = {
    "name": "Friday night",
    "movement_hours": "24",
    "retreat_hours": "12",
    "adjustment_hours": "12",
}


def test_the_page_script_is_given_each_variants_own_powers() -> None:
    powers = json.loads(GameCreateForm().fields["power"].widget.attrs["data-powers"])
    assert [p for p, _name in powers["standard"]] == list(find_variant("standard").powers)
    assert powers["highlander"] == [["red", "Red"], ["blue", "Blue"]]
    assert [p for p, _name in powers["multiple_void"]] == [
        "red", "blue", "yellow", "green", "black", "grey",
    ]  # fmt: skip


def test_the_page_script_is_told_which_variants_draw_powers_by_lot() -> None:
    form = GameCreateForm()
    assert json.loads(form.fields["assignment"].widget.attrs["data-by-lot"]) == ["multiple_void"]
    assert "Multiple Void" in str(form.fields["assignment"].help_text)


def test_a_power_of_another_variant_is_refused_on_the_power_field() -> None:
    form = GameCreateForm(FORM | {"variant": "standard", "assignment": "chosen", "power": "red"})
    assert not form.is_valid()
    assert form.errors["power"] == ["Red is not a power of this game."]


def test_a_power_of_the_chosen_variant_is_accepted() -> None:
    form = GameCreateForm(FORM | {"variant": "highlander", "assignment": "chosen", "power": "blue"})
    assert form.is_valid(), form.errors


def test_powers_drawn_by_lot_cannot_be_chosen() -> None:
    form = GameCreateForm(
        FORM | {"variant": "multiple_void", "assignment": "chosen", "power": "red"}
    )
    assert not form.is_valid()
    assert form.errors["assignment"] == [
        "In Multiple Void the powers are drawn by lot: players cannot choose them."
    ]


def test_a_variant_drawn_by_lot_is_created_with_random_powers() -> None:
    form = GameCreateForm(FORM | {"variant": "multiple_void", "assignment": "random"})
    assert form.is_valid(), form.errors


def test_the_create_page_refuses_chosen_powers_for_multiple_void(make_user: Any) -> None:
    from django.test import Client

    client = Client()
    client.force_login(make_user("alice"))
    form = FORM | {"variant": "multiple_void", "assignment": "chosen", "power": "red"}
    form |= {"multiple_void-players": "2"}
    page = client.post(reverse("games:create"), form)
    assert page.status_code == 200
    assert "the powers are drawn by lot: players cannot choose them." in page.content.decode()
    assert not Game.objects.filter(name="Friday night").exists()
