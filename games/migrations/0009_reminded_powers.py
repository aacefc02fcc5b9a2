"""Reminders per player (each may choose how long before a deadline): the phase records
which powers were reminded instead of one flag. A phase already reminded counts as
every power reminded, so nobody hears of it twice."""

from django.db import migrations, models


def flags_to_powers(apps, schema_editor):  # type: ignore[no-untyped-def]
    GamePhase = apps.get_model("games", "GamePhase")
    Seat = apps.get_model("games", "Seat")
    for phase in GamePhase.objects.filter(reminded=True).only("pk", "game_id"):
        powers = sorted(Seat.objects.filter(game_id=phase.game_id).values_list("power", flat=True))
        GamePhase.objects.filter(pk=phase.pk).update(reminded_powers=powers)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_adjudicated_orders"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamephase",
            name="reminded_powers",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(flags_to_powers, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name="gamephase",
            name="reminded",
        ),
    ]
