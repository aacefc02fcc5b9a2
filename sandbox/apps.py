from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SandboxConfig(AppConfig):
    name = "sandbox"
    verbose_name = _("Sandbox")

    def ready(self) -> None:
        # The game page lives with games, which imports nothing above it: the sandbox
        # tells it to offer "Fork into sandbox" on each phase its viewer may see.
        # Imported here, not at the top: these import the models, which may be loaded
        # only once the app registry is ready.
        from games.extension_points import phase_actions
        from sandbox.views import fork_action

        phase_actions.register(fork_action)
