"""Press: the messages powers send each other in a game. Verbs and selectors.

A message goes to everyone ("all") or to chosen powers, and belongs to a
conversation: "all", or the powers taking part (sender and recipients) sorted
and joined by "+", so that England writing to France and France answering
England land in the same conversation. Each message records the phase it was
sent in. Who may read what is decided in games/visibility.py; here is who may
send: the player of a power that is still in a running game, as far as the
game's press setting allows (full, public only, none).

After commit, the readers are told on their own channel groups; the signal
names the conversation only.
"""

from __future__ import annotations

from typing import Any, Literal

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import ApplicationError, NotSeated
from core.live import press_new_publish
from core.names import lookalike_key, name_key, shown_name
from core.queue import after_commit
from games import events, visibility, wording
from games.models import Game, PressMessage, PressRead
from games.selectors import own_data
from games.services.kernel import a_members_user_name, game_locked

#: Longest message, in characters.
MAX_BODY = 5000


def conversation_key(*, sender: str, to: list[str] | Literal["all"]) -> str:
    """The conversation a message from ``sender`` to ``to`` belongs to."""
    if to == PressMessage.ALL:
        return PressMessage.ALL
    return "+".join(sorted({sender, *to}))


def _sender_seat(*, game: Game, user: AbstractBaseUser | AnonymousUser) -> Any:
    """The seat ``user`` writes as, or the reason they may not write."""
    if game.press == Game.Press.NONE:
        raise ApplicationError(_("This game is played without press."))
    seat = visibility.seat_of(user=user, game=game)
    if seat is None:
        raise NotSeated(_("Only the players of this game can send press."))
    if game.status != Game.Status.ACTIVE:
        raise ApplicationError(_("Press can be sent only while the game is running."))
    if seat.eliminated:
        raise ApplicationError(_("An eliminated power can read its press but not send any."))
    return seat


def press_recipients(*, game: Game, user: AbstractBaseUser | AnonymousUser) -> list[str] | None:
    """The powers ``user`` may write to privately ([] if only to everyone), or None when
    they may not send at all."""
    try:
        seat = _sender_seat(game=game, user=user)
    except ApplicationError:
        return None
    if game.press != Game.Press.FULL:
        return []
    return list(
        game.seats.filter(eliminated=False).exclude(pk=seat.pk).values_list("power", flat=True)
    )


@transaction.atomic
def press_send(
    *,
    game: Game,
    user: AbstractBaseUser | AnonymousUser,
    to: list[str] | Literal["all"],
    body: str,
    signature: str | None = None,
) -> PressMessage:
    """Send ``body`` from ``user``'s power to everyone (``"all"``) or to the powers ``to``.

    Where players play under pseudonyms (``SiteVariant.pseudonyms``), press is published
    press, signed with ``signature``: any name (grey press; the sender's own pseudonym if
    none is given) but another player's pseudonym (black press, refused). Nobody but its
    author is then shown who sent it.

    Raises:
        ApplicationError: the game has no press (or public press only and ``to`` names
            powers), ``user`` holds no power here or an eliminated one, the game is not
            running, the message is empty or too long, or ``to`` names no power, the
            sender, an unknown or an eliminated power.
    """
    game = game_locked(game.pk)
    seat = _sender_seat(game=game, user=user)
    body = body.strip()
    if not body:
        raise ApplicationError(_("A message needs some text."))
    if len(body) > MAX_BODY:
        raise ApplicationError(_("A message may have at most %(n)d characters.") % {"n": MAX_BODY})
    if to != PressMessage.ALL:
        if game.press != Game.Press.FULL:
            raise ApplicationError(_("In this game, messages go to everyone."))
        wanted = sorted(set(to))
        if not wanted:
            raise ApplicationError(_("Choose whom to write to."))
        if seat.power in wanted:
            raise ApplicationError(_("You cannot write to your own power."))
        live = set(game.seats.filter(eliminated=False).values_list("power", flat=True))
        unknown = [p for p in wanted if p not in live]
        if unknown:
            raise ApplicationError(
                _("No power to write to: %(powers)s.") % {"powers": ", ".join(unknown)},
                {"powers": unknown},
            )
        to = wanted
    signed = _signature(game=game, seat=seat, user=user, signature=signature)
    phase = game.current_phase
    message = PressMessage.objects.create(
        game=game,
        phase=phase,
        phase_code=phase.code if phase is not None else "",
        sender=seat.power,
        signature=signed,
        author=user if user.is_authenticated else None,
        recipients=[] if to == PressMessage.ALL else to,
        conversation=conversation_key(sender=seat.power, to=to),
        body=body,
    )
    # The sender has read their own message.
    press_mark_read(game=game, user=user, conversation=message.conversation, up_to=message.pk)
    readers = visibility.press_readers(message=message)
    game_id, key = game.pk, message.conversation

    after_commit(press_new_publish, game_id=game_id, user_ids=readers, conversation=key)
    others = [u for u in readers if u != message.author_id]
    events.announce(
        kind="press",
        game=game,
        users=others,
        key=f"press:{message.pk}",
        # A signed message is told by its signature: never by who sent it.
        params={
            "game": game.name,
            "power": message.signature or message.sender,
            "message": message.pk,
        },
    )
    return message


#: The longest signature, in characters.
MAX_SIGNATURE = 30


def _signature(
    *, game: Game, seat: Any, user: AbstractBaseUser | AnonymousUser, signature: str | None
) -> str:
    """The name a message is signed with: "" where the game has no signed press; else the
    name given, as every reader will see it (``core.names.shown_name``: full-width letters
    made plain, nothing invisible, spaces tidied), or the sender's pseudonym if that
    leaves nothing.

    A signature is compared with the pseudonyms as a reader tells names apart
    (``core.names.name_key``): another case, a zero-width space or full-width letters do
    not make another player's pseudonym a name of one's own.

    Nor may it be a user name, as a pseudonym may not (games.services.lobby): the
    writer's own (or that of the player he sits for) would give him away, compared as
    user names are (``core.names.lookalike_key``: a Cyrillic letter is no disguise), and
    any member's would pass the message off as that member's. The refusal of a member's
    name says the same whether he plays here or not.

    Raises:
        ApplicationError: the name is too long, is another player's pseudonym, or is a
            user name: the writer's own, or any member's.
    """
    if not seat.pseudonym:
        return ""
    name = shown_name(signature or "") or seat.pseudonym
    if len(name) > MAX_SIGNATURE:
        raise ApplicationError(
            _("A signature may have at most %(n)d characters.") % {"n": MAX_SIGNATURE},
            {"field": "signature"},
        )
    if name_key(name) == name_key(seat.pseudonym):
        return name  # his own pseudonym, checked when he joined
    own = {str(u.get_username()) for u in (user, seat.user) if u is not None}
    if any(lookalike_key(name) == lookalike_key(mine) for mine in own):
        raise ApplicationError(
            _(
                "You may not sign with your user name: the others would know who wrote. "
                "Sign with any other name."
            ),
            {"field": "signature"},
        )
    if a_members_user_name(name):
        raise ApplicationError(
            _(
                "That is a member's user name: the readers would take the message for his. "
                "Sign with another name."
            ),
            {"field": "signature"},
        )
    others = (
        game.seats.exclude(pk=seat.pk).exclude(pseudonym="").values_list("pseudonym", flat=True)
    )
    if name_key(name) in {name_key(p) for p in others}:
        raise ApplicationError(
            _(
                "That is another player's pseudonym: in this game you may sign with any "
                "name but another player's."
            ),
            {"field": "signature"},
        )
    return name


@transaction.atomic
def press_mark_read(
    *,
    game: Game,
    user: AbstractBaseUser | AnonymousUser,
    conversation: str,
    up_to: int | None = None,
) -> int:
    """Mark ``conversation`` read by ``user`` up to message ``up_to`` (default: its last
    message ``user`` may read); returns the id now marked. Marks never move back.

    Raises:
        ApplicationError: ``user`` is not signed in.
    """
    if not user.is_authenticated:
        raise ApplicationError(_("Sign in to keep track of what you have read."))
    readable = [
        m.pk
        for m in visibility.visible_press(user=user, game=game)
        if m.conversation == conversation
    ]
    last = max((pk for pk in readable if up_to is None or pk <= up_to), default=0)
    mark, _created = PressRead.objects.select_for_update().get_or_create(
        game=game, user=user, conversation=conversation
    )
    if last > mark.last_read:
        mark.last_read = last
        mark.save(update_fields=["last_read"])
    return mark.last_read


# -- selectors -------------------------------------------------------------------------


def message_json(message: PressMessage, *, reader: str | None = None) -> dict[str, Any]:
    """A message as readers see it: powers, never players. A signed message (grey press)
    shows its signature, and its sender only to its author's power (``reader``)."""
    hidden = bool(message.signature) and message.sender != reader
    return {
        "id": message.pk,
        "conversation": message.conversation,
        "sender": "" if hidden else message.sender,
        "sender_name": message.signature or wording.power_name(message.sender),
        "signed": bool(message.signature),
        "to": PressMessage.ALL if message.to_all else list(message.recipients),
        "to_names": [wording.power_name(p) for p in message.recipients],
        "body": message.body,
        "phase": message.phase_code,
        "phase_name": wording.phase_name(message.phase_code) if message.phase_code else "",
        "sent_at": message.sent_at.isoformat(),
    }


def press_conversations(
    *, game: Game, user: AbstractBaseUser | AnonymousUser
) -> list[dict[str, Any]]:
    """The conversations ``user`` may read, with their powers, the last message's id and
    how many messages are unread; the conversation with everyone always comes first."""
    seat = visibility.acting_seat(user=user, game=game)
    me = seat.power if seat is not None else None
    by_key: dict[str, list[PressMessage]] = {}
    for m in visibility.visible_press(user=user, game=game):
        by_key.setdefault(m.conversation, []).append(m)
    marks: dict[str, int] = {}
    if user.is_authenticated:
        marks = dict(
            PressRead.objects.filter(game=game, user=user).values_list("conversation", "last_read")
        )
    out = []
    keys = [PressMessage.ALL, *sorted(k for k in by_key if k != PressMessage.ALL)]
    for key in keys:
        messages = by_key.get(key, [])
        read = marks.get(key, 0)
        powers = [] if key == PressMessage.ALL else key.split("+")
        others = [p for p in powers if p != me]
        out.append(
            {
                "key": key,
                "powers": powers,
                "with": others,
                "name": _("Everyone")
                if key == PressMessage.ALL
                else ", ".join(wording.power_name(p) for p in others),
                "count": len(messages),
                "last_id": messages[-1].pk if messages else 0,
                "unread": sum(1 for m in messages if m.pk > read and m.sender != me)
                if user.is_authenticated
                else 0,
            }
        )
    return out


def press_messages(
    *,
    game: Game,
    user: AbstractBaseUser | AnonymousUser,
    conversation: str,
    phase: str | None = None,
) -> list[dict[str, Any]]:
    """The messages of one conversation ``user`` may read, oldest first (only those sent
    in ``phase``, a phase code, if given)."""
    seat = visibility.acting_seat(user=user, game=game)
    me = seat.power if seat is not None else None
    return [
        message_json(m, reader=me)
        for m in visibility.visible_press(user=user, game=game)
        if m.conversation == conversation and (phase is None or m.phase_code == phase)
    ]


def press_phases(*, game: Game, user: AbstractBaseUser | AnonymousUser) -> list[dict[str, str]]:
    """The phases in which ``user`` can read press, in order, for the panel's history."""
    seen: dict[str, str] = {}
    for m in visibility.visible_press(user=user, game=game):
        if m.phase_code and m.phase_code not in seen:
            seen[m.phase_code] = wording.phase_name(m.phase_code)
    return [{"code": c, "name": n} for c, n in seen.items()]


def own_press(user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The download's ``press``: every message he sent, and every message of the games he
    took part in that he may read today (visibility.visible_press), oldest first; each as
    the press page shows it, with whether he sent it."""
    out = []
    for game in own_data.games_of(user=user):
        seat = visibility.acting_seat(user=user, game=game)
        reader = seat.power if seat is not None else None
        mine = list(PressMessage.objects.filter(game=game, author=user))
        readable = visibility.visible_press(user=user, game=game)
        seen = {m.pk for m in mine}
        messages = mine + [m for m in readable if m.pk not in seen]
        for m in sorted(messages, key=lambda m: (m.sent_at, m.pk)):
            sent = m.author_id == user.pk
            shown = message_json(m, reader=m.sender if sent else reader)
            out.append({"game": game.pk, "sent_by_me": sent, **shown})
    return out
