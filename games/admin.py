from typing import Any

from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _

from adjudicator import PositionError
from adjudicator.io import position_from_json
from games.models import Game, GamePhase, OrderSet, Seat, Vote


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "variant", "status", "created_by", "created_at")
    list_filter = ("status", "variant")
    inlines = [SeatInline]


class GamePhaseForm(forms.ModelForm):  # type: ignore[type-arg]
    """A phase edited by hand: its positions are read as the adjudicator reads them, so
    that an edit cannot leave a game whose board cannot be read (issue 41, L4)."""

    class Meta:
        model = GamePhase
        fields = "__all__"

    def _readable(self, name: str) -> Any:
        value = self.cleaned_data.get(name)
        if value:
            try:
                position_from_json(value)
            except PositionError as e:
                raise forms.ValidationError(
                    _("The position cannot be read: %(problem)s (at %(path)s)")
                    % {"problem": e.message, "path": e.path or "-"}
                ) from None
        return value

    def clean_position(self) -> Any:
        return self._readable("position")

    def clean_position_after(self) -> Any:
        return self._readable("position_after")


@admin.register(GamePhase)
class GamePhaseAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    form = GamePhaseForm
    list_display = ("game", "index", "code", "status", "deadline")
    list_filter = ("status",)


admin.site.register(OrderSet)
admin.site.register(Vote)
