"""The demo games and the demo bot that plays them for everyone but the visitor.

The demo (``manage.py demo_data``) makes a few games of the demo players: an open game and a
game in progress of the standard game, and each variant's own (``SiteVariant.demo_games``,
in ``variants/<id>/demo.py``). In each game the bot plays, one demo player is the
visitor's: alice in the game in progress, the player a variant's demo game names in its.
The bot gives orders for every other seat of those games (every board of a duel) as soon as
a phase opens and marks them ready, so a phase ends as soon as the visitor marks ready (or
at its deadline of a day), and the game moves like a game. The orders are the strategy of
the ``bots`` library (:func:`bots.seat_orders`, for every power a seat gives orders for):
units hold the centers they stand on, attack
centers with the supports it takes to win, support holds under threat, step toward the
centers they do not own; retreats go toward centers, builds and disbands are made, and a
variant's set-up orders are given as the library plays them.

The bot never touches another game: a demo game is the first game of its name that
its demo creator made (the one ``demo_data`` made), or another board of that duel; and in a
demo game it only orders for demo players' seats that have saved nothing yet in the
open phase, so orders a person saved (as bob, say) are never replaced. Its choices are
drawn from the game's seed, the phase and the power: the same phase is ordered the
same way every time.

Unlike the site's own bots (botplay.py, which play through the public API with a token
each), the demo bot orders in process, through the services, as the demo players. They
are people's accounts, not bots': their password is published and every visitor may log
in as any of them. A token for one would be a key the site makes for a person's account
behind his back (``bot_account`` refuses to make a person a bot for the same reason),
listed on a profile page any visitor sees, where he may revoke it and stop the demo for
everyone, or fill the account's allowance of tokens so that none can be made.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from datetime import datetime, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from adjudicator import Order, Position, Variant, find_variant, legal_orders
from bots import gives_unowed, seat_orders
from core.errors import ApplicationError, PhaseOver
from games import extension_points as plug
from games import services

# The demo bot runs in a process of its own, outside the worker: importing the tasks
# registers them there, so that a phase the bot completes is queued at once (tasks are
# queued by name) rather than found by beat's next sweep.
from games import tasks as _tasks  # noqa: F401
from games.models import Game, GamePhase, OrderSet
from games.positions import powers_welcome, seat_powers
from variants.registry import SITE_VARIANTS, SiteVariant
from variants.site import DemoGame

log = logging.getLogger(__name__)

#: Enough players for the largest demo game: eleven seats (a variant with roles).
DEMO_PLAYERS = (
    "alice",
    "bob",
    "carol",
    "dave",
    "erin",
    "frank",
    "grace",
    "heidi",
    "ivan",
    "judy",
    "oscar",
)
DEMO_PASSWORD = "diplomacy-demo"  # published on purpose: it is printed at every start
#: The group of the accounts demo_data made (sign-up never puts anyone in it): what tells
#: them from a person's account that took one of their names before the demo was loaded,
#: which demo_data would otherwise make a moderator.
DEMO_GROUP = "demo"
OPEN_GAME = "Demo: open game, join it"
RUNNING_GAME = "Demo: game in progress"

#: Each variant's own demo games, with the variant, in the registry's order.
VARIANT_GAMES: tuple[tuple[SiteVariant, DemoGame], ...] = tuple(
    (site, game) for site in SITE_VARIANTS for game in site.demo_games()
)

#: Who made each demo game: with the name, what tells the demo's game from any other.
CREATORS: Mapping[str, str] = {
    OPEN_GAME: "alice",
    RUNNING_GAME: "alice",
    **{game.name: game.creator for _site, game in VARIANT_GAMES},
}
#: The games the bot plays, each with the demo player whose seat it leaves to the visitor.
VISITORS: Mapping[str, str] = {
    RUNNING_GAME: "alice",
    **{game.name: game.visitor for _site, game in VARIANT_GAMES if game.visitor},
}
#: Every deadline of the games the bot plays: long enough that a game waits for the
#: visitor, who ends each phase at once by marking ready (the bot is ready already).
BOT_GAME_DEADLINE = timedelta(days=1)
#: Where the bot orders only after the visitor (a demo's house rule), how long before the
#: deadline it gives up waiting for his ready mark and orders around what he saved: so
#: that its seat never misses the phase.
LAST_CALL = timedelta(minutes=10)


def demo_game(name: str) -> Game | None:
    """The demo game of this name: the first one its demo creator made, if any."""
    mine = Game.objects.filter(
        name=name, created_by__username=CREATORS[name], created_by__groups__name=DEMO_GROUP
    )
    return mine.order_by("pk").first()


def demo_of(game: Game) -> DemoGame | None:
    """The demo game ``game`` is (or another board of), with the demo's house rules: a
    variant's, or one an app's demo answers for (``extension_points.demo_house_rules``);
    None for every other game, however it is named."""
    for _site, made in VARIANT_GAMES:
        # A cheap test first (another board's name extends the first's): most games
        # shown are no demo game, and ask nothing more.
        if not game.name.startswith(made.name):
            continue
        first = demo_game(made.name)
        if first is None:
            continue
        if first.pk == game.pk or (first.link_id is not None and first.link_id == game.link_id):
            return made
    # The games of the apps' own demos (tournaments': the knock-out's duels).
    for rules in plug.demo_house_rules.entries():
        found = rules(game)
        if found is not None:
            return found
    return None


def bot_games() -> list[tuple[Game, str]]:
    """The games the bot plays, each with the username of the visitor's seat: the demo
    games of :data:`VISITORS` (with every other board of a duel), and the games of the demo of each
    app above that has one (``extension_points.demo_games``, each a function giving such
    pairs: the tournaments' demo events)."""
    out: list[tuple[Game, str]] = []
    for name, visitor in VISITORS.items():
        game = demo_game(name)
        if game is None:
            continue
        out.append((game, visitor))
        if game.link_id is not None:
            others = Game.objects.filter(link_id=game.link_id).exclude(pk=game.pk)
            out.extend((board, visitor) for board in others.order_by("link_label"))
    # The apps that make them live above games: they register here.
    for provider in plug.demo_games.entries():
        out.extend(provider())
    return out


def bot_play() -> int:
    """One round of the bot: orders (marked ready) for every demo player's seat other than
    the visitor's that has orders to give in an open phase of a game the bot plays and
    has saved nothing there yet. Returns how many seats it ordered for.

    A seat whose orders cannot be given (the game changed meanwhile) is logged and left
    for the next round; the phase's deadline stands regardless.
    """
    done = 0
    for game, visitor in bot_games():
        try:
            done += _play_game(game, visitor)
        except Exception:
            log.exception("the demo bot could not play %s", game.name)
    return done


def _play_game(game: Game, visitor: str) -> int:
    demo_players = Q(user__username__in=DEMO_PLAYERS, user__groups__name=DEMO_GROUP) & ~Q(
        user__username=visitor
    )
    made = demo_of(game)
    after_visitor = made.bot_after_visitor if made is not None else frozenset()
    return _seats_play(game, demo_players, visitor, after_visitor)


def _seats_play(
    game: Game, who: Q, visitor: str, after_visitor: frozenset[str] = frozenset()
) -> int:
    """Orders, marked ready, for each seat of ``game`` that ``who`` picks (a filter on
    seats) with orders to give in the open phase and none saved there yet: those due from
    it, for every power it gives orders for, and those it is not due but loses by not
    giving (``bots.gives_unowed``). Returns how many seats it ordered for.

    A phase waits for the orders due only; where the visitor's seat gives orders that are
    not due (a seat with something to give besides its orders), the bot's ready
    marks would end it before he had given them, and the game would run on without him.
    There the bot saves its orders and marks them ready only once the visitor's are.

    In a phase of a kind in ``after_visitor`` (a demo game's house rule,
    :attr:`~variants.site.DemoGame.bot_after_visitor`) the bot orders only once the
    visitor has marked his orders ready (or the deadline is :data:`LAST_CALL` away), and
    gives none of his: it reads them, as no bot of a real game may (games.visibility
    keeps a player's orders from every other seat until the phase is adjudicated)."""
    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE or game.is_paused:
        return 0
    phase = game.current_phase
    if phase is None or phase.stuck_since is not None:
        return 0
    variant = find_variant(game.variant)
    position = services.phase_position(phase)
    # The orders due, and those of seats the phase waits for though they owe none (Rather
    # Silly's roles, who vote for the link).
    due = services.powers_to_order(position, variant) | powers_welcome(position, variant)
    given = set(OrderSet.objects.filter(phase=phase).values_list("power", flat=True))
    his: frozenset[str] = frozenset()
    if position.phase.kind.value in after_visitor:
        ready, his = _visitors_orders(game, phase, position, variant, due, visitor)
        last_call = phase.deadline is not None and phase.deadline - timezone.now() <= LAST_CALL
        if not ready and not last_call:
            return 0  # he has not marked his orders ready yet
    seats = (
        game.seats.filter(who, civil_disorder=False, user__isnull=False)
        .select_related("user")
        .order_by("power")
    )
    # Every seat's orders are saved before any is marked ready: a phase ends once the
    # orders due are all ready, and a seat with orders it is not due would otherwise lose
    # them to the ready mark of the seat before it.
    saved: list[AbstractBaseUser] = []
    held: list[AbstractBaseUser] = []
    for seat in seats:
        assert seat.user is not None  # filtered above
        playing = [
            p
            for p in seat_powers(position, variant, seat)
            if p in due or gives_unowed(variant, position, p)
        ]
        if not playing:
            continue
        chosen = _chosen(game, phase, position, variant, seat.power, playing, his)
        if given & set(playing):
            if _own_and_unready(phase, chosen):
                held.append(seat.user)
            continue
        if not _orders_save(game, phase, seat.user, chosen):
            return 0  # the phase is over: the next round plays the new one
        saved.append(seat.user)
    if _visitor_awaited(game, phase, position, variant, due, visitor):
        return len(saved)
    done = 0
    for user in [*held, *saved]:
        if not _ready_mark(game, phase, user):
            break
        done += 1
    return done


def _visitors_orders(
    game: Game,
    phase: GamePhase,
    position: Position,
    variant: Variant,
    due: frozenset[str] | set[str],
    visitor: str,
) -> tuple[bool, frozenset[str]]:
    """Whether every set due from the visitor's seat in ``phase`` is marked ready (so if
    none is due), and the orders it saved there so far."""
    seat = game.seats.filter(user__username=visitor, civil_disorder=False).first()
    if seat is None:
        return True, frozenset()
    powers = [p for p in seat_powers(position, variant, seat) if p in due]
    sets = list(OrderSet.objects.filter(phase=phase, power__in=powers))
    ready = len(sets) == len(powers) and all(s.ready for s in sets)
    return ready, frozenset(order for s in sets for order in s.orders)


def _chosen(
    game: Game,
    phase: GamePhase,
    position: Position,
    variant: Variant,
    seat: str,
    playing: list[str],
    leaving: frozenset[str] = frozenset(),
) -> dict[str, list[str]]:
    """The orders the bot gives for ``seat`` in ``phase``, by each power it plays: drawn
    from the game's seed, the phase and the seat, so the same every round. ``leaving``:
    orders it must not give (the visitor's, under a demo's house rule), left out of the
    legal orders it chooses from."""
    rng = random.Random(f"{game.seed}:{phase.index}:{seat}")
    legal: dict[str, dict[str, tuple[Order, ...]]] | None = None
    if leaving:
        legal = {}
        for power in playing:
            options = legal_orders(position, power, variant=variant)
            kept = {w: tuple(o for o in os if str(o) not in leaving) for w, os in options.items()}
            legal[power] = {w: os for w, os in kept.items() if os}
    chosen = seat_orders(variant, position, seat, rng, legal=legal)
    return {p: [str(o) for o in chosen.get(p, ())] for p in playing}


def _own_and_unready(phase: GamePhase, chosen: Mapping[str, list[str]]) -> bool:
    """Are the saved sets of ``chosen``'s powers the bot's very orders, not yet ready (held
    back for the visitor)? Orders a person saved for a bot's seat are never marked ready
    by the bot."""
    sets = {s.power: s for s in OrderSet.objects.filter(phase=phase, power__in=list(chosen))}
    if set(sets) != set(chosen) or all(s.ready for s in sets.values()):
        return False
    return all(list(sets[p].orders) == orders for p, orders in chosen.items())


def _visitor_awaited(
    game: Game,
    phase: GamePhase,
    position: Position,
    variant: Variant,
    due: frozenset[str] | set[str],
    visitor: str,
) -> bool:
    """Does the phase wait for the visitor only because the bot holds its ready marks: he
    gives orders in it that are not due (so it would not wait for him), and has not
    marked them ready yet?"""
    seat = game.seats.filter(user__username=visitor, civil_disorder=False).first()
    if seat is None:
        return False
    powers = seat_powers(position, variant, seat)
    if any(p in due for p in powers):
        return False  # the phase waits for him anyway
    unowed = [p for p in powers if gives_unowed(variant, position, p)]
    if not unowed:
        return False
    ready = OrderSet.objects.filter(phase=phase, power__in=unowed, ready=True)
    return ready.count() < len(unowed)


_OVER = "the demo bot's phase ended meanwhile in %s: %s"


def _orders_save(
    game: Game, phase: GamePhase, user: AbstractBaseUser, sets: Mapping[str, list[str]]
) -> bool:
    """Save the orders of each power (``sets``) for ``phase``. False if ``phase`` closed
    meanwhile (the visitor's ready mark ended it): nothing is given for the next phase,
    whose board the bot has not read."""
    try:
        with transaction.atomic():
            for power, orders in sets.items():
                services.orders_submit(
                    game=game, user=user, orders=orders, phase=phase.index, power=power
                )
    except PhaseOver as e:
        log.info(_OVER, game.name, e)
        return False
    return True


def _ready_mark(game: Game, phase: GamePhase, user: AbstractBaseUser) -> bool:
    """Mark ``user``'s seat ready in ``phase``; a set that is not yet a whole answer (the
    variant says) stays saved without the mark, and the deadline decides. False if
    ``phase`` closed meanwhile."""
    try:
        services.orders_ready(game=game, user=user, ready=True, phase=phase.index)
    except PhaseOver as e:
        log.info(_OVER, game.name, e)
        return False
    except ApplicationError as e:
        log.info("the demo bot was left unready in %s: %s", game.name, e)
    return True


def refresh_deadlines(*, now: datetime | None = None) -> int:
    """Give each open phase of the bot's games whose deadline passed while the site was
    stopped a fresh deadline of the game's length (otherwise the restarted site would
    adjudicate it at once, the visitor's seat missing). Returns how many were moved."""
    moment = timezone.now() if now is None else now
    moved = 0
    for game, _visitor in bot_games():
        phase = game.current_phase
        if game.status != Game.Status.ACTIVE or phase is None or phase.deadline is None:
            continue
        if phase.deadline < moment:
            GamePhase.objects.filter(pk=phase.pk).update(
                deadline=moment + game.deadline_for(phase.code)
            )
            moved += 1
    return moved
