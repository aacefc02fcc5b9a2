"""A delivery is taken to be sent (sending_since) instead of kept locked while its e-mail
or webhook goes out."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('notifications', '0007_vote_notifications'),
    ]

    operations = [
        migrations.AddField(
            model_name='delivery',
            name='sending_since',
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
