"""A player's own games at a glance: where their orders are needed, the votes waiting for
theirs, the deadlines, unread press, duels and tournament boards, and the games that ended
lately with their result. The home page leads with it and ``/api/v1/me/games/`` gives the
same list.

Only the viewer's own seat is read: their own order sets, ready marks and votes, the press
they may read. Nothing here says how far another power is with its orders, nor who voted
how: of a vote, only that one of its kind is open (as the game page tells everyone who
watches, games.visibility.votes_proposed) and whether the viewer has voted. The list is
read in a fixed number of queries however many games the player has (a query-count test
holds it): the seats (running, ended), the open phases with their open votes, the viewer's
own order sets, the unread press, the opponents of duels, how full the forming games are,
and one question to each app that names a game's occasion (games.occasions)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    Count,
    Exists,
    F,
    IntegerField,
    JSONField,
    Max,
    OuterRef,
    Q,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from adjudicator import Position, find_variant
from games import visibility, wording
from games.extension_points import Occasion
from games.models import Game, GamePhase, OrderSet, PressMessage, PressRead, Seat, Vote
from games.occasions import occasions_of
from games.positions import BoardUnreadable, phase_position, powers_to_order, seat_powers
from games.vote_rules import UNANIMOUS

#: How many ended games (finished or cancelled) the list keeps, the latest first, and
#: for how long after their end: long enough to look back at a game, and not so long that
#: the home page fills with the past (a player's profile lists all his games).
RECENTLY_ENDED = 5
ENDED_SHOWN_FOR = timedelta(days=14)

#: The votes that stay open until every survivor has voted (a concession is decided by
#: its one vote, and is never open), in the game page's order.
OPEN_KINDS: tuple[str, ...] = tuple(k for k in Vote.Kind.values if k in UNANIMOUS)

#: The ended games' statuses.
ENDED = (Game.Status.FINISHED, Game.Status.CANCELLED)


class Need(StrEnum):
    """What the game asks of the player now. The values are the API's."""

    #: Orders to give, none saved yet.
    ORDERS = "orders"
    #: Orders saved, not marked ready: the phase waits for the deadline.
    NOT_READY = "not_ready"
    #: Orders saved and marked ready.
    READY = "ready"
    #: No orders due from this seat in this phase (another's draft pick, no builds).
    NOTHING = "nothing"
    #: The game is forming: it waits for players.
    FORMING = "forming"
    #: The player's power was eliminated; the game goes on without it.
    ELIMINATED = "eliminated"
    #: The game is over: finished, or cancelled by its players.
    FINISHED = "finished"

    @property
    def is_action(self) -> bool:
        """Does the player have something to do: give orders or mark them ready?"""
        return self in (Need.ORDERS, Need.NOT_READY)

    @property
    def words(self) -> str:
        """What is needed, in the reader's language."""
        return str(NEED_WORDS[self])


NEED_WORDS: dict[Need, Promise] = {
    Need.ORDERS: _("Your orders are needed"),
    Need.NOT_READY: _("Orders saved, not marked ready"),
    Need.READY: _("Ready"),
    Need.NOTHING: _("Nothing to do this phase"),
    Need.FORMING: _("Waiting for players"),
    Need.ELIMINATED: _("Eliminated"),
    Need.FINISHED: _("Finished"),
}


@dataclass(frozen=True)
class VoteOpen:
    """A vote of ``kind`` proposed in the open phase and not yet decided, as the player may
    know it: that it is open, and whether he has voted on it (for or against). Never who
    else voted, nor how, nor how many."""

    kind: str
    voted: bool

    @property
    def words(self) -> str:
        """What is open and whether he voted, in the reader's language."""
        return str(VOTE_WORDS[self.kind][self.voted])


VOTE_WORDS: dict[str, tuple[Promise, Promise]] = {
    # (not voted, voted)
    Vote.Kind.DRAW: (
        _("Draw proposed: your vote is needed"),
        _("Draw proposed: you have voted"),
    ),
    Vote.Kind.CANCEL: (
        _("Cancelling the game proposed: your vote is needed"),
        _("Cancelling the game proposed: you have voted"),
    ),
    Vote.Kind.PAUSE: (
        _("Pause proposed: your vote is needed"),
        _("Pause proposed: you have voted"),
    ),
    Vote.Kind.RESUME: (
        _("Resuming the game proposed: your vote is needed"),
        _("Resuming the game proposed: you have voted"),
    ),
}


class Result(StrEnum):
    """How an ended game ended. The values are the API's."""

    #: One power won alone (a solo victory).
    SOLO = "solo"
    #: The survivors agreed a draw.
    DRAW = "draw"
    #: Several won together (a variant whose seats share a victory).
    SHARED = "shared"
    #: A duel's boards, decided by its rules.
    DUEL = "duel"
    #: One player of two gave up; the other won.
    CONCEDED = "conceded"
    #: The players agreed to cancel it: no result at all.
    CANCELLED = "cancelled"
    #: Stopped by time, no draw agreed: ranked by centers.
    TIME = "time"
    #: Ended otherwise, with no winner named.
    ENDED = "ended"


_RESULTS: dict[str, Result] = {
    Game.Outcome.SOLO: Result.SOLO,
    Game.Outcome.DRAW: Result.DRAW,
    Game.Outcome.SHARED: Result.SHARED,
    Game.Outcome.DUEL: Result.DUEL,
    Game.Outcome.TIME: Result.TIME,
}


@dataclass(frozen=True)
class Opponent:
    """Who a duel board is played against, as the viewer may see them."""

    power: str
    power_name: str
    #: The player's name; "" in an anonymous game.
    player: str


@dataclass(frozen=True)
class Duel:
    """A linked board (a twin-board duel) and who it is played against."""

    #: The board's label in its duel ("A", "B").
    board: str
    opponents: tuple[Opponent, ...]


@dataclass(frozen=True)
class MyGame:
    """One of the player's games, as the list shows it."""

    game_id: int
    name: str
    variant: str
    variant_name: str
    status: str
    #: The player's seat's power, then any other power whose orders it gives now (a
    #: seat's nations, where seats are no powers).
    powers: tuple[str, ...]
    power_names: tuple[str, ...]
    phase: str | None
    phase_name: str | None
    need: Need
    #: The open phase's deadline; None while there is none (forming, paused, a linked
    #: board waiting for the other, the game over).
    deadline: datetime | None
    paused: bool
    unread_press: int
    #: A forming game: seats taken and seats in all.
    players: int | None
    seats: int | None
    #: A linked board (a twin-board duel): its label and the opponent.
    duel: Duel | None
    #: The event it is played for (a tournament), where an app names one.
    occasion: Occasion | None
    outcome: str
    winner: str
    finished_at: datetime | None
    #: The votes proposed in the open phase and not yet decided (none for an eliminated
    #: power, which has no say).
    votes_open: tuple[VoteOpen, ...] = ()
    #: How the game ended; None while it has not.
    result: Result | None = None
    #: The power that conceded, where one did.
    conceded_by: str = ""
    #: A duel decided without play (a walkover or a forfeit): awarded, not won.
    awarded: bool = False
    #: An ended game with an adjudicated phase: its history may be replayed.
    replayable: bool = False

    @property
    def action(self) -> bool:
        """Does the game wait for the player: his orders, his ready mark, or his vote on a
        proposal he has not voted on?"""
        return self.need.is_action or any(not v.voted for v in self.votes_open)

    @property
    def result_words(self) -> str:
        """How the game ended, for this player, in the reader's language: "You won",
        "Solo victory: England", "Draw", "You conceded: Blue won", "Cancelled: no
        result"; "" while it runs."""
        if self.result is None:
            return ""
        mine = set(self.powers[:1])
        winners = [w for w in self.winner.split(",") if w]
        named = ", ".join(wording.power_name(w) for w in winners)
        won = bool(mine & set(winners))
        if self.result is Result.CANCELLED:
            return gettext("Cancelled: no result")
        if self.result is Result.DRAW:
            if winners:
                # A draw that did not include every survivor names those in it.
                return gettext("Draw: %(powers)s") % {"powers": named}
            return gettext("Draw")
        if self.result is Result.TIME:
            return gettext("Ended by time, ranked by centers")
        if self.result is Result.CONCEDED:
            if self.conceded_by in mine:
                return gettext("You conceded: %(winner)s won") % {"winner": named}
            who = wording.power_name(self.conceded_by)
            if won:
                return gettext("%(power)s conceded: you won") % {"power": who}
            return gettext("%(power)s conceded: %(winner)s won") % {"power": who, "winner": named}
        if self.result is Result.SHARED:
            if won:
                return gettext("Shared victory, yours with others: %(winners)s") % {
                    "winners": named
                }
            return gettext("Shared victory: %(winners)s") % {"winners": named}
        if self.result is Result.SOLO:
            if won:
                return gettext("You won: a solo victory")
            return gettext("Solo victory: %(winner)s") % {"winner": named}
        if self.result is Result.DUEL:
            # The loser reads that he lost and to whom (his opponent's name where he may
            # see it), not which colour "won", played out or awarded alike.
            opponents = self.duel.opponents if self.duel else ()
            to = next((o.player for o in opponents if o.power in winners and o.player), named)
            if self.awarded:
                if won:
                    return gettext("The duel was awarded to you")
                return gettext("You lost the duel: it was awarded to %(winner)s") % {"winner": to}
            if won:
                return gettext("You won the duel")
            return gettext("You lost the duel to %(winner)s") % {"winner": to}
        return str(RESULT_ENDED)


RESULT_ENDED = _("Ended")


def my_games(*, user: AbstractBaseUser) -> list[MyGame]:
    """Every game ``user`` holds a seat in that is forming or running, and the few that
    ended last (finished or cancelled, in the last two weeks): games needing his orders,
    his ready mark or his vote first, then by deadline, soonest first, then those without
    a deadline (running, then forming), then the ended ones, the latest first. A game he
    only watches, sits for or moderates is not his."""
    if not user.is_authenticated:
        return []
    playing = list(
        Seat.objects.filter(user=user, game__status__in=(Game.Status.FORMING, Game.Status.ACTIVE))
        .select_related("game")
        .order_by("-game__created_at", "-game_id")
    )
    # The notes of an ended game's last phase say whether it was conceded (the outcome
    # says only who won), and a phase with results that there is a history to replay
    # (a game cancelled in its first phase has none): read with the seats, not by
    # queries of their own.
    line = GamePhase.objects.filter(game_id=OuterRef("game_id")).exclude(
        status=GamePhase.Status.SUPERSEDED
    )
    ended = list(
        Seat.objects.filter(
            user=user,
            game__status__in=ENDED,
            game__finished_at__gte=timezone.now() - ENDED_SHOWN_FOR,
        )
        .select_related("game")
        .annotate(
            last_notes=Subquery(
                line.order_by("-index").values("notes")[:1], output_field=JSONField()
            ),
            replayable=Exists(line.filter(results__isnull=False)),
        )
        .order_by("-game__finished_at", "-game_id")[:RECENTLY_ENDED]
    )
    seats = playing + ended
    if not seats:
        return []
    games = [s.game for s in seats]
    running = [s for s in playing if s.game.status == Game.Status.ACTIVE]
    phases = _open_phases(user, (s.game_id for s in running))
    own_sets = _own_order_sets(phases.values(), running)
    unread = _unread_press(user, seats)
    opponents = _opponents(user, [g for g in games if g.link_id is not None])
    fill = _fill([g.pk for g in games if g.status == Game.Status.FORMING])
    occasions = occasions_of(games=games, viewer=user)
    rows = [
        _row(
            seat,
            phases.get(seat.game_id),
            own_sets,
            unread.get(seat.game_id, 0),
            opponents.get(seat.game_id, ()),
            fill.get(seat.game_id),
            occasions.get(seat.game_id),
        )
        for seat in seats
    ]
    return sorted(rows, key=_order)


def _order(row: MyGame) -> tuple[object, ...]:
    """Action first; then the soonest deadline; then running, forming and ended games
    without one (the latest ended first)."""
    rank = {
        Game.Status.ACTIVE: 0,
        Game.Status.FORMING: 1,
        Game.Status.FINISHED: 2,
        Game.Status.CANCELLED: 2,
    }
    finished = -row.finished_at.timestamp() if row.finished_at else 0.0
    return (
        not row.action,
        row.deadline is None,
        row.deadline.timestamp() if row.deadline else 0.0,
        rank.get(Game.Status(row.status), 3),
        finished,
    )


def _open_phases(user: AbstractBaseUser, game_ids: Iterable[int]) -> dict[int, GamePhase]:
    """The open phase of each game (the latest, should there be two), with how many times
    its code has come in the line of play (a draft's pick n), and for each kind of vote
    that stays open whether it is proposed (``proposed_<kind>``: someone voted for it,
    never who) and whether ``user``'s own seat voted on it (``voted_<kind>``), by game
    id."""
    ids = list(game_ids)
    if not ids:
        return {}
    seen = (
        GamePhase.objects.filter(
            game_id=OuterRef("game_id"), code=OuterRef("code"), index__lte=OuterRef("index")
        )
        .exclude(status=GamePhase.Status.SUPERSEDED)
        .values("game_id")
        .annotate(n=Count("pk"))
        .values("n")
    )
    # Asked in the phases' own query, one EXISTS each, so that votes cost no query of
    # their own. A vote is good for its open phase alone; once decided it ends the game
    # or is spent (games.vote_rules), so a yes in an open phase is a proposal still open.
    votes: dict[str, Exists] = {}
    for kind in OPEN_KINDS:
        of_kind = Vote.objects.filter(phase_id=OuterRef("pk"), kind=kind)
        votes[f"proposed_{kind}"] = Exists(of_kind.filter(accept=True))
        votes[f"voted_{kind}"] = Exists(of_kind.filter(seat__user=user))
    phases = (
        GamePhase.objects.filter(game_id__in=ids, status=GamePhase.Status.OPEN)
        .defer("results", "position_after", "adjudicated_orders", "last_failure", "notes")
        .annotate(
            occurrence=Coalesce(Subquery(seen, output_field=IntegerField()), Value(1)), **votes
        )
        .order_by("game_id", "index")
    )
    return {p.game_id: p for p in phases}


def _own_order_sets(
    phases: Iterable[GamePhase], seats: Sequence[Seat]
) -> dict[tuple[int, str], OrderSet]:
    """The order sets the player's own seats gave in ``phases``, by (phase id, power):
    never another seat's."""
    phase_ids = [p.pk for p in phases]
    if not phase_ids:
        return {}
    sets = OrderSet.objects.filter(phase_id__in=phase_ids, seat__in=[s.pk for s in seats]).only(
        "phase_id", "power", "orders", "ready"
    )
    return {(o.phase_id, o.power): o for o in sets}


def _unread_press(user: AbstractBaseUser, seats: Sequence[Seat]) -> dict[int, int]:
    """Messages the player may read and has not, per game: to everyone, or in a
    conversation of his power, sent by another power after his read mark (as the game
    page's press panel counts them, games.services.press)."""
    power = {s.game_id: s.power for s in seats}
    mark = PressRead.objects.filter(
        game_id=OuterRef("game_id"), user=user, conversation=OuterRef("conversation")
    ).values("last_read")
    rows = (
        PressMessage.objects.filter(game_id__in=list(power))
        .annotate(read=Coalesce(Subquery(mark), Value(0)))
        .filter(pk__gt=F("read"))
        .values("game_id", "conversation", "sender")
        .annotate(n=Count("pk"))
        .order_by()
    )
    unread: dict[int, int] = {}
    for row in rows:
        me = power[row["game_id"]]
        conversation = row["conversation"]
        readable = conversation == PressMessage.ALL or me in conversation.split("+")
        if readable and row["sender"] != me:
            unread[row["game_id"]] = unread.get(row["game_id"], 0) + row["n"]
    return unread


def _opponents(user: AbstractBaseUser, games: Sequence[Game]) -> dict[int, tuple[Opponent, ...]]:
    """The other players of each linked board (a duel's opponent), named as the viewer
    may see them (nobody in an anonymous game)."""
    if not games:
        return {}
    by_id = {g.pk: g for g in games}
    others = (
        Seat.objects.filter(game_id__in=list(by_id))
        .exclude(user=user)
        .select_related("user")
        .order_by("game_id", "power")
    )
    out: dict[int, list[Opponent]] = {}
    for seat in others:
        seat.game = by_id[seat.game_id]  # the game is known: no query for player_label
        out.setdefault(seat.game_id, []).append(
            Opponent(
                power=seat.power,
                power_name=seat.pseudonym or wording.power_name(seat.power),
                player=visibility.player_label(seat=seat, viewer=user),
            )
        )
    return {game_id: tuple(found) for game_id, found in out.items()}


def _fill(game_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
    """Seats taken and seats in all, of each forming game."""
    if not game_ids:
        return {}
    rows = (
        Seat.objects.filter(game_id__in=game_ids)
        .values("game_id")
        .annotate(taken=Count("pk", filter=Q(user__isnull=False)), total=Count("pk"))
        .order_by()
    )
    return {r["game_id"]: (r["taken"], r["total"]) for r in rows}


def _row(
    seat: Seat,
    phase: GamePhase | None,
    own_sets: dict[tuple[int, str], OrderSet],
    unread: int,
    opponents: tuple[Opponent, ...],
    fill: tuple[int, int] | None,
    occasion: Occasion | None,
) -> MyGame:
    game = seat.game
    variant = find_variant(game.variant)
    powers: list[str] = [seat.power]
    need = Need.NOTHING
    votes: tuple[VoteOpen, ...] = ()
    result, conceded_by, awarded = _result(game, getattr(seat, "last_notes", None))
    if game.status in ENDED:
        need = Need.FINISHED
    elif game.status == Game.Status.FORMING:
        need = Need.FORMING
    elif seat.eliminated:
        need = Need.ELIMINATED
    elif phase is not None and (position := _readable(phase)) is not None:
        gives = seat_powers(position, variant, seat)
        powers += [p for p in gives if p != seat.power]
        due = [p for p in gives if p in powers_to_order(position, variant)]
        need = _need([own_sets.get((phase.pk, p)) for p in due])
        votes = tuple(
            VoteOpen(kind=kind, voted=bool(getattr(phase, f"voted_{kind}", False)))
            for kind in OPEN_KINDS
            if getattr(phase, f"proposed_{kind}", False)
        )
    names = [seat.pseudonym or wording.power_name(seat.power)]
    names += [wording.power_name(p) for p in powers[1:]]
    if game.powers_undealt:
        # The seat's power is a placeholder until the draw: only a chosen name is shown.
        powers = []
        names = [seat.pseudonym] if seat.pseudonym else []
    shown = phase if game.status == Game.Status.ACTIVE else None
    return MyGame(
        game_id=game.pk,
        name=game.name,
        variant=game.variant,
        variant_name=str(variant.name),
        status=game.status,
        powers=tuple(powers),
        power_names=tuple(names),
        phase=shown.code if shown else None,
        phase_name=wording.phase_name(shown.code, getattr(shown, "occurrence", 1))
        if shown
        else None,
        need=need,
        deadline=shown.deadline if shown and not game.is_paused else None,
        paused=game.is_paused,
        unread_press=unread,
        players=fill[0] if fill else None,
        seats=fill[1] if fill else None,
        duel=Duel(board=game.link_label, opponents=opponents) if game.link_id else None,
        occasion=occasion,
        outcome=game.outcome,
        winner=game.winner,
        finished_at=game.finished_at,
        votes_open=votes,
        result=result,
        conceded_by=conceded_by,
        awarded=awarded,
        replayable=bool(getattr(seat, "replayable", False)),
    )


def _result(game: Game, last_notes: object) -> tuple[Result | None, str, bool]:
    """How ``game`` ended, who conceded where one did, and whether it was awarded without
    play (a walkover, a forfeit: games.services.links.link_award); its last phase's notes
    say so. (None, "", False) while it has not ended."""
    if game.status == Game.Status.CANCELLED:
        return Result.CANCELLED, "", False
    if game.status != Game.Status.FINISHED:
        return None, "", False
    notes = [n for n in (last_notes if isinstance(last_notes, list) else []) if isinstance(n, dict)]
    for note in notes:
        if note.get("kind") == "conceded":
            return Result.CONCEDED, str(note.get("power") or ""), False
    awarded = any(note.get("kind") == "awarded" for note in notes)
    return _RESULTS.get(game.outcome, Result.ENDED), "", awarded


def _need(due: list[OrderSet | None]) -> Need:
    """What the seat owes for the powers whose orders are due from it: nothing if none
    are; orders while one has none saved; the ready mark while one is not ready."""
    if not due:
        return Need.NOTHING
    if any(o is None or (not o.orders and not o.ready) for o in due):
        return Need.ORDERS
    if any(not o.ready for o in due if o is not None):
        return Need.NOT_READY
    return Need.READY


def my_games_watched(*, user: AbstractBaseUser) -> tuple[list[int], str]:
    """What the home page's socket watches for ``user``: the ids of the forming and
    running games he holds a seat in (their groups carry each new version), and a
    fingerprint of all his list shows that may change (every such game's status and
    version, the last message he may read in each, his read marks), for the socket's own
    check now and then. Three queries. The fingerprint moves only with what he may see:
    never with press between other powers."""
    seats = list(
        Seat.objects.filter(
            user=user, game__status__in=(Game.Status.FORMING, Game.Status.ACTIVE)
        ).values_list("game_id", "power", "eliminated", "game__status", "game__version")
    )
    ids = [s[0] for s in seats]
    power = {s[0]: s[1] for s in seats}
    press = (
        PressMessage.objects.filter(game_id__in=ids)
        .values("game_id", "conversation")
        .annotate(last=Max("pk"))
        .order_by()
    )
    last = sorted(
        (p["game_id"], p["last"])
        for p in press
        if p["conversation"] == PressMessage.ALL
        or power[p["game_id"]] in p["conversation"].split("+")
    )
    read = list(
        PressRead.objects.filter(user=user, game_id__in=ids)
        .order_by("game_id", "conversation")
        .values_list("game_id", "last_read")
    )
    seen = repr((sorted(seats), last, read)).encode()
    return ids, hashlib.sha256(seen).hexdigest()


def _readable(phase: GamePhase) -> Position | None:
    """The phase's position, or None where it cannot be read: the game waits for its
    moderators (who are told), and asks nothing of the player meanwhile."""
    try:
        return phase_position(phase)
    except BoardUnreadable:
        return None
