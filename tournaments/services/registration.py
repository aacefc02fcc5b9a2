"""Before the draw: create a tournament, enter it or withdraw, the roll call (check-in,
by the players themselves or by the organiser), seeds by hand, more organisers."""

from __future__ import annotations

import math
import random
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.roles import is_bot
from accounts.usernames import closed_name, name_replaced
from core.errors import ApplicationError
from games.models import Game
from games.selectors import reliability_of
from tournaments import groups, scoring, visibility
from tournaments.models import Entry, OrganiserAction, PlayerRating, ResultsIdentity, Tournament
from tournaments.services.kernel import (
    action_record,
    bump,
    combine_refusal,
    last_year_refusal,
    organised_locked,
    tournament_locked,
)
from tournaments.services.ratings import rating_kind, rating_shown

#: What the organiser sets when he creates a tournament (the form's and the API's fields).
SETTINGS = (
    "description",
    "rules_text",
    "private",
    "registration_closes",
    "max_players",
    "min_reliability",
    "min_rating",
    "bots_allowed",
    "check_in_required",
    "seeding",
    "reseed",
    "third_place",
    "group_count",
    "advance_per_group",
    "tie_breaks",
    "movement_deadline",
    "retreat_deadline",
    "adjustment_deadline",
    "setup_deadline",
    "press",
    "nmr_policy",
    "grace_period",
    "rounds_planned",
    "scoring",
    "combine",
    "last_year",
    "best_rounds",
    "sit_out_points",
    "top_board",
    "top_board_multiplier",
)


@transaction.atomic
def tournament_create(
    *, by: AbstractBaseUser, name: str, format: str, **settings: Any
) -> Tournament:
    """A new tournament, open for registration, with ``by`` as its first organiser.

    Raises:
        ApplicationError: ``by`` is not an organiser, or a setting is not valid.
    """
    if not visibility.can_organise(user=by):
        raise ApplicationError(_("Only organisers create tournaments."))
    name = (name or "").strip()
    if not name:
        raise ApplicationError(_("A tournament needs a name."))
    if format not in Tournament.Format.values:
        raise ApplicationError(_("Choose the tournament's format."))
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise ApplicationError(_("Unknown settings: %(names)s") % {"names": ", ".join(unknown)})
    tournament = Tournament(
        name=name[:100],
        format=format,
        created_by=by,
        seed=random.SystemRandom().getrandbits(62),
        **settings,
    )
    settings_check(tournament)
    tournament.save()
    tournament.organisers.add(by)
    return tournament


def settings_check(tournament: Tournament) -> None:
    """Refuse settings that cannot make a tournament.

    Raises:
        ApplicationError: what is wrong, in the organiser's words.
    """
    try:
        ladder = groups.check_ladder(list(tournament.tie_breaks or []))
    except groups.GroupError as e:
        raise ApplicationError(
            _("The tie-break ladder: %(problem)s (one of %(names)s).")
            % {"problem": e, "names": ", ".join(t.value for t in groups.TieBreak)}
        ) from None
    tournament.tie_breaks = [t.value for t in ladder]
    if tournament.format == Tournament.Format.GROUPS:
        if tournament.group_count < 1:
            raise ApplicationError(_("A group stage needs a group at least."))
        if tournament.advance_per_group < 1:
            raise ApplicationError(_("At least one player goes through from each group."))
    if tournament.format == Tournament.Format.ROUNDS:
        if tournament.scoring not in scoring.SYSTEMS:
            raise ApplicationError(
                _("Score the boards by one of: %(names)s.") % {"names": ", ".join(scoring.SYSTEMS)}
            )
        if tournament.combine not in Tournament.Combine.values:
            raise ApplicationError(combine_refusal())
        if tournament.last_year is not None and not 1901 <= tournament.last_year <= 2100:
            raise ApplicationError(last_year_refusal())
        if not 1 <= tournament.rounds_planned <= 20:
            raise ApplicationError(_("A tournament plays between 1 and 20 rounds."))
        if tournament.best_rounds is not None and not (
            1 <= tournament.best_rounds <= tournament.rounds_planned
        ):
            raise ApplicationError(_("The rounds counted are between one and all of them."))
        if tournament.top_board_multiplier is not None and not (
            0 < float(tournament.top_board_multiplier) <= 10
        ):
            raise ApplicationError(_("The top board's multiplier is between 0 and 10."))
        if tournament.sit_out_points is not None and not (
            math.isfinite(tournament.sit_out_points) and 0 <= tournament.sit_out_points <= 10000
        ):
            raise ApplicationError(_("The points for sitting out are between 0 and 10,000."))
    if tournament.max_players is not None and tournament.max_players < 2:
        raise ApplicationError(_("A tournament needs two players at least."))
    if tournament.min_reliability > 100:
        raise ApplicationError(_("Reliability is a share: at most 100%."))


@transaction.atomic
def entry_register(
    *, tournament: Tournament, user: AbstractBaseUser, invite_code: str | None = None
) -> Entry:
    """Enter ``user`` (registration open, the entry gates passed).

    Raises:
        ApplicationError: registration is closed, the tournament is private and no invite
            code came, ``user`` organises it or is entered, ``user`` is a bot and the
            organiser has not allowed bots, it is full, or a gate fails.
    """
    tournament = tournament_locked(tournament)
    now = timezone.now()
    if tournament.status != Tournament.Status.REGISTRATION or (
        tournament.registration_closes is not None and tournament.registration_closes <= now
    ):
        raise ApplicationError(_("Registration for this tournament is closed."))
    if tournament.private and invite_code != tournament.invite_code:
        raise ApplicationError(_("This tournament is private: enter it through its invite link."))
    if visibility.can_manage(user=user, tournament=tournament):
        raise ApplicationError(_("An organiser cannot play in his own tournament."))
    if not tournament.bots_allowed and is_bot(user):
        raise ApplicationError(
            _("This tournament admits no bots: its organiser has not allowed them.")
        )
    existing = tournament.entries.filter(user=user).first()
    if existing is not None and existing.status != Entry.Status.WITHDRAWN:
        raise ApplicationError(_("You are entered already."))
    taken = tournament.entries.exclude(status=Entry.Status.WITHDRAWN).count()
    if tournament.max_players is not None and taken >= tournament.max_players:
        raise ApplicationError(_("This tournament is full."))
    if tournament.min_reliability:
        figure = reliability_of(user=user)
        if figure is not None and figure < tournament.min_reliability:
            raise ApplicationError(
                _("This tournament asks for a reliability of %(needed)s%%; yours is %(yours)s%%.")
                % {"needed": tournament.min_reliability, "yours": figure}
            )
    if tournament.min_rating is not None:
        kind = rating_kind(tournament)
        shown = rating_shown(user=user, kind=kind)
        if shown < tournament.min_rating:
            raise ApplicationError(
                (
                    _("This tournament asks for a rating of %(needed)s; yours is %(yours)s.")
                    if kind == PlayerRating.Kind.MULTIPLAYER
                    else _(
                        "This tournament asks for a duel rating of %(needed)s; yours is %(yours)s."
                    )
                )
                % {"needed": tournament.min_rating, "yours": shown}
            )
    if existing is not None:
        existing.status = Entry.Status.REGISTERED
        existing.checked_in_at = None
        existing.save(update_fields=["status", "checked_in_at"])
        entry = existing
    else:
        entry = Entry.objects.create(tournament=tournament, user=user)
    bump(tournament)
    return entry


def bot_seat_refusal(game: Game, user: AbstractBaseUser) -> str | None:
    """A seat gate (games.seating, registered in TournamentsConfig.ready()): a bot takes a
    seat in one of a tournament's games (a board of a round, a board of a duel), as a
    replacement say, only where the organiser allows bots, as at entry."""
    if not is_bot(user):
        return None
    boards = Q(rounds__boards__game=game)
    if game.link_id is not None:
        boards |= Q(matches__duel_id=game.link_id)
    if Tournament.objects.filter(boards, bots_allowed=False).exists():
        return str(_("This tournament admits no bots: its organiser has not allowed them."))
    return None


@transaction.atomic
def entry_withdraw(*, tournament: Tournament, user: AbstractBaseUser) -> Entry:
    """Leave a tournament before its draw (after it, a player forfeits his match).

    Raises:
        ApplicationError: ``user`` is not entered, or the draw is made.
    """
    tournament = tournament_locked(tournament)
    entry = tournament.entries.filter(user=user).exclude(status=Entry.Status.WITHDRAWN).first()
    if entry is None:
        raise ApplicationError(_("You are not entered in this tournament."))
    if tournament.status != Tournament.Status.REGISTRATION:
        raise ApplicationError(
            _("The draw is made: ask an organiser to record your forfeit instead.")
        )
    entry.status = Entry.Status.WITHDRAWN
    entry.checked_in_at = None
    entry.save(update_fields=["status", "checked_in_at"])
    bump(tournament)
    return entry


@transaction.atomic
def check_in_open(*, tournament: Tournament, by: AbstractBaseUser) -> Tournament:
    """Start the roll call: entrants may now check themselves in.

    Raises:
        ApplicationError: ``by`` does not organise it, or registration is over.
    """
    tournament = organised_locked(tournament, by)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise ApplicationError(_("The draw is made already."))
    if tournament.check_in_open:
        raise ApplicationError(_("The check-in is open already."))
    tournament.check_in_open = True
    tournament.save(update_fields=["check_in_open"])
    action_record(tournament, by, OrganiserAction.Kind.CHECK_IN_OPEN)
    bump(tournament)
    return tournament


@transaction.atomic
def entry_check_in(*, tournament: Tournament, user: AbstractBaseUser) -> Entry:
    """A player says he is here (self check-in, once the organiser opened it).

    Raises:
        ApplicationError: the check-in is not open, or ``user`` is not entered.
    """
    tournament = tournament_locked(tournament)
    if tournament.status != Tournament.Status.REGISTRATION or not tournament.check_in_open:
        raise ApplicationError(_("The check-in is not open."))
    entry = tournament.entries.filter(user=user).exclude(status=Entry.Status.WITHDRAWN).first()
    if entry is None:
        raise ApplicationError(_("You are not entered in this tournament."))
    if entry.status != Entry.Status.CHECKED_IN:
        entry.status = Entry.Status.CHECKED_IN
        entry.checked_in_at = timezone.now()
        entry.save(update_fields=["status", "checked_in_at"])
        bump(tournament)
    return entry


@transaction.atomic
def entry_presence(
    *, tournament: Tournament, by: AbstractBaseUser, entry: Entry, present: bool, reason: str = ""
) -> Entry:
    """The organiser's roll call: check ``entry`` in, or mark it absent (a no-show is
    not drawn).

    Raises:
        ApplicationError: ``by`` does not organise it, the draw is made, or the entry is
            not this tournament's.
    """
    tournament = organised_locked(tournament, by)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise ApplicationError(_("The draw is made already."))
    entry = _entry_of(tournament, entry)
    if entry.status == Entry.Status.WITHDRAWN:
        raise ApplicationError(_("That player has withdrawn."))
    wanted = Entry.Status.CHECKED_IN if present else Entry.Status.NO_SHOW
    if entry.status == wanted:
        # Pressed twice (or a player who checked himself in marked present): nothing
        # changes, so nothing is logged; the log would say he was checked in twice.
        return entry
    entry.status = wanted
    entry.checked_in_at = timezone.now() if present else None
    entry.save(update_fields=["status", "checked_in_at"])
    action_record(
        tournament,
        by,
        OrganiserAction.Kind.CHECK_IN if present else OrganiserAction.Kind.ABSENT,
        reason,
        player=entry.user.get_username(),
    )
    bump(tournament)
    return entry


@transaction.atomic
def hand_seeds_set(
    *, tournament: Tournament, by: AbstractBaseUser, order: list[int]
) -> list[Entry]:
    """Seed by hand: ``order`` is entry ids, seed 1 first; those not named follow.

    Raises:
        ApplicationError: ``by`` does not organise it, the draw is made, or an id is not
            one of its entries.
    """
    tournament = organised_locked(tournament, by)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise ApplicationError(_("The draw is made already."))
    entries = {e.pk: e for e in tournament.entries.all()}
    if len(set(order)) != len(order) or not set(order) <= set(entries):
        raise ApplicationError(_("Seed each entered player once."))
    for entry in entries.values():
        entry.hand_seed = order.index(entry.pk) + 1 if entry.pk in order else None
    Entry.objects.bulk_update(entries.values(), ["hand_seed"])
    action_record(
        tournament,
        by,
        OrganiserAction.Kind.SEED,
        order=[entries[pk].user.get_username() for pk in order],
    )
    bump(tournament)
    return sorted(entries.values(), key=lambda e: (e.hand_seed is None, e.hand_seed or 0, e.pk))


@transaction.atomic
def organiser_add(*, tournament: Tournament, by: AbstractBaseUser, user: AbstractBaseUser) -> None:
    """Share the running of the tournament with another organiser.

    Raises:
        ApplicationError: ``by`` does not organise it, ``user`` lacks the organiser role
            or plays in it.
    """
    tournament = organised_locked(tournament, by)
    if not visibility.can_organise(user=user):
        raise ApplicationError(_("Only a member with the organiser role can organise."))
    if tournament.entries.filter(user=user).exclude(status=Entry.Status.WITHDRAWN).exists():
        raise ApplicationError(_("A player in the tournament cannot organise it."))
    tournament.organisers.add(user)
    action_record(tournament, by, OrganiserAction.Kind.ORGANISER, organiser=user.get_username())
    bump(tournament)


def _entry_of(tournament: Tournament, entry: Entry) -> Entry:
    found = tournament.entries.select_for_update().filter(pk=entry.pk).first()
    if found is None:
        raise ApplicationError(_("That player is not entered in this tournament."))
    return found


def organiser_records_forget(user: AbstractBaseUser) -> None:
    """``user`` closes his account (a closing step): the organisers' records of the
    tournaments he entered or organised, which wrote his name down as text (a draw's
    order, a result's winner, a player marked away), name his closed account instead."""
    old, new = user.get_username(), closed_name(user.pk)
    actions = OrganiserAction.objects.filter(
        Q(tournament__entries__user=user) | Q(actor=user) | Q(tournament__created_by=user)
    ).distinct()
    for action in actions:
        replaced = name_replaced(action.details, old, new)
        if replaced != action.details:
            action.details = replaced
            action.save(update_fields=["details"])


def results_identity_forget(user: AbstractBaseUser) -> None:
    """``user`` closes his account (a closing step): the legal name, country and WDD id he
    gave for results sent to the World Diplomacy Database are erased. Results already sent
    are the WDD's; nothing here can send them again."""
    ResultsIdentity.objects.filter(user=user).delete()


def entries_close(user: AbstractBaseUser) -> None:
    """``user`` closes his account (a closing step, ``accounts.extension_points``): he
    leaves the tournaments whose draw is not made, as by :func:`entry_withdraw`; in those
    running he is away from every round still to be seated (``Entry.away``: not seated,
    told apart from a sit-out) and his entry stays, with the results he had. A knock-out
    match of his still to play is the organisers' to record as a forfeit; his boards in
    play are given up by games, as if he had left them."""
    entries = Entry.objects.filter(user=user).exclude(
        status__in=(Entry.Status.WITHDRAWN, Entry.Status.REPLACED, Entry.Status.NO_SHOW)
    )
    for tournament_id in sorted(set(entries.values_list("tournament_id", flat=True))):
        tournament = tournament_locked(Tournament.objects.get(pk=tournament_id))
        entry = tournament.entries.get(user=user)
        if tournament.status == Tournament.Status.REGISTRATION:
            entry.status = Entry.Status.WITHDRAWN
            entry.checked_in_at = None
            entry.save(update_fields=["status", "checked_in_at"])
        elif tournament.status == Tournament.Status.RUNNING:
            entry.away = True
            entry.save(update_fields=["away"])
        else:
            continue
        bump(tournament)
