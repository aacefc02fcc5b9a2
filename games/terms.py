"""How a game is played, as one value: its variant and rule choices, who may join and how
powers are dealt, deadlines, missed-order policy, press, vacations, reminders and
extensions.

:class:`GameTerms` is what a game is created with (``lobby.game_create``), and what a
linked board copies whole from the board it is linked to (a duel's board B plays by board
A's terms: before, it lost press, the missed-orders policy, the time of day, days off,
vacations and extensions). :meth:`GameTerms.checked` says, in a player's words, what is
wrong with a choice; :meth:`GameTerms.of` reads a game's terms back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import time, timedelta
from typing import Any

from django.utils.translation import gettext as _

from adjudicator import find_variant
from core.errors import ApplicationError
from games.deadlines import DeadlineRule
from games.models import Game
from variants.registry import (
    HELD_BACK,
    SITE_VARIANTS,
    options_checked,
    site_side,
    site_variant,
)

#: The most hours before a deadline a reminder may come (a game's own, or a player's).
REMINDER_HOURS_MAX = 72
#: The kind of linked boards a twin-board duel is (its rule: tournaments.duels).
DUEL = "duel"
#: The longest a deadline (or a grace period, a replacement search) may be.
LONGEST = timedelta(days=14)


@dataclass(frozen=True, kw_only=True)
class GameTerms:
    """Everything a game is played by, apart from its name and its players."""

    variant_id: str = "standard"
    #: The variant's rule choices (checked by the adjudicator's ``check_options``).
    options: Mapping[str, Any] = field(default_factory=dict)
    private: bool = False
    anonymous: bool = False
    assignment: str = Game.Assignment.RANDOM
    start_when_full: bool = True
    movement_deadline: timedelta = timedelta(hours=24)
    retreat_deadline: timedelta = timedelta(hours=12)
    adjustment_deadline: timedelta = timedelta(hours=12)
    #: Each phase that sets the game up: each round of choosing centers or placing
    #: units, each draft pick.
    setup_deadline: timedelta = timedelta(hours=12)
    deadline_time: time | None = None
    time_zone: str = "UTC"
    #: Weekdays with no deadline (0 Monday ... 6 Sunday).
    days_off: tuple[int, ...] = ()
    nmr_policy: str = Game.NmrPolicy.IMMEDIATE
    grace_period: timedelta = timedelta(hours=12)
    grace_misses: int = 2
    replacement_window: timedelta = timedelta(hours=24)
    exclude_after: int | None = None
    min_reliability: int = 0
    press: str = Game.Press.FULL
    vacation_handling: str = Game.VacationHandling.EXTEND
    reminder_hours: int = 6
    decision_window: timedelta = timedelta(hours=24)
    extensions_per_player: int = 1
    extensions_per_game: int = 3
    #: The game ends by time after this year's winter, its powers ranked by centers
    #: (None: it plays on until a solo or a draw).
    last_year: int | None = None
    #: The first board of a twin-board duel (the variant must allow it).
    duel: bool = False

    @classmethod
    def of(cls, game: Game) -> GameTerms:
        """The terms ``game`` is played by."""
        # A board is linked by its link, not by its terms: ``duel`` stays False.
        values = {
            f.name: getattr(game, _FIELD.get(f.name, f.name))
            for f in fields(cls)
            if f.name != "duel"
        }
        values["days_off"] = tuple(values["days_off"])
        return cls(**values)

    def checked(self) -> GameTerms:
        """These terms, with the variant's options as the variant reads them.

        Raises:
            ApplicationError: what is wrong, in a player's words (``extra["field"]`` names
                the option at fault, where one is).
        """
        try:
            variant = find_variant(self.variant_id)
        except ValueError:
            raise ApplicationError(_("Unknown variant.")) from None
        if variant.id in HELD_BACK:
            # The adjudicator knows its rules, but the site has no pages for it yet.
            raise ApplicationError(_("Unknown variant."))
        try:
            fixed = site_variant(variant.id).fixed_terms
        except LookupError:
            fixed = {}  # a variant with no site module (one made up by a test) fixes nothing
        if fixed:
            # What the variant's rules fix (``SiteVariant.fixed_terms``: anonymity,
            # published press, a replacement search) overrides the creator's choice.
            return replace(self, **fixed)._checked(variant)
        return self._checked(variant)

    def _checked(self, variant: Any) -> GameTerms:
        """:meth:`checked`, once the variant's fixed terms are in."""
        options = options_checked(variant, self.options)
        if self.duel and not site_side(variant.id).duel_boards:
            raise ApplicationError(
                _("Only %(variants)s games can be played as twin-board duels.")
                % {"variants": ", ".join(str(v.name) for v in SITE_VARIANTS if v.duel_boards)}
            )
        if self.assignment not in Game.Assignment.values:
            raise ApplicationError(_("Unknown way of dealing the powers."))
        if variant.powers_by_lot and self.assignment == Game.Assignment.CHOSEN:
            raise ApplicationError(
                _("In %(variant)s the powers are drawn by lot: players cannot choose them.")
                % {"variant": variant.name}
            )
        for label, value in (
            (_("movement"), self.movement_deadline),
            (_("retreats"), self.retreat_deadline),
            (_("adjustments"), self.adjustment_deadline),
            (_("set-up"), self.setup_deadline),
        ):
            if value < timedelta(minutes=1) or value > LONGEST:
                raise ApplicationError(
                    _("The %(phase)s deadline must be between one minute and 14 days.")
                    % {"phase": label}
                )
        try:
            DeadlineRule(
                duration=self.movement_deadline,
                at_time=self.deadline_time,
                timezone=self.time_zone,
                days_off=frozenset(self.days_off),
            )
        except ValueError as e:
            raise ApplicationError(
                _("The deadlines are not valid: %(problem)s") % {"problem": e}
            ) from None
        if self.nmr_policy not in Game.NmrPolicy.values:
            raise ApplicationError(_("Unknown policy for missed orders."))
        if not (
            timedelta(minutes=1) <= self.grace_period <= LONGEST
            and timedelta(minutes=1) <= self.replacement_window <= LONGEST
            and timedelta(minutes=1) <= self.decision_window <= LONGEST
            and 0 <= self.grace_misses <= 100
        ):
            raise ApplicationError(
                _("Grace periods, replacement searches and decisions last a minute to 14 days.")
            )
        if self.press not in Game.Press.values:
            raise ApplicationError(_("Unknown press setting."))
        if not 0 <= self.min_reliability <= 100 or (
            self.exclude_after is not None and self.exclude_after < 1
        ):
            raise ApplicationError(
                _("Reliability is a percentage; exclusion needs one miss or more.")
            )
        if self.vacation_handling not in Game.VacationHandling.values:
            raise ApplicationError(_("Unknown way of handling vacations."))
        if not 0 <= self.reminder_hours <= REMINDER_HOURS_MAX:
            raise ApplicationError(
                _("Reminders come at most %(n)s hours before a deadline (0: none).")
                % {"n": REMINDER_HOURS_MAX}
            )
        if self.last_year is not None and not 1901 <= self.last_year <= 2100:
            raise ApplicationError(_("The last year played is a year from 1901 to 2100."))
        if not 0 <= self.extensions_per_player <= self.extensions_per_game <= 30:
            raise ApplicationError(
                _("Extensions: at most 30 a game, and a player's share no more than the game's.")
            )
        return replace(
            self,
            variant_id=variant.id,
            options=options,
            days_off=tuple(sorted(set(self.days_off))),
        )

    def game_fields(self) -> dict[str, Any]:
        """The terms as the fields of a :class:`Game`."""
        out = {_FIELD.get(f.name, f.name): getattr(self, f.name) for f in fields(self)}
        del out["duel"]
        out["options"] = dict(self.options)
        out["days_off"] = list(self.days_off)
        return out


#: Where a term is kept on the game, when the names differ.
_FIELD = {"variant_id": "variant", "time_zone": "timezone"}
