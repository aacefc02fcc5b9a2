"""The site's own bots get a mark of their own (HouseBot), and user names a table of
look-alike keys (UsernameKey), for the accounts there already are.

- Marked as house bots: the accounts named ``house-bot-N`` in the ``house_bot`` group
  that have no password, as ``accounts.services.house_bots`` made them. Sign-up never
  puts anyone in that group, and a person who signed up has a password: one who took a
  bot's name before the site made that bot stays a person (his number is passed over).
  Any token such a bot holds other than its ``run_bots`` one (one it made itself, which
  bots are now refused) is revoked.
- Look-alike keys: each account's, oldest first. An account whose name looks the same as
  an older account's (``bob`` beside ``Bob``) gets none: both are kept, and lookups by
  name ask for the exact spelling when a name could mean either
  (``accounts.selectors.user_by_name``). No account is changed or refused here.
"""

import hashlib
import re

import django.db.models.deletion
from django.conf import settings
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.db import migrations, models
from django.utils import timezone

from core.names import lookalike_key

HOUSE_BOT_NAME = re.compile(r"house-bot-([1-9][0-9]*)")


def house_bots_marked(apps, schema_editor):  # type: ignore[no-untyped-def]
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    house_bot = apps.get_model("accounts", "HouseBot")
    api_token = apps.get_model("accounts", "ApiToken")
    for user in user_model.objects.filter(groups__name="house_bot").order_by("pk"):
        named = HOUSE_BOT_NAME.fullmatch(user.username)
        if named is None or not user.password.startswith(UNUSABLE_PASSWORD_PREFIX):
            continue
        house_bot.objects.create(user=user, number=int(named[1]))
        api_token.objects.filter(user=user, revoked__isnull=True).exclude(name="run_bots").update(
            revoked=timezone.now()
        )


def username_keys_stored(apps, schema_editor):  # type: ignore[no-untyped-def]
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    username_key = apps.get_model("accounts", "UsernameKey")
    taken: set[str] = set()
    batch = []
    rows = user_model.objects.order_by("pk").values_list("pk", "username")
    for pk, username in rows.iterator(chunk_size=2000):
        key_hash = hashlib.sha256(lookalike_key(username).encode()).hexdigest()
        if key_hash in taken:
            continue  # a younger twin: kept, without a key
        taken.add(key_hash)
        batch.append(username_key(user_id=pk, key_hash=key_hash))
        if len(batch) >= 1000:
            username_key.objects.bulk_create(batch)
            batch = []
    username_key.objects.bulk_create(batch)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_apitoken"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="HouseBot",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="house_bot",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("number", models.PositiveIntegerField(unique=True)),
            ],
            options={"ordering": ["number"]},
        ),
        migrations.CreateModel(
            name="UsernameKey",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="username_key",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("key_hash", models.CharField(max_length=64, unique=True)),
            ],
        ),
        migrations.RunPython(house_bots_marked, migrations.RunPython.noop),
        migrations.RunPython(username_keys_stored, migrations.RunPython.noop),
    ]
