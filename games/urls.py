from django.urls import path

from games import api, duel_views, views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("games/new/", views.game_create, name="create"),
    path("games/invite/<str:code>/", views.game_invite, name="invite"),
    path("games/<int:game_id>/", views.game_detail, name="detail"),
    path("games/<int:game_id>/join/", views.game_join, name="join"),
    path("games/<int:game_id>/leave/", views.game_leave, name="leave"),
    path("games/<int:game_id>/start/", views.game_start, name="start"),
    path("games/<int:game_id>/orders/", views.orders_form, name="orders"),
    path("games/<int:game_id>/ready/", views.ready_form, name="ready"),
    path("games/<int:game_id>/draw/", views.draw_form, name="draw"),
    path("duels/<int:duel_id>/", duel_views.duel_detail, name="duel"),
    path("api/games/<int:game_id>/state/", api.GameStateApi.as_view(), name="api-state"),
    path("api/games/<int:game_id>/orders/", api.OrdersSubmitApi.as_view(), name="api-orders"),
    path("api/games/<int:game_id>/orders/check/", api.OrderCheckApi.as_view(), name="api-check"),
    path("api/games/<int:game_id>/ready/", api.ReadyApi.as_view(), name="api-ready"),
    path("api/games/<int:game_id>/draw/", api.DrawVoteApi.as_view(), name="api-draw"),
]
