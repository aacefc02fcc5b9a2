"""Account verbs: sign up, the login throttle, API tokens, and a player's own data: its
download and the closing of his account."""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.sessions.models import Session
from django.core.cache.backends.base import BaseCache
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from accounts import usernames
from accounts.counters import count_with
from accounts.extension_points import closing_steps, data_sections
from accounts.models import ApiToken, ClosedAccount, HouseBot, hash_key
from accounts.roles import (
    BOT,
    HOUSE_BOT,
    HOUSE_BOT_TOKEN_NAME,
    PLAYER,
    grant,
    is_bot,
    is_house_bot,
    is_moderator,
)
from accounts.usernames import UsernameTaken, closed_name
from core.errors import ApplicationError

logger = logging.getLogger(__name__)

#: How many live (unrevoked) tokens one player may hold.
API_TOKENS_MAX = 10

#: Why the site's own bots are refused what makes or manages a token.
HOUSE_BOT_NO_TOKENS = _lazy(
    "The site's own bots make no API tokens: the site gives each its one key."
)


def user_signup(*, form_user: AbstractBaseUser) -> AbstractBaseUser:
    """Save a new user (from the sign-up form) and make them a player.

    Raises:
        ApplicationError: the name was taken meanwhile, in some spelling that looks the
            same (two sign-ups at once: the form checked it before either was saved).
    """
    try:
        with transaction.atomic():
            form_user.save()
            grant(form_user, PLAYER)
    except UsernameTaken:
        raise ApplicationError(str(usernames.TAKEN), {"field": "username"}) from None
    return form_user


# -- the login throttle (policy in login_blocked's docstring) ---------------------------------

#: Failures from one address, over any usernames, that block that address ...
LOGIN_ADDRESS_MAX_FAILURES = 50
#: ... within this many seconds of its first failure.
LOGIN_ADDRESS_WINDOW_SECONDS = 15 * 60
#: Failures for one username, from anywhere, after which each further one is logged ...
LOGIN_USERNAME_ALERT_FAILURES = 100
#: ... within this many seconds of its first failure.
LOGIN_USERNAME_WINDOW_SECONDS = 15 * 60


def _setting(name: str, default: int) -> int:
    """A limit from settings if the deployment sets one, else this module's default."""
    return int(getattr(settings, name, default))


def _network(address: str) -> str:
    """The address as counted: itself for IPv4, its /64 network for IPv6."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _name(username: str) -> str:
    # Hashed: a username may hold spaces or be long, which cache keys may not.
    return hashlib.sha256(username.strip().lower().encode()).hexdigest()[:32]


def _pair_key(username: str, address: str) -> str:
    return f"login-fail:pair:{_name(username)}:{_network(address)}"


def _address_key(address: str) -> str:
    return f"login-fail:addr:{_network(address)}"


def _username_key(username: str) -> str:
    return f"login-fail:user:{_name(username)}"


def _count(key: str, window: int) -> int:
    """Add one failure to ``key``; the window runs from its first failure."""

    def add_one(store: BaseCache) -> int:
        store.add(key, 0, window)
        try:
            return int(store.incr(key))
        except ValueError:  # expired between add and incr
            store.set(key, 1, window)
            return 1

    return count_with(add_one)


def login_blocked(*, username: str, address: str) -> bool:
    """Are logins refused for now: this username from this address, or this address?

    Three counters of failed logins are kept in the cache (Redis, or the web process's
    memory), each over a window that runs from its first failure:

    - per (username, address) pair: ``settings.LOGIN_MAX_FAILURES`` (5) failures in a row
      within ``settings.LOGIN_WINDOW_SECONDS`` (5 minutes) block that pair only: someone
      guessing at their own account from their own machine. A correct login resets it.
    - per address: ``LOGIN_ADDRESS_MAX_FAILURES`` (50) failures within
      ``LOGIN_ADDRESS_WINDOW_SECONDS`` (15 minutes), over any usernames, block that
      address only: someone spraying many accounts. A correct login does not reset it,
      or an attacker could clear it by logging in to an account of their own.
    - per username, over all addresses: counted, and past
      ``LOGIN_USERNAME_ALERT_FAILURES`` (100) within ``LOGIN_USERNAME_WINDOW_SECONDS``
      a warning is logged (and again every so many), so an operator sees an account under
      attack; but it never blocks. The attacker picks the username, so any lock keyed on
      the username alone lets one person lock a named rival out before a deadline, from
      anywhere. Without it, one address gets at most 5 guesses per account every 5
      minutes and 50 in all per 15 minutes; guessing spread over many addresses is left
      to password strength (sign-up refuses short and common passwords).

    So a correct login from another address always works. IPv6 addresses count by
    their /64 network, which one customer usually holds whole.

    While the cache (Redis) cannot be reached, the counters live in the web process's
    memory (accounts/counters.py): logins go on, and so do the limits, per process. Not
    refusing every login (everyone locked out), nor dropping the limits (free guessing
    for as long as Redis is away)."""
    pair, from_address = count_with(
        lambda store: (
            store.get(_pair_key(username, address)) or 0,
            store.get(_address_key(address)) or 0,
        )
    )
    address_limit = _setting("LOGIN_ADDRESS_MAX_FAILURES", LOGIN_ADDRESS_MAX_FAILURES)
    return pair >= settings.LOGIN_MAX_FAILURES or from_address >= address_limit


def login_failed(*, username: str, address: str) -> None:
    """Count a failed login against its pair, its address and its username."""
    address_window = _setting("LOGIN_ADDRESS_WINDOW_SECONDS", LOGIN_ADDRESS_WINDOW_SECONDS)
    username_window = _setting("LOGIN_USERNAME_WINDOW_SECONDS", LOGIN_USERNAME_WINDOW_SECONDS)
    _count(_pair_key(username, address), settings.LOGIN_WINDOW_SECONDS)
    _count(_address_key(address), address_window)
    failures = _count(_username_key(username), username_window)
    alert = _setting("LOGIN_USERNAME_ALERT_FAILURES", LOGIN_USERNAME_ALERT_FAILURES)
    if failures % alert == 0:  # once per so many: the log is for a person to read
        logger.warning(
            "%s failed logins for one username in %s s, the latest from %s",
            failures,
            username_window,
            _network(address),
        )


def login_succeeded(*, username: str, address: str) -> None:
    """A correct login ends the pair's run of failures (not the address's count)."""
    count_with(lambda store: store.delete(_pair_key(username, address)))


@transaction.atomic
def api_token_create(*, user: AbstractBaseUser, name: str) -> tuple[ApiToken, str]:
    """A new API token for ``user``; returns it with its key, which is shown this once and
    stored only as a hash."""
    if is_house_bot(user):
        # The site derives each of its bots' one key from SECRET_KEY (house_bot_keys): a
        # token the bot made itself would outlive a key rotation, under no one's control.
        raise ApplicationError(str(HOUSE_BOT_NO_TOKENS))
    name = name.strip()
    if not name:
        raise ApplicationError(_("A token needs a name."))
    if len(name) > 60:
        raise ApplicationError(_("A token's name has at most 60 characters."))
    live = ApiToken.objects.select_for_update().filter(user=user, revoked__isnull=True)
    if live.count() >= API_TOKENS_MAX:
        raise ApplicationError(
            _("You have %(count)s tokens: revoke one first.") % {"count": API_TOKENS_MAX}
        )
    key = api_key_new()
    token = ApiToken.objects.create(user=user, name=name, prefix=key[:8], key_hash=hash_key(key))
    return token, key


def api_key_new() -> str:
    """A new API key: 43 URL-safe characters, never starting with "-", which a command
    line would take for an option (``python -m bots --token KEY`` failed on one in 64)."""
    while (key := secrets.token_urlsafe(32)).startswith("-"):
        pass
    return key


@transaction.atomic
def bot_account_create(*, username: str, token_name: str = "bot") -> tuple[AbstractBaseUser, str]:
    """A bot's account (made if missing: a player with the bot role and no password, so
    nobody logs in as it) and a new API token for the program that plays it; returns the
    account and the token's key, shown this once.

    Raises:
        ApplicationError: the name is a person's account (a person is never made a bot
            behind his back), or is not a valid user name, or the bot has too many tokens.
    """
    users = get_user_model()
    username = username.strip()
    user = users.objects.filter(username=username).first()
    if user is not None and not is_bot(user):
        raise ApplicationError(
            _("%(name)s is a person's account, not a bot's.") % {"name": username}
        )
    if user is not None and is_house_bot(user):
        raise ApplicationError(str(HOUSE_BOT_NO_TOKENS))
    if user is None:
        user = users(username=username)
        user.set_unusable_password()
        try:
            user.full_clean(exclude=["password"])
            # A bot's name is a name like any other: not one kept for the site's own
            # accounts (a house-bot-7 of someone's would pass for the site's), nor a
            # look-alike of anyone's.
            usernames.username_check(username)
        except ValidationError as e:
            raise ApplicationError(" ".join(e.messages)) from None
        try:
            with transaction.atomic():
                user.save()
        except UsernameTaken:
            raise ApplicationError(str(usernames.TAKEN)) from None
        grant(user, PLAYER)
        grant(user, BOT)
    _token, key = api_token_create(user=user, name=token_name)
    return user, key


@transaction.atomic
def house_bots(*, count: int) -> list[AbstractBaseUser]:
    """``count`` of the site's own bots (made the first time they are needed): accounts
    nobody logs in as, which the site plays itself in practice games. One game needs a
    different one for each seat, so they are numbered, and named by their number
    (``house-bot-N``).

    They are found by their mark (:class:`HouseBot`), which only this function sets, and
    never by name: a person's account named like a bot (one registered before such names
    were kept for the site) is never taken for one. Its number is passed over."""
    bots = list(HouseBot.objects.select_related("user").order_by("number")[:count])
    number = bots[-1].number if bots else 0
    while len(bots) < count:
        number += 1
        bot = _house_bot_made(number)
        if bot is not None:
            bots.append(bot)
    return [bot.user for bot in bots]


def _house_bot_made(number: int) -> HouseBot | None:
    """House bot ``number``, made (or found made meanwhile), or None if its name is a
    person's."""
    users = get_user_model()
    name = usernames.HOUSE_BOT_NAME.format(number)
    account = users.objects.filter(username=name).first()
    if account is not None:
        if _made_as_house_bot(account):
            return HouseBot.objects.get_or_create(user=account, defaults={"number": number})[0]
        return None
    if usernames.username_taken(name):
        return None  # a look-alike of it is someone's
    try:
        with transaction.atomic():
            user = users(username=name)
            user.set_unusable_password()
            user.save()
            for role in (PLAYER, BOT, HOUSE_BOT):
                grant(user, role)
            return HouseBot.objects.create(user=user, number=number)
    except IntegrityError:
        # Made meanwhile for another practice game; or its name, in a look-alike
        # spelling, was taken meanwhile by a person.
        return HouseBot.objects.select_related("user").filter(number=number).first()


def _made_as_house_bot(account: AbstractBaseUser) -> bool:
    """Did the site make this account as a house bot, before bots had their mark (or in
    a process of the version before, during a deploy)? Such an account is in the house
    bots' group, which sign-up never grants, and has no password: a person who signed up
    has one. The migration that brought the mark (accounts 0003) marks them by the same
    rule."""
    in_group = account.groups.filter(name=HOUSE_BOT).exists()  # type: ignore[attr-defined]
    return in_group and not account.has_usable_password()


def house_bot_keys() -> dict[str, str]:
    """The API key each of the site's own bots plays with, by username: the site plays
    them through its public API like any program (``manage.py run_bots``).

    A bot has one token, made the first time it is asked for and found again after: the
    key is derived from ``SECRET_KEY`` and the account (:func:`house_bot_key`; only its
    hash is stored, as for every token), so ``run_bots`` keeps no key anywhere, finds
    the same one after a restart, and two of them share it. Whoever holds ``SECRET_KEY``
    could derive it; he could sign any session already.

    A new ``SECRET_KEY`` gives new keys: each bot's token of another key is deleted here
    (and refused from the moment the key changed: ``accounts.authentication``), and one
    for the new key made. So a rollback to an earlier key makes that key's tokens again,
    and every bot is played under whichever key the site has. Any other token a bot
    holds (one it made itself, before bots were refused that) is revoked.

    An operator stops a bot by revoking its token: the site does not play it again until
    someone deletes that token, or ``SECRET_KEY`` changes (a new key, a new token)."""
    bots = list(HouseBot.objects.select_related("user").order_by("number"))
    keys = {bot.user.pk: house_bot_key(bot.user) for bot in bots}
    held: dict[int, list[ApiToken]] = {pk: [] for pk in keys}
    for t in ApiToken.objects.filter(user_id__in=list(keys)):
        held[t.user_id].append(t)
    out: dict[str, str] = {}
    for bot in bots:
        key = keys[bot.user.pk]
        token = next((t for t in held[bot.user.pk] if t.key_hash == hash_key(key)), None)
        others = [t for t in held[bot.user.pk] if t is not token]
        # In a round like most (the same key, nothing else held): no write at all.
        if token is None or any(t.name == HOUSE_BOT_TOKEN_NAME or not t.revoked for t in others):
            token = _house_bot_token(bot.user, key)
        if token.revoked is not None:
            logger.warning("%s's API token was revoked: the site does not play it", bot.user)
            continue
        out[bot.user.get_username()] = key
    return out


def house_bot_key(user: AbstractBaseUser) -> str:
    """The key of house bot ``user``'s token under the site's ``SECRET_KEY``."""
    return salted_hmac("accounts.house_bot_keys", str(user.pk), algorithm="sha256").hexdigest()


@transaction.atomic
def _house_bot_token(user: AbstractBaseUser, key: str) -> ApiToken:
    """The bot's token of ``key``, made if missing; every other token of the bot goes."""
    key_hash = hash_key(key)
    mine = ApiToken.objects.filter(user=user)
    # Deleted rather than revoked: a revoked token stops its bot (an operator's doing),
    # and the key it was derived from makes the same token again if it comes back.
    mine.filter(name=HOUSE_BOT_TOKEN_NAME).exclude(key_hash=key_hash).delete()
    mine.filter(revoked__isnull=True).exclude(name=HOUSE_BOT_TOKEN_NAME).update(
        revoked=timezone.now()
    )
    # Made by two run_bots at once, it is one token: the hash is unique.
    token, _made = ApiToken.objects.get_or_create(
        key_hash=key_hash,
        defaults={"user": user, "name": HOUSE_BOT_TOKEN_NAME, "prefix": key[:8]},
    )
    return token


@transaction.atomic
def api_token_revoke(*, user: AbstractBaseUser, token_id: int) -> ApiToken:
    """Revoke one of ``user``'s tokens for good: it is refused from now on."""
    token = ApiToken.objects.select_for_update().filter(pk=token_id, user=user).first()
    if token is None:
        raise ApplicationError(_("No such token."))
    if token.revoked is None:
        token.revoked = timezone.now()
        token.save(update_fields=["revoked"])
    return token


def api_token_used(*, token: ApiToken) -> None:
    """Note that a token was used (at most once a minute, to spare the database)."""
    now = timezone.now()
    if token.last_used is None or (now - token.last_used).total_seconds() >= 60:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now


# -- a player's own data: the download, and closing the account -------------------------------

#: The version of the download's layout, in the file, for whoever reads it with a program.
ACCOUNT_DATA_FORMAT = 1


def account_data(*, user: AbstractBaseUser) -> dict[str, Any]:
    """Everything the site holds about ``user`` that is his to read, as plain JSON values:
    his profile and API tokens (names and dates, never a key), and what each app above
    registered (``accounts.extension_points.data_sections``: his games, orders and press,
    vacations, tournament entries and ratings, notification settings, devices). Each
    section gives only what he may see (games/visibility.py decides for the games)."""
    tokens = ApiToken.objects.filter(user=user).order_by("created", "pk")
    data: dict[str, Any] = {
        "format": ACCOUNT_DATA_FORMAT,
        "exported_at": timezone.now().isoformat(),
        "profile": {
            "username": user.get_username(),
            "email": getattr(user, "email", ""),
            "date_joined": _when(getattr(user, "date_joined", None)),
            "last_login": _when(user.last_login),
            "roles": sorted(user.groups.values_list("name", flat=True)),  # type: ignore[attr-defined]
        },
        "api_tokens": [
            {
                "name": t.name,
                "created": _when(t.created),
                "last_used": _when(t.last_used),
                "revoked": _when(t.revoked),
            }
            for t in tokens
        ],
    }
    for section in data_sections.entries():
        data[section.key] = section.read(user)
    return data


def _when(moment: Any) -> str | None:
    return moment.isoformat() if moment is not None else None


WRONG_PASSWORD = _lazy("That is not your password: your account is still open.")


@transaction.atomic
def account_close(*, user: AbstractBaseUser, password: str) -> None:
    """Close ``user``'s account for good, once he confirmed it with his password.

    His games keep their history under a neutral name: the account row stays (his seats,
    orders and press point at it), renamed ``former-player-<id>`` and shown as "a former
    player" (``accounts.selectors.name_shown``); an anonymous game or one played under
    pseudonyms stays as it was. The name he had stays reserved (``ClosedAccount``), so that
    nobody signs up under it and is taken for him in old records. His mail address and
    names are erased, his password made unusable, the account deactivated: he cannot sign
    in again, and every session of his ends. His API tokens are deleted. Each app above
    does its part in the same transaction (``closing_steps``): games hands his seats on as
    if he had left, notifications drops his devices, tournaments withdraws his entries.

    Raises:
        ApplicationError: the password is wrong, the account is one of the site's own
            bots, or it is closed already.
    """
    user = _closable(user)
    if not password or not user.check_password(password):
        raise ApplicationError(str(WRONG_PASSWORD), {"field": "password"})
    _account_closed(user, closed_by=None, reason="")


#: The longest reason a moderator may give for closing an account.
CLOSE_REASON_MAX = 500


@transaction.atomic
def account_close_by_moderator(
    *, user: AbstractBaseUser, by: AbstractBaseUser, reason: str
) -> None:
    """A site moderator closes ``user``'s account (a spammer's, an abuser's, or one its
    player asked to close and can no longer sign in to), with the reason he must give.

    The same closing as the player's own (:func:`account_close`): his games keep their
    history under "a former player", his sessions, tokens and devices end, his address is
    erased. Who closed it, when and why stay on its ``ClosedAccount``, which the
    moderators' history of closed accounts lists.

    A moderator's account (or a superuser's) is never closed through this: the site's
    moderators would remove one another. Whoever gives the roles takes the role first;
    the account is then a player's like any other. A moderator closes his own account as
    any player does, with his password, after giving the role up.

    Raises:
        ApplicationError: ``by`` is not a site moderator, no reason is given or it is too
            long, the account is a moderator's (his own included), one of the site's own
            bots, or closed already.
    """
    if not by.is_active or not is_moderator(by):
        raise ApplicationError(_("Only the site's moderators close another's account."))
    reason = (reason or "").strip()
    if not reason:
        raise ApplicationError(
            _("Say why you close this account: the moderators' history keeps it."),
            {"field": "reason"},
        )
    if len(reason) > CLOSE_REASON_MAX:
        raise ApplicationError(
            _("A reason has at most %(n)s characters.") % {"n": CLOSE_REASON_MAX},
            {"field": "reason"},
        )
    if user.pk == by.pk:
        raise ApplicationError(
            _(
                "You cannot close your own account here: give up the moderator's role, then "
                "close it on your profile with your password."
            )
        )
    user = _closable(user)
    if is_moderator(user):
        raise ApplicationError(
            _(
                "%(name)s is a moderator: a moderator's account is not closed here. Whoever "
                "gives the roles takes his role first."
            )
            % {"name": user.get_username()}
        )
    _account_closed(user, closed_by=by, reason=reason)
    logger.info("account %s closed by moderator %s", user.pk, by.pk)


def _closable(user: AbstractBaseUser) -> AbstractBaseUser:
    """``user``'s row, locked, if his account may be closed.

    Raises:
        ApplicationError: it is closed already, or one of the site's own bots.
    """
    user_model = get_user_model()
    user = user_model.objects.select_for_update().get(pk=user.pk)
    if not user.is_active or ClosedAccount.objects.filter(user=user).exists():
        raise ApplicationError(_("This account is closed already."))
    if is_house_bot(user):
        raise ApplicationError(_("The site's own bots are not closed: the site runs them."))
    return user


def _account_closed(
    user: AbstractBaseUser, *, closed_by: AbstractBaseUser | None, reason: str
) -> None:
    """The closing itself, for :func:`account_close` and :func:`account_close_by_moderator`
    (``user``'s row locked and checked by :func:`_closable`)."""
    ClosedAccount.objects.create(
        user=user,
        name_key_hash=usernames.username_key_hash(user.get_username()),
        closed_by=closed_by,
        reason=reason,
    )
    for step in closing_steps.entries():
        step(user)
    ApiToken.objects.filter(user=user).delete()
    _sessions_end(user)
    user.username = closed_name(user.pk)  # type: ignore[attr-defined]
    user.email = ""  # type: ignore[attr-defined]
    user.first_name = ""  # type: ignore[attr-defined]
    user.last_name = ""  # type: ignore[attr-defined]
    user.is_active = False
    # An unusable password also changes the session hash: a session kept anywhere Django
    # does not list (a cache, a signed cookie) stops authenticating on its next request.
    user.set_unusable_password()
    user.save()
    logger.info("account %s closed", user.pk)


def _sessions_end(user: AbstractBaseUser) -> None:
    """Delete the stored sessions signed in as ``user`` (database sessions: read each, as
    Django stores the user inside the encoded data)."""
    now = timezone.now()
    ended = [
        s.pk
        for s in Session.objects.filter(expire_date__gt=now).iterator()
        if str(s.get_decoded().get("_auth_user_id")) == str(user.pk)
    ]
    Session.objects.filter(pk__in=ended).delete()
