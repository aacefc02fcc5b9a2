"""The sandbox's forms: a new sandbox (a title and a variant to start from)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from sandbox.phases import sandbox_variants
from variants.registry import site_variant


class SandboxCreateForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=100, required=False)
    variant = forms.ChoiceField(label=_("Start from"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [
            (v.id, site_variant(v.id).name) for v in sandbox_variants()
        ]
        self.fields["variant"].initial = "standard"
