"""The level the site's own bot plays a seat at (issue 38): standard, or strong (it
searches its moves, bots/search.py); chosen per seat when a practice game is made."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0022_game_event_dispatch_per_listener"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="bot_level",
            field=models.CharField(
                choices=[("standard", "Standard"), ("strong", "Strong (searches its moves)")],
                db_default="standard",
                default="standard",
                max_length=16,
            ),
        ),
    ]
