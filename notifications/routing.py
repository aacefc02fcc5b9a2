from django.urls import path

from notifications.consumers import InboxConsumer

websocket_urlpatterns = [
    path("ws/notifications/", InboxConsumer.as_asgi()),
]
