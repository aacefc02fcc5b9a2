"""The public REST API of games (``/api/v1/``), one module per verb family: ``games``
(lobby, state, seats, orders, ready, draws), ``press`` and ``absences``; ``access`` finds
the game a request may see. diplosite.api_urls puts :data:`urlpatterns` under the
prefix."""

from games.api import absences, games, press

urlpatterns = [*games.urlpatterns, *press.urlpatterns, *absences.urlpatterns]
