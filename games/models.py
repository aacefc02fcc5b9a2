"""Games, seats, phases and orders: the state. The verbs live in games/services.py.

A phase is stored whole: the position going in, the orders, the results, the
seed and the position coming out, so any phase can be replayed and audited.
History is never rewritten.
"""

from __future__ import annotations

import functools
import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from adjudicator import Phase as AdjPhase
from adjudicator import PhaseKind
from bots.search import Level
from core import rows


def _invite_code() -> str:
    return secrets.token_urlsafe(12)


class GameManager(models.Manager["Game"]):
    def version_bump(self, pk: int) -> int:
        """Add one to a game's version and return the new one, in one statement
        (``UPDATE … RETURNING``: PostgreSQL, and SQLite since 3.35), where the ORM's
        update and refresh take two; every order saved pays it."""
        model = self.model
        version, key = rows.column(model, "version"), rows.column(model, "id")
        found = rows.one(
            f"UPDATE {rows.table(model)} SET {version} = {version} + 1 "
            f"WHERE {key} = %s RETURNING {version}",
            [pk],
        )
        assert found is not None, f"no game {pk} to count a change of"
        return int(found[0])

    def row(self, pk: int, *, lock: bool = False) -> Game | None:
        """The game ``pk``, or None; row-locked until the transaction ends with ``lock``.
        Read in SQL written here (core/rows.py says why): every order submission reads its
        game twice, to answer who may see it and under the lock."""
        model = self.model
        return rows.first(
            model,
            f"SELECT {rows.columns(model, 'g')} FROM {rows.table(model)} g "
            f"WHERE g.{rows.column(model, 'id')} = %s" + (rows.lock_clause() if lock else ""),
            [pk],
        )


class SeatManager(models.Manager["Seat"]):
    def held_by(self, game_id: int, user_id: int) -> Seat | None:
        """The seat ``user_id`` holds in game ``game_id`` (a player holds at most one), or
        None: in SQL written here, as every order submission asks (core/rows.py)."""
        model = self.model
        return rows.first(
            model,
            f"SELECT {rows.columns(model, 's')} FROM {rows.table(model)} s "
            f"WHERE s.{rows.column(model, 'game')} = %s AND s.{rows.column(model, 'user')} = %s",
            [game_id, user_id],
        )


class GamePhaseManager(models.Manager["GamePhase"]):
    def open_latest(self, game_id: int, *, lock: bool = False) -> GamePhase | None:
        """Game ``game_id``'s latest open phase, or None; row-locked until the transaction
        ends with ``lock``. In SQL written here, as every order submission asks
        (core/rows.py)."""
        model = self.model
        return rows.first(
            model,
            f"SELECT {rows.columns(model, 'p')} FROM {rows.table(model)} p "
            f"WHERE p.{rows.column(model, 'game')} = %s AND p.{rows.column(model, 'status')} = %s "
            f"ORDER BY p.{rows.column(model, 'index')} DESC LIMIT 1"
            + (rows.lock_clause() if lock else ""),
            [game_id, model.Status.OPEN.value],
        )

    def due(self, *, now: Any = None) -> models.QuerySet[GamePhase]:
        """The phases due for adjudication: open phases of running games that are not
        paused, whose deadline has passed or that are marked due now (every power with
        orders to give said it was ready, a game master answered the last open question, a
        moderator had it tried again), except those given up to the moderators.

        The rule's one home: beat's sweep queues these, and the adjudication task resolves
        a phase only while it is one of them (a task is a message anyone with the broker
        can send, or a stale one from another run of the site or of the tests)."""
        now = now or timezone.now()
        return self.filter(
            models.Q(deadline__lte=now) | models.Q(due_now=True),
            status=self.model.Status.OPEN,
            stuck_since__isnull=True,
            game__status=Game.Status.ACTIVE,
            game__paused_at__isnull=True,
        )


class Game(models.Model):
    objects = GameManager()

    class Status(models.TextChoices):
        FORMING = "forming", _("Forming")
        ACTIVE = "active", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class Assignment(models.TextChoices):
        RANDOM = "random", _("Random")
        CHOSEN = "chosen", _("Chosen by the players")

    class Outcome(models.TextChoices):
        SOLO = "solo", _("Solo victory")
        DRAW = "draw", _("Draw")
        #: One board of linked boards (a duel): the link's winner is the game's.
        DUEL = "duel", _("Duel decided")
        #: Several won together (seats level on victory points, where a variant allows it).
        SHARED = "shared", _("Shared victory")
        #: Stopped by time with no draw agreed (the last year played, or called so): the
        #: powers rank by their centers, as tournaments score it.
        TIME = "time", _("Ended by time, ranked by centers")

    name = models.CharField(_("name"), max_length=100)
    variant = models.CharField(_("variant"), max_length=40, default="standard")
    #: The variant's rule choices (checked by the adjudicator's ``check_options``).
    options = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    #: The boards this game is linked with (a twin-board duel), and its label among them.
    link = models.ForeignKey(
        "BoardLink", null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    link_label = models.CharField(max_length=4, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.FORMING)
    private = models.BooleanField(_("private (join by invite link)"), default=False)
    invite_code = models.CharField(max_length=32, default=_invite_code, unique=True)
    anonymous = models.BooleanField(_("anonymous seats"), default=False)
    assignment = models.CharField(
        _("power assignment"),
        max_length=10,
        choices=Assignment.choices,
        default=Assignment.RANDOM,
    )
    start_when_full = models.BooleanField(_("start when full"), default=True)
    movement_deadline = models.DurationField(_("movement deadline"), default=timedelta(hours=24))
    retreat_deadline = models.DurationField(_("retreat deadline"), default=timedelta(hours=12))
    adjustment_deadline = models.DurationField(
        _("adjustment deadline"), default=timedelta(hours=12)
    )
    #: For each phase that sets the game up: each round of choosing centers or placing
    #: units, each draft pick.
    setup_deadline = models.DurationField(_("set-up deadline"), default=timedelta(hours=12))
    #: Bumped on every change watchers should see; clients re-fetch on a new version.
    version = models.PositiveIntegerField(default=0)
    seed = models.BigIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=8, choices=Outcome.choices, blank=True)
    #: The winning power, or the winners joined by "," (a shared victory); for a draw,
    #: the powers in it joined by "," when it did not include every survivor ("": all
    #: of them).
    winner = models.CharField(max_length=200, blank=True)
    #: The game ends after this year (its winter) by time, its powers ranked by centers,
    #: unless it ended before (None: it plays on). Tournaments fix it per round: the
    #: World Diplomacy Championship plays seven years, through 1907.
    last_year = models.PositiveSmallIntegerField(_("last year played"), null=True, blank=True)

    # -- who runs it ------------------------------------------------------------------
    #: Game masters of this game alone (site moderators run every game), each with who
    #: named him (:class:`GameMaster`).
    masters = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="games_mastered",
        through="GameMaster",
        through_fields=("game", "user"),
    )
    #: A game master alone decided part of the result: he ended the game, ruled on one of
    #: its phases or gave a power's orders. Such a result counts for ratings only once a
    #: site moderator confirms it (``result_confirmed_at``); a site moderator's own end is
    #: confirmed as he makes it. Kept as a database default too, so that the processes
    #: still running the code before it can make games during a deploy.
    master_decided = models.BooleanField(default=False, db_default=False)
    result_confirmed_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    pause_reason = models.CharField(max_length=300, blank=True)
    #: A pause ends by itself then: nobody holds a game paused for good.
    paused_until = models.DateTimeField(null=True, blank=True)

    # -- missed orders ------------------------------------------------------------------
    class NmrPolicy(models.TextChoices):
        IMMEDIATE = "immediate", _("Immediate: the standard defaults at the deadline")
        GRACE = "grace", _("Grace: one extension for a seat that missed, then the defaults")
        REPLACEMENT = "replacement", _("Replacement search: the seat is offered to others")

    nmr_policy = models.CharField(
        _("missed orders"), max_length=12, choices=NmrPolicy.choices, default=NmrPolicy.IMMEDIATE
    )
    #: Grace: how long the deadline is extended, and how many misses per seat are excused.
    grace_period = models.DurationField(_("grace period"), default=timedelta(hours=12))
    grace_misses = models.PositiveSmallIntegerField(_("excused misses per seat"), default=2)
    #: Replacement search: how long a seat is offered before the defaults apply.
    replacement_window = models.DurationField(_("replacement search"), default=timedelta(hours=24))
    #: Exclude a player after this many missed phases in a row (None: never).
    exclude_after = models.PositiveSmallIntegerField(
        _("exclude after missed phases in a row"), null=True, blank=True
    )
    #: Joining needs at least this reliability, in percent.
    min_reliability = models.PositiveSmallIntegerField(_("minimum reliability (%)"), default=0)

    # -- deadlines ----------------------------------------------------------------------
    #: A fixed time of day for deadlines (None: each phase lasts its duration).
    deadline_time = models.TimeField(_("deadline at (time of day)"), null=True, blank=True)
    timezone = models.CharField(_("time zone"), max_length=64, default="UTC")
    #: Weekdays with no deadline (0 Monday ... 6 Sunday): time on them does not count.
    days_off = models.JSONField(_("days without deadlines"), default=list, blank=True)
    #: Remind seats without ready orders this many hours before a deadline (0: never).
    reminder_hours = models.PositiveSmallIntegerField(_("reminder (hours before)"), default=6)
    #: How long the game masters have to answer what a variant's rules leave to them.
    decision_window = models.DurationField(
        _("time for a game master's decision"), default=timedelta(hours=24)
    )

    class VacationHandling(models.TextChoices):
        EXTEND = "extend", _("Deadlines wait for a player on vacation")
        SITTER = "sitter", _("A sitter orders for a player on vacation")

    vacation_handling = models.CharField(
        _("vacations"),
        max_length=8,
        choices=VacationHandling.choices,
        default=VacationHandling.EXTEND,
    )

    # -- press ------------------------------------------------------------------------
    class Press(models.TextChoices):
        FULL = "full", _("Full press: public and private messages")
        PUBLIC = "public", _("Public press only: messages to everyone")
        NONE = "none", _("No press (gunboat)")

    press = models.CharField(_("press"), max_length=8, choices=Press.choices, default=Press.FULL)

    #: Extensions of a deadline players may ask for: in all, and each.
    extensions_per_game = models.PositiveSmallIntegerField(default=3)
    extensions_per_player = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def group_name(self) -> str:
        return f"game-{self.pk}"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def powers_undealt(self) -> bool:
        """Are the powers still to be drawn by lot (a forming game that deals them at its
        start)? Until then a seat's power is a placeholder nobody may be shown."""
        return self.status == self.Status.FORMING and self.assignment == self.Assignment.RANDOM

    @property
    def is_paused(self) -> bool:
        return self.paused_at is not None

    @property
    def result_awaits_confirmation(self) -> bool:
        """Finished, by a result a game master decided alone, not yet confirmed by a site
        moderator: shown as such, and counted for no rating until it is."""
        return self.is_finished and self.master_decided and self.result_confirmed_at is None

    @property
    def result_counts(self) -> bool:
        """Does the result count for ratings: finished, and not awaiting a site
        moderator's confirmation."""
        return self.is_finished and not self.result_awaits_confirmation

    @property
    def current_phase(self) -> GamePhase | None:
        return self.phases.filter(status=GamePhase.Status.OPEN).order_by("-index").first()

    def deadline_for(self, code: str) -> timedelta:
        phase = AdjPhase.parse(code)
        kind = phase.kind
        if phase.is_setup:
            return self.setup_deadline
        if kind is PhaseKind.MOVEMENT:
            return self.movement_deadline
        if kind is PhaseKind.RETREATS:
            return self.retreat_deadline
        return self.adjustment_deadline


class GameMaster(models.Model):
    """A game master of one game, and who named him: the game's creator before it
    started, a site moderator, or an organiser's tooling (a tournament's boards). A player
    never sits in a game whose master he named (games.services.kernel); ``named_by`` is
    empty for masters named by the site itself, or before it was kept."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    named_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        # The table Django made for the plain many-to-many before: kept, rows and all.
        db_table = "games_game_masters"
        unique_together = [("game", "user")]


class Seat(models.Model):
    """A power in a game and the player holding it (none while the seat is open)."""

    objects = SeatManager()

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    power = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    joined_at = models.DateTimeField(null=True, blank=True)
    missed_phases = models.PositiveIntegerField(default=0)
    eliminated = models.BooleanField(default=False)
    #: Missed phases in a row (reset by orders in time), for exclusion after N.
    consecutive_misses = models.PositiveSmallIntegerField(default=0)
    #: Misses excused under the grace policy so far.
    excused_misses = models.PositiveSmallIntegerField(default=0)
    #: Nobody plays this power: its units hold, disband and waive by the defaults, and
    #: orders saved before are not executed.
    civil_disorder = models.BooleanField(default=False)
    #: The player excluded from this seat (kept so a moderator can take them back).
    excluded_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="excluded_seats",
    )
    #: Open to replacement players until then (replacement search).
    seeking_replacement_until = models.DateTimeField(null=True, blank=True)
    #: Deadline extensions the player of this seat has asked for so far.
    extensions_used = models.PositiveSmallIntegerField(default=0)
    #: The name the seat plays under where the variant hides its players
    #: (``SiteVariant.pseudonyms``): chosen on joining, unique in the game, public; who
    #: is behind it never is.
    #: A replacement plays on under it.
    pseudonym = models.CharField(max_length=30, blank=True)

    class BotLevel(models.TextChoices):
        # The values are the bots' own (bots.search.Level): the site stores what they read.
        STANDARD = Level.STANDARD.value, _("Standard")
        STRONG = Level.STRONG.value, _("Strong (searches its moves)")

    #: How the site's own bot plays this seat, chosen per seat when a practice game is
    #: made; a person's seat keeps the default, which nothing reads.
    bot_level = models.CharField(
        max_length=16,
        choices=BotLevel.choices,
        default=BotLevel.STANDARD,
        # In the database too: the old code, still running during a deploy, makes seats
        # without it (tests/test_migrations.py).
        db_default=BotLevel.STANDARD.value,
    )
    #: Who orders for this seat while its player is on vacation (without taking it over).
    sitter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="sitting_for",
    )

    class Meta:
        ordering = ["power"]
        constraints = [
            models.UniqueConstraint(fields=["game", "power"], name="one_seat_per_power"),
            models.UniqueConstraint(
                fields=["game", "user"],
                name="one_seat_per_player",
                condition=models.Q(user__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game}: {self.power}"


class GamePhase(models.Model):
    """One phase, stored whole: position in, orders (in OrderSet), results, seed, position out."""

    objects = GamePhaseManager()

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Adjudicated")
        #: Replaced by a ruling's corrected line of play; kept as history.
        SUPERSEDED = "superseded", _("Superseded by a ruling")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="phases")
    index = models.PositiveIntegerField()
    code = models.CharField(max_length=12)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    position = models.JSONField()
    deadline = models.DateTimeField(null=True, blank=True)
    seed = models.BigIntegerField(default=0)
    results = models.JSONField(null=True, blank=True)
    position_after = models.JSONField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    #: Said to players with the results: misses, a lapsed draw proposal.
    notes = models.JSONField(default=list, blank=True)
    #: Powers whose deadline was extended once under the grace policy.
    grace_given = models.JSONField(default=list, blank=True)
    #: The orders exactly as adjudicated, by power (a power in civil disorder had none),
    #: so that the phase can be replayed and exported as it was resolved.
    adjudicated_orders = models.JSONField(null=True, blank=True)
    #: Powers whose players were reminded of this phase's deadline (each once).
    reminded_powers = models.JSONField(default=list, blank=True)
    #: Due before its deadline: every power with orders to give said it was ready, a game
    #: master answered the last open question, or a moderator had a phase given up after
    #: failures tried again. Beat's sweep adjudicates it as if its deadline had passed, so
    #: a task lost on the way (the broker away) costs a sweep; the adjudication task reads
    #: it too (GamePhaseManager.due), so that no message resolves a phase before its time.
    due_now = models.BooleanField(default=False)
    #: Adjudication attempts that raised (a bug in a variant, bad stored data), and the
    #: last error, for the moderators.
    failures = models.PositiveSmallIntegerField(default=0)
    last_failure = models.TextField(blank=True)
    #: Given up after too many failures: the phase waits for a moderator (a fix and a
    #: retry, or a ruling); players and the site's moderators were told.
    stuck_since = models.DateTimeField(null=True, blank=True)
    opened_at = models.DateTimeField(default=timezone.now)
    #: The ruling that corrected this phase or one before it (the phase stays, as history).
    superseded_by = models.ForeignKey(
        "Ruling", null=True, blank=True, on_delete=models.SET_NULL, related_name="superseded"
    )
    #: The ruling this phase was re-derived from, if any.
    derived_from = models.ForeignKey(
        "Ruling", null=True, blank=True, on_delete=models.SET_NULL, related_name="derived"
    )

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="one_phase_per_index"),
        ]
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self) -> str:
        return f"{self.game} {self.code}"

    @property
    def phase(self) -> AdjPhase:
        return AdjPhase.parse(self.code)

    @property
    def is_resolved(self) -> bool:
        """Adjudicated: resolved, or adjudicated once and then superseded by a ruling (an
        open phase a ruling superseded never was: its orders stay secret)."""
        if self.status == self.Status.SUPERSEDED:
            return self.position_after is not None
        return self.status == self.Status.RESOLVED


class OrderSetManager(models.Manager["OrderSet"]):
    def replace(self, order_set: OrderSet) -> None:
        """Save ``order_set`` over the phase's set of its power, or as a new one, in one
        statement (an insert that updates the set already there). Written in SQL here, as
        a player saves orders many times a phase and every save asks (core/rows.py)."""
        db = rows.connection()
        order_set.updated_at = timezone.now()
        sql, fields = self._replace_statement
        values = [f.get_db_prep_save(getattr(order_set, f.attname), db) for f in fields]
        with db.cursor() as cursor:
            cursor.execute(sql, values)

    @functools.cached_property
    def _replace_statement(self) -> tuple[str, list[Any]]:
        # Built once: the columns and the statement do not change while the site runs.
        model = self.model
        fields: list[Any] = [
            model._meta.get_field(name)
            for name in ("phase", "power", "seat", "orders", "ready", "updated_at")
        ]
        cols = [rows.quote(f.column) for f in fields]
        kept = ", ".join(f"{c} = EXCLUDED.{c}" for c in cols[2:])
        sql = (
            f"INSERT INTO {rows.table(model)} ({', '.join(cols)}) "
            f"VALUES ({', '.join(['%s'] * len(cols))}) "
            f"ON CONFLICT ({cols[0]}, {cols[1]}) DO UPDATE SET {kept}"
        )
        return sql, fields


class OrderSet(models.Model):
    """A power's orders for one phase, as canonical order texts, with its ready mark, and
    the seat that gave them: its own power's, or another's the variant lets it order for
    (a seat that is no power gives the orders of the nations it controls)."""

    objects = OrderSetManager()

    phase = models.ForeignKey(GamePhase, on_delete=models.CASCADE, related_name="order_sets")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="order_sets")
    #: The power whose orders these are.
    power = models.CharField(max_length=40)
    orders = models.JSONField(default=list)
    ready = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["phase", "power"], name="one_order_set_per_power"),
        ]


class Vote(models.Model):
    """A player's secret vote of one kind in one phase: for (``accept``) or against a draw,
    a concession (two-player games), cancelling the game (its first year), a pause, or
    the end of a pause. The rules are games.vote_rules' and games.services.votes'.

    A vote is good for its phase: it lapses when the phase ends. Only its own voter sees
    it; the others learn that a vote was proposed, and what was decided."""

    class Kind(models.TextChoices):
        DRAW = "draw", _("Draw")
        CONCEDE = "concede", _("Concede")
        CANCEL = "cancel", _("Cancel the game")
        PAUSE = "pause", _("Pause")
        RESUME = "resume", _("Resume")

    phase = models.ForeignKey(GamePhase, on_delete=models.CASCADE, related_name="votes")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="votes")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.DRAW)
    accept = models.BooleanField()
    cast_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["phase", "seat", "kind"], name="one_vote_of_a_kind_per_phase"
            ),
        ]


class BoardLink(models.Model):
    """Boards linked and adjudicated together (a twin-board duel):
    every step, the boards at the earliest open phase are adjudicated at once, a board
    ahead of the others waits without a deadline, and after each movement turn the link's
    rule may decide it, which ends every board.

    Games knows linked boards; what a kind of link means (how its other boards are made,
    how it is decided, the words for its stages) is its :class:`games.extension_points.LinkRule`,
    registered by the app that knows it (tournaments, for duels)."""

    class Status(models.TextChoices):
        SETUP = "setup", _("Setting up")
        RUNNING = "running", _("Running")
        DECIDED = "decided", _("Decided")

    kind = models.CharField(max_length=20)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    #: The rule's own stage within the status (a duel's sudden death), for its words.
    stage = models.CharField(max_length=20, blank=True)
    #: The rule's state between turns, as JSON (a duel: the adjudicator's DuelState).
    state = models.JSONField(default=dict, blank=True)
    winner = models.CharField(max_length=40, blank=True)
    #: The rule that decided it (a duel: 7.4, 7.5, 7.6 or 7.7).
    decided_by = models.CharField(max_length=8, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    #: What happened, step by step, for the link's page (movement turns, verdicts).
    log = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.kind} {self.pk}"

    @property
    def boards(self) -> list[Game]:
        """The linked games, by their labels (A first)."""
        return list(self.games.order_by("link_label", "pk"))

    def board(self, label: str) -> Game | None:
        """The linked game labelled ``label`` ("A", "B"), if it is made yet."""
        return self.games.filter(link_label=label).first()


class PhaseDuty(models.Model):
    """A seat that had orders to give in a phase, who held it, and whether they missed:
    the ground of each player's reliability figure."""

    phase = models.ForeignKey(GamePhase, on_delete=models.CASCADE, related_name="duties")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="duties")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="duties"
    )
    missed = models.BooleanField(default=False)
    excluded = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["phase", "seat"], name="one_duty_per_seat_and_phase")
        ]


class ModeratorAction(models.Model):
    """Something a moderator did to a game, with who, when and why: shown in its history."""

    class Kind(models.TextChoices):
        PAUSE = "pause", _("Paused")
        RESUME = "resume", _("Resumed")
        EXTEND = "extend", _("Deadline extended")
        REPLACE = "replace", _("Player replaced")
        ACCEPT_LATE = "accept_late", _("Late orders accepted")
        EXCLUDE = "exclude", _("Player excluded")
        END = "end", _("Game ended")
        MASTER = "master", _("Game master set")
        RULING = "ruling", _("Ruling")
        DECISION = "decision", _("Decision")
        RETRY = "retry", _("Adjudication tried again")
        CONFIRM = "confirm", _("Result confirmed")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moderator_actions")
    phase = models.ForeignKey(GamePhase, null=True, blank=True, on_delete=models.SET_NULL)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    reason = models.CharField(max_length=500, blank=True)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]


class Ruling(models.Model):
    """A moderator's correction of an adjudicated phase. It never overwrites history: the
    corrected phase and those after it are marked superseded, and new phases are derived
    from the corrected result with the orders and seeds stored for them."""

    class Kind(models.TextChoices):
        ORDERS = "orders", _("Orders changed and the phase adjudicated again")
        POSITION = "position", _("The resulting position edited")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rulings")
    phase = models.ForeignKey(GamePhase, on_delete=models.PROTECT, related_name="rulings")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    reason = models.CharField(max_length=500)
    #: ORDERS: every power's orders as the ruling has them.
    orders = models.JSONField(null=True, blank=True)
    #: POSITION: the position the phase results in, as the ruling has it.
    position = models.JSONField(null=True, blank=True)
    #: What the phase resulted in before the ruling, and after it.
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]


class Decision(models.Model):
    """A question a variant's rules leave to the game master before a phase can be
    resolved, with its deadline, and the answer (or the default, when nobody answered)."""

    phase = models.ForeignKey(GamePhase, on_delete=models.CASCADE, related_name="decisions")
    key = models.CharField(max_length=100)
    #: The question as the adjudicator asks it: its code (``adjudicator.variants.Question``)
    #: and parameters, worded for each reader (games.wording) from what he may see of them
    #: (games.visibility): ``owned`` names the parameters that are a power's secret, each
    #: with that power (the answer to a question a seat asked).
    question_code = models.CharField(max_length=100, blank=True, default="")
    params = models.JSONField(default=dict, blank=True)
    owned = models.JSONField(default=dict, blank=True)
    #: What the default means, as a question's code without parameters.
    default_code = models.CharField(max_length=100, blank=True, default="")
    #: The words of a question stored before questions had codes, for a row the migration
    #: (0019_decision_questions_as_codes) could not read back; empty for every other.
    question = models.CharField(max_length=500, blank=True)
    choices = models.JSONField(default=list, blank=True)
    #: The answer names any of ``choices``, none included: their ids, sorted, joined by
    #: commas (``""``: none of them).
    many = models.BooleanField(default=False)
    default = models.CharField(max_length=200, blank=True)
    #: What the default means, in the words of a row stored before it had a code.
    default_text = models.CharField(max_length=500, blank=True)
    deadline = models.DateTimeField()
    answer = models.CharField(max_length=200, null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    #: No game master answered in time: the variant's default was taken.
    defaulted = models.BooleanField(default=False)

    class Meta:
        ordering = ["phase", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["phase", "key"], name="one_decision_per_key")
        ]


class Vacation(models.Model):
    """Days a player is away (both dates included). Games either let their deadlines wait
    or let the seat's sitter order meanwhile; the days are capped per calendar year."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    first_day = models.DateField()
    last_day = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["first_day"]

    @property
    def days(self) -> int:
        return (self.last_day - self.first_day).days + 1


class PressMessage(models.Model):
    """A message from one power to everyone or to chosen powers, sent in one phase.

    Who may read it is decided in games/visibility.py. Readers only ever see powers: the
    player who wrote it (``author``) is kept for moderators' records, never shown.
    """

    #: The conversation of a message to everyone; others are the powers joined by "+".
    ALL = "all"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="press_messages")
    #: The phase it was sent in (its code is kept too, should a ruling supersede the phase).
    phase = models.ForeignKey(
        GamePhase, null=True, blank=True, on_delete=models.SET_NULL, related_name="press"
    )
    phase_code = models.CharField(max_length=12, blank=True)
    sender = models.CharField(max_length=40)
    #: The name it is signed with, shown instead of the sender where the variant allows
    #: grey press (where the variant says: any name but another player's pseudonym); the
    #: sender is then shown to nobody but its author.
    signature = models.CharField(max_length=30, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: The powers written to, sorted, without the sender (empty: to everyone).
    recipients = models.JSONField(default=list, blank=True)
    #: "all", or every power taking part (sender and recipients) sorted and joined by "+".
    conversation = models.CharField(max_length=400)
    body = models.TextField()
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["sent_at", "pk"]
        indexes = [models.Index(fields=["game", "conversation"])]

    def __str__(self) -> str:
        return f"{self.game} {self.phase_code} {self.sender} -> {self.conversation}"

    @property
    def to_all(self) -> bool:
        return self.conversation == self.ALL

    @property
    def powers(self) -> list[str]:
        """The powers taking part in its conversation (none listed for one to everyone)."""
        return [] if self.to_all else self.conversation.split("+")


class PressRead(models.Model):
    """How far a reader has read a conversation of a game: the last message id seen."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    conversation = models.CharField(max_length=400)
    last_read = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user", "conversation"], name="one_press_mark_per_conversation"
            )
        ]


class GameEvent(models.Model):
    """Something a game announced (started, a phase adjudicated, ended, a draw proposed,
    press, a deadline near, a phase stuck), written in the same transaction as what
    happened and dispatched to the listening apps after the commit (games/events.py)."""

    kind = models.CharField(max_length=32)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="events"
    )
    #: The listeners' name for it (their exactly-once guard), e.g. "adjudicated:<phase>".
    key = models.CharField(max_length=200)
    #: Ids of the users it concerns.
    users = models.JSONField(default=list, blank=True)
    params = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    dispatched_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    #: Failed too often: left for a person to look at (logged as an error).
    given_up = models.BooleanField(default=False)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["dispatched_at", "given_up", "created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.key}"


class GameEventDispatch(models.Model):
    """One listener's handling of one event (games/events.py): each listener is tried,
    retried and given up on by itself, so one that fails rolls back nothing another did
    and the sweep retries only the listeners not yet done."""

    event = models.ForeignKey(GameEvent, on_delete=models.CASCADE, related_name="dispatches")
    #: The listener's dotted name (module and qualified name).
    listener = models.CharField(max_length=300)
    done_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    #: Failed too often: left for a person to look at (logged as an error).
    given_up = models.BooleanField(default=False)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "listener"], name="one_dispatch_per_event_and_listener"
            )
        ]

    def __str__(self) -> str:
        return f"{self.event} -> {self.listener}"
