from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("duels/<int:duel_id>/", views.duel_detail, name="duel"),
]
