"""Multiple Void's own words: the sentences of its draft (reason codes the core declares
and only Multiple Void gives). ``games.wording`` merges them with the core's through
``variants.registry.words``."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from variants.site import VariantWords

#: One sentence per reason code; the English is the adjudicator's own wording.
REASONS: dict[str, Promise] = {
    "picks_excess": _("more picks than allowed: %(given)s given, %(count)s allowed"),
    "not_your_pick": _("it is %(power)s's pick, not yours"),
    "not_a_draft_space": _("%(location)s is not one of the draft's spaces"),
    "picked_at_random": _("no pick in time: placed at random"),
    "removed_no_center": _("%(unit)s took no supply center in 1900 and is removed"),
}

WORDS = VariantWords(reasons=REASONS)
