"""Comets' site side, as ``variants/<id>/__init__.py`` holds a shipped variant's: its entry
(name, summary, words, panel, page, layer, script) and its options form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tests.madeup.site.layers import layers
from tests.madeup.site.panels import panels, sky_page
from tests.madeup.site.words import WORDS
from variants.site import VariantOptionsForm, site_entry

SITE = site_entry(
    "comets",
    _("Comets"),
    _("The classic game, with a comet over one sea that strikes whatever stands under it."),
    words=WORDS,
    panels=panels,
    pages={"sky": sky_page},
    layers=layers,
    script="js/variants/comets.js",
)


class OptionsForm(VariantOptionsForm):
    comet = forms.CharField(label=_("The comet's province"), initial="nth")

    def options(self) -> dict[str, str]:
        return {"comet": self.cleaned_data["comet"]}
