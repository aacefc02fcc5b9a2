"""Forming a game: create it by its terms, join it, leave it, fill its open seats with the
site's bots, start it, and take over a seat a running game offers to replacement players;
and the seats of a player who closed his account, given up."""

from __future__ import annotations

import random
from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.services import house_bots
from adjudicator import PositionError, find_variant, start
from bots import knows_variant
from bots.search import SEARCHED_VARIANTS
from bots.seats import pseudonyms
from core.errors import ApplicationError, NotSeated
from core.names import name_key, shown_name
from games import events, visibility, wording
from games.models import BoardLink, Game, Seat
from games.positions import phase_seed
from games.seating import seat_refusal
from games.selectors import reliability_of
from games.services.kernel import (
    a_members_user_name,
    bump,
    game_locked,
    phase_note,
    phase_open,
    refuse_game_master,
    seat_exclude,
    seat_give,
    seated_users,
)
from games.services.links import link_boards_start
from games.terms import DUEL, GameTerms


@transaction.atomic
def game_create(
    *,
    created_by: AbstractBaseUser,
    name: str,
    terms: GameTerms | None = None,
    join: bool = True,
    power: str | None = None,
    pseudonym: str | None = None,
    bots: bool = False,
    bot_levels: Mapping[str, str] | None = None,
) -> Game:
    """Create a game played by ``terms`` (checked first), with an open seat per power; the
    creator joins (as ``power``, if the terms let players choose; under ``pseudonym``, where
    the variant plays under pseudonyms) unless ``join`` is False.

    With ``terms.duel`` the game is board A of a twin-board duel, and board B is made when
    board A's set-up is done (with the same players: a practice duel's bot plays both).

    With ``bots``, a practice game: the site's own bots take every other seat at once (so
    it starts, if it starts when full), and the site plays them (``manage.py run_bots``).
    ``bot_levels`` says, by power, the level a bot plays that seat at (``Seat.BotLevel``;
    the standard one where it says none). A level named for the power the creator ends
    up with is not used: he plays it himself (where powers are drawn by lot, nobody knows
    which that is before he joins).

    Raises:
        ApplicationError: no name, or what is wrong with the terms; for a practice game,
            a variant whose rules the bots do not know, or no seat for the creator;
            a level that is not one, or that the variant's bots cannot play at, or for a
            power the game has not.
    """
    name = name.strip()
    if not name:
        raise ApplicationError(_("A game needs a name."))
    terms = (terms or GameTerms()).checked()
    if bots:
        _practice_check(terms, join=join)
    levels = _bot_levels_checked(terms, bot_levels or {})
    if levels and not bots:
        raise ApplicationError(_("Bot levels are for a practice game with bots."))
    variant = find_variant(terms.variant_id)
    game = Game.objects.create(
        name=name,
        created_by=created_by,
        seed=random.SystemRandom().getrandbits(62),
        # Board A of a twin-board duel: its other board is made when its set-up is done.
        link=BoardLink.objects.create(kind=DUEL) if terms.duel else None,
        link_label="A" if terms.duel else "",
        **terms.game_fields(),
    )
    Seat.objects.bulk_create(Seat(game=game, power=p) for p in variant.seats(terms.options))
    if join:
        game_join(
            game=game,
            user=created_by,
            power=power,
            invite_code=game.invite_code,
            pseudonym=pseudonym,
        )
    if bots:
        _bots_seated(game, levels)
    return game


def _practice_check(terms: GameTerms, *, join: bool) -> None:
    if not knows_variant(terms.variant_id):
        raise ApplicationError(
            _(
                "The bots do not know the rules of %(variant)s: practise with them in another "
                "variant."
            )
            % {"variant": find_variant(terms.variant_id).name}
        )
    if not join:
        raise ApplicationError(
            _("You take a seat in your practice game: the bots take the others.")
        )


def _bot_levels_checked(terms: GameTerms, levels: Mapping[str, str]) -> dict[str, str]:
    """``levels`` (a bot's level by power) as stored, the standard level left out; or the
    reason they cannot be."""
    variant = find_variant(terms.variant_id)
    seats = variant.seats(terms.options)
    out = {}
    for power, level in sorted(levels.items()):
        if level not in Seat.BotLevel.values:
            raise ApplicationError(
                _("%(level)s is not a bot level: %(levels)s.")
                % {"level": level, "levels": ", ".join(Seat.BotLevel.values)}
            )
        if power not in seats:
            raise ApplicationError(
                _("%(power)s is not a power of this game.") % {"power": wording.power_name(power)}
            )
        if level == Seat.BotLevel.STANDARD:
            continue
        if terms.variant_id not in SEARCHED_VARIANTS:
            raise ApplicationError(
                _("In %(variant)s the bots play at the standard level only.")
                % {"variant": variant.name}
            )
        out[power] = level
    return out


def _bots_seated(game: Game, levels: Mapping[str, str]) -> None:
    """The site's own bots take every open seat of ``game``, one bot a seat, each at the
    level ``levels`` names for its power (the standard one by default); where players play
    under pseudonyms, each under one of its own (``bots.seats.pseudonyms``), never its
    account's name."""
    open_seats = game.seats.filter(user__isnull=True).count()
    names = pseudonyms(random.Random(game.seed))
    for bot in house_bots(count=open_seats):
        seat = game_join(
            game=game,
            user=bot,
            invite_code=game.invite_code,
            pseudonym=_bot_pseudonym(game, bot, names),
        )
        level = levels.get(seat.power, Seat.BotLevel.STANDARD)
        if level != seat.bot_level:
            Seat.objects.filter(pk=seat.pk).update(bot_level=level)


@transaction.atomic
def game_fill_with_bots(*, game: Game, user: AbstractBaseUser) -> Game:
    """The site's own bots take every open seat of a forming game at once, at its
    creator's request (``visibility.can_fill_with_bots``), each at the standard level and,
    where players play under pseudonyms, under one of its own; the game then starts as a
    full game does, and everyone seated is told as usual (the ``game_started`` event).
    It starts even if it was to be started by hand: asking for the bots is asking to
    play now. A private game is filled too: its creator asks.

    The game row is locked first, as a join takes it, so a player joining at the same
    moment (or a second request) waits and then finds the game started.

    Returns the game as it now stands.

    Raises:
        ApplicationError: ``user`` is not the game's creator; the game is no longer
            forming; its variant's rules are unknown to the bots, or nobody is seated to
            play against the bots (the words of a practice game's refusals); it has no
            open seat; or a bot may not take a seat (a tournament that admits no bots).
    """
    game = game_locked(game.pk)
    if not visibility.can_fill_with_bots(user=user, game=game):
        raise ApplicationError(_("Only the game's creator can fill its open seats with bots."))
    refusal = bots_fill_refusal(game=game)
    if refusal is not None:
        raise ApplicationError(refusal)
    _bots_seated(game, {})
    game.refresh_from_db()
    if game.status == Game.Status.FORMING:  # not started when full: its creator starts it
        game = game_start(game=game, by=user)
    return game


def bots_fill_refusal(*, game: Game) -> str | None:
    """Why the site's bots may not take the open seats of ``game`` now, whoever asks; None
    where they may (the game page offers its creator the button then)."""
    if game.status == Game.Status.ACTIVE:
        return _(
            "This game has already started: bots fill the open seats of a game still "
            "seeking players."
        )
    if game.status != Game.Status.FORMING:  # finished or cancelled
        return _("This game is over: bots fill the open seats of a game still seeking players.")
    try:
        _practice_check(GameTerms.of(game), join=game.seats.filter(user__isnull=False).exists())
    except ApplicationError as e:
        return e.message
    if not game.seats.filter(user__isnull=True).exists():
        return _("Every seat of this game is taken: no seat is left for a bot.")
    return None


def _bot_pseudonym(game: Game, bot: AbstractBaseUser, names: list[str]) -> str | None:
    """The first of ``names`` the bot may join ``game`` under (taken off the list); None
    where the game has no pseudonyms."""
    if not plays_under_pseudonyms(game):
        return None
    for name in list(names):
        names.remove(name)
        try:
            return pseudonym_checked(game=game, user=bot, pseudonym=name) or name
        except ApplicationError:
            continue  # taken, or a member's user name
    raise ApplicationError(_("The bots found no pseudonym left to play under."))


@transaction.atomic
def game_join(
    *,
    game: Game,
    user: AbstractBaseUser,
    power: str | None = None,
    invite_code: str | None = None,
    pseudonym: str | None = None,
) -> Seat:
    """Take a seat in a forming game (the chosen power, if the game lets players choose),
    under ``pseudonym`` where the variant plays under pseudonyms (:func:`pseudonym_checked`).
    """
    game = game_locked(game.pk)
    if game.status != Game.Status.FORMING:
        raise ApplicationError(_("This game has already started."))
    if game.private and invite_code != game.invite_code:
        raise ApplicationError(_("This game is private: join it through its invite link."))
    if game.seats.filter(user=user).exists():
        raise ApplicationError(_("You already have a seat in this game."))
    refuse_game_master(game, user, yourself=True)
    _check_reliability(game, user)
    _check_gates(game, user)
    chosen = pseudonym_checked(game=game, user=user, pseudonym=pseudonym)
    open_seats = game.seats.select_for_update().filter(user__isnull=True)
    if game.assignment == Game.Assignment.CHOSEN and power:
        seat = open_seats.filter(power=power).first()
        if seat is None and not game.seats.filter(power=power).exists():
            raise ApplicationError(
                _("%(power)s is not a power of this game.") % {"power": wording.power_name(power)}
            )
        if seat is None:
            raise ApplicationError(_("That power is already taken."))
    else:
        seat = open_seats.order_by("power").first()
        if seat is None:
            raise ApplicationError(_("This game is full."))
    seat.user = user
    seat.joined_at = timezone.now()
    seat.pseudonym = chosen
    seat.save(update_fields=["user", "joined_at", "pseudonym"])
    bump(game)
    if game.start_when_full and not game.seats.filter(user__isnull=True).exists():
        game_start(game=game)
    return seat


#: A pseudonym's length, in characters.
PSEUDONYM_LENGTH = (2, 30)


def plays_under_pseudonyms(game: Game) -> bool:
    """Do the players of ``game`` play under pseudonyms (the variant says)? Asked of
    games.visibility, which also keeps who is behind them from every page."""
    return visibility.plays_under_pseudonyms(game=game)


def pseudonym_checked(*, game: Game, user: AbstractBaseUser, pseudonym: str | None) -> str:
    """The pseudonym ``user`` joins ``game`` under, as every reader will see it
    (``core.names.shown_name``: full-width letters made plain, nothing invisible, spaces
    tidied); "" where the game has none.

    Names are compared as a reader tells them apart (``core.names.name_key``), so a
    look-alike (another case, a zero-width space, full-width letters) is the name it
    looks like.

    Raises:
        ApplicationError: the game plays under pseudonyms and this one is missing, too
            short or long, has no letter, is taken in this game, names a power of the
            game, is the user's own name (which would give him away) or another member's
            user name (the others would take him for that member).
    """
    if not plays_under_pseudonyms(game):
        return ""
    name = shown_name(pseudonym or "")
    low, high = PSEUDONYM_LENGTH
    if not name:
        raise ApplicationError(
            _("In this game every player plays under a pseudonym: choose one."),
            {"field": "pseudonym"},
        )
    if not low <= len(name) <= high or not any(c.isalpha() for c in name):
        raise ApplicationError(
            _("A pseudonym has %(low)s to %(high)s characters, with at least one letter.")
            % {"low": low, "high": high},
            {"field": "pseudonym"},
        )
    key = name_key(name)
    if key == name_key(str(user.get_username())):
        raise ApplicationError(
            _("Your pseudonym may not be your user name: the other players would know you."),
            {"field": "pseudonym"},
        )
    chosen = game.seats.exclude(pseudonym="").values_list("pseudonym", flat=True)
    powers = game.seats.values_list("power", flat=True)
    taken = {name_key(p) for p in chosen} | {name_key(p) for p in powers}
    taken |= {name_key(wording.power_name(p)) for p in powers}
    taken |= {name_key(wording.power_name(p)) for p in find_variant(game.variant).powers}
    if key in taken:
        raise ApplicationError(
            _("That pseudonym is taken in this game: choose another."), {"field": "pseudonym"}
        )
    if a_members_user_name(name):
        raise ApplicationError(
            _(
                "That is a member's user name: the others would take you for him. Choose "
                "another pseudonym."
            ),
            {"field": "pseudonym"},
        )
    return name


def _check_gates(game: Game, user: AbstractBaseUser) -> None:
    """The rules other apps add (games.seating: a tournament's game and bots)."""
    refusal = seat_refusal(game=game, user=user)
    if refusal is not None:
        raise ApplicationError(refusal)


def _check_reliability(game: Game, user: AbstractBaseUser) -> None:
    if not game.min_reliability:
        return

    figure = reliability_of(user=user)
    if figure is not None and figure < game.min_reliability:
        raise ApplicationError(
            _("This game asks for a reliability of %(needed)s%%; yours is %(yours)s%%.")
            % {"needed": game.min_reliability, "yours": figure}
        )


@transaction.atomic
def seat_take_over(
    *, game: Game, user: AbstractBaseUser, power: str, invite_code: str | None = None
) -> Seat:
    """Take a seat offered to replacement players (its player missed orders or was
    excluded); the replacement may order for the phase now open. A private game's seats
    are offered to invited users alone: the invite code must come with the request."""
    game = game_locked(game.pk)
    if game.private and invite_code != game.invite_code:
        raise ApplicationError(_("This game is private: take over a seat through its invite link."))
    if game.status != Game.Status.ACTIVE:
        raise ApplicationError(_("Only a running game takes replacements."))
    seat = game.seats.select_for_update().filter(power=power).first()
    now = timezone.now()
    offered = (
        seat is not None
        and seat.user_id is None
        and (
            seat.civil_disorder
            or (seat.seeking_replacement_until is not None and seat.seeking_replacement_until > now)
        )
    )
    if seat is None or not offered or seat.eliminated:
        raise ApplicationError(_("That seat is not looking for a player."))
    if game.seats.filter(user=user).exists() or seat.excluded_user_id == user.pk:
        raise ApplicationError(_("You cannot take over a seat in a game you play or left."))
    refuse_game_master(game, user, yourself=True)
    _check_reliability(game, user)
    _check_gates(game, user)
    seat_give(seat, user)
    phase = game.current_phase
    if phase is not None:
        phase_note(phase, "replaced", power=power)
        phase.save(update_fields=["notes"])
    bump(game)
    return seat


@transaction.atomic
def game_leave(*, game: Game, user: AbstractBaseUser) -> None:
    """Give up a seat before the game starts."""
    game = game_locked(game.pk)
    if game.status != Game.Status.FORMING:
        raise ApplicationError(_("You cannot leave a game that has started."))
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise NotSeated
    seat.user = None
    seat.joined_at = None
    seat.pseudonym = ""
    seat.sitter = None  # his choice, not the next player's
    seat.save(update_fields=["user", "joined_at", "pseudonym", "sitter"])
    bump(game)


@transaction.atomic
def game_start(*, game: Game, by: AbstractBaseUser | None = None) -> Game:
    """Start a full game: powers are dealt (if random) and the first phase opens."""
    game = game_locked(game.pk)
    if by is not None and by != game.created_by:
        raise ApplicationError(_("Only the game's creator can start it."))
    if game.status != Game.Status.FORMING:
        raise ApplicationError(_("This game has already started."))
    seats = list(game.seats.select_for_update().order_by("power"))
    if any(s.user_id is None for s in seats):
        raise ApplicationError(_("Every power needs a player before the game can start."))
    if game.assignment == Game.Assignment.RANDOM:
        # Deal the powers from the game's seed, so the deal can be audited.
        # A pseudonym is its player's, and so is the sitter he chose: both go with him.
        players = [(s.user_id, s.pseudonym, s.sitter_id) for s in seats]
        random.Random(game.seed).shuffle(players)
        for seat, (user_id, pseudonym, sitter_id) in zip(seats, players, strict=True):
            seat.user_id, seat.pseudonym, seat.sitter_id = user_id, pseudonym, sitter_id
        Seat.objects.filter(game=game).update(user=None)
        Seat.objects.bulk_update(seats, ["user", "pseudonym", "sitter"])
    variant = find_variant(game.variant)
    now = timezone.now()
    game.status = Game.Status.ACTIVE
    game.started_at = now
    game.save(update_fields=["status", "started_at"])
    try:
        # With the events that open the first phase, from its own seed (none yet in the
        # variants the site offers).
        first = start(variant, game.options, seed=phase_seed(game, 0))
    except PositionError as e:
        raise ApplicationError(
            _("The variant's options are not valid: %(problem)s") % {"problem": e.message}
        ) from None
    link = BoardLink.objects.select_for_update().filter(pk=game.link_id).first()
    if link is not None and not first.phase.is_setup:
        link_boards_start(link, game, first, index=0, now=now)  # a set-up fixed beforehand
    else:
        phase_open(game, first, index=0, now=now)
    bump(game)
    events.announce(
        kind="game_started",
        game=game,
        users=seated_users(game),
        key=f"started:{game.pk}",
        params={"game": game.name},
    )
    return game


def seats_give_up(user: AbstractBaseUser) -> None:
    """Give up every seat of ``user``, whose account is being closed (a closing step,
    ``accounts.extension_points.closing_steps``, in the transaction that closes it).

    As if he had left each game: a forming game's seat is free again; a running game's
    seat is his no more and in civil disorder, offered to replacement players (as a
    moderator's exclusion leaves it, whatever the game's missed-orders policy: he will
    not come back to order), with a phase note that says the player left and never who.
    An eliminated seat and the seats of games that ended keep him, for their history (he
    is shown as "a former player" there). He sits for nobody any more, and runs no game
    that is not over.
    """
    ongoing = (Game.Status.FORMING, Game.Status.ACTIVE)
    game_ids = sorted(
        set(
            Seat.objects.filter(
                Q(user=user) | Q(sitter=user), game__status__in=ongoing
            ).values_list("game_id", flat=True)
        )
        | set(Game.objects.filter(masters=user, status__in=ongoing).values_list("pk", flat=True))
    )
    for game_id in game_ids:  # in primary-key order, as every lock of several games is taken
        game = game_locked(game_id)
        game.masters.remove(user)
        game.seats.filter(sitter=user).update(sitter=None)
        seat = game.seats.select_for_update().filter(user=user).first()
        if seat is not None and game.status == Game.Status.FORMING:
            seat.user = None
            seat.joined_at = None
            seat.pseudonym = ""
            seat.sitter = None
            seat.save(update_fields=["user", "joined_at", "pseudonym", "sitter"])
        elif seat is not None and game.status == Game.Status.ACTIVE and not seat.eliminated:
            seat_exclude(seat)
            phase = game.current_phase
            if phase is not None:
                phase_note(phase, "excluded", power=seat.power, by="left")
                phase.save(update_fields=["notes"])
        bump(game)
