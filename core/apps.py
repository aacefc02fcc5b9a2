from django.apps import AppConfig

from core.logs import task_fields_connect


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        # Imported here, not at the top: core.metrics reads the models, which may be
        # loaded only once the app registry is ready.
        from core.metrics import core_collectors_register, worker_exporter_connect

        task_fields_connect()
        # The heartbeats' ages and the queue's length, read at each scrape of /metrics;
        # a worker's own figures at a port of its own (METRICS_WORKER_PORTS).
        core_collectors_register()
        worker_exporter_connect()
