"""The sandbox's forms: a new sandbox (a title, a variant to start from, and that
variant's rule choices: its own options form, as a new game's, without what is about a
game's players or boards)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from sandbox.phases import sandbox_variants
from variants.registry import VariantOptionsForm, option_forms, site_variant


class SandboxCreateForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=100, required=False)
    variant = forms.ChoiceField(label=_("Start from"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [
            (v.id, site_variant(v.id).name) for v in sandbox_variants()
        ]
        self.fields["variant"].initial = "standard"


def sandbox_option_forms(data: Any = None) -> dict[str, VariantOptionsForm]:
    """The rule choices of each variant a sandbox may start from, by variant id (every
    variant's, so that the form works without script; the page shows the chosen one's)."""
    offered = {v.id for v in sandbox_variants()}
    return {
        vid: form for vid, form in option_forms(data, rules_only=True).items() if vid in offered
    }
