from django.apps import AppConfig

from core.logs import task_fields_connect


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        task_fields_connect()
