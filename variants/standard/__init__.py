"""The standard game, seven great powers of 1901 Europe: its site side (the entry players
see, and its options form, which has no choices)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from variants.site import VariantOptionsForm, site_entry

SITE = site_entry(
    "standard",
    _("Standard"),
    _(
        "The classic game for seven: each player leads a great power of 1901 "
        "Europe, and whoever first holds 18 of the 34 supply centers wins."
    ),
)


class OptionsForm(VariantOptionsForm):
    """The standard game has no rule choices."""
