"""The public REST API of games (``/api/v1/``), one module per verb family: ``games``
(lobby, state, seats, orders, ready, draws), ``press``, ``absences`` and ``mine`` (your
own games); ``access`` finds the game a request may see. diplosite.api_urls puts
:data:`urlpatterns` under the prefix."""

from games.api import absences, games, mine, press

urlpatterns = [
    *games.urlpatterns,
    *press.urlpatterns,
    *absences.urlpatterns,
    *mine.urlpatterns,
]
