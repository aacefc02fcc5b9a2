"""Missed orders: the game's policy applied at the deadline (immediate defaults, a grace
period, or a search for a replacement player)."""

from __future__ import annotations

from typing import Any

from adjudicator import Position
from adjudicator.variants import Variant
from games.deadlines import extend
from games.game_deadlines import deadline_rule
from games.models import Game, GamePhase, PhaseDuty, Seat
from games.positions import givers, phase_position, powers_awaited
from games.services.kernel import phase_note, seat_exclude, tell_missed


def missing_powers(
    phase: GamePhase, position: Position, variant: Variant, seats: dict[str, Seat]
) -> list[str]:
    """The seats (by their power) that give orders the phase waits for, saved none for it
    and did not say ready: in most variants, the powers themselves; where seats are no
    powers, a seat that gave no orders for a nation it controls (its trades never hold a
    turn up: the variant's ``orders_awaited``)."""
    sets = {o.power: o for o in phase.order_sets.all()}
    giver = givers(position, variant, seats)
    out: set[str] = set()
    for power in sorted(powers_awaited(position, variant)):
        seat = giver.get(power)
        given = sets.get(power)
        if seat is None or seat.civil_disorder or (given and (given.orders or given.ready)):
            continue
        out.add(seat.power)
    return sorted(out)


def nmr_policy_apply(game: Game, phase: GamePhase, variant: Variant, now: Any) -> bool:
    """Apply the game's missed-orders policy at the deadline; True if adjudication waits.
    The same policy for a single game and for each of linked boards (services.links).
    Whoever the policy excuses or searches a replacement for is announced (kernel.tell_missed).

    - Immediate: never waits (the defaults apply).
    - Grace: a seat that missed, with excused misses left, gets the deadline extended once
      by the grace period in this phase.
    - Replacement search: a seat that missed is offered to replacement players until the
      replacement window ends; the player is excluded meanwhile (a moderator may accept
      their late orders, which undoes it). When the window ends unfilled, the power is in
      civil disorder and the defaults apply.
    """
    if game.nmr_policy == Game.NmrPolicy.IMMEDIATE:
        return False
    if phase.deadline is None or phase.deadline > now:
        return False  # everyone is ready: nobody missed
    position = phase_position(phase)
    seats = {s.power: s for s in game.seats.select_for_update()}
    missing = missing_powers(phase, position, variant, seats)
    if game.nmr_policy == Game.NmrPolicy.GRACE:
        excused = [
            p
            for p in missing
            if p not in phase.grace_given and seats[p].excused_misses < game.grace_misses
        ]
        if not excused:
            return False
        for power in excused:
            seats[power].excused_misses += 1
            seats[power].save(update_fields=["excused_misses"])
        phase.grace_given = [*phase.grace_given, *excused]
        phase.deadline = extend(now, game.grace_period, deadline_rule(game, phase.code))
        phase_note(phase, "grace", powers=excused)
        phase.save(update_fields=["grace_given", "deadline", "notes"])
        tell_missed(game, phase, excused, "grace", phase.deadline)
        return True
    # A seat searched for once in this phase (its miss counted then) is not searched again.
    searched = set(PhaseDuty.objects.filter(phase=phase).values_list("seat__power", flat=True))
    searching = [
        p for p in missing if seats[p].seeking_replacement_until is None and p not in searched
    ]
    if searching:
        until = extend(now, game.replacement_window, deadline_rule(game, phase.code))
        for power in searching:
            seat = seats[power]
            PhaseDuty.objects.get_or_create(
                phase=phase, seat=seat, defaults={"user": seat.user, "missed": True}
            )
            seat.missed_phases += 1
            seat.consecutive_misses += 1
            seat.seeking_replacement_until = until
            seat_exclude(seat, civil_disorder=False)
        phase.deadline = until
        phase_note(phase, "replacement_search", powers=searching, until=until.isoformat())
        phase.save(update_fields=["deadline", "notes"])
        tell_missed(game, phase, searching, "search", until)
        return True
    for power in missing:
        seat = seats[power]
        if seat.user_id is None and seat.seeking_replacement_until is not None:
            # Nobody came: the power is in civil disorder from now on.
            seat.civil_disorder = True
            seat.seeking_replacement_until = None
            seat.save(update_fields=["civil_disorder", "seeking_replacement_until"])
    return False
