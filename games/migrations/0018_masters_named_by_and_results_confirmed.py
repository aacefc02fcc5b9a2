"""Who named each game master, and results a game master decided alone.

- ``Game.masters`` gets a model of its own, :class:`GameMaster`, on the table Django made
  for the plain many-to-many (no row is copied or lost), with ``named_by``: filled from
  the moderation record of the naming where there is one (the last record that named him),
  else left empty (named by the site, or before records were kept).
- A player never sits beside a game master he named: masters whose recorded namer holds,
  sits or was excluded from a seat of the game stop being its masters, and the game's
  history says so (as 0010 did for masters who play).
- ``Game.master_decided`` and ``Game.result_confirmed_at``: a result a game master decided
  alone counts for ratings once a site moderator confirms it. A running game in which a
  game master (not a site moderator) has already ruled on a phase is marked. Finished
  games are left as they were counted.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import Q

REASON = "A player never chooses who runs his game: the rule came into force."


def masters_named_by_filled(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    GameMaster = apps.get_model("games", "GameMaster")
    Seat = apps.get_model("games", "Seat")
    ModeratorAction = apps.get_model("games", "ModeratorAction")
    for game in Game.objects.filter(masters__isnull=False).distinct().order_by("pk"):
        namer: dict[str, int | None] = {}
        for action in ModeratorAction.objects.filter(game=game, kind="master").order_by(
            "created_at", "pk"
        ):
            details = action.details or {}
            if details.get("master") and details.get("user"):
                namer[details["user"]] = action.actor_id
        for row in GameMaster.objects.filter(game=game).select_related("user").order_by("pk"):
            row.named_by_id = namer.get(row.user.username)
            row.save(update_fields=["named_by"])
            if row.named_by_id is None:
                continue
            beside = Seat.objects.filter(game=game).filter(
                Q(user_id=row.named_by_id)
                | Q(sitter_id=row.named_by_id)
                | Q(excluded_user_id=row.named_by_id)
            )
            if not beside.exists():
                continue
            username = row.user.username
            row.delete()
            ModeratorAction.objects.create(
                game=game,
                actor=None,
                kind="master",
                reason=REASON,
                details={"user": username, "master": False, "by_role": ""},
            )


def running_games_ruled_by_masters_marked(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    ModeratorAction = apps.get_model("games", "ModeratorAction")
    for game in Game.objects.filter(status__in=["forming", "active"]).order_by("pk"):
        rulings = ModeratorAction.objects.filter(game=game, kind="ruling")
        if any((a.details or {}).get("by_role") == "master" for a in rulings):
            game.master_decided = True
            game.save(update_fields=["master_decided"])


def forwards(apps, schema_editor):
    masters_named_by_filled(apps, schema_editor)
    running_games_ruled_by_masters_marked(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0017_votes_of_every_kind"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The model takes over the existing table: state only, nothing in the database.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="GameMaster",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "game",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, to="games.game"
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "games_game_masters",
                        "unique_together": {("game", "user")},
                    },
                ),
                migrations.AlterField(
                    model_name="game",
                    name="masters",
                    field=models.ManyToManyField(
                        blank=True,
                        related_name="games_mastered",
                        through="games.GameMaster",
                        through_fields=("game", "user"),
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            database_operations=[],
        ),
        migrations.AddField(
            model_name="gamemaster",
            name="named_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="master_decided",
            field=models.BooleanField(db_default=False, default=False),
        ),
        migrations.AddField(
            model_name="game",
            name="result_confirmed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="moderatoraction",
            name="kind",
            field=models.CharField(
                choices=[
                    ("pause", "Paused"),
                    ("resume", "Resumed"),
                    ("extend", "Deadline extended"),
                    ("replace", "Player replaced"),
                    ("accept_late", "Late orders accepted"),
                    ("exclude", "Player excluded"),
                    ("end", "Game ended"),
                    ("master", "Game master set"),
                    ("ruling", "Ruling"),
                    ("decision", "Decision"),
                    ("retry", "Adjudication tried again"),
                    ("confirm", "Result confirmed"),
                ],
                max_length=16,
            ),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
