"""The draw: registration closes, the players present are seeded (by duel rating, at
random from the tournament's kept seed, or by hand), and the first round starts: the
knock-out's bracket with its byes, or the groups."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from tournaments import brackets
from tournaments.models import Entry, OrganiserAction, Tournament
from tournaments.services.bracket import bracket_keep
from tournaments.services.kernel import action_record, bump, organised_locked
from tournaments.services.ratings import rating_kind, rating_shown
from tournaments.services.rounds import round_open
from tournaments.services.stages import group_stage_start


def drawn_entries(tournament: Tournament) -> list[Entry]:
    """Who is drawn: those checked in (or, with no check-in, everyone entered), in seed
    order by the tournament's seeding."""
    entries = list(tournament.entries.select_related("user"))
    wanted = (
        {Entry.Status.CHECKED_IN}
        if tournament.check_in_required
        else {Entry.Status.CHECKED_IN, Entry.Status.REGISTERED}
    )
    present = [e for e in entries if e.status in wanted]
    kind = rating_kind(tournament)
    for entry in present:
        entry.rating = rating_shown(user=entry.user, kind=kind)
    by_key = {e.key: e for e in present}
    if tournament.seeding == Tournament.Seeding.RANDOM:
        order = brackets.seeded_at_random(by_key, tournament.seed)
    elif tournament.seeding == Tournament.Seeding.HAND:
        order = [
            e.key
            for e in sorted(
                present, key=lambda e: (e.hand_seed is None, e.hand_seed or 0, e.registered_at)
            )
        ]
    else:
        order = brackets.seeded_by_rating({k: float(e.rating or 0) for k, e in by_key.items()})
        # Equal ratings: whoever entered first, rather than the entry's number as text.
        order.sort(key=lambda k: (-(by_key[k].rating or 0), by_key[k].registered_at, int(k)))
    return [by_key[k] for k in order]


@transaction.atomic
def tournament_draw(*, tournament: Tournament, by: AbstractBaseUser) -> Tournament:
    """Close registration, seed the players present and start the first round. Those
    entered who did not check in are marked so.

    Raises:
        ApplicationError: ``by`` does not organise it, the draw is made, or too few
            players are present for the format.
    """
    tournament = organised_locked(tournament, by)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise ApplicationError(_("The draw is made already."))
    entries = drawn_entries(tournament)
    needed = 2
    if tournament.format == Tournament.Format.GROUPS:
        needed = 2 * tournament.group_count
    elif tournament.format == Tournament.Format.ROUNDS:
        needed = 7
    if len(entries) < needed:
        raise ApplicationError(
            _("The draw needs %(needed)s players present; %(present)s are.")
            % {"needed": needed, "present": len(entries)}
        )
    now = timezone.now()
    drawn = {e.pk for e in entries}
    for seed, entry in enumerate(entries, start=1):
        entry.seed = seed
        entry.status = Entry.Status.CHECKED_IN
    Entry.objects.bulk_update(entries, ["seed", "status", "rating"])
    tournament.entries.filter(status=Entry.Status.REGISTERED).exclude(pk__in=drawn).update(
        status=Entry.Status.NO_SHOW
    )
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = now
    tournament.check_in_open = False
    tournament.save(update_fields=["status", "started_at", "check_in_open"])
    action_record(
        tournament,
        by,
        OrganiserAction.Kind.DRAW,
        seeding=tournament.seeding,
        seed=str(tournament.seed) if tournament.seeding == Tournament.Seeding.RANDOM else "",
        players=[e.user.get_username() for e in entries],
    )
    if tournament.format == Tournament.Format.GROUPS:
        group_stage_start(tournament, entries, now)
    elif tournament.format == Tournament.Format.ROUNDS:
        round_open(tournament, by, now)
    else:
        bracket = brackets.knockout(
            [e.key for e in entries], reseed=tournament.reseed, third_place=tournament.third_place
        )
        bracket_keep(tournament, bracket, now)
    bump(tournament)
    return tournament
