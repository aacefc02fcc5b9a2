"""A stored phase as the adjudicator sees it, and the adjudicator's answers as a phase
stores them: the position going in (with the game master's answers), who has orders to
give, each phase's seed, and the results in their stored shape."""

from __future__ import annotations

import contextlib
import copy
import hashlib
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import Max, Q
from django.utils.translation import gettext as _

from adjudicator import ParseError, Position, PositionError
from adjudicator.io import position_from_json
from adjudicator.maps import GameMap
from adjudicator.variants import Variant
from adjudicator.wording import explain
from core.errors import ApplicationError
from core.queue import task_send
from games.models import Game, GamePhase, Seat
from variants.registry import site_side

log = logging.getLogger(__name__)

#: The task that gives an open phase whose position cannot be read up to the moderators
#: (games/tasks.py), queued by name.
REPORT_UNREADABLE = "games.tasks.phase_unreadable"


class BoardUnreadable(ApplicationError):
    """A stored position the adjudicator's reader refuses (left by an old bug, or edited
    by hand in the admin): the game's board cannot be shown, nor orders read against it.

    Its ``message`` is for everyone; what is wrong (``problem``, at ``path``) is for the
    game's moderators alone: the value quoted may be a power's secret (its owned extras).
    The API answers it with 409, the pages with a page that says so.
    """

    code = "board_unreadable"

    def __init__(self, phase: GamePhase, error: PositionError) -> None:
        if phase.status == GamePhase.Status.OPEN:
            message = _(
                "This game's board cannot be shown: its stored position cannot be read. "
                "Its moderators have been told, and the game waits for them."
            )
        else:
            message = _(
                "The board of this phase cannot be shown: its stored position cannot be "
                "read. A moderator can repair it with a ruling."
            )
        super().__init__(message)
        self.game_id = phase.game_id
        self.phase_id = phase.pk
        self.phase_index = phase.index
        self.phase_code = phase.code
        self.problem = error.message
        self.path = error.path


#: Open phases found unreadable and reported by this process: reported once, not on every
#: request until the report is done.
_reported: set[int] = set()


def _report(phase: GamePhase) -> None:
    """Have an open phase whose position cannot be read given up to the moderators (they
    are told), once: by a task of its own, since the reader may be inside a transaction
    that the refusal rolls back."""
    if phase.status != GamePhase.Status.OPEN or phase.stuck_since is not None:
        return
    if phase.pk in _reported:
        return
    _reported.add(phase.pk)
    log.error("game %s phase %s: its stored position cannot be read", phase.game_id, phase.code)
    task_send(REPORT_UNREADABLE, phase.game_id, phase.pk)


def read_stored(phase: GamePhase, stored: Any) -> Position:
    """``stored`` (a position of ``phase``) read by the adjudicator's reader.

    Raises:
        BoardUnreadable: if the reader refuses it (an open phase is then reported).
    """
    try:
        position, _orders = position_from_json(stored)
    except PositionError as e:
        _report(phase)
        raise BoardUnreadable(phase, e) from None
    return position


#: Positions read from stored phases, by phase, with the stored form each was read from.
_read: dict[int, tuple[Any, Position]] = {}
#: At most so many are kept (the open phases of the games being played, and then some).
READ_POSITIONS_KEPT = 256


def phase_position(phase: GamePhase) -> Position:
    """The adjudicator's position for a stored phase.

    Kept once read, for as long as the phase stores the same position: every order saved,
    checked or shown reads its phase's position, and reading one is ~40 µs of CPU where
    telling the stored form unchanged is under 1 µs (a position is immutable, so one may
    serve every request). The stored form is compared whole, so a position changed while
    the phase is open (a game master's answer) is read anew.

    Raises:
        BoardUnreadable: if the stored position cannot be read (an open phase is then
            given up to its moderators, who are told).
    """
    stored = phase.position
    known = _read.get(phase.pk) if phase.pk is not None else None
    if known is not None and known[0] == stored:
        return known[1]
    position = read_stored(phase, stored)
    if phase.pk is not None:
        if len(_read) >= READ_POSITIONS_KEPT:
            with contextlib.suppress(StopIteration, KeyError, RuntimeError):
                del _read[next(iter(_read))]  # the longest kept (threads may race: harmless)
        # A copy: the phase's own may be changed in place after this.
        _read[phase.pk] = (copy.deepcopy(stored), position)
    return position


def board_now(game: Game) -> Position | None:
    """Where ``game`` stands now: the position coming out of its last adjudicated phase
    (a finished game's final board), else the position of its open phase; None before
    its first phase.

    Raises:
        BoardUnreadable: if that position cannot be read.
    """
    return boards_now([game]).get(game.pk)


def boards_now(games: Iterable[Game]) -> dict[int, Position]:
    """:func:`board_now` of each of ``games`` (by id; those with no phase left out), in
    two queries however many games: a page showing many boards reads them at once.

    Raises:
        BoardUnreadable: if one of those positions cannot be read.
    """
    ids = [g.pk for g in games]
    if not ids:
        return {}
    played = ~Q(status=GamePhase.Status.SUPERSEDED)
    last = (
        GamePhase.objects.filter(played, game_id__in=ids)
        .values("game_id")
        .annotate(last=Max("index"))
        .values_list("game_id", "last")
    )
    wanted = Q()
    for game_id, index in last:
        wanted |= Q(game_id=game_id, index=index)
    out: dict[int, Position] = {}
    if not wanted:
        return out
    for phase in GamePhase.objects.filter(played).filter(wanted):
        stored = phase.position_after if phase.is_resolved and phase.position_after else None
        out[phase.game_id] = read_stored(phase, stored or phase.position)
    return out


def powers_to_order(position: Position, variant: Variant) -> set[str]:
    """Powers that have orders to give in this position (the variant decides: in a
    draft, only the colour whose pick it is)."""
    return set(variant.orders_due(position))


def powers_welcome(position: Position, variant: Variant) -> set[str]:
    """Seats that may give orders in this position without owing any (seats that are no
    great powers, ``Variant.orders_welcome``): offered the order box, waited for by an
    early end, never missed."""
    return set(variant.orders_welcome(position))


def powers_awaited(position: Position, variant: Variant) -> set[str]:
    """Powers whose missing orders hold the phase up under the game's missed-orders
    policy, and count as a miss (``Variant.orders_awaited``: where seats trade as well as
    command, the commands)."""
    return set(variant.orders_awaited(position))


def with_absent(position: Position, variant: Variant, seats: Mapping[str, Seat]) -> Position:
    """The position with the seats nobody plays (civil disorder) under ``"absent"`` in its
    extras, for a variant that reads who has left from its host
    (``SiteVariant.reads_absent``: see the variant's docs); any other variant's position as
    it is."""
    if not site_side(variant.id).reads_absent:
        return position
    absent = sorted(p for p, s in seats.items() if s.civil_disorder)
    return position.with_changes(extras={**position.extras, "absent": absent})


def givers(position: Position, variant: Variant, seats: Mapping[str, Seat]) -> dict[str, Seat]:
    """For each power with orders to give in ``position``, the seat that gives them (the
    variant's :meth:`~adjudicator.variants.Variant.orders_given_by`; in most variants each
    power's own). ``seats``: the game's seats by their power. A power nobody gives is
    left out (a nation whose controlling seat is in civil disorder)."""
    out: dict[str, Seat] = {}
    for seat_power, powers in variant.orders_given_by(position).items():
        seat = seats.get(seat_power)
        if seat is not None:
            for power in powers:
                out[power] = seat
    return out


def seat_powers(position: Position, variant: Variant, seat: Seat) -> list[str]:
    """The powers whose orders ``seat`` gives now, its own first: the variant says which
    (:meth:`~adjudicator.variants.Variant.orders_given_by`); a seat with none named gives
    its own power's, unless another seat gives them (a vassal's lord)."""
    given = variant.orders_given_by(position)
    mine = set(given.get(seat.power, frozenset()))
    taken = {p for other, powers in given.items() if other != seat.power for p in powers}
    if seat.power not in taken:
        mine.add(seat.power)
    return sorted(mine, key=lambda p: (p != seat.power, p))


def game_end(
    variant: Variant, position: Position, *, last_year: int | None = None
) -> tuple[str, str] | None:
    """How a game ends with ``position``, as (outcome, winner) for Game: a solo (one
    winner) or a shared victory (the winners joined by ","); by time once ``position``
    is past the game's ``last_year`` (the year's last phase played: its powers rank by
    centers, no winner); None while it goes on. A solo in the last year is a solo."""
    if variant.finished(position):
        won = variant.winners_of(position)
        if len(won) == 1:
            return Game.Outcome.SOLO, won[0]
        return Game.Outcome.SHARED, ",".join(won)
    if last_year is not None and position.phase.year > last_year:
        return Game.Outcome.TIME, ""
    return None


def phase_seed(game: Game, index: int) -> int:
    """The seed of a game's phase, from the game's own seed: every random event of the
    phase is drawn from it, so a phase can be replayed and audited."""
    digest = hashlib.sha256(f"{game.seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def with_decisions(position: Position, phase: GamePhase) -> Position:
    """The position with the game master's answers for this phase in its extras, under
    ``"decisions"``, where the variant's rules read them."""
    answers = {d.key: d.answer for d in phase.decisions.exclude(answer=None)}
    if not answers:
        return position
    return position.with_changes(extras={**position.extras, "decisions": answers})


def result_rows(results: Any, game_map: GameMap) -> list[dict[str, Any]]:
    """Results as stored with a phase: the order, its outcome, and why (the adjudicator's
    English, with ``game_map``'s names), with the reason's code and parameters (ids) so
    that the words can be given in the reader's language."""
    return [
        {
            "power": r.power,
            "order": str(r.order),
            "result": r.outcome.value,
            **(
                {
                    "reason": explain(r, game_map),
                    "reason_code": r.reason.value,
                    "params": dict(r.params),
                }
                if r.reason
                else {}
            ),
        }
        for r in results
    ]


def whole_answer_problem(
    position: Position, variant: Variant, power: str, orders: list[str]
) -> tuple[Any, Mapping[str, Any]] | None:
    """What keeps ``power``'s orders from being a whole answer (a list of a set-up that is
    short, a center with no unit placed), as the variant's reason and its parameters; None
    when nothing does, or when the power has no orders to give. Orders that cannot be read
    are left out (they were refused when saved)."""
    if power not in variant.orders_due(position):
        return None
    parsed = []
    for text in orders:
        try:
            parsed.append(variant.read_order(text, position=position, power=power))
        except ParseError:
            continue
    return variant.order_set_problem(position, power, parsed)
