"""Highlander's own words: the sentences of the nomination of centers and the placement of
units (reason codes the core declares and only Highlander gives). ``games.wording`` merges
them with the core's through ``variants.registry.words``."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from variants.site import VariantWords

#: One sentence per reason code; the English is the adjudicator's own wording.
REASONS: dict[str, Promise] = {
    "nominations_excess": _("more centers than the list holds: %(given)s given, %(count)s allowed"),
    "not_a_center": _("%(location)s is not a supply center"),
    "nominated_twice": _("%(location)s is already on the list"),
    "nomination_excluded": _(
        "%(location)s was named in an earlier round and may not be named again"
    ),
    "nomination_contested": _("%(location)s was nominated by both players and stays neutral"),
    "lists_identical": _("both lists were the same: both players nominate again"),
    "nomination_count": _("the list must name exactly %(count)s centers, not %(given)s"),
    "nomination_missing_power": _("the list must name a home center of %(power)s"),
    "nominated_at_random": _("chosen at random to complete the list"),
    "nomination_dropped": _("dropped to make room for a home center of %(power)s"),
    "placement_not_own": _("%(location)s is not one of your centers"),
    "placement_missing": _("no unit is placed in %(location)s yet"),
    "placed_by_default": _("no unit was placed here: an army stands in %(location)s"),
}

#: The part of a nomination a reading problem names where the order ended too early.
ORDER_PARTS: dict[str, Promise] = {"center": _("the center to nominate")}

WORDS = VariantWords(reasons=REASONS, order_parts=ORDER_PARTS)
