from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # Services queue tasks by name (core.queue); the name must be known in every
        # process that queues, the web included, not only in the worker that runs it.
        # Imported here, not at the top: tasks import the models, which may be loaded only
        # once the app registry is ready.
        from games import tasks  # noqa: F401
        from games.metrics import games_collectors_register

        # The phases and the events outbox, read at each scrape of /metrics (core.metrics).
        games_collectors_register()
