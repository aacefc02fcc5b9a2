"""The site's side of the variant registry: what the pages say about each variant.

The adjudicator's registry (:data:`adjudicator.variants.VARIANTS`) holds the rules;
this one holds what a player reads: a translatable name and summary, how many
players a game takes, and where the rules page is. There is one entry per
adjudicator variant id, in the adjudicator's order; a test checks that none is
missing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from adjudicator.variants import VARIANTS

#: The language whose rules page every variant has.
FALLBACK_LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class SiteVariant:
    """One variant as the site presents it to players."""

    #: The adjudicator's variant id ("standard", "highlander", "multiple_void").
    id: str
    name: Promise | str
    summary: Promise | str
    #: How many players a game takes: (fewest, most).
    players: tuple[int, int]
    #: The rules templates' path without ".<language>.html".
    rules_template_base: str

    @property
    def players_text(self) -> str:
        """The player count as players read it ("7 players", "2–6 players"), in the
        active language."""
        low, high = self.players
        if low == high:
            # Every variant takes two players or more: no singular is needed.
            return gettext("%(count)d players") % {"count": low}
        return gettext("%(fewest)d–%(most)d players") % {"fewest": low, "most": high}

    def rules_templates(self, language: str | None = None) -> list[str]:
        """The rules templates to try, best first: the language's, then English.

        ``language`` defaults to the active one; a regional code ("de-at") counts as
        its language ("de").
        """
        code = (language or get_language() or FALLBACK_LANGUAGE).lower()
        names = [f"{self.rules_template_base}.{code}.html"]
        base = code.split("-")[0]
        for candidate in (base, FALLBACK_LANGUAGE):
            name = f"{self.rules_template_base}.{candidate}.html"
            if name not in names:
                names.append(name)
        return names


def _entry(variant_id: str, name: Promise, summary: Promise) -> SiteVariant:
    # The player counts are the adjudicator's, so the two registries cannot disagree.
    return SiteVariant(
        id=variant_id,
        name=name,
        summary=summary,
        players=VARIANTS[variant_id].player_counts,
        rules_template_base=f"variants/rules/{variant_id}",
    )


_ENTRIES: dict[str, SiteVariant] = {
    v.id: v
    for v in (
        _entry(
            "standard",
            _("Standard"),
            _(
                "The classic game for seven: each player leads a great power of 1901 "
                "Europe, and whoever first holds 18 of the 34 supply centers wins."
            ),
        ),
        _entry(
            "highlander",
            _("Highlander"),
            _(
                "Diplomacy for two: both players choose their starting centers in secret, "
                "place their own units, and play one movement turn a year with builds in "
                "any center they own. Can be played as a duel on two boards."
            ),
        ),
        _entry(
            "multiple_void",
            _("Multiple Void"),
            _(
                "Two to six players and no great powers: the colours draft their units "
                "onto an empty board, play a single Fall turn in 1900, and keep only the "
                "units that took a supply center."
            ),
        ),
    )
}

#: Every variant the site offers, in the adjudicator registry's order.
SITE_VARIANTS: tuple[SiteVariant, ...] = tuple(_ENTRIES[vid] for vid in VARIANTS if vid in _ENTRIES)


def site_variant(variant_id: str) -> SiteVariant:
    """The site's entry for an adjudicator variant id.

    Raises:
        LookupError: if the site has no variant with this id.
    """
    try:
        return _ENTRIES[variant_id]
    except KeyError:
        raise LookupError(f"no variant {variant_id!r}") from None
