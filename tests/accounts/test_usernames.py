"""User names (accounts.usernames): the names of the site's own accounts are nobody's to
take, in any case or look-alike spelling; two accounts never get names a reader cannot
tell apart, whatever makes the second (sign-up, the admin, a command, the shell); twins
from before that rule are kept; and a name typed into a form finds the account spelled
exactly so, else the one account it looks like, never the first of several."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from accounts import services
from accounts.models import ApiToken, HouseBot, UsernameKey
from accounts.roles import HOUSE_BOT, HOUSE_BOT_TOKEN_NAME, is_house_bot
from accounts.selectors import user_by_name
from accounts.usernames import UsernameTaken
from core.errors import ApplicationError
from core.names import lookalike_key

pytestmark = pytest.mark.django_db

PASSWORD = "Zq8!long-pass"
CYRILLIC_O = "\u043e"
GREEK_O = "\u03bf"


def _signup(client: Client, name: str, email: str | None = None) -> Any:
    return client.post(
        reverse("accounts:signup"),
        {
            "username": name,
            "email": email or "someone@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )


def _twins(*names: str) -> list[User]:
    """Accounts made the way the database held them before look-alikes were refused:
    saved without a word to the key table (bulk_create sends no signal)."""
    return User.objects.bulk_create([User(username=n, email=f"{n}@example.org") for n in names])


# -- the look-alike key ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "House-Bot-6",
        "HOUSE-BOT-6",
        f"h{CYRILLIC_O}use-bot-6",
        f"h{GREEK_O}use-bot-6",
        "\u041d\u041eUSE-BOT-6",  # Cyrillic capital en and o
        "\uff48\uff4f\uff55\uff53\uff45-bot-6",  # full-width
        "house\u200b-bot-6",  # a zero-width space
    ],
)
def test_a_look_alike_has_the_key_of_the_name_it_looks_like(name: str) -> None:
    assert lookalike_key(name) == lookalike_key("house-bot-6") == "house-bot-6"


def test_names_a_reader_tells_apart_keep_their_own_keys() -> None:
    assert lookalike_key("player1") != lookalike_key("playerl")
    assert lookalike_key("Jürgen") != lookalike_key("Jurgen")
    assert lookalike_key("Иван") != lookalike_key("Ivan")


# -- sign-up -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "house-bot-6",
        "House-Bot-6",
        f"h{CYRILLIC_O}use-bot-6",
        "house_bot_6",
        "housebot",
        "Admin",
        "moderat" + CYRILLIC_O + "r",
    ],
)
def test_the_site_s_own_names_are_refused_at_sign_up(client: Client, name: str) -> None:
    answer = _signup(client, name)
    assert answer.status_code == 200
    assert answer.context["form"].errors["username"] == [
        "This user name is kept for the site's own accounts: choose another."
    ]
    assert not User.objects.filter(username=name).exists()


@pytest.mark.parametrize("name", ["Bob", "BOB", f"b{CYRILLIC_O}b", f"B{GREEK_O}B", "\uff42ob"])
def test_a_name_that_looks_like_a_taken_one_is_refused_at_sign_up(
    client: Client, make_user: Any, name: str
) -> None:
    make_user("bob")
    answer = _signup(client, name)
    assert answer.status_code == 200
    # Django's own check refuses another case first, in its own words; ours the rest.
    assert answer.context["form"].errors["username"][0] in (
        "This user name is taken, or looks the same as one that is: choose another.",
        "A user with that username already exists.",
    )
    assert list(User.objects.values_list("username", flat=True)) == ["bob"]


def test_a_house_bots_name_taken_before_the_site_made_the_bot_is_refused(client: Client) -> None:
    # The attack: sign up as house-bot-6 before any practice game needed six bots.
    assert _signup(client, "house-bot-6").status_code == 200
    assert not User.objects.filter(username__iexact="house-bot-6").exists()


# -- the database, whatever saves an account ----------------------------------------------------


def test_a_case_twin_is_refused_whatever_makes_it(make_user: Any) -> None:
    make_user("bob")
    with pytest.raises(UsernameTaken):
        User.objects.create_user("Bob")
    with pytest.raises(UsernameTaken):
        User.objects.create_user(f"b{CYRILLIC_O}b")
    assert list(User.objects.values_list("username", flat=True)) == ["bob"]


def test_a_rename_into_a_look_alike_is_refused(make_user: Any) -> None:
    make_user("bob")
    eve = make_user("eve")
    eve.username = "BOB"
    with pytest.raises(UsernameTaken):
        eve.save()
    eve.refresh_from_db()
    assert eve.username == "eve"
    eve.username = "Eve"  # another case of one's own name is one's own
    eve.save()
    assert UsernameKey.objects.filter(user=eve).count() == 1


def test_twins_from_before_are_kept_and_still_saved(make_user: Any) -> None:
    older, younger = _twins("Cora", "cora")
    older.save()  # the older of the two takes the key at its first save
    younger.set_password("another-long-password")
    younger.save()  # a password change of the younger twin, its name unchanged: fine
    assert UsernameKey.objects.filter(user=older).exists()
    assert not UsernameKey.objects.filter(user=younger).exists()
    # ... and nobody new takes a third spelling.
    with pytest.raises(UsernameTaken):
        User.objects.create_user("CORA")


def test_a_bot_account_may_not_take_a_site_name_or_a_look_alike(make_user: Any) -> None:
    make_user("bob")
    for name in ("house-bot-7", "House-Bot-7", "BOB", f"b{CYRILLIC_O}b"):
        with pytest.raises(ApplicationError):
            services.bot_account_create(username=name)
    assert list(User.objects.values_list("username", flat=True)) == ["bob"]


def test_the_admin_add_and_change_forms_refuse_the_same_names(
    client: Client, make_user: Any
) -> None:
    admin = User.objects.create_superuser("root-admin", "root@example.org", PASSWORD)
    client.force_login(admin)
    bob = make_user("bob")
    for name in ("house-bot-8", "Bob", f"b{CYRILLIC_O}b"):
        answer = client.post(
            reverse("admin:auth_user_add"),
            {
                "username": name,
                "password1": PASSWORD,
                "password2": PASSWORD,
                "usable_password": "true",
            },
        )
        assert answer.status_code == 200, name  # the form again, with its error
        assert not User.objects.filter(username=name).exists()
    eve = make_user("eve")
    change = reverse("admin:auth_user_change", args=[eve.pk])
    form = {
        "username": "house-bot-9",
        "email": "eve@example.org",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00",
        "is_active": "on",
    }
    assert client.post(change, form).status_code == 200
    eve.refresh_from_db()
    assert eve.username == "eve"
    assert client.post(change, {**form, "username": "eve-renamed"}).status_code == 302
    eve.refresh_from_db()
    assert eve.username == "eve-renamed"
    assert bob.username == "bob"


# -- a name typed into a form ------------------------------------------------------------------


def test_a_typed_name_finds_the_exact_spelling_first_then_the_one_that_looks_alike(
    make_user: Any,
) -> None:
    bob = make_user("bob")
    assert user_by_name(name="bob") == bob
    assert user_by_name(name=" BOB ") == bob
    assert user_by_name(name=f"b{CYRILLIC_O}b") == bob
    assert user_by_name(name="nobody") is None
    assert user_by_name(name="") is None


def test_a_typed_name_that_could_mean_two_twins_is_refused_in_words() -> None:
    older, younger = _twins("Cora", "cora")
    older.save()
    assert user_by_name(name="Cora") == older
    assert user_by_name(name="cora") == younger
    with pytest.raises(ApplicationError) as refused:
        user_by_name(name="CORA")
    assert "Cora, cora" in refused.value.message
    assert "exactly as it is written" in refused.value.message


# -- the migration that brought the keys and the bots' mark ----------------------------------------


def test_the_migration_marks_the_sites_bots_and_keys_the_older_twin(make_user: Any) -> None:
    migration = importlib.import_module("accounts.migrations.0003_house_bot_mark_and_username_keys")
    group, _made = Group.objects.get_or_create(name=HOUSE_BOT)
    # As the site made its bots before they had a mark: no password, in the group.
    bot = User(username="house-bot-1")
    bot.set_unusable_password()
    # A person who signed up as house-bot-6 (a password), even if put in the group.
    squatter = User(username="house-bot-6")
    squatter.set_password(PASSWORD)
    User.objects.bulk_create([bot, squatter])
    bot, squatter = (
        User.objects.get(username="house-bot-1"),
        User.objects.get(username="house-bot-6"),
    )
    group.user_set.add(bot, squatter)
    minted = ApiToken.objects.create(user=bot, name="extra", prefix="x", key_hash="x" * 64)
    played = ApiToken.objects.create(
        user=bot, name=HOUSE_BOT_TOKEN_NAME, prefix="y", key_hash="y" * 64
    )
    older, younger = _twins("Dana", "dana")
    UsernameKey.objects.all().delete()

    migration.house_bots_marked(apps, None)
    migration.username_keys_stored(apps, None)

    assert list(HouseBot.objects.values_list("user__username", "number")) == [("house-bot-1", 1)]
    assert is_house_bot(User.objects.get(pk=bot.pk))
    assert not is_house_bot(User.objects.get(pk=squatter.pk))
    minted.refresh_from_db()
    played.refresh_from_db()
    assert minted.revoked is not None
    assert played.revoked is None
    assert UsernameKey.objects.filter(user=older).exists()
    assert not UsernameKey.objects.filter(user=younger).exists()
    assert UsernameKey.objects.count() == User.objects.count() - 1


def test_two_sign_ups_of_look_alikes_at_once_keep_one_and_tell_the_other(
    client: Client, make_user: Any
) -> None:
    # The form found "zed" free; another sign-up of "ZED" is saved between that check
    # and this save (stood for by a receiver that runs after the key check).
    from django.db.models.signals import pre_save

    from accounts.usernames import username_key_hash

    other = make_user("someone-else")

    def meanwhile(sender: Any, instance: Any, **kwargs: Any) -> None:
        if instance.username == "zed":
            UsernameKey.objects.filter(user=other).update(key_hash=username_key_hash("ZED"))

    pre_save.connect(meanwhile, sender=User, dispatch_uid="meanwhile")
    try:
        answer = _signup(client, "zed", "zed@example.org")
    finally:
        pre_save.disconnect(sender=User, dispatch_uid="meanwhile")
    assert answer.status_code == 200
    assert answer.context["form"].errors["username"] == [
        "This user name is taken, or looks the same as one that is: choose another."
    ]
    assert not User.objects.filter(username="zed").exists()
    assert not client.session.get("_auth_user_id")
