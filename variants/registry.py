"""The site's side of the variant registry: what the pages say about each variant, and its
options form.

The adjudicator's registry (:data:`adjudicator.variants.VARIANTS`) holds the rules; each
variant's site module (``variants/<id>/``) holds what a player reads (a translatable name
and summary, how many players a game takes, where the rules page is) and the form of its
rule choices. The modules are listed here, explicitly; nothing registers itself. Adding a
variant touches ``adjudicator/variants/<id>/`` and ``variants/<id>/``, and this list.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from django.utils.translation import gettext as _

from adjudicator import PositionError
from adjudicator.board import thaw
from adjudicator.variants import VARIANTS, Variant
from core.errors import ApplicationError
from variants import highlander, kapitalisten, multiple_void, rather_silly, standard
from variants.site import (
    FALLBACK_LANGUAGE,
    PANEL_SLOTS,
    Page,
    Panel,
    PanelInput,
    PhaseWords,
    SiteVariant,
    VariantOptionsForm,
    VariantWords,
    merged_words,
)

__all__ = [
    "FALLBACK_LANGUAGE",
    "HELD_BACK",
    "PANEL_SLOTS",
    "SITE_VARIANTS",
    "Page",
    "Panel",
    "PanelInput",
    "PhaseWords",
    "SiteVariant",
    "VariantOptionsForm",
    "VariantWords",
    "offered",
    "option_forms",
    "options_checked",
    "options_form",
    "page_names",
    "phase_words",
    "site_side",
    "site_variant",
    "words",
]

#: Every variant's site module.
MODULES: tuple[ModuleType, ...] = (
    standard,
    highlander,
    multiple_void,
    kapitalisten,
    rather_silly,
)

_MODULES: dict[str, ModuleType] = {m.SITE.id: m for m in MODULES}

#: Every variant the site offers, in the adjudicator registry's order.
SITE_VARIANTS: tuple[SiteVariant, ...] = tuple(
    _MODULES[vid].SITE for vid in VARIANTS if vid in _MODULES
)


#: Variants whose rules the adjudicator has but whose site side is not built yet, with
#: why: the command line resolves them; the site never offers them to players.
HELD_BACK: dict[str, str] = {}


def offered() -> list[Variant]:
    """The adjudicator's variants the site offers players, in the registry's order:
    every one but those :data:`HELD_BACK`."""
    return [v for vid, v in VARIANTS.items() if vid not in HELD_BACK]


#: The site side of a variant that has no site module (one a test made up): every field
#: at its default.
_BARE = SiteVariant(id="", name="", summary="", players=(0, 0), rules_template_base="")


def site_side(variant_id: str) -> SiteVariant:
    """What the site does for an adjudicator variant (:func:`site_variant`); for a variant
    with no site module (one a test made up), the defaults: no duels, no host's word on
    who has left, no exclusion by the rules."""
    module = _MODULES.get(variant_id)
    return module.SITE if module is not None else _BARE  # type: ignore[no-any-return]


def site_variant(variant_id: str) -> SiteVariant:
    """The site's entry for an adjudicator variant id.

    Raises:
        LookupError: if the site has no variant with this id.
    """
    try:
        return _MODULES[variant_id].SITE  # type: ignore[no-any-return]
    except KeyError:
        raise LookupError(f"no variant {variant_id!r}") from None


def options_form(variant_id: str) -> type[VariantOptionsForm]:
    """The form of a variant's rule choices.

    Raises:
        LookupError: if the site has no variant with this id.
    """
    try:
        return _MODULES[variant_id].OptionsForm  # type: ignore[no-any-return]
    except KeyError:
        raise LookupError(f"no variant {variant_id!r}") from None


def option_forms(data: Any = None, *, rules_only: bool = False) -> dict[str, VariantOptionsForm]:
    """One options form per variant the site offers, each with the variant's id as its
    prefix; with ``rules_only``, without the fields about a game (a sandbox's)."""
    forms = {v.id: options_form(v.id)(data, prefix=v.id) for v in SITE_VARIANTS}
    if rules_only:
        forms = {vid: f.rules_only() for vid, f in forms.items()}
    return forms


def options_checked(variant: Variant, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """A variant's rule choices as it reads them (every default filled in): the one check
    of options, for a game's and a sandbox's alike, by form or by API.

    Raises:
        ApplicationError: what is wrong, in a player's words (``extra["field"]`` names
            the option at fault).
    """
    try:
        return dict(thaw(variant.check_options(dict(options or {}))))
    except PositionError as e:
        raise ApplicationError(
            _("The variant's options are not valid: %(problem)s") % {"problem": e.message},
            {"field": e.path},
        ) from None


#: The words of every phase kind a variant declares, by letter (a letter is one kind
#: wherever it is used: the adjudicator refuses to declare it twice).
_PHASE_WORDS: dict[str, PhaseWords] = {
    letter: words for v in SITE_VARIANTS for letter, words in v.phase_words.items()
}


def phase_words(kind: str) -> PhaseWords | None:
    """How players name the phase kind written ``kind``, if a variant says; None for
    the core's kinds (a season, a year and "movement") and for kinds with no words."""
    return _PHASE_WORDS.get(kind)


#: The last merge of the variants' words, with the entries it was made of.
_merged_words: tuple[tuple[SiteVariant, ...], VariantWords] | None = None


def words() -> VariantWords:
    """Every variant's own words in one (``games.wording`` says the core's and asks these
    for the rest). The sentences are lazy: they take the reader's language when said.

    Merged again only when the site modules' entries change (a test's made-up variant):
    a result's sentence asks here for every code."""
    global _merged_words
    sites = tuple(m.SITE for m in _MODULES.values())
    if _merged_words is None or not _same(_merged_words[0], sites):
        _merged_words = (sites, merged_words(v.words for v in sites))
    return _merged_words[1]


def colours() -> dict[str, str]:
    """Every variant's own colours in one (``SiteVariant.colours``, by seat or creature),
    beside the great powers' of ``variants.drawing``: a drawing of any variant's board
    asks here by the name alone."""
    merged: dict[str, str] = {}
    for module in _MODULES.values():
        merged.update(module.SITE.colours)
    return merged


def stylesheets() -> list[str]:
    """Every variant's own stylesheet (``SiteVariant.stylesheet``), as static paths."""
    return [m.SITE.stylesheet for m in _MODULES.values() if m.SITE.stylesheet]


def _same(old: tuple[SiteVariant, ...], new: tuple[SiteVariant, ...]) -> bool:
    # By identity: entries are frozen, and comparing their words' mappings would cost
    # what the merge saves.
    return len(old) == len(new) and all(a is b for a, b in zip(old, new, strict=True))


def page_names() -> list[str]:
    """The names of every variant's own pages of a game, each once (two variants may
    have a page of the same name: the game's variant answers it)."""
    return sorted({name for v in SITE_VARIANTS for name in v.pages})
