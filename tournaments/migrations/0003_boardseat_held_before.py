from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_tournament_bots_allowed"),
    ]

    operations = [
        migrations.AddField(
            model_name="boardseat",
            name="held_before",
            field=models.JSONField(blank=True, default=list),
        ),
    ]
