from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import URLValidator
from django.utils.translation import gettext_lazy as _

from notifications.models import Channel, Kind, NotificationSetting


class SettingForm(forms.Form):
    """One checkbox per (kind, channel), named ``<kind>__<channel>``, and the webhook URL."""

    webhook_url = forms.URLField(
        label=_("Webhook URL (Discord-style)"),
        required=False,
        max_length=500,
        validators=[URLValidator(schemes=["http", "https"])],
        assume_scheme="https",
    )

    def __init__(self, *args: Any, setting: NotificationSetting, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["webhook_url"].initial = setting.webhook_url
        for kind in Kind:
            for channel in Channel:
                self.fields[f"{kind.value}__{channel.value}"] = forms.BooleanField(
                    label=f"{kind.label}: {channel.label}",
                    required=False,
                    initial=channel.value in setting.choices.get(kind.value, []),
                )

    def rows(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [
            (str(kind.label), [self[f"{kind.value}__{c.value}"] for c in Channel]) for kind in Kind
        ]

    def choices(self) -> dict[str, list[str]]:
        return {
            kind: [c for c in Channel.values if self.cleaned_data.get(f"{kind}__{c}")]
            for kind in Kind.values
        }
