"""Sandboxes: private boards on which their owner orders for every power, adjudicates at
once, steps back and forth and branches. Nothing here is a game's: a sandbox never writes
to games' tables, and keeps nothing secret from its owner.

A sandbox is a tree of phases. Each :class:`SandboxPhase` is stored whole, as a game's
phase is: the position going in, every power's orders, the seed, and, once adjudicated,
the results and the position coming out. Adjudicating a phase makes its one child (the
next phase, from the position coming out); adjudicating again, with other orders, a phase
that already has one makes a sibling of it (a branch: the same position going in, other
orders), so nothing adjudicated is ever rewritten.
"""

from __future__ import annotations

import hashlib
import json
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from adjudicator import Phase as AdjPhase


def share_code() -> str:
    """The read-only link's secret: 128 random bits, unguessable."""
    return secrets.token_urlsafe(16)


def sandbox_seed() -> int:
    """A sandbox's own seed (every random event of its phases is drawn from it)."""
    return secrets.randbits(62)


class SandboxAllowance(models.Model):
    """What one owner's sandboxes take, kept on one row per owner: the row the verbs that
    add a sandbox or phases lock first, so that two requests at once can never both pass
    a limit the first one fills (each counted before the other wrote: 250 creates at once
    left 201 sandboxes of 200), and the bytes his phases store, kept as a running total
    so that the limit costs one row to check, not a sum over his phases."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="sandbox_allowance",
    )
    #: The sum of :attr:`SandboxPhase.size` over the owner's phases.
    stored_bytes = models.BigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.owner_id}: {self.stored_bytes} bytes"


class Sandbox(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sandboxes"
    )
    title = models.CharField(_("title"), max_length=100)
    variant = models.CharField(_("variant"), max_length=40, default="standard")
    created_at = models.DateTimeField(auto_now_add=True)
    #: Changed at each adjudication, so the owner's list shows the latest first.
    updated_at = models.DateTimeField(auto_now=True)
    #: The read-only link's code: whoever holds it sees the board and its history.
    share_code = models.CharField(max_length=32, default=share_code, unique=True)
    seed = models.BigIntegerField(default=sandbox_seed)
    #: The game's phase it was forked from (kept even if the game is deleted: None then).
    forked_from = models.ForeignKey(
        "games.GamePhase", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: The phase shown when the sandbox is opened: the one its last adjudication made.
    head = models.ForeignKey(
        "SandboxPhase", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-updated_at", "-pk"]

    def __str__(self) -> str:
        return self.title

    def seed_at(self, depth: int) -> int:
        """The seed of its phases ``depth`` steps from the start: one per step, so that
        the branches of a phase draw the same random events and differ by their orders."""
        digest = hashlib.sha256(f"sandbox:{self.seed}:{depth}".encode()).digest()
        return int.from_bytes(digest[:8], "big") >> 1


class SandboxPhase(models.Model):
    """One phase of a sandbox, stored whole: the position going in (as games/positions.py
    stores a game's), every power's orders (canonical texts, by power), the seed, and
    once adjudicated the results and the position coming out."""

    sandbox = models.ForeignKey(Sandbox, on_delete=models.CASCADE, related_name="phases")
    #: The phase this one follows (None: the sandbox's start, or a branch of it).
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    #: Steps from the start (0 for the start and its branches).
    depth = models.PositiveIntegerField(default=0)
    code = models.CharField(max_length=12)
    position = models.JSONField()
    orders = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField(default=0)
    results = models.JSONField(null=True, blank=True)
    position_after = models.JSONField(null=True, blank=True)
    #: How a game would end with the position coming out ("solo", "shared"; empty: it
    #: goes on), and who wins (the winners joined by ",").
    outcome = models.CharField(max_length=8, blank=True)
    winner = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    adjudicated_at = models.DateTimeField(null=True, blank=True)
    #: What it stores, in bytes (:meth:`stored_size` when last written), counted against
    #: its owner's allowance (:class:`SandboxAllowance`).
    size = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["depth", "pk"]

    def __str__(self) -> str:
        return f"{self.sandbox} {self.code}"

    @property
    def phase(self) -> AdjPhase:
        return AdjPhase.parse(self.code)

    @property
    def is_adjudicated(self) -> bool:
        return self.position_after is not None

    def stored_size(self) -> int:
        """The bytes of what it stores (its position going in, orders, results and
        position coming out, as compact JSON), the measure of its owner's allowance."""
        stored = (self.code, self.position, self.orders, self.results, self.position_after)
        return len(json.dumps(stored, separators=(",", ":"), ensure_ascii=False).encode())
