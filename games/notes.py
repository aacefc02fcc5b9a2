"""Every kind of note a phase's history holds, declared once: its parameters and its words
in the reader's language. A service writes a note through ``games.services.kernel.phase_note``
(or :func:`note`, for notes gathered before the phase takes them), which refuses a kind not
declared here and parameters not its own; a page words it with ``{% note_words %}``
(games/templatetags/notes.py). A variant may word a kind its own way
(variants.site.SiteVariant.note_words: an excluded seat that is no power); no
variant writes a kind of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from variants.notes import MODERATION, PLAY, NoteKind, NoteReading, said
from variants.registry import site_side

__all__ = [
    "KINDS",
    "MODERATION",
    "PLAY",
    "NoteKind",
    "NoteReading",
    "kind_of",
    "note",
    "worded",
]


def _missed(note: Mapping[str, Any], r: NoteReading) -> SafeString:
    return said(_("%(power)s sent no orders: the defaults applied."), power=r.power(note["power"]))


def _conceded(note: Mapping[str, Any], r: NoteReading) -> SafeString:
    return said(
        _("%(power)s conceded: %(winner)s wins."),
        power=r.power(note["power"]),
        winner=r.power(note["winner"]),
    )


def _vote_lapsed(note: Mapping[str, Any], r: NoteReading) -> SafeString | str:
    vote = note.get("vote")
    if vote == "cancel":
        return said(_("The proposal to cancel the game lapsed when the phase ended."))
    if vote == "pause":
        return said(_("The proposal to pause the game lapsed when the phase ended."))
    if vote == "resume":
        return said(_("The proposal to resume the game lapsed when the phase ended."))
    return ""


def _ruling(note: Mapping[str, Any], r: NoteReading) -> SafeString:
    # The reason is the moderator's own, in his words: shown as he wrote it.
    return SafeString(
        said(_("Ruling #%(n)s: this phase was adjudicated anew by a moderator."), n=note["ruling"])
        + " "
        + said(_("Reason: %(reason)s"), reason=note["reason"])
    )


def _excluded(note: Mapping[str, Any], r: NoteReading) -> SafeString | str:
    power = r.power(str(note.get("power", "")))
    if note.get("misses"):
        return said(
            _(
                "The player of %(power)s missed %(n)s phases in a row and is excluded: the "
                "power is in civil disorder until someone takes it over."
            ),
            power=power,
            n=note["misses"],
        )
    if note.get("by") == "left":
        # His account was closed: said as any departure, so that nobody learns who left.
        return said(
            _(
                "The player of %(power)s left the game: the power is in civil disorder "
                "until someone takes it over."
            ),
            power=power,
        )
    if note.get("by") == "moderator":
        return said(
            _(
                "A moderator excluded the player of %(power)s: the power is in civil "
                "disorder until someone takes it over."
            ),
            power=power,
        )
    return ""


def _powers_then(note: Mapping[str, Any], r: NoteReading, sentence: str) -> SafeString:
    """The seats the note is about, then what happened to them."""
    return SafeString(said("%(powers)s: ", powers=r.powers(note["powers"])) + said(sentence))


def _decision_default(note: Mapping[str, Any], r: NoteReading) -> SafeString:
    if note.get("nobody_may_answer"):
        return said(
            _(
                "A question the rules leave to the game master had nobody to answer it (no "
                "moderator of this game who does not play in it): the rules' default "
                "applied at the deadline."
            )
        )
    return said(
        _("A question left to the game master had no answer in time: the rules' default applied.")
    )


def _declared(*kinds: NoteKind) -> dict[str, NoteKind]:
    table: dict[str, NoteKind] = {}
    for kind in kinds:
        if kind.code in table:
            raise ValueError(f"note kind {kind.code!r} is declared twice")
        table[kind.code] = kind
    return table


# Each kind's words call gettext when a page shows them (never at import, which would fix
# one language), under the msgids the templates used before: the catalogue serves as it is.
#: Every kind of note, by its code.
KINDS: dict[str, NoteKind] = _declared(
    # What the players did and decided.
    NoteKind("missed", params=("power",), optional=("powers",), words=_missed, among=PLAY),
    NoteKind(
        "draw_lapsed",
        words=lambda n, r: said(_("The draw proposal lapsed when the phase ended.")),
        among=PLAY,
    ),
    NoteKind(
        "draw_agreed",
        words=lambda n, r: said(_("All survivors agreed to a draw.")),
        among=PLAY,
    ),
    NoteKind("conceded", params=("power", "winner"), words=_conceded, css="vote-note", among=PLAY),
    NoteKind(
        "cancel_agreed",
        words=lambda n, r: said(
            _("All survivors agreed to cancel the game: it ends with no result.")
        ),
        css="vote-note",
        among=PLAY,
    ),
    NoteKind(
        "pause_agreed",
        words=lambda n, r: said(_("All survivors agreed to pause the game.")),
        css="vote-note",
        among=PLAY,
    ),
    NoteKind(
        "resume_agreed",
        words=lambda n, r: said(_("All survivors agreed to resume the game.")),
        css="vote-note",
        among=PLAY,
    ),
    NoteKind("vote_lapsed", params=("vote",), words=_vote_lapsed, among=PLAY),
    # What a duel's other board decided.
    NoteKind(
        "link_decided",
        params=("winner",),
        silent="the phase's heading says the duel was decided on the other board",
    ),
    NoteKind(
        "awarded",
        params=("winner",),
        silent="the game's result says it was awarded (games.selectors.mine)",
    ),
    # What the site and its moderators did.
    NoteKind("ruling", params=("ruling", "reason"), words=_ruling, css="ruling-note"),
    NoteKind(
        "late_accepted",
        params=("power",),
        words=lambda n, r: said(
            _("A moderator accepted late orders for %(power)s."), power=r.power(n["power"])
        ),
    ),
    NoteKind("excluded", params=("power",), optional=("misses", "by"), words=_excluded),
    NoteKind(
        "grace",
        params=("powers",),
        words=lambda n, r: _powers_then(
            n, r, _("no orders at the deadline, so the deadline was extended once (grace).")
        ),
    ),
    NoteKind(
        "replacement_search",
        params=("powers", "until"),
        words=lambda n, r: _powers_then(
            n,
            r,
            _(
                "no orders at the deadline: the seat is offered to replacement players, and "
                "the phase waits for them."
            ),
        ),
    ),
    NoteKind(
        "decision_asked",
        params=("keys", "deadline", "defaults"),
        template="games/notes/decision_asked.html",
    ),
    NoteKind(
        "decision_default",
        params=("key",),
        optional=("nobody_may_answer",),
        words=_decision_default,
    ),
    NoteKind(
        "ended_by_moderator",
        params=("outcome",),
        words=lambda n, r: said(_("A moderator ended the game.")),
    ),
    NoteKind(
        "replaced",
        params=("power",),
        words=lambda n, r: said(_("%(power)s has a new player."), power=r.power(n["power"])),
    ),
    NoteKind(
        "extension",
        params=("power",),
        words=lambda n, r: said(
            _("%(power)s asked for more time: the deadline moved later."),
            power=r.power(n["power"]),
        ),
        css="extension-note",
    ),
    NoteKind(
        "vacation",
        params=("power",),
        words=lambda n, r: said(
            _("The deadline moved: the player of %(power)s is on vacation."),
            power=r.power(n["power"]),
        ),
        css="vacation-note",
    ),
    NoteKind(
        "stuck",
        words=lambda n, r: said(
            _("The adjudication of this phase failed several times: it waits for a moderator.")
        ),
        css="stuck-note",
    ),
    NoteKind(
        "unreadable",
        words=lambda n, r: said(
            _("The stored position of this phase cannot be read: it waits for a moderator.")
        ),
        css="stuck-note",
    ),
    NoteKind(
        "retried",
        words=lambda n, r: said(_("A moderator had the adjudication of this phase tried again.")),
    ),
)


def kind_of(note: object) -> NoteKind | None:
    """The declared kind of a stored note, or None (not a note, or a kind no longer known)."""
    if not isinstance(note, Mapping):
        return None
    return KINDS.get(str(note.get("kind", "")))


def note(kind: str, **params: Any) -> dict[str, Any]:
    """A note of ``kind`` with ``params``, as a phase stores it.

    Raises:
        ValueError: for a kind not declared, or parameters not the kind's.
    """
    declared = KINDS.get(kind)
    if declared is None:
        raise ValueError(f"note kind {kind!r} is not declared in games.notes")
    return declared.checked(params)


def worded(note: Mapping[str, Any], reading: NoteReading) -> SafeString | str:
    """The words of a note of a kind with words, as the variant or else the site words it;
    "" where the page says nothing of this note."""
    kind = kind_of(note)
    if kind is None or kind.words is None:
        return ""
    words = site_side(reading.variant).note_words.get(kind.code, kind.words)
    return words(note, reading)
