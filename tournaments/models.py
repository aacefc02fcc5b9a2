"""Tournaments run by organisers: who entered, the rounds, the matches and the boards
played for them, what the organisers did, and the players' ratings.

The bracket of a knock-out is a pure value (tournaments.brackets) kept whole on the
tournament; its matches are rows here once they have players, each with the duel that
plays it. Games know nothing of tournaments: a match points at its duel, never the other
way round, and the tournament hears of a duel's verdict through games' events.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import BoardLink, Game
from tournaments.brackets import Decided


def _invite_code() -> str:
    return secrets.token_urlsafe(12)


class Tournament(models.Model):
    class Format(models.TextChoices):
        KNOCKOUT = "knockout", _("Knock-out of Highlander duels")
        GROUPS = "groups", _("Groups of Highlander duels, then a knock-out")
        ROUNDS = "rounds", _("Rounds of standard games, scored")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class Combine(models.TextChoices):
        """How the rounds of standard games add up to the tournament score."""

        SUM = "sum", _("The sum of the round scores (every round by the same system)")
        RANK = "rank", _("Rank points per round (the sum of round placings)")
        SCALED = "scaled", _("Each round's scores scaled to 100 for its best score")

    class Seeding(models.TextChoices):
        RATING = "rating", _("By duel rating")
        RANDOM = "random", _("At random (the draw's seed is kept)")
        HAND = "hand", _("By hand, in the order the organiser gives")

    name = models.CharField(_("name"), max_length=100)
    description = models.TextField(_("description"), blank=True)
    rules_text = models.TextField(_("rules"), blank=True)
    format = models.CharField(_("format"), max_length=12, choices=Format.choices)
    status = models.CharField(max_length=14, choices=Status.choices, default=Status.REGISTRATION)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_created"
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="tournaments_organised"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    # -- who may enter ---------------------------------------------------------------------
    private = models.BooleanField(_("private (enter by invite link)"), default=False)
    invite_code = models.CharField(max_length=32, default=_invite_code, unique=True)
    registration_closes = models.DateTimeField(_("registration closes"), null=True, blank=True)
    max_players = models.PositiveSmallIntegerField(_("most players"), null=True, blank=True)
    min_reliability = models.PositiveSmallIntegerField(_("minimum reliability (%)"), default=0)
    min_rating = models.PositiveIntegerField(_("minimum duel rating"), null=True, blank=True)
    #: May bots' accounts (accounts.roles.BOT) enter? Tournament games are rated: a bot
    #: enters one only where the organiser says so.
    bots_allowed = models.BooleanField(_("bots may enter"), default=False)
    #: Players confirm they are present before the draw (a roll call); the organiser
    #: opens the check-in, and only those checked in are drawn.
    check_in_required = models.BooleanField(_("check-in before the draw"), default=True)
    check_in_open = models.BooleanField(default=False)

    # -- the draw ----------------------------------------------------------------------------
    seeding = models.CharField(
        _("seeding"), max_length=8, choices=Seeding.choices, default=Seeding.RATING
    )
    #: The seed of a draw at random, kept so the draw can be replayed and audited.
    seed = models.BigIntegerField(default=0)
    reseed = models.BooleanField(_("reseed between rounds"), default=False)
    third_place = models.BooleanField(_("a match for third place"), default=False)
    group_count = models.PositiveSmallIntegerField(_("groups"), default=2)
    advance_per_group = models.PositiveSmallIntegerField(_("advance from each group"), default=2)
    tie_breaks = models.JSONField(
        _("tie-break ladder"),
        default=list,
        blank=True,
        help_text=_("After wins, in this order."),
    )

    # -- rounds of standard games ------------------------------------------------------------
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"), default=3)
    #: The system each board is scored by (tournaments.scoring.SYSTEMS).
    scoring = models.CharField(_("scoring"), max_length=20, default="sum_of_squares")
    #: How the rounds add up (issue 35, D5): the systems' own points summed raw only when
    #: every round is scored by the same system (one Carnage round would outweigh any
    #: number of rounds out of 100); else rank points or scores scaled round by round.
    combine = models.CharField(
        _("rounds combined by"), max_length=8, choices=Combine.choices, default=Combine.SUM
    )
    #: Each round's games end by time after this year (its winter), their powers ranked
    #: by centers, unless a round sets its own (None: played to a solo or a draw). The
    #: World Diplomacy Championship plays seven years: 1907.
    last_year = models.PositiveSmallIntegerField(
        _("games end after the year"), null=True, blank=True
    )
    #: The tournament score: the best this many round scores (None: all of them).
    best_rounds = models.PositiveSmallIntegerField(
        _("rounds counted (best)"), null=True, blank=True
    )
    #: What a player scores for a round he sits out to make the boards whole (a round
    #: score, in the round's system's points; None: nothing). Not for a round he was
    #: away for, nor for rounds before a substitute came in.
    sit_out_points = models.FloatField(_("points for sitting out a round"), null=True, blank=True)
    #: The last round puts the best seven on a top board whose scores count this many times.
    top_board = models.BooleanField(_("a top board in the last round"), default=False)
    top_board_multiplier = models.DecimalField(
        _("top board multiplier"), max_digits=4, decimal_places=2, default=1
    )

    # -- how its duels are played (each round may fix its own set-up) ------------------------
    movement_deadline = models.DurationField(_("movement deadline"), default=timedelta(hours=24))
    retreat_deadline = models.DurationField(_("retreat deadline"), default=timedelta(hours=12))
    adjustment_deadline = models.DurationField(
        _("adjustment deadline"), default=timedelta(hours=12)
    )
    setup_deadline = models.DurationField(_("set-up deadline"), default=timedelta(hours=12))
    press = models.CharField(
        _("press"), max_length=8, choices=Game.Press.choices, default=Game.Press.FULL
    )
    nmr_policy = models.CharField(
        _("missed orders"),
        max_length=12,
        choices=Game.NmrPolicy.choices,
        default=Game.NmrPolicy.GRACE,
    )
    #: How long a missed deadline is extended before the miss counts (the grace period).
    grace_period = models.DurationField(_("grace period"), default=timedelta(hours=12))

    #: The pure bracket (tournaments.brackets.Bracket as JSON), once drawn.
    bracket = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: Bumped on every change; the tournament's live group hears the new number.
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A player's place in a tournament."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        CHECKED_IN = "checked_in", _("Checked in")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        REPLACED = "replaced", _("Replaced")
        NO_SHOW = "no_show", _("Did not check in")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERED)
    #: The place given by the draw (1 is the top seed); None before it.
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The group of a group stage (0 is group A).
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The order the organiser gives when seeding by hand (lowest first).
    hand_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The duel rating at the draw, as seeding used it.
    rating = models.IntegerField(null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    #: The entry that took this one's place after the draw.
    replaced_by = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="replacing"
    )
    #: Rounds of standard games: the powers the player would like, best first.
    preferences = models.JSONField(default=list, blank=True)
    #: Rounds of standard games: volunteers to sit out first when the count is not a
    #: multiple of seven.
    standby = models.BooleanField(default=False)
    #: Rounds of standard games: away for the next round (not seated; counted a sit-out).
    away = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player")
        ]
        ordering = ["seed", "registered_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"

    @property
    def key(self) -> str:
        """How the pure bracket and group tables name this entry."""
        return str(self.pk)


class Round(models.Model):
    """One round of play: the group stage, or a round of the knock-out (its number in the
    bracket; the final round also holds the match for third)."""

    class Kind(models.TextChoices):
        GROUPS = "groups", _("Group stage")
        KNOCKOUT = "knockout", _("Knock-out round")
        BOARDS = "boards", _("Round of standard games")

    class Status(models.TextChoices):
        PENDING = "pending", _("Not started")
        RUNNING = "running", _("Running")
        PAUSED = "paused", _("Paused")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    #: The bracket round (1 is the first) of a knock-out round; 0 for the group stage.
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    #: Rule 3B: the set-up this round's duels start from (Highlander's ``fixed_setup``
    #: option), fixed by the organiser; empty: the players nominate.
    setup = models.JSONField(default=dict, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: A round of standard games: the entries (keys) who sat it out, and the seed its
    #: seating was drawn from.
    sitting_out = models.JSONField(default=list, blank=True)
    #: Of those sitting it out, the entries the organiser had marked away: they were not
    #: there to play, so they score nothing for sitting out.
    away = models.JSONField(default=list, blank=True)
    seed = models.BigIntegerField(default=0)
    #: This round's own movement deadline (None: the tournament's).
    movement_deadline = models.DurationField(null=True, blank=True)
    #: The final round of a knock-out: the match for third place's own movement deadline
    #: (None: the tournament's). Played beside the final, it is not the final: an
    #: organiser gives the final two days and the match for third one (issue 35, D13).
    third_place_movement_deadline = models.DurationField(null=True, blank=True)
    #: A round of standard games scored by its own system ("": the tournament's).
    scoring = models.CharField(max_length=20, blank=True)
    #: A round of standard games: its games end by time after this year (None: they
    #: play to a solo or a draw). The tournament's, unless the organiser set another.
    last_year = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The group stage: the organiser's order of players a play-off left level, best
    #: first, per group (``{"1": [["12", "15", "17"]]}``); never the seeds' silently.
    tie_orders = models.JSONField(default=dict, blank=True)

    @property
    def scoring_system(self) -> str:
        return self.scoring or self.tournament.scoring

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "kind", "number"], name="one_round_per_number"
            )
        ]
        ordering = ["tournament", "kind", "number"]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.kind} {self.number}"


class Match(models.Model):
    """Two entries and the duel that decides between them (or the bye, walkover or
    forfeit that did)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="matches")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    #: Its place in the pure bracket: round (0: the match for third) and index; for a group
    #: stage, the group and the pair's place in its schedule.
    bracket_round = models.PositiveSmallIntegerField(default=0)
    index = models.PositiveSmallIntegerField(default=0)
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Entry ``a`` plays red on board A, ``b`` blue (board B inverts the set-up).
    a = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="matches_as_a"
    )
    b = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="matches_as_b"
    )
    duel = models.OneToOneField(
        BoardLink, null=True, blank=True, on_delete=models.SET_NULL, related_name="match"
    )
    winner = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="matches_won"
    )
    decided = models.CharField(
        max_length=10, blank=True, choices=[(d.value, d.value) for d in Decided]
    )
    #: A play-off between players a group's tie-break ladder left level.
    playoff = models.BooleanField(default=False)
    #: Why its duel could not be made (what games refused), for the organiser to settle.
    problem = models.CharField(max_length=300, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    #: What the tie-breaks count, per entry key, once the duel is over: boards won and
    #: supply centers held over both boards.
    stats = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["round", "group", "bracket_round", "index"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.round}: match {self.index + 1}"

    @property
    def is_third_place(self) -> bool:
        return self.round.kind == Round.Kind.KNOCKOUT and self.bracket_round == 0

    def entry_of(self, colour: str) -> Entry | None:
        """The entry playing ``colour`` (red is ``a``)."""
        return {"red": self.a, "blue": self.b}.get(colour)


class Board(models.Model):
    """One standard game of a round: seven entries, one power each."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_board"
    )
    #: The top board of the last round: its scores count ``top_board_multiplier`` times.
    top = models.BooleanField(default=False)
    scored_at = models.DateTimeField(null=True, blank=True)
    #: The result the organiser ruled for the board's score, over how its game ended (a
    #: concession agreed at the table, a call made wrongly): "solo", "draw" or "time"
    #: ("": the game's own), with the powers (the soloist, or those in the draw; none:
    #: every survivor) and his reason, which players are shown. The game's own record
    #: is not rewritten (its ratings stand on it).
    result_outcome = models.CharField(max_length=8, blank=True)
    result_winner = models.CharField(max_length=200, blank=True)
    result_reason = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_board_per_number")
        ]


class BoardSeat(models.Model):
    """An entry's power on a board, and what it scored there. A seat handed over while
    the board ran (a replacement) is the substitute's, who holds it at the end and takes
    the board's whole score (the house rule on the rules page); who held it before him is
    kept in ``held_before``."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="board_seats")
    power = models.CharField(max_length=20)
    #: The entries that held the seat before ``entry``, first first, each with the phase
    #: from which the next one played it: ``[{"entry": 12, "from": "F1903M"}]``.
    held_before = models.JSONField(default=list, blank=True)
    centres = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The board's score as it counts: by the tournament's system, the top board's
    #: multiplier applied, unless the organiser set it by hand (``score_reason``).
    score = models.FloatField(null=True, blank=True)
    #: What the system gave, kept beside a score the organiser set by hand.
    system_score = models.FloatField(null=True, blank=True)
    #: Why the organiser set the score by hand ("": he did not); players are shown it.
    score_reason = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["board", "power"]
        constraints = [
            models.UniqueConstraint(fields=["board", "power"], name="one_board_seat_per_power"),
            models.UniqueConstraint(fields=["board", "entry"], name="one_board_seat_per_entry"),
        ]


class OrganiserAction(models.Model):
    """What an organiser did, by whom, when and why, as moderators' actions are kept."""

    class Kind(models.TextChoices):
        CHECK_IN_OPEN = "check_in_open", _("Check-in opened")
        CHECK_IN = "check_in", _("Checked a player in")
        ABSENT = "absent", _("Marked a player absent")
        SEED = "seed", _("Set a seed by hand")
        DRAW = "draw", _("Made the draw")
        WALKOVER = "walkover", _("Awarded a walkover")
        FORFEIT = "forfeit", _("Recorded a forfeit")
        REPLACE = "replace", _("Replaced a player")
        PAUSE = "pause", _("Paused a round")
        RESUME = "resume", _("Resumed a round")
        SETUP = "setup", _("Fixed a round's set-up")
        PLAYOFF = "playoff", _("Called a play-off")
        PLAYOFF_DECIDE = "playoff_decide", _("Decided a tie a play-off left")
        ORGANISER = "organiser", _("Added an organiser")
        CANCEL = "cancel", _("Cancelled the tournament")
        ROUND_START = "round_start", _("Started a round")
        BOARD_END = "board_end", _("Called a board")
        AWAY = "away", _("Marked a player away for a round")
        ANNOUNCE = "announce", _("Sent an announcement")
        BOARD_RESULT = "board_result", _("Ruled a board's result")
        SEAT_SCORE = "seat_score", _("Set a score by hand")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="actions")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    reason = models.CharField(max_length=500, blank=True)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]


class PlayerRating(models.Model):
    """A player's rating of one kind (tournaments.ratings.Rating, kept as its numbers)."""

    class Kind(models.TextChoices):
        DUEL = "duel", _("Duel rating (Highlander duels)")
        MULTIPLAYER = "multi", _("Multiplayer rating (standard games)")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    kind = models.CharField(max_length=6, choices=Kind.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    #: The figure shown and used for seeding and entry gates (Rating.shown).
    shown = models.IntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="one_rating_per_kind")]


class RatedResult(models.Model):
    """A finished duel or game counted in the ratings: kept so each counts once, however
    often its ending is announced."""

    key = models.CharField(max_length=40, unique=True)
    kind = models.CharField(max_length=6, choices=PlayerRating.Kind.choices)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)


#: The countries the World Diplomacy Database knows players by, in its own codes (mostly
#: French-based three letters: ALL Germany, ANG the United Kingdom), for the results an
#: organiser uploads there. A choice list, not free text, so the upload never fails on a
#: spelling; a country not listed is "ZZZ" (another).
WDD_COUNTRIES = (
    ("ALL", _("Germany")),
    ("AUT", _("Austria")),
    ("AUS", _("Australia")),
    ("BEL", _("Belgium")),
    ("CAN", _("Canada")),
    ("DAN", _("Denmark")),
    ("ESP", _("Spain")),
    ("USA", _("United States")),
    ("FIN", _("Finland")),
    ("FRA", _("France")),
    ("ANG", _("United Kingdom")),
    ("IRL", _("Ireland")),
    ("ITA", _("Italy")),
    ("JAP", _("Japan")),
    ("NOR", _("Norway")),
    ("NZL", _("New Zealand")),
    ("HOL", _("Netherlands")),
    ("POL", _("Poland")),
    ("POR", _("Portugal")),
    ("SUE", _("Sweden")),
    ("SUI", _("Switzerland")),
    ("ZZZ", _("Another country")),
)


class ResultsIdentity(models.Model):
    """What a player gives for tournament results sent on to the World Diplomacy
    Database: his legal name, his country and his WDD id, all optional. They appear only
    in the files the organisers of a tournament he plays in download for the WDD, and
    only while ``share`` says so (tournaments.visibility.identity_for_results); no page
    shows them to anyone else."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="results_identity"
    )
    first_name = models.CharField(_("first name"), max_length=60, blank=True)
    last_name = models.CharField(_("last name"), max_length=60, blank=True)
    country = models.CharField(_("country"), max_length=3, choices=WDD_COUNTRIES, blank=True)
    wdd_id = models.PositiveIntegerField(_("WDD id"), null=True, blank=True)
    share = models.BooleanField(
        _("my tournaments' organisers may send these with my results to the WDD"),
        default=False,
    )
