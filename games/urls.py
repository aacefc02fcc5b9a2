from django.urls import path

from games.web import absences, games, moderation, pictures, profiles
from variants.registry import page_names

app_name = "games"

urlpatterns = [
    path("", games.lobby, name="lobby"),
    # The address it had when accounts served it (accounts cannot read games' records).
    path("accounts/players/<str:username>/", profiles.profile, name="profile"),
    path("games/new/", games.game_create, name="create"),
    path("games/invite/<str:code>/", games.game_invite, name="invite"),
    path("games/<int:game_id>/", games.game_detail, name="detail"),
    path("games/<int:game_id>/join/", games.game_join, name="join"),
    path("games/<int:game_id>/leave/", games.game_leave, name="leave"),
    path("games/<int:game_id>/start/", games.game_start, name="start"),
    path("games/<int:game_id>/fill-with-bots/", games.game_fill_with_bots, name="fill-with-bots"),
    path("games/<int:game_id>/orders/", games.orders_form, name="orders"),
    path("games/<int:game_id>/board/", games.board_pieces, name="board"),
    # The shipped variants' own pages keep a name each (games:<name>), as their templates
    # and links reverse them; the route at the end serves any variant's page by its name.
    *(
        path(f"games/<int:game_id>/{name}/", games.variant_page, {"page": name}, name=name)
        for name in page_names()
    ),
    path("games/<int:game_id>/ready/", games.ready_form, name="ready"),
    path("games/<int:game_id>/draw/", games.draw_form, name="draw"),
    path("games/<int:game_id>/votes/", games.vote_form, name="votes"),
    path("moderate/", moderation.moderate, name="moderate"),
    path("games/<int:game_id>/moderate/pause/", moderation.pause, name="mod-pause"),
    path("games/<int:game_id>/moderate/resume/", moderation.resume, name="mod-resume"),
    path("games/<int:game_id>/moderate/extend/", moderation.extend, name="mod-extend"),
    path("games/<int:game_id>/moderate/replace/", moderation.replace, name="mod-replace"),
    path("games/<int:game_id>/moderate/exclude/", moderation.exclude, name="mod-exclude"),
    path("games/<int:game_id>/moderate/late/", moderation.late_orders, name="mod-late"),
    path("games/<int:game_id>/moderate/end/", moderation.end, name="mod-end"),
    path("games/<int:game_id>/moderate/masters/", moderation.masters, name="mod-masters"),
    path("games/<int:game_id>/moderate/confirm/", moderation.confirm, name="mod-confirm"),
    path("games/<int:game_id>/moderate/retry/", moderation.retry, name="mod-retry"),
    path("games/<int:game_id>/moderate/ruling/", moderation.ruling, name="mod-ruling"),
    path(
        "games/<int:game_id>/moderate/decision/<int:decision_id>/",
        moderation.decision,
        name="mod-decision",
    ),
    path("games/<int:game_id>/extension/", absences.extension, name="extension"),
    path("games/<int:game_id>/sitter/", absences.sitter, name="sitter"),
    path("vacations/add/", absences.vacation_add, name="vacation-add"),
    path(
        "vacations/<int:vacation_id>/cancel/",
        absences.vacation_cancel,
        name="vacation-cancel",
    ),
    path(
        "games/<int:game_id>/take-over/<str:power>/",
        moderation.take_over,
        name="take-over",
    ),
    path(
        "games/<int:game_id>/phase/<int:index>/map.svg",
        pictures.phase_map_svg,
        name="map-svg",
    ),
    path(
        "games/<int:game_id>/phase/<int:index>/map.png",
        pictures.phase_map_png,
        name="map-png",
    ),
    path("games/<int:game_id>/export.json", pictures.game_export_json, name="export"),
    # A variant's own page, whatever its name, answered by the game's variant (404 for a
    # page it lacks): a variant added later than this module's import (a test's) has its
    # page too. Last, so that games' own addresses always win over a page's name.
    path("games/<int:game_id>/<slug:page>/", games.variant_page, name="variant-page"),
]
