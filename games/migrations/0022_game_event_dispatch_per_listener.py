"""One dispatch record per (event, listener): each listener of an event is tried, retried
and given up on by itself (games/events.py)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0021_decision_answers_as_ids"),
    ]

    operations = [
        migrations.CreateModel(
            name="GameEventDispatch",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("listener", models.CharField(max_length=300)),
                ("done_at", models.DateTimeField(blank=True, null=True)),
                ("attempts", models.PositiveSmallIntegerField(default=0)),
                ("last_error", models.TextField(blank=True)),
                ("given_up", models.BooleanField(default=False)),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="dispatches",
                        to="games.gameevent",
                    ),
                ),
            ],
            options={
                "ordering": ["pk"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("event", "listener"), name="one_dispatch_per_event_and_listener"
                    )
                ],
            },
        ),
    ]
