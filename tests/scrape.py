"""Reading the site's /metrics as Prometheus would (core.metrics), for the tests."""

from __future__ import annotations

from typing import Any

from django.test import Client
from prometheus_client.parser import text_string_to_metric_families


class Scrape:
    """One answer of /metrics: its text, the families it names and its samples."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.families = {f.name: f for f in text_string_to_metric_families(text)}
        self.samples = [s for f in self.families.values() for s in f.samples]

    def value(self, name: str, **labels: str) -> float:
        """The sample ``name`` with exactly ``labels``; 0 when the scrape has none."""
        for sample in self.samples:
            if sample.name == name and sample.labels == labels:
                return float(sample.value)
        return 0.0

    def names(self) -> set[str]:
        """Every name a rule may use: the families' and their samples' (``_total``,
        ``_bucket``, ``_count``, ``_sum``)."""
        return set(self.families) | {s.name for s in self.samples}


def scrape(client: Client | None = None, **extra: Any) -> Scrape:
    """/metrics asked from loopback (allowed by default); it must answer."""
    response = (client or Client()).get("/metrics", REMOTE_ADDR="127.0.0.1", **extra)
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"].startswith("text/plain")
    return Scrape(response.content.decode())
