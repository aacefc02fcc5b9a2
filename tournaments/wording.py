"""A tournament's rounds, matches and results in the reader's words (English, German)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.brackets import Decided
from tournaments.models import Match, Round


def knockout_round_name(number: int, round_count: int) -> str:
    """A knock-out round by how far it is from the final: "Final", "Semi-finals",
    "Quarter-finals", else "Round 2"."""
    left = round_count - number
    if left == 0:
        return str(_("Final"))
    if left == 1:
        return str(_("Semi-finals"))
    if left == 2:
        return str(_("Quarter-finals"))
    return str(_("Round %(number)s") % {"number": number})


def group_name(group: int) -> str:
    """Group 0 is "Group A"."""
    return str(_("Group %(letter)s") % {"letter": chr(ord("A") + group)})


def match_name(match: Match) -> str:
    """A match as board names and records name it."""
    round = match.round
    if round.kind == Round.Kind.GROUPS:
        if match.playoff:
            return str(_("%(group)s, play-off") % {"group": group_name(match.group or 0)})
        return str(
            _("%(group)s, round %(number)s, match %(index)s")
            % {
                "group": group_name(match.group or 0),
                "number": match.bracket_round,
                "index": match.index + 1,
            }
        )
    if match.bracket_round == 0:
        return str(_("Match for third place"))
    count = int((match.tournament.bracket or {}).get("size", 2)).bit_length() - 1
    return str(
        _("%(round)s, match %(index)s")
        % {"round": knockout_round_name(match.bracket_round, count), "index": match.index + 1}
    )


def decided_words(how: str) -> str:
    """How a match was decided."""
    words = {
        Decided.PLAYED.value: _("played"),
        Decided.BYE.value: _("bye"),
        Decided.WALKOVER.value: _("walkover"),
        Decided.FORFEIT.value: _("forfeit"),
    }
    return str(words.get(how, how))
