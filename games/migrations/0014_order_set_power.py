"""An order set names the power whose orders it holds (until now always its seat's), so a
seat can give the orders of several powers (Kapitalisten's investors, a vassal's lord)."""

from django.db import migrations, models


def powers_of_seats(apps, schema_editor):  # type: ignore[no-untyped-def]
    OrderSet = apps.get_model("games", "OrderSet")
    for order_set in OrderSet.objects.select_related("seat").iterator():
        order_set.power = order_set.seat.power
        order_set.save(update_fields=["power"])


class Migration(migrations.Migration):
    dependencies = [("games", "0013_result_params_as_ids")]

    operations = [
        migrations.RemoveConstraint(model_name="orderset", name="one_order_set_per_power"),
        migrations.AddField(
            model_name="orderset",
            name="power",
            field=models.CharField(default="", max_length=40),
            preserve_default=False,
        ),
        migrations.RunPython(powers_of_seats, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="orderset",
            constraint=models.UniqueConstraint(
                fields=("phase", "power"), name="one_order_set_per_power"
            ),
        ),
    ]
