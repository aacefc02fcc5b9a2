from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self) -> None:
        # Imported here, not at the top: these import the models, which may be loaded
        # only once the app registry is ready.
        from accounts.extension_points import DataSection, closing_steps, data_sections
        from games.extension_points import game_listeners
        from notifications import (  # noqa: F401  (connects the receivers, registers the checks)
            checks,
            metrics,
            services,
            signals,
            tasks,
        )

        game_listeners.register(services.game_event_heard)
        # The outbox's deliveries, read at each scrape of /metrics (core.metrics).
        metrics.notifications_collectors_register()
        # What notifications hold of a player is in his download, and goes with his account.
        data_sections.register(DataSection("notifications", services.own_settings))
        closing_steps.register(services.account_forget)
        closing_steps.register(services.names_forget)
