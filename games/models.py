"""Games, seats, phases and orders: the state. The verbs live in games/services.py.

A phase is stored whole: the position going in, the orders, the results, the
seed and the position coming out, so any phase can be replayed and audited.
History is never rewritten.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from adjudicator import Phase as AdjPhase
from adjudicator import PhaseKind


def _invite_code() -> str:
    return secrets.token_urlsafe(12)


class Game(models.Model):
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
        #: One board of a twin-board duel: the duel's winner is the game's.
        DUEL = "duel", _("Duel decided")

    name = models.CharField(_("name"), max_length=100)
    variant = models.CharField(_("variant"), max_length=40, default="standard")
    #: The variant's rule choices (checked by the adjudicator's ``check_options``).
    options = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created"
    )
    created_at = models.DateTimeField(auto_now_add=True)
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
    #: For each phase that sets the game up: a nomination, a placement, each draft pick.
    setup_deadline = models.DurationField(_("set-up deadline"), default=timedelta(hours=12))
    #: Bumped on every change watchers should see; clients re-fetch on a new version.
    version = models.PositiveIntegerField(default=0)
    seed = models.BigIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=8, choices=Outcome.choices, blank=True)
    winner = models.CharField(max_length=40, blank=True)

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
    def duel(self) -> Duel | None:
        """The twin-board duel this game is a board of, if any."""
        return Duel.objects.filter(models.Q(board_a=self) | models.Q(board_b=self)).first()

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


class Seat(models.Model):
    """A power in a game and the player holding it (none while the seat is open)."""

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

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Adjudicated")

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
        return self.status == self.Status.RESOLVED


class OrderSet(models.Model):
    """A power's orders for one phase, as canonical order texts, with its ready mark."""

    phase = models.ForeignKey(GamePhase, on_delete=models.CASCADE, related_name="order_sets")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="order_sets")
    orders = models.JSONField(default=list)
    ready = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["phase", "seat"], name="one_order_set_per_power"),
        ]


class DrawVote(models.Model):
    """A secret vote for a draw among the survivors, good for one phase."""

    phase = models.ForeignKey(GamePhase, on_delete=models.CASCADE, related_name="draw_votes")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="draw_votes")
    accept = models.BooleanField()
    cast_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["phase", "seat"], name="one_draw_vote_per_phase"),
        ]


class Duel(models.Model):
    """Two linked Highlander games (rule 7): board B starts with board A's set-up exactly
    inverted, both boards advance together, and whoever first wins a board wins the duel
    (with the tie-break ladder of rules 7.5 to 7.7 when both are decided at once)."""

    class Status(models.TextChoices):
        SETUP = "setup", _("Setting up board A")
        RUNNING = "running", _("Running")
        SUDDEN_DEATH = "sudden_death", _("Sudden death")
        WON = "won", _("Won")

    board_a = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="duel_as_a")
    board_b = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="duel_as_b"
    )
    status = models.CharField(max_length=14, choices=Status.choices, default=Status.SETUP)
    #: The adjudicator's DuelState, as JSON.
    state = models.JSONField(default=dict, blank=True)
    winner = models.CharField(max_length=40, blank=True)
    #: The rule that decided it: 7.4, 7.5, 7.6 or 7.7.
    decided_by = models.CharField(max_length=8, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    #: What happened, step by step, for the duel page (movement turns, decisions).
    log = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"Duel {self.pk}: {self.board_a}"

    @property
    def boards(self) -> list[Game]:
        return [g for g in (self.board_a, self.board_b) if g is not None]
