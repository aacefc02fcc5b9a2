"""Resolving one board's open phase and storing it whole: the position going in, the
orders, the seed, the results and the position coming out, with each seat's duty (misses,
exclusions) and eliminations."""

from __future__ import annotations

from typing import Any

from adjudicator import Position, resolve
from adjudicator.io import position_to_json
from adjudicator.variants import Variant
from games.models import Game, GamePhase, PhaseDuty, Seat
from games.notes import note
from games.positions import (
    givers,
    phase_position,
    powers_awaited,
    result_rows,
    with_absent,
    with_decisions,
)
from games.services.kernel import phase_note, seat_exclude, tell_missed
from games.vote_rules import votes_lapsed
from variants.registry import site_side


def board_resolve(game: Game, phase: GamePhase, variant: Variant, now: Any) -> Position:
    """Resolve one board's open phase and store it whole; returns the next position.

    Records misses (a power with orders to give that saved none and did not say it
    was ready; saved orders not marked ready are no miss), each seat's duty for its
    reliability, exclusions after too many misses in a row, eliminations and a lapsed
    draw proposal. A power in civil disorder gives no orders: what was saved for it
    before is not executed. Opening the next phase (or ending the game) is the caller's.
    """
    seats = {s.power: s for s in game.seats.select_for_update()}
    # Who has left, as the variant reads it (``SiteVariant.reads_absent``); kept with the
    # phase, so that a ruling replays the phase as it was played.
    played = with_absent(phase_position(phase), variant, seats)
    if "absent" in played.extras:
        phase.position = position_to_json(played)
    position = with_decisions(played, phase)
    order_sets = {o.power: o for o in phase.order_sets.select_related("seat")}
    # Orders given by a seat in civil disorder are not executed (whoever's they are).
    orders = {
        power: list(o.orders)
        for power, o in order_sets.items()
        if o.orders and not seats[o.seat.power].civil_disorder
    }
    notes: list[dict[str, Any]] = []
    due = powers_awaited(position, variant)
    giver = givers(position, variant, seats)
    # Each seat's duty: the powers whose orders the phase waits for that it gives (its
    # own in most variants; where seats are no powers, the nations a seat controls, never
    # its trades: ``Variant.orders_awaited``). A power nobody gives (a nation in civil
    # disorder) is no one's miss.
    duties: dict[str, list[str]] = {}
    for power in sorted(due):
        if power in giver:
            duties.setdefault(giver[power].power, []).append(power)
    # A duty already recorded (when a search for a replacement began) was counted then. The
    # game is locked: the duties and the seats' counts are written in one query each.
    recorded = set(phase.duties.values_list("seat_id", flat=True))
    new_duties: list[PhaseDuty] = []
    counted: list[Seat] = []
    for seat_power, powers in sorted(duties.items()):
        seat = seats[seat_power]
        if seat.pk in recorded:
            continue
        unanswered = [
            p
            for p in powers
            if not ((given := order_sets.get(p)) and (given.orders or given.ready))
        ]
        missed = not seat.civil_disorder and bool(unanswered)
        duty = PhaseDuty(phase=phase, seat=seat, user_id=seat.user_id, missed=missed)
        new_duties.append(duty)
        if seat.civil_disorder:
            continue  # nobody plays it
        if missed:
            seat.missed_phases += 1
            seat.consecutive_misses += 1
            if unanswered != [seat_power]:
                notes.append(note("missed", power=seat_power, powers=unanswered))
            else:
                notes.append(note("missed", power=seat_power))
            limit = game.exclude_after
            if limit and seat.consecutive_misses >= limit and seat.user_id is not None:
                # Excluded after too many misses in a row; announced with the results.
                seat_exclude(seat)  # saves the seat, its counts with it
                notes.append(note("excluded", power=seat_power, misses=limit))
                duty.excluded = True
                continue
        else:
            seat.consecutive_misses = 0
        counted.append(seat)
    PhaseDuty.objects.bulk_create(new_duties)
    Seat.objects.bulk_update(counted, ["missed_phases", "consecutive_misses"])
    notes.extend(votes_lapsed(phase))
    resolution = resolve(position, orders, seed=phase.seed, variant=variant)
    phase.adjudicated_orders = orders
    phase.results = result_rows(resolution.results, variant.map)
    # The game master's answers were for this phase alone: not carried on (the resolver's).
    after = resolution.position
    notes.extend(_excluded_by_rules(resolution.results, seats, phase, variant))
    phase.position_after = position_to_json(after)
    phase.status = GamePhase.Status.RESOLVED
    phase.resolved_at = now
    for each in notes:
        phase_note(phase, **each)
    phase.save()
    tell_missed(game, phase, [n["power"] for n in notes if n["kind"] == "missed"], "missed")
    if not after.phase.is_setup:
        alive = after.powers_on_board
        for power, seat in seats.items():
            if power in variant.powers and power not in alive and not seat.eliminated:
                Seat.objects.filter(pk=seat.pk).update(eliminated=True)
    return after


def _excluded_by_rules(
    results: Any, seats: dict[str, Seat], phase: GamePhase, variant: Variant
) -> list[dict[str, Any]]:
    """Seats the variant's rules excluded in this phase: their player leaves the seat (a
    moderator may give it back; it is offered to replacements) and nobody plays it."""
    notes: list[dict[str, Any]] = []
    excluding = site_side(variant.id).excluding_reasons
    for r in results:
        if r.reason is None or r.reason.value not in excluding:
            continue
        seat = seats.get(r.power)
        if seat is None or seat.user_id is None:
            continue
        seat_exclude(seat)
        PhaseDuty.objects.filter(phase=phase, seat=seat).update(excluded=True)
        notes.append(note("excluded", power=r.power, misses=int(r.params.get("turns", 3))))
    return notes
