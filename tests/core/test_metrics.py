"""The site's figures for Prometheus (core/metrics.py): who may read /metrics, the
heartbeats' ages, the queue's length, the websockets open, the database's queries, a
worker's own port, and the example alerts naming only what the site exports."""

from __future__ import annotations

import datetime
import math
import re
import socket
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import yaml
from asgiref.sync import sync_to_async
from celery import current_app
from django.conf import settings as django_settings
from django.test import Client
from django.utils import timezone
from prometheus_client import REGISTRY

from core.heartbeats import BEAT, WORKER, heartbeat_record
from core.metrics import oldest_waiting_gauge, queue_length, worker_exporter_start
from tests.scrape import scrape

pytestmark = pytest.mark.django_db

ALERTS = Path(__file__).resolve().parents[2] / "deploy" / "prometheus" / "alerts.yml"


# -- who may read them ----------------------------------------------------------------


def test_loopback_reads_the_metrics() -> None:
    figures = scrape()
    assert "django_http_requests_total_by_method" in figures.names()
    assert "diplomacy_heartbeat_age_seconds" in figures.names()


@pytest.mark.parametrize("address", ["203.0.113.7", "10.1.2.3", "2001:db8::1", "", "nonsense"])
def test_a_stranger_gets_the_sites_404(address: str) -> None:
    response = Client().get("/metrics", REMOTE_ADDR=address)
    assert response.status_code == 404
    assert b"diplomacy_" not in response.content
    assert b"python_gc" not in response.content


@pytest.mark.parametrize("header", ["HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP"])
def test_through_a_proxy_loopback_is_nobody(header: str) -> None:
    # A proxy on this machine makes every visitor come from 127.0.0.1.
    response = Client().get("/metrics", REMOTE_ADDR="127.0.0.1", **{header: "203.0.113.7"})
    assert response.status_code == 404


def test_the_operators_networks_are_let_in(settings: Any) -> None:
    settings.METRICS_ALLOWED_ADDRESSES = ["10.0.0.0/8", "2001:db8::5"]
    assert Client().get("/metrics", REMOTE_ADDR="10.1.2.3").status_code == 200
    assert Client().get("/metrics", REMOTE_ADDR="2001:db8::5").status_code == 200
    assert Client().get("/metrics", REMOTE_ADDR="::ffff:10.9.9.9").status_code == 200
    assert Client().get("/metrics", REMOTE_ADDR="127.0.0.1").status_code == 404
    assert Client().get("/metrics", REMOTE_ADDR="192.168.1.1").status_code == 404


def test_the_bearer_token_lets_in_from_anywhere_and_no_other_does(settings: Any) -> None:
    settings.METRICS_TOKEN = "a-long-scrape-token"
    stranger = {"REMOTE_ADDR": "203.0.113.7", "HTTP_X_FORWARDED_FOR": "203.0.113.7"}
    client = Client()
    ok = client.get("/metrics", HTTP_AUTHORIZATION="Bearer a-long-scrape-token", **stranger)
    assert ok.status_code == 200
    assert b"diplomacy_heartbeat_age_seconds" in ok.content
    for wrong in ("Bearer a-long-scrape-toke", "Bearer ", "Basic a-long-scrape-token", ""):
        assert client.get("/metrics", HTTP_AUTHORIZATION=wrong, **stranger).status_code == 404


def test_without_a_token_set_no_bearer_is_accepted(settings: Any) -> None:
    settings.METRICS_TOKEN = ""
    response = Client().get("/metrics", REMOTE_ADDR="203.0.113.7", HTTP_AUTHORIZATION="Bearer ")
    assert response.status_code == 404


def test_a_scrape_over_plain_http_is_not_redirected_to_tls(settings: Any) -> None:
    # Prometheus scrapes each process straight, behind the proxy that ends TLS.
    settings.SECURE_SSL_REDIRECT = True
    assert Client().get("/").status_code == 301
    assert Client().get("/metrics", REMOTE_ADDR="127.0.0.1").status_code == 200
    assert Client().get("/metrics", REMOTE_ADDR="203.0.113.7").status_code in (301, 404)


# -- core's figures ---------------------------------------------------------------------


def test_the_heartbeats_ages_follow_the_heartbeats() -> None:
    never = scrape()
    assert math.isinf(never.value("diplomacy_heartbeat_age_seconds", process=WORKER))
    assert math.isinf(never.value("diplomacy_heartbeat_age_seconds", process=BEAT))
    heartbeat_record(WORKER, timezone.now() - datetime.timedelta(minutes=10))
    heartbeat_record(BEAT, timezone.now())
    seen = scrape()
    assert 600 <= seen.value("diplomacy_heartbeat_age_seconds", process=WORKER) < 3600
    assert 0 <= seen.value("diplomacy_heartbeat_age_seconds", process=BEAT) < 600


def _purge() -> None:
    with current_app.connection_for_write() as connection:
        connection.default_channel.queue_purge(current_app.conf.task_default_queue)


def test_the_queue_length_counts_the_tasks_waiting() -> None:
    queue = current_app.conf.task_default_queue
    _purge()
    try:
        assert scrape().value("diplomacy_celery_queue_length", queue=queue) == 0
        for _ in range(3):
            current_app.send_task("core.tasks.worker_heartbeat")
        assert queue_length(queue) == 3
        assert scrape().value("diplomacy_celery_queue_length", queue=queue) == 3
    finally:
        _purge()
    assert queue_length(queue) == 0


def test_a_broker_away_costs_the_queues_figure_not_the_scrape(monkeypatch: Any) -> None:
    def away(queue: str) -> int:
        raise ConnectionError("the broker is away")

    monkeypatch.setattr("core.metrics.queue_length", away)
    figures = scrape()
    assert "diplomacy_celery_queue_length" not in figures.families
    assert "diplomacy_heartbeat_age_seconds" in figures.families
    assert "django_http_requests_total_by_method" in figures.families


def test_the_database_queries_are_counted() -> None:
    from django.db import connection

    labels = {"alias": "default", "vendor": connection.vendor}
    before = REGISTRY.get_sample_value("django_db_execute_total", labels) or 0
    heartbeat_record(WORKER)
    after = REGISTRY.get_sample_value("django_db_execute_total", labels) or 0
    assert after > before
    assert scrape().value("django_db_execute_total", **labels) > before


def test_the_requests_are_counted() -> None:
    before = scrape().value("django_http_requests_total_by_method_total", method="GET")
    Client().get("/health/live/")
    assert scrape().value("django_http_requests_total_by_method_total", method="GET") >= before + 2


def test_the_oldest_waiting_gauge_counts_from_when_it_began_to_wait() -> None:
    # One shape for the games' phases due and events, and the notifications' deliveries.
    now = timezone.now()
    waited = oldest_waiting_gauge(
        "diplomacy_x_age_seconds", "How long.", now - datetime.timedelta(minutes=20)
    )
    assert (waited.name, waited.documentation) == ("diplomacy_x_age_seconds", "How long.")
    assert 20 * 60 <= waited.samples[0].value < 21 * 60
    # Nothing waits: 0; a phase due before its deadline (everyone ready) never less than 0.
    assert oldest_waiting_gauge("diplomacy_x_age_seconds", "How long.", None).samples[0].value == 0
    ahead = now + datetime.timedelta(hours=1)
    assert oldest_waiting_gauge("diplomacy_x_age_seconds", "How long.", ahead).samples[0].value == 0


# -- websockets -------------------------------------------------------------------------


def _sockets() -> float:
    labels = {"consumer": "InboxConsumer"}
    return REGISTRY.get_sample_value("diplomacy_websocket_connections", labels) or 0.0


def _cookie(user: Any) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(user)
    session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    return [
        (b"origin", b"http://localhost"),
        (b"cookie", f"{django_settings.SESSION_COOKIE_NAME}={session}".encode()),
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_websocket_counts_while_it_is_open(make_user: Any, settings: Any) -> None:
    from channels.testing import WebsocketCommunicator

    from diplosite.asgi import application

    settings.LIVE_POLL_SECONDS = 0
    user = await sync_to_async(make_user)("watcher")
    headers = await sync_to_async(_cookie)(user)
    before = _sockets()
    first = WebsocketCommunicator(application, "/ws/notifications/", headers=headers)
    second = WebsocketCommunicator(application, "/ws/notifications/", headers=headers)
    assert (await first.connect())[0]
    assert _sockets() == before + 1
    assert (await second.connect())[0]
    assert _sockets() == before + 2
    await first.disconnect()
    assert _sockets() == before + 1
    await second.disconnect()
    assert _sockets() == before


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_refused_websocket_never_counts() -> None:
    from channels.testing import WebsocketCommunicator

    from diplosite.asgi import application

    before = _sockets()
    anonymous = WebsocketCommunicator(
        application, "/ws/notifications/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await anonymous.connect()
    assert not connected
    assert _sockets() == before
    await anonymous.disconnect()
    assert _sockets() == before


# -- a worker's own figures -------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_worker_serves_its_own_figures_at_its_port_and_not_the_sites_state(
    settings: Any,
) -> None:
    from games.metrics import ADJUDICATION_SECONDS

    settings.METRICS_WORKER_PORTS = ""
    assert worker_exporter_start() is None
    port = _free_port()
    settings.METRICS_WORKER_PORTS = f"{port}-{port + 3}"
    settings.METRICS_WORKER_ADDRESS = "127.0.0.1"
    served = worker_exporter_start()
    assert served is not None
    assert port <= served <= port + 3
    # Asked again in the same process (the solo pool sends both signals): the same port.
    assert worker_exporter_start() == served
    ADJUDICATION_SECONDS.labels("standard").observe(0.2)
    with urllib.request.urlopen(f"http://127.0.0.1:{served}/metrics", timeout=5) as answer:
        text = answer.read().decode()
    assert "diplomacy_adjudication_duration_seconds_count" in text
    # The site's state is the web's to serve: a worker's scrape asks no database.
    assert "diplomacy_phases_due" not in text
    assert "diplomacy_heartbeat_age_seconds" not in text


@pytest.mark.parametrize("bad", ["abc", "9100-", "9200-9100", "70000"])
def test_a_wrong_port_range_is_said(settings: Any, bad: str) -> None:
    from django.core.exceptions import ImproperlyConfigured

    settings.METRICS_WORKER_PORTS = bad
    with pytest.raises(ImproperlyConfigured):
        worker_exporter_start()


# -- the example alerts -----------------------------------------------------------------

#: PromQL's words that are not metrics.
_PROMQL = {
    "by",
    "without",
    "on",
    "ignoring",
    "group_left",
    "group_right",
    "and",
    "or",
    "unless",
    "bool",
    "offset",
    "max",
    "min",
    "sum",
    "avg",
    "count",
    "rate",
    "increase",
    "deriv",
    "delta",
    "absent",
    "max_over_time",
    "min_over_time",
    "avg_over_time",
    "time",
    "histogram_quantile",
    "le",
    "process",
    "variant",
    "channel",
    "queue",
    "consumer",
    "inf",
    "instance",
}


def _rules() -> list[dict[str, Any]]:
    document = yaml.safe_load(ALERTS.read_text())
    rules = [rule for group in document["groups"] for rule in group["rules"]]
    for rule in rules:
        assert set(rule) <= {"alert", "expr", "for", "labels", "annotations"}, rule
        assert rule["alert"]
        assert rule["expr"]
        assert rule["annotations"]["summary"]
    return rules


def test_the_alert_file_parses_and_has_each_alert_the_issue_asks_for() -> None:
    names = {rule["alert"] for rule in _rules()}
    assert {"DiplomacyPhaseStuck", "DiplomacyOutboxGrowing", "DiplomacyWorkerMissing"} <= names


def test_the_alerts_name_only_what_the_site_exports(started_game: Any) -> None:
    exported = scrape().names()
    used: set[str] = set()
    for rule in _rules():
        expression = re.sub(r'"[^"]*"', "", rule["expr"])  # label values
        expression = re.sub(r"\[[^\]]*\]", "", expression)  # ranges
        for word in re.findall(r"[A-Za-z_:][A-Za-z0-9_:]*", expression):
            if word not in _PROMQL and not re.fullmatch(r"\d+[smhd]?", word):
                used.add(word)
    assert used, "no metric found in the rules"
    assert used <= exported, used - exported


def test_an_app_ready_twice_serves_each_figure_once() -> None:
    from django.apps import apps

    apps.get_app_config("games").ready()
    apps.get_app_config("core").ready()
    text = scrape().text
    assert text.count("# TYPE diplomacy_phases_due gauge") == 1
    assert text.count("# TYPE diplomacy_heartbeat_age_seconds gauge") == 1


def test_a_worker_opens_one_port_however_often_core_gets_ready() -> None:
    from celery.signals import worker_init, worker_process_init
    from django.apps import apps

    apps.get_app_config("core").ready()
    apps.get_app_config("core").ready()
    named = ((worker_init, "core.metrics.worker"), (worker_process_init, "core.metrics.child"))
    for signal, uid in named:
        assert sum(1 for key, _ in signal.receivers if key[0] == uid) == 1
