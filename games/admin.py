from django.contrib import admin

from games.models import Game, GamePhase, OrderSet, Seat, Vote


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "variant", "status", "created_by", "created_at")
    list_filter = ("status", "variant")
    inlines = [SeatInline]


@admin.register(GamePhase)
class GamePhaseAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("game", "index", "code", "status", "deadline")
    list_filter = ("status",)


admin.site.register(OrderSet)
admin.site.register(Vote)
