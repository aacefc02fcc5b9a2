"""The organiser's word to his players: an announcement sent to every entrant (and the
other organisers) on the channels each chose for tournament news (inbox, e-mail,
webhook), kept in the tournament's log and shown on its page."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from tournaments.models import Entry, OrganiserAction, Tournament
from tournaments.services.kernel import action_record, bump, news_announce, organised_locked

#: The longest announcement: it must fit a webhook message (Discord takes 2,000
#: characters) with the tournament's name before it.
ANNOUNCEMENT_MAX = 1500


@transaction.atomic
def tournament_announce(
    *, tournament: Tournament, by: AbstractBaseUser, message: str
) -> OrganiserAction:
    """Send ``message`` to the tournament's entrants (registered or playing: not those who
    withdrew, were replaced or did not check in) and its organisers, once.

    Raises:
        ApplicationError: ``by`` does not organise it, or the message is empty or too long.
    """
    tournament = organised_locked(tournament, by)
    # A browser sends a textarea's line breaks as CRLF: kept as one kind, so the
    # message reads the same in every channel.
    message = (message or "").replace("\r\n", "\n").replace("\r", "\n").strip()
    if not message:
        raise ApplicationError(_("Write the announcement first."))
    if len(message) > ANNOUNCEMENT_MAX:
        raise ApplicationError(
            _("An announcement has at most %(n)s characters; this one has %(m)s.")
            % {"n": ANNOUNCEMENT_MAX, "m": len(message)}
        )
    action = action_record(tournament, by, OrganiserAction.Kind.ANNOUNCE, message=message)
    users = set(
        tournament.entries.filter(
            status__in=(Entry.Status.REGISTERED, Entry.Status.CHECKED_IN)
        ).values_list("user_id", flat=True)
    ) | set(tournament.organisers.values_list("pk", flat=True))
    news_announce(
        tournament,
        key=f"announcement:{action.pk}",
        users=sorted(users),
        what="announcement",
        message=message,
        by=by.get_username(),
    )
    bump(tournament)
    return action
