"""Comets' own words: the sentence of its one reason code (the English is the
adjudicator's wording, its German in the variant's translation file)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from variants.site import VariantWords

WORDS = VariantWords(reasons={"comet_struck": _("a comet struck %(unit)s")})
