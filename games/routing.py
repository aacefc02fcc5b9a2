from django.urls import path

from games.consumers import GameConsumer, MyGamesConsumer

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/me/games/", MyGamesConsumer.as_asgi()),
]
