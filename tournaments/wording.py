"""A tournament's rounds, matches and results in the reader's words (English, German)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.wording import power_name
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
        Decided.CONCEDED.value: _("conceded"),
    }
    return str(words.get(how, how))


def placed_by(decided_by: str) -> str:
    """What put a player below the row above him in a group's table (a tie-break, the
    play-off, the organiser's decision) or in the standings of rounds (the best round), in
    a word or two; "" for wins or nothing."""
    words = {
        "head_to_head": _("head-to-head"),
        "boards_won": _("boards won per duel"),
        "centres": _("centers per duel"),
        "seed": _("seed"),
        "playoff": _("play-off"),
        "organiser": _("organiser's decision"),
        # Rounds of boards: level totals, ordered by the best round (then the next).
        "best_round": _("best round"),
    }
    return str(words.get(decided_by, ""))


#: The scoring systems by the names their authors give them.
SCORING_NAMES = {
    "sum_of_squares": "Sum of Squares",
    "draw_size": "Draw-Size",
    "c_diplo_100": "C-Diplo 100",
    "c_diplo_73": "C-Diplo 73",
    "carnage": "Carnage",
    "tribute": "Tribute",
    "open_tribute": "OpenTribute",
    "dixie": "Dixie",
    "manorcon": "ManorCon",
    "c_diplo_namur": "C-Diplo Namur",
    "world_classic": "World Classic",
    "haight": "Haight",
}


def scoring_reading(system: str) -> str:
    """The reading the site chose for ``system`` where its sources disagree or are silent
    (tournaments.scoring.READINGS), in the reader's words; "" where there was no choice."""
    readings = {
        "draw_size": _("A draw is the powers named in it; with none named, every survivor (DIAS)."),
        "c_diplo_73": _("After a solo every other power keeps its 1 point for playing (EDC 4)."),
        "carnage": _(
            "The eliminated rank below every survivor, later eliminations first; powers "
            "eliminated in the same year share their places."
        ),
        "tribute": _("Tribute is never negative: a leader with 6 centers or fewer takes none."),
        "open_tribute": _("Tied toppers each take tribute / k², kept as a fraction."),
        "dixie": _("A soloist takes first place and 4 a center; the others rank as usual."),
        "manorcon": _(
            "An eliminated power counts the year it fell: 0.1 a year from 1901 to that "
            "year, so 0.4 for 1904."
        ),
        "c_diplo_namur": _(
            "After a solo the other powers score 0, their point for playing too; the "
            "eliminated rank together at 0 centers."
        ),
        "world_classic": _(
            "After a solo the others score 0; an eliminated power scores the years it lived "
            "through (out in 1904: 3); a survivor left out of a draw still scores 30 for "
            "surviving."
        ),
        "haight": _(
            "Tied powers each take the lowest place they span; the eliminated rank below "
            "every survivor, later out first, and count the year they fell (out in 1904: "
            "4); the topper's bonus is for a lone topper, over the next power's centers."
        ),
    }
    time = {
        "draw_size": _(
            "A game ended by time, with no draw agreed, is shared by its survivors (as a "
            "draw that names nobody)."
        ),
        "dixie": _(
            "A game ended by time has no draw: each power takes the place its centers "
            "give it, ties sharing."
        ),
    }
    return " ".join(str(r) for r in (readings.get(system, ""), time.get(system, "")) if r)


def scoring_ties(system: str) -> str:
    """How ``system`` scores powers level on centers, for the rules page: they share the
    points of the places they span, but under Haight each takes the lowest of them."""
    if system == "haight":
        return str(_("Powers that tie each take the points of the lowest place they span."))
    return str(_("Powers that tie share the points of the places they span."))


def board_result(outcome: str, winner: str) -> str:
    """How a tournament board's game ended, in the reader's words: a solo, a draw of every
    survivor or of the powers named, or stopped by time (after its last year, or called
    so); "" while it runs."""
    names = ", ".join(power_name(p) for p in winner.split(",") if p)
    if outcome == "solo":
        return str(_("Solo: %(power)s") % {"power": names})
    if outcome == "draw":
        if names:
            return str(_("Draw: %(powers)s") % {"powers": names})
        return str(_("Draw of every survivor"))
    if outcome == "time":
        return str(_("Ended by time, ranked by centers"))
    return ""
