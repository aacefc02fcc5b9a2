from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.forms import time_zones
from games.terms import REMINDER_HOURS_MAX
from notifications import webhooks
from notifications.models import EVENT_KINDS, Channel, NotificationSetting


class SettingForm(forms.Form):
    """One checkbox per (kind, channel), named ``<kind>__<channel>``, and the webhook URL."""

    webhook_url = forms.URLField(
        label=_("Webhook URL (Discord-style)"),
        required=False,
        max_length=500,
        assume_scheme="https",
    )

    digest = forms.TypedChoiceField(
        label=_("E-mails and webhooks"),
        choices=[
            ("0", _("one by one, at once")),
            ("1", _("bundled in one daily digest (deadline reminders still at once)")),
        ],
        coerce=lambda v: v == "1",
        initial="0",
        required=False,
        empty_value=False,
    )
    digest_hour = forms.TypedChoiceField(
        label=_("Daily digest at"),
        choices=[(h, f"{h:02d}:00") for h in range(24)],
        coerce=int,
        initial=18,
        required=False,
        empty_value=18,
    )
    time_zone = forms.ChoiceField(
        label=_("in the time zone"),
        choices=lambda: [(z, z) for z in time_zones()],
        initial="UTC",
        required=False,
    )

    reminder_hours = forms.IntegerField(
        label=_("Remind me of missing orders this many hours before a deadline"),
        help_text=_("Empty: as the game says."),
        required=False,
        min_value=1,
        max_value=REMINDER_HOURS_MAX,
    )

    language = forms.ChoiceField(
        label=_("Language of e-mails and webhooks"),
        choices=[("", _("the site's default")), *settings.LANGUAGES],
        required=False,
    )

    def __init__(self, *args: Any, setting: NotificationSetting, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["webhook_url"].initial = setting.webhook_url
        self.fields["digest"].initial = "1" if setting.digest else "0"
        self.fields["digest_hour"].initial = setting.digest_hour
        self.fields["time_zone"].initial = setting.time_zone
        self.fields["reminder_hours"].initial = setting.reminder_hours
        self.fields["language"].initial = setting.language
        for kind in EVENT_KINDS:
            for channel in Channel:
                label = f"{kind.label}: {channel.label}"
                self.fields[f"{kind.value}__{channel.value}"] = forms.BooleanField(
                    label=label,
                    required=False,
                    initial=channel.value in setting.choices.get(kind.value, []),
                    # Shown in a table whose headers name it to the eye; a screen reader
                    # (and a voice command) needs the name on the box itself.
                    widget=forms.CheckboxInput(attrs={"aria-label": label}),
                )

    def clean_webhook_url(self) -> str:
        url: str = self.cleaned_data["webhook_url"]
        problem = webhooks.address_problem(url) if url else None
        if problem is not None:
            raise forms.ValidationError(problem)
        return url

    def rows(self) -> list[tuple[str, list[forms.BoundField]]]:
        return [
            (str(kind.label), [self[f"{kind.value}__{c.value}"] for c in Channel])
            for kind in EVENT_KINDS
        ]

    def choices(self) -> dict[str, list[str]]:
        return {
            kind.value: [c for c in Channel.values if self.cleaned_data.get(f"{kind.value}__{c}")]
            for kind in EVENT_KINDS
        }
