"""Who may see what. Every view, API and consumer asks here; nothing else decides.

- A public game can be watched by anyone; a private one by its players only.
- Before a phase is adjudicated, a power's orders are seen by that power's
  player alone; afterwards, by everyone who may watch the game.
- In an anonymous game, nobody is shown who plays a power (except themselves). Where the
  variant plays under pseudonyms (``SiteVariant.pseudonyms``), a seat is shown by its pseudonym to
  everyone, and who is behind it to nobody (site moderators read it in the admin only).
- Moderation (pausing, rulings, replacing players) is for site moderators and the
  game's own game masters (``can_moderate``), and never for anyone who plays in the
  game: who holds a seat, sits one, or was excluded from one (``plays_in``). Game
  masters of a running game are named by site moderators alone; the creator of a
  forming game names them only if he does not play in it (``can_name_masters``), and
  whoever named a game master takes no seat in that game while the master runs it. A
  creator who plays is a player like the others: he may start his full game early, or
  have the site's bots take its open seats (``can_fill_with_bots``), and nothing more.
  A result a game master decided alone counts for ratings once a site moderator
  confirms it (``can_confirm_result``).
- A sitter, on the days the seat's player is away, sees and orders what the seat may
  (``acting_seat``), reads its press, and may watch a private game he is named for;
  sending press and voting for a draw stay the player's. A naming holds only while the
  sitter neither plays in the game (holds a seat of it, or a claim to one) nor runs it
  (one of its game masters): a player would see two seats' secrets. Such a naming sits
  nobody, whenever it was made; where who plays is secret (``players_secret``) it is
  not refused either, so that naming a sitter tells nobody who plays
  (games/services/absences.py).
- Which seats bots play (accounts whose role is ``bot``) is public, to everyone who may
  watch the game, in an anonymous game too (``bot_powers``): a practice game says so,
  and "a bot" names nobody. So is the level each of the site's own bots plays at
  (``house_bot_levels``).
- Draw votes are secret: a player sees only their own vote and whether a
  draw has been proposed.
- A variant's own state (``extras``: a draft's turn order, a set-up round)
  is public except the keys the variant lists in ``private_extras``, which no
  one sees before the phase is adjudicated. A secret list of a set-up is an
  order, so it is covered by the order rule above.
- A variant's secrets (:class:`Secrets`, as the adjudicator variant declares them) are their
  power's alone, after adjudication too: the owned part of its extras, its orders of
  a secret kind and their results. The game's moderators see them all, and everyone
  does once the game is over.
- A phase's position, going in or coming out, is shown by one function
  (:func:`position_seen`): every page, picture, export, duel board and fork shows what
  it gives, and the board renderer draws nothing else (``variants.board.SeenPosition``).
  A sandbox holds what its owner could see of the phase he forked and what he played
  since: all of it is shown, to him and to whoever holds its link (:func:`scratch_position`).
- A question the rules leave to the game master (a decision) is read by those who may
  moderate the game while its phase is open, by everyone who may watch once it is
  adjudicated. A parameter of it that a power owns (the answer to a question a seat asked, which the
  game master judges the replies by) is that power's secret, as his owned extras are: read
  by the game's moderators, that power's player (and his sitter on the days he sits),
  and by everyone once the game is over (:class:`QuestionReader`).
- Press: a message to everyone is read by everyone who may watch the game; a
  message to chosen powers by the players now holding the sender's power and
  those powers (and the sitter of one of them on the days he sits), and nobody
  else (not observers, not moderators). A power keeps reading its old press after
  it is eliminated. Messages name powers only,
  never who plays them, so an anonymous game stays anonymous in its press.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, overload

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q
from django.utils import timezone

from accounts.roles import MODERATOR, bots_among, house_bots_among, is_moderator, role_holders
from accounts.selectors import name_shown
from adjudicator import find_variant
from games.models import Decision, Game, GamePhase, OrderSet, PressMessage, Seat, Vacation, Vote
from games.positions import phase_position, seat_powers
from variants.board import SeenPosition
from variants.registry import site_side

User = AbstractBaseUser | AnonymousUser


def players_secret(*, game: Game) -> bool:
    """Is who plays in ``game`` kept from everyone else: an anonymous game, or one whose
    players play under pseudonyms? Then nothing the site answers a player may depend on
    whether some other user plays in the game (or runs it: the records there name roles,
    not users)."""
    return game.anonymous or plays_under_pseudonyms(game=game)


def plays_under_pseudonyms(*, game: Game) -> bool:
    """Do the players of ``game`` play under pseudonyms (its variant says so, where
    seats are no powers)? Then who is behind a seat is shown to nobody on the site."""
    return site_side(game.variant).pseudonyms


def _sits(user: User) -> Q:
    """The seats ``user`` is named to sit for where the naming holds: he neither plays in
    the seat's game (holds a seat, or a claim to one he was excluded from), nor is one of
    its game masters, nor named one who runs it (games.services.kernel.refuse_game_master:
    a player never chooses who runs his game). A naming that does not hold is kept and
    sits nobody, for as long as that lasts (it holds once he left the game before its
    start, or the master stopped being one)."""
    return (
        Q(sitter=user)
        & ~Q(game__seats__user=user)
        & ~Q(game__seats__excluded_user=user)
        & ~Q(game__masters=user)
        & ~Q(game__gamemaster__named_by=user)
    )


def plays_in(*, user: User, game: Game) -> bool:
    """Does ``user`` play in ``game``: hold a seat, sit for one (:func:`_sits`), or hold a
    claim to one (excluded from it, so a moderator may give it back)? Whoever does may
    not run it."""
    if not user.is_authenticated:
        return False
    return game.seats.filter(Q(user=user) | _sits(user) | Q(excluded_user=user)).exists()


def can_moderate(*, user: User, game: Game) -> bool:
    """May ``user`` run this game: a site moderator or one of its game masters, who does
    not play in it. A site moderator who plays asks another moderator."""
    if not user.is_authenticated:
        return False
    if not (is_moderator(user) or game.masters.filter(pk=user.pk).exists()):
        return False
    return not plays_in(user=user, game=game)


def someone_may_moderate(*, game: Game) -> bool:
    """Is there anyone who may run ``game`` (:func:`can_moderate`): an active site
    moderator or game master of it who does not play in it? Without one, a question the
    rules leave to the game master has nobody to wait for (a game whose only moderator
    plays in it)."""
    candidates = [*role_holders(MODERATOR), *game.masters.filter(is_active=True)]
    return any(can_moderate(user=u, game=game) for u in candidates)


def who_may_moderate(*, game: Game) -> list[int]:
    """The ids of everyone who may run ``game`` now (:func:`can_moderate`): the active
    site moderators and game masters of it who do not play in it. A question the rules
    leave to the game master is put to them."""
    candidates = {u.pk: u for u in [*role_holders(MODERATOR), *game.masters.filter(is_active=True)]}
    return sorted(pk for pk, u in candidates.items() if can_moderate(user=u, game=game))


def can_name_masters(*, user: User, game: Game) -> bool:
    """May ``user`` name (or remove) game masters of ``game``: a site moderator who does
    not play in it; before the game starts, also its creator, if he does not play in it
    (an organiser setting up a game for others). Nobody else.

    So a player can never make himself or a second account of his the master of a game
    he plays: not while he plays in it (refused here), and not before he takes a seat
    either, since whoever named a game master of a game takes no seat in it while that
    master runs it (``games.services.kernel.refuse_game_master``: joining, taking over,
    sitting, replacing), in whatever order he leaves, names and joins. A creator who
    removes his own choice before the start may join, as nobody he chose runs it."""
    if not user.is_authenticated or plays_in(user=user, game=game):
        return False
    if is_moderator(user):
        return True
    return game.status == Game.Status.FORMING and user.pk == game.created_by_id


def can_fill_with_bots(*, user: User, game: Game) -> bool:
    """May ``user`` have the site's own bots take the open seats of ``game``: its creator,
    and nobody else. Whether to wait for people or play against bots now is the choice of
    the one who set the game up, so a site moderator or game master who did not create
    it may not make it for him (games.services.lobby.game_fill_with_bots)."""
    return user.is_authenticated and user.pk == game.created_by_id


def can_confirm_result(*, user: User, game: Game) -> bool:
    """May ``user`` confirm a result a game master decided alone (an end he called, a
    phase he ruled on), so that it counts for ratings: a site moderator who does not play
    in the game, and nobody else (its game masters, players and creator are refused
    unless they are such a moderator). Only a result awaiting confirmation is confirmed."""
    if not is_moderator(user) or plays_in(user=user, game=game):
        return False
    return game.result_awaits_confirmation


class Role:
    """The roles a moderation record names in an anonymous game instead of a username."""

    MODERATOR = "moderator"
    MASTER = "master"
    CREATOR = "creator"


def moderator_role(*, user: User | None, game: Game) -> str:
    """The role in which ``user`` acts on ``game``'s moderation: a site moderator, one of
    its game masters, its creator (naming masters before the start), or "" (the site
    itself, or nobody we know)."""
    if user is None or not user.is_authenticated:
        return ""
    if is_moderator(user):
        return Role.MODERATOR
    if game.masters.filter(pk=user.pk).exists():
        return Role.MASTER
    if user.pk == game.created_by_id:
        return Role.CREATOR
    return ""


def sees_moderators_names(*, user: User, game: Game) -> bool:
    """Are the users behind moderation records named to ``user``? Where players play under
    pseudonyms, to nobody: a record joins a seat, and so its pseudonym, to a user (who was
    replaced by whom, who asked for more time, a master who once played), which site
    moderators read in the admin only. In an anonymous game only to site moderators
    (records name powers and roles to everyone else, game masters included); otherwise to
    everyone who may watch."""
    if plays_under_pseudonyms(game=game):
        return False
    return not game.anonymous or (is_moderator(user) and not plays_in(user=user, game=game))


def seat_of(*, user: User, game: Game) -> Seat | None:
    """The seat ``user`` holds in ``game`` (his own; see :func:`acting_seat` for sitters)."""
    if not user.is_authenticated:
        return None
    seat = Seat.objects.held_by(game.pk, user.pk)
    if seat is not None:
        seat.game = game  # known, as ``game.seats`` would have it: no query to ask it again
    return seat


def seat_left(*, user: User, game: Game) -> str | None:
    """The seat ``user`` was excluded from while nobody plays it yet: what it holds is
    his to read (its own account, where seats are no powers), without its orders, until a
    replacement takes it over. None for anyone else."""
    if not user.is_authenticated:
        return None
    left: str | None = (
        game.seats.filter(excluded_user=user, user__isnull=True)
        .values_list("power", flat=True)
        .first()
    )
    return left


def sat_seat(*, user: User, game: Game) -> Seat | None:
    """The seat ``user`` sits for today: he is its named sitter and the naming holds
    (:func:`_sits`: he neither plays in the game nor runs it), the game lets sitters
    order, and its player is away."""
    if not user.is_authenticated or game.vacation_handling != Game.VacationHandling.SITTER:
        return None
    today = timezone.now().date()
    away = Vacation.objects.filter(first_day__lte=today, last_day__gte=today).values("user_id")
    return (
        game.seats.filter(_sits(user), user__isnull=False, user_id__in=away)
        .order_by("power")
        .first()
    )


def acting_seat(*, user: User, game: Game) -> Seat | None:
    """The seat ``user`` sees and orders for: his own, else the one he sits for today."""
    return seat_of(user=user, game=game) or sat_seat(user=user, game=game)


def can_view_game(*, user: User, game: Game) -> bool:
    """Anyone may watch a public game; a private one, its players, the sitters they
    named, and those who may moderate it."""
    if not game.private:
        return True
    if not user.is_authenticated:
        return False
    if game.seats.filter(Q(user=user) | _sits(user)).exists():
        return True
    return can_moderate(user=user, game=game)


def knows_of(*, user: User, game: Game, invite_code: str | None) -> bool:
    """May ``user`` learn that ``game`` exists, to join it or take over a seat: he may
    watch it, or he holds its invite link. Anyone else is answered as if there were no
    such game."""
    return can_view_game(user=user, game=game) or (
        invite_code is not None and invite_code == game.invite_code
    )


def _readable_powers(*, user: User, phase: GamePhase) -> set[str] | None:
    """Whose orders of ``phase`` ``user`` may read: None for everyone's, else a set."""
    if not can_view_game(user=user, game=phase.game):
        return set()
    if phase.is_resolved:
        return None
    seat = acting_seat(user=user, game=phase.game)
    if seat is None:
        return set()
    # The powers whose orders the seat gives now (a seat that is no power: the nations it
    # controls), and those it gave this phase.
    given = set(phase.order_sets.filter(seat=seat).values_list("power", flat=True))
    return given | set(seat_powers(phase_position(phase), find_variant(phase.game.variant), seat))


def can_see_orders(*, user: User, phase: GamePhase, power: str) -> bool:
    """May ``user`` read ``power``'s orders for ``phase``?"""
    readable = _readable_powers(user=user, phase=phase)
    return readable is None or power in readable


def visible_order_sets(*, user: User, phase: GamePhase) -> list[OrderSet]:
    """The order sets of a phase that ``user`` may read (decided once, not per set), each
    without the orders of a secret kind that are not the viewer's (:class:`Secrets`)."""
    readable = _readable_powers(user=user, phase=phase)
    sets = list(phase.order_sets.select_related("seat"))
    sets = [o for o in sets if readable is None or o.power in readable]
    secrets = secrets_for(user=user, game=phase.game)
    for o in sets:
        o.orders = secrets.orders(o.power, list(o.orders))
    return sets


def seat_names(*, game: Game) -> dict[str, str]:
    """The names the seats of ``game`` play under, by seat (pseudonyms, where the variant has them):
    public to everyone who may watch, and never joined to who is behind them."""
    return dict(game.seats.exclude(pseudonym="").values_list("power", "pseudonym"))


@dataclass(frozen=True)
class Secrets:
    """What of a variant's secrets one viewer sees (the owned part of the extras, the orders
    of a secret kind and their results, as the variant declares them): the secrets of the powers
    in ``own``, or all of them (``own`` None: the game's moderators, everyone once the game
    is over, and every game of a variant without secrets)."""

    own: frozenset[str] | None
    owned_extras: frozenset[str] = frozenset()
    secret_orders: tuple[type, ...] = ()
    secret_reasons: frozenset[str] = frozenset()
    variant_id: str = ""

    def extras(self, extras: Mapping[str, Any]) -> dict[str, Any]:
        """A position's extras with the other powers' parts of each owned key left out."""
        if self.own is None or not self.owned_extras:
            return dict(extras)
        out = dict(extras)
        for key in self.owned_extras & set(out):
            part = out[key]
            if isinstance(part, Mapping):
                out[key] = {p: v for p, v in part.items() if p in self.own}
        return out

    def position(self, position: Mapping[str, Any] | None) -> Any:
        """A stored position (JSON) with its extras as :meth:`extras` leaves them."""
        if self.own is None or not position or "extras" not in position:
            return position
        return {**position, "extras": self.extras(position["extras"])}

    def orders(self, power: str, orders: list[str]) -> list[str]:
        """``power``'s orders without those of a secret kind, unless they are the viewer's."""
        if self.own is None or not self.secret_orders or power in self.own:
            return list(orders)
        variant = find_variant(self.variant_id)
        kept = []
        for text in orders:
            try:
                order = variant.read_order(text)
            except Exception:
                order = None
            if not isinstance(order, self.secret_orders):
                kept.append(text)
        return kept

    def results(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Result rows without the other powers' secret ones."""
        if self.own is None or not self.secret_reasons:
            return list(rows)
        return [
            r
            for r in rows
            if r.get("power") in self.own or r.get("reason_code") not in self.secret_reasons
        ]


def secrets_for(*, user: User, game: Game) -> Secrets:
    """What of ``game``'s variant secrets ``user`` sees: a player his seat's (or the seat
    he sits for today), nobody else any, the game's moderators and, once the game is
    over, everyone all of them."""
    variant = find_variant(game.variant)
    if not (variant.owned_extras or variant.secret_orders or variant.secret_reasons):
        return Secrets(own=None)
    if game.status in (Game.Status.FINISHED, Game.Status.CANCELLED) or can_moderate(
        user=user, game=game
    ):
        return Secrets(own=None)
    seat = acting_seat(user=user, game=game)
    return Secrets(
        own=frozenset({seat.power}) if seat is not None else frozenset(),
        owned_extras=variant.owned_extras,
        secret_orders=variant.secret_orders,
        secret_reasons=variant.secret_reasons,
        variant_id=variant.id,
    )


@dataclass(frozen=True)
class QuestionReader:
    """What one viewer reads of a game's questions to its game master (decisions): every
    question of an adjudicated phase, and those of the open phase if he may moderate; of
    each, the parameters a power owns only if they are his seat's (``powers``) or he reads
    every secret (``everything``: the game's moderators, who judge by them, and everyone
    once the game is over)."""

    moderator: bool
    everything: bool
    powers: frozenset[str] = frozenset()

    def sees(self, decision: Decision) -> bool:
        """May he read this question at all (its answer may rest on secret orders)?"""
        return self.moderator or decision.phase.is_resolved

    def params(self, decision: Decision) -> tuple[dict[str, Any], tuple[str, ...]]:
        """The question's parameters he may read, and the names of those kept from him."""
        owned = decision.owned if isinstance(decision.owned, Mapping) else {}
        params = dict(decision.params) if isinstance(decision.params, Mapping) else {}
        if self.everything or not owned:
            return params, ()
        hidden = tuple(sorted(k for k, owner in owned.items() if owner not in self.powers))
        return {k: v for k, v in params.items() if k not in hidden}, hidden

    def words(self, decision: Decision) -> bool:
        """May he read the words of a question stored before questions had codes? Nothing
        tells which of them are a power's secret, so only if he reads every secret."""
        return self.everything or not decision.question


def question_reader(*, user: User, game: Game) -> QuestionReader:
    """What ``user`` reads of ``game``'s questions to its game master (see above)."""
    moderator = can_moderate(user=user, game=game)
    if moderator or game.status in (Game.Status.FINISHED, Game.Status.CANCELLED):
        return QuestionReader(moderator=moderator, everything=True)
    seat = acting_seat(user=user, game=game)
    powers = frozenset({seat.power}) if seat is not None else frozenset()
    return QuestionReader(moderator=False, everything=False, powers=powers)


def player_label(*, seat: Seat, viewer: User) -> str:
    """Who is shown behind a power: the player's name ("a former player" once he closed
    his account), nothing in an anonymous game, the pseudonym where players play under one
    (to everyone, the player himself too)."""
    if seat.pseudonym:
        return seat.pseudonym
    if seat.user is None:
        return ""
    if seat.game.anonymous and not (viewer.is_authenticated and seat.user_id == viewer.pk):
        return ""
    # A player who closed his account: his games keep him, under a neutral name.
    return name_shown(seat.user)


def bot_powers(*, seats: list[Seat]) -> frozenset[str]:
    """The powers of these seats that a bot plays: shown to everyone (see above)."""
    bots = bots_among(s.user_id for s in seats if s.user_id is not None)
    return frozenset(s.power for s in seats if s.user_id in bots)


def house_bot_levels(*, seats: list[Seat]) -> dict[str, str]:
    """The level each seat the site's own bots play is played at, by power: public, as
    which seats bots play is (a practice game's creator chose them; the level says how
    a bot plays, and names nobody)."""
    house = house_bots_among(s.user_id for s in seats if s.user_id is not None)
    return {s.power: s.bot_level for s in seats if s.user_id in house}


def own_votes(*, user: User, phase: GamePhase) -> dict[str, bool]:
    """The votes ``user`` cast in ``phase`` with his own seat, by kind (for or against):
    a vote is secret, its voter alone sees it. A sitter sees none (he casts none)."""
    seat = seat_of(user=user, game=phase.game)
    if seat is None:
        return {}
    return dict(Vote.objects.filter(phase=phase, seat=seat).values_list("kind", "accept"))


def own_draw_vote(*, user: User, phase: GamePhase) -> bool | None:
    """``user``'s own draw vote in ``phase``, or None if he cast none."""
    return own_votes(user=user, phase=phase).get(Vote.Kind.DRAW)


def votes_proposed(*, phase: GamePhase) -> list[str]:
    """The kinds of vote someone proposed in ``phase`` and that are still open (never who,
    nor how many): everyone who may watch the game may know that much, as in a
    face-to-face game where a proposal is made aloud."""
    kinds = set(phase.votes.filter(accept=True).values_list("kind", flat=True))
    return [k for k in Vote.Kind.values if k in kinds]


def draw_proposed(*, phase: GamePhase) -> bool:
    """Whether anyone has proposed a draw this phase (never who)."""
    return Vote.Kind.DRAW in votes_proposed(phase=phase)


@overload
def position_seen(*, user: User, phase: GamePhase) -> SeenPosition: ...


@overload
def position_seen(*, user: User, phase: GamePhase, after: bool) -> SeenPosition | None: ...


def position_seen(*, user: User, phase: GamePhase, after: bool = False) -> SeenPosition | None:
    """The position ``phase`` went in with (or, ``after``, the one it came out with: None
    until it is adjudicated) as ``user`` may see it: the one place that decides what of a
    stored position a page, a picture, an export or a fork shows, and the only maker of
    what the board renderer draws.

    Left out: the keys the variant keeps private before the phase is adjudicated (those
    of a position coming out belong to the phase it opens, and stay private until that
    one is), and of the keys each power owns, the other powers' parts (:class:`Secrets`).
    """
    if after:
        stored = phase.position_after if phase.is_resolved else None
        if not stored:
            return None
    else:
        stored = phase.position
    position: dict[str, Any] = copy.deepcopy(dict(stored or {}))
    if isinstance(position.get("extras"), Mapping):
        extras = dict(position["extras"])
        hidden = find_variant(phase.game.variant).private_extras
        if hidden and not (_following_adjudicated(phase) if after else phase.is_resolved):
            extras = {k: v for k, v in extras.items() if k not in hidden}
        position["extras"] = secrets_for(user=user, game=phase.game).extras(extras)
    return SeenPosition(position)


def _following_adjudicated(phase: GamePhase) -> bool:
    """Was the phase that ``phase``'s position coming out opened adjudicated too (a game
    that ended with ``phase`` opened none: its private state stays so)?"""
    following = phase.game.phases.filter(index=phase.index + 1).first()
    return following is not None and following.is_resolved


def scratch_position(*, stored: Mapping[str, Any]) -> SeenPosition:
    """A sandbox's own position, shown whole to its owner and to whoever holds its link: a
    sandbox holds only what its owner could see of the phase he forked (games.export,
    through :func:`position_seen`) and what he played from there."""
    return SeenPosition(copy.deepcopy(dict(stored)))


def _may_read(*, message: PressMessage, power: str | None) -> bool:
    return message.to_all or (power is not None and power in message.powers)


def can_read_press(*, user: User, message: PressMessage) -> bool:
    """May ``user`` read ``message``: anyone watching, if it went to everyone; else only
    the players now holding the powers of its conversation (eliminated ones too)."""
    if not can_view_game(user=user, game=message.game):
        return False
    seat = acting_seat(user=user, game=message.game)
    return _may_read(message=message, power=seat.power if seat is not None else None)


def visible_press(*, user: User, game: Game) -> list[PressMessage]:
    """The messages of ``game`` that ``user`` may read, oldest first (decided once)."""
    if not can_view_game(user=user, game=game):
        return []
    seat = acting_seat(user=user, game=game)
    power = seat.power if seat is not None else None
    messages = game.press_messages.order_by("sent_at", "pk")
    if power is None:
        messages = messages.filter(conversation=PressMessage.ALL)
    return [m for m in messages if _may_read(message=m, power=power)]


def press_readers(*, message: PressMessage) -> list[int]:
    """The players to tell of a new message (their own channel groups, never the game's):
    every player of the game for a message to everyone, else those of its powers."""
    seats = message.game.seats.filter(user__isnull=False)
    if not message.to_all:
        seats = seats.filter(power__in=message.powers)
    return sorted(set(seats.values_list("user_id", flat=True)))


def moderates_anything(*, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether ``user`` runs any game: a site moderator, or a game master of some game."""
    if not user.is_authenticated:
        return False
    return is_moderator(user) or Game.objects.filter(masters=user).exists()
