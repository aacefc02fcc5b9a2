from django.urls import path

from games import (
    absence_views,
    moderation_views,
    picture_views,
    profile_views,
    views,
)

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    # The address it had when accounts served it (accounts cannot read games' records).
    path("accounts/players/<str:username>/", profile_views.profile, name="profile"),
    path("games/new/", views.game_create, name="create"),
    path("games/invite/<str:code>/", views.game_invite, name="invite"),
    path("games/<int:game_id>/", views.game_detail, name="detail"),
    path("games/<int:game_id>/join/", views.game_join, name="join"),
    path("games/<int:game_id>/leave/", views.game_leave, name="leave"),
    path("games/<int:game_id>/start/", views.game_start, name="start"),
    path("games/<int:game_id>/orders/", views.orders_form, name="orders"),
    path("games/<int:game_id>/ready/", views.ready_form, name="ready"),
    path("games/<int:game_id>/draw/", views.draw_form, name="draw"),
    path("moderate/", moderation_views.moderate, name="moderate"),
    path("games/<int:game_id>/moderate/pause/", moderation_views.pause, name="mod-pause"),
    path("games/<int:game_id>/moderate/resume/", moderation_views.resume, name="mod-resume"),
    path("games/<int:game_id>/moderate/extend/", moderation_views.extend, name="mod-extend"),
    path("games/<int:game_id>/moderate/replace/", moderation_views.replace, name="mod-replace"),
    path("games/<int:game_id>/moderate/exclude/", moderation_views.exclude, name="mod-exclude"),
    path("games/<int:game_id>/moderate/late/", moderation_views.late_orders, name="mod-late"),
    path("games/<int:game_id>/moderate/end/", moderation_views.end, name="mod-end"),
    path("games/<int:game_id>/moderate/masters/", moderation_views.masters, name="mod-masters"),
    path("games/<int:game_id>/moderate/retry/", moderation_views.retry, name="mod-retry"),
    path("games/<int:game_id>/moderate/ruling/", moderation_views.ruling, name="mod-ruling"),
    path(
        "games/<int:game_id>/moderate/decision/<int:decision_id>/",
        moderation_views.decision,
        name="mod-decision",
    ),
    path("games/<int:game_id>/extension/", absence_views.extension, name="extension"),
    path("games/<int:game_id>/sitter/", absence_views.sitter, name="sitter"),
    path("vacations/add/", absence_views.vacation_add, name="vacation-add"),
    path(
        "vacations/<int:vacation_id>/cancel/",
        absence_views.vacation_cancel,
        name="vacation-cancel",
    ),
    path(
        "games/<int:game_id>/take-over/<str:power>/",
        moderation_views.take_over,
        name="take-over",
    ),
    path(
        "games/<int:game_id>/phase/<int:index>/map.svg",
        picture_views.phase_map_svg,
        name="map-svg",
    ),
    path(
        "games/<int:game_id>/phase/<int:index>/map.png",
        picture_views.phase_map_png,
        name="map-png",
    ),
    path("games/<int:game_id>/export.json", picture_views.game_export_json, name="export"),
]
