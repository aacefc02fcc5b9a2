from django.urls import path

from tournaments.web import duels, exports, identity, organiser, tournaments

app_name = "tournaments"

urlpatterns = [
    path("duels/<int:duel_id>/", duels.duel_detail, name="duel"),
    path("tournaments/", tournaments.tournament_list, name="list"),
    path(
        "tournaments/my-name-for-results/",
        identity.results_identity,
        name="results-identity",
    ),
    path("tournaments/new/", tournaments.tournament_create, name="create"),
    path("tournaments/<int:tournament_id>/", tournaments.tournament_detail, name="detail"),
    path("tournaments/<int:tournament_id>/enter/", tournaments.tournament_enter, name="enter"),
    path(
        "tournaments/<int:tournament_id>/withdraw/",
        tournaments.tournament_withdraw,
        name="withdraw",
    ),
    path(
        "tournaments/<int:tournament_id>/check-in/",
        tournaments.tournament_check_in,
        name="check_in",
    ),
    path(
        "tournaments/<int:tournament_id>/preferences/",
        tournaments.tournament_preferences,
        name="preferences",
    ),
    path("tournaments/<int:tournament_id>/run/", organiser.tournament_run, name="run"),
    path(
        "tournaments/<int:tournament_id>/run/<slug:verb>/",
        organiser.organiser_verb,
        name="verb",
    ),
    path(
        "tournaments/<int:tournament_id>/export/<slug:what>.<slug:ext>",
        exports.tournament_export,
        name="export",
    ),
]
