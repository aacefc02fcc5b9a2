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
        from accounts.extension_points import DataSection, closing_steps, data_sections
        from games import tasks  # noqa: F401
        from games.metrics import games_collectors_register
        from games.selectors.own_data import own_games, own_vacations
        from games.services.lobby import seats_give_up
        from games.services.moderation import moderation_records_forget
        from games.services.press import own_press

        # The phases and the events outbox, read at each scrape of /metrics (core.metrics).
        games_collectors_register()

        # A player's own data is his to download, and his seats are given up when he
        # closes his account: accounts asks, games answers (accounts is below games).
        data_sections.register(DataSection("games", own_games))
        data_sections.register(DataSection("press", own_press))
        data_sections.register(DataSection("vacations", own_vacations))
        closing_steps.register(seats_give_up)
        closing_steps.register(moderation_records_forget)
