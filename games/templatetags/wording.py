"""Template filters that show game words in the reader's language (see games/wording.py)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django import template
from django.utils.dates import WEEKDAYS
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from adjudicator.variants import VARIANTS
from games import wording
from variants.registry import site_side
from variants.registry import words as variant_words

register = template.Library()


@register.filter
def power_name(power: str) -> str:
    """``{{ seat.power|power_name }}``: Germany, or Deutschland."""
    return wording.power_name(power) if power else ""


@register.filter
def variant_name(variant_id: str) -> str:
    """``{{ game.variant|variant_name }}``: the variant's name, not its id."""
    variant = VARIANTS.get(variant_id)
    return variant.name if variant is not None else variant_id


@register.filter
def duration_words(value: timedelta | None) -> str:
    """``{{ game.movement_deadline|duration_words }}``: 24 h, 1 h 30 min, 45 min."""
    if value is None:
        return ""
    minutes = round(value.total_seconds() / 60)
    hours, rest = divmod(minutes, 60)
    if hours and rest:
        return _("%(h)s h %(m)s min") % {"h": hours, "m": rest}
    if hours:
        return _("%(h)s h") % {"h": hours}
    return _("%(m)s min") % {"m": rest}


@register.filter
def weekday_names(days: list[int] | None) -> str:
    """``{{ game.days_off|weekday_names }}``: Saturday, Sunday (0 is Monday)."""
    return ", ".join(str(WEEKDAYS[d]) for d in sorted(days or []) if d in WEEKDAYS)


@register.filter
def note_kinds(notes: list[Mapping[str, Any]] | None) -> list[str]:
    """``{% if "draw_agreed" in state.phase.notes|note_kinds %}``: the kinds of a phase's notes."""
    return [str(n.get("kind", "")) for n in notes or [] if isinstance(n, Mapping)]


def _exclusion(variant_id: str) -> Any:
    """The variant's words for an exclusion (variants.site.ExclusionWords), or None."""
    return site_side(variant_id).exclusion


@register.filter
def default_means(code: str) -> str:
    """``{{ code|default_means }}``: what a question's default means (a question code
    without parameters, a default's) in the reader's language."""
    # Such a sentence has no parameters, so no map's names are needed.
    return wording.question_sentence(str(code), {}, "standard")


@register.filter
def disorder_tag(variant_id: str) -> str:
    """``{{ game.variant|disorder_tag }}``: the tag of a seat nobody plays since its
    player was excluded: "civil disorder", or the variant's word where seats are no powers
    ("excluded")."""
    words = _exclusion(variant_id)
    return str(words.tag) if words is not None else _("civil disorder")


def _forming(variant_id: str) -> Any:
    """The variant's words for a forming game's seats (variants.site.FormingWords), or None."""
    return site_side(variant_id).forming


@register.filter
def forming_seats(variant_id: str) -> str:
    """``{{ game.variant|forming_seats }}``: what a forming game's page says above its
    seats where they are no powers (the variant's words), or "" (powers drawn by lot)."""
    words = _forming(variant_id)
    return str(words.seats) if words is not None else ""


@register.filter
def forming_my_seat(variant_id: str, name: str) -> str:
    """``{{ game.variant|forming_my_seat:seat.pseudonym }}``: what a forming game's page
    tells a player who has a seat, in the variant's words, or "" (the page's own)."""
    words = _forming(variant_id)
    return str(words.my_seat) % {"name": name} if words is not None else ""


@register.filter
def outcome_name(outcome: str) -> str:
    """``{{ r.result|outcome_name }}``: bounce, or Patt."""
    return wording.outcome_name(outcome)


@register.filter
def result_reason(result: Mapping[str, Any], map_id: str) -> str:
    """``{{ r|result_reason:map_id }}``: why an order failed, in the reader's language, its
    places named as on the game's map."""
    return wording.result_reason(result, map_id)


@register.filter
def order_words(order: str, map_id: str) -> str:
    """``{{ r.order|order_words:map_id }}``: ``A ruh - bel`` as "A Ruhr → Belgium", in the
    reader's language."""
    return wording.order_in_words(order, map_id)


@register.filter
def grouped(value: Any) -> str:
    """``{{ 3120|grouped }}``: 3,120 (3.120 in German): a number of units."""
    try:
        return str(number_format(int(value), force_grouping=True))
    except (TypeError, ValueError):
        return "" if value is None else str(value)


@register.filter
def winner_names(winner: str | None) -> str:
    """``{{ game.winner|winner_names }}``: the winner, or the winners of a shared victory
    (kept joined by ","), each named as :func:`power_name` names them."""
    return ", ".join(wording.power_name(w) for w in (winner or "").split(",") if w)


@register.filter
def marked_units(extras: Mapping[str, Any] | None, power: str | None) -> list[dict[str, str]]:
    """``{{ state.phase.extras|marked_units:state.me.power }}``: the marks a variant puts on
    ``power``'s units (special armies, say), as ``{"what", "where"}`` in the reader's words."""
    marks = variant_words().unit_marks
    if not extras or not power or marks is None:
        return []
    return marks(extras, power)
