"""A game master never plays in the game he runs: masters who hold, sit or were excluded
from a seat of their game stop being its masters, and the game's history says so."""

from django.db import migrations
from django.db.models import Q

REASON = "A game master never plays in the game he runs: the rule came into force."


def masters_who_play_removed(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    ModeratorAction = apps.get_model("games", "ModeratorAction")
    for game in Game.objects.filter(masters__isnull=False).distinct().order_by("pk"):
        for master in game.masters.all().order_by("pk"):
            plays = Seat.objects.filter(game=game).filter(
                Q(user=master) | Q(sitter=master) | Q(excluded_user=master)
            )
            if not plays.exists():
                continue
            game.masters.remove(master)
            ModeratorAction.objects.create(
                game=game,
                actor=None,
                kind="master",
                reason=REASON,
                details={"user": master.username, "master": False, "by_role": ""},
            )


class Migration(migrations.Migration):
    dependencies = [("games", "0009_reminded_powers")]

    operations = [migrations.RunPython(masters_who_play_removed, migrations.RunPython.noop)]
