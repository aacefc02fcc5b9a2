"""What moderators see: the games they run, a game's moderation record as each viewer may
see it, and phases given up."""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q
from django.utils import timezone

from accounts.selectors import name_shown, recorded_name_shown
from adjudicator import find_variant
from games import visibility, wording
from games.models import Decision, Game, GamePhase, ModeratorAction, Ruling, Seat
from games.selectors.decisions import question_as_seen

if TYPE_CHECKING:
    from games.visibility import QuestionReader


def games_to_moderate(*, user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The games ``user`` runs (all running games for a site moderator) with what needs
    them: a pause, a seat looking for a player, a phase past its deadline; and for a site
    moderator, the finished games whose result a game master decided alone, awaiting his
    confirmation."""
    if visibility.is_moderator(user):
        games = Game.objects.filter(
            Q(status=Game.Status.ACTIVE)
            | Q(
                status=Game.Status.FINISHED,
                master_decided=True,
                result_confirmed_at__isnull=True,
            )
        )
    else:
        games = Game.objects.filter(status=Game.Status.ACTIVE, masters=user)
    now = timezone.now()
    out = []
    for game in games.order_by("created_at"):
        if game.is_finished:
            if visibility.can_confirm_result(user=user, game=game):
                out.append({"game": game, "phase": None, "needs": ["confirm"]})
            continue
        needs = []
        if game.is_paused:
            needs.append("paused")
        if Seat.objects.filter(game=game, user__isnull=True, eliminated=False).exists():
            needs.append("seat_open")
        phase = game.current_phase
        if phase is not None and phase.stuck_since is not None:
            needs.append("stuck")
        elif phase is not None and phase.deadline is not None and phase.deadline < now:
            needs.append("overdue")
        if phase is not None and phase.decisions.filter(answer=None).exists():
            needs.append("decision")
        out.append({"game": game, "phase": phase, "needs": needs})
    out.sort(
        key=lambda row: ("stuck" not in row["needs"], not row["needs"], row["game"].created_at)
    )
    return out


def _action_as_seen(
    action: Any,
    game: Game,
    moderator: bool,
    names: bool,
    questions: _Questions,
) -> dict[str, Any]:
    """A moderation record as a viewer may see it. A decision's question and answer stay
    with the moderators until its phase is adjudicated (the answer may rest on secret
    orders), and its question shows what the viewer may read of it (games.visibility's
    ``QuestionReader``: never a power's secret that is not his). Without ``names`` (an
    anonymous game, to anyone but site moderators; a game played under pseudonyms, to
    everyone), no username shows: the record names the power (a player's own extension)
    or the role (moderator, game master, creator) instead."""
    details = dict(action.details)
    role = details.pop("by_role", None)
    if role is None:  # a record from before roles were kept: the actor's role now
        role = visibility.moderator_role(user=action.actor, game=game)
    by = name_shown(action.actor) if action.actor else ""
    if action.kind == "decision":
        details = questions.details(action, details, moderator)
    if not names:
        by = ""
        for key in ("previous", "replacement", "user"):
            details.pop(key, None)
    # A closed account's name, written down before he closed it, is shown as any of his.
    for key, value in details.items():
        if isinstance(value, str):
            details[key] = recorded_name_shown(value)
    return {
        "kind": action.kind,
        "kind_name": action.get_kind_display(),
        "reason": action.reason,
        "by": by,
        "by_role": "" if details.get("by_player") else role,
        "at": action.created_at.isoformat(),
        "phase": action.phase.code if action.phase else None,
        "details": details,
    }


class _Questions:
    """The questions that a game's decision records answered, read once for all of them,
    and what one viewer may read of each."""

    def __init__(self, game: Game, user: AbstractBaseUser | AnonymousUser) -> None:
        self.game = game
        self.user = user

    # Asked of the first decision record only: most games have none.
    @functools.cached_property
    def reader(self) -> QuestionReader:
        return visibility.question_reader(user=self.user, game=self.game)

    @functools.cached_property
    def map_id(self) -> str:
        return find_variant(self.game.variant).map_id

    @functools.cached_property
    def by_pk(self) -> dict[int, Any]:
        decisions = Decision.objects.filter(phase__game=self.game).select_related("phase")
        return {d.pk: d for d in decisions}

    def details(self, action: Any, details: dict[str, Any], moderator: bool) -> dict[str, Any]:
        """A decision record's details as the viewer may read them: nothing before its
        phase is adjudicated (to anyone but its moderators); then its key, its question
        (words, code, the parameters he may read) and the answer."""
        secret_yet = action.phase is not None and not action.phase.is_resolved
        if secret_yet and not moderator:
            return {}
        decision = self.by_pk.get(details.pop("decision", None))
        if decision is not None:
            return {
                "key": details.get("key", decision.key),
                **question_as_seen(decision, self.reader, self.map_id),
                "answer": details.get("answer"),
                "answer_words": wording.answer_words(
                    details.get("answer"), decision.choices, decision.many
                ),
            }
        # A record whose question the migration could not find: its words as stored,
        # which only a reader of every secret may read.
        if "question" in details and not self.reader.everything:
            details["question"] = wording.question_withheld()
        return details


def _stuck(*, game: Game, moderator: bool) -> dict[str, Any] | None:
    """The open phase given up after failed adjudications, if any: when, and (to those who
    may moderate) the last error."""
    phase = (
        GamePhase.objects.filter(game=game, status=GamePhase.Status.OPEN, stuck_since__isnull=False)
        .order_by("-index")
        .first()
    )
    if phase is None:
        return None
    assert phase.stuck_since is not None
    out: dict[str, Any] = {"phase": phase.code, "since": phase.stuck_since.isoformat()}
    if moderator:
        out["failures"] = phase.failures
        out["error"] = phase.last_failure
    return out


def moderation_summary(*, game: Game, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """What players see of the moderation of a game (pause and its reason, every
    moderator action and ruling with its reason), and whether ``user`` may moderate."""
    actions = list(ModeratorAction.objects.filter(game=game).select_related("actor", "phase"))
    pauses = [a for a in actions if a.kind == ModeratorAction.Kind.PAUSE]
    moderator = visibility.can_moderate(user=user, game=game)
    names = visibility.sees_moderators_names(user=user, game=game)
    questions = _Questions(game, user)
    return {
        "can_moderate": moderator,
        "can_name_masters": visibility.can_name_masters(user=user, game=game),
        # A result a game master decided alone waits for a site moderator before it
        # counts for ratings: everyone who may watch is told so.
        "result_awaits_confirmation": game.result_awaits_confirmation,
        "can_confirm_result": visibility.can_confirm_result(user=user, game=game),
        "stuck": _stuck(game=game, moderator=moderator),
        "paused": game.is_paused,
        "pause_reason": game.pause_reason,
        # Paused by the players' unanimous vote (games.services.votes): they resume it.
        "paused_by_vote": game.is_paused
        and bool(pauses)
        and bool(pauses[-1].details.get("by_vote")),
        "actions": [_action_as_seen(a, game, moderator, names, questions) for a in actions],
        "rulings": [
            {
                "id": r.pk,
                "phase_index": r.phase.index,
                "phase": r.phase.code,
                "kind": r.kind,
                "reason": r.reason,
                "at": r.created_at.isoformat(),
            }
            for r in Ruling.objects.filter(game=game).select_related("phase")
        ],
    }


def ruling_phase_before(*, game: Game, index: int) -> int | None:
    """The index of the adjudicated phase of the line just before phase ``index``: the
    one a ruling on its result repairs that phase from (None: there is none)."""
    return (
        GamePhase.objects.filter(game=game, status=GamePhase.Status.RESOLVED, index__lt=index)
        .order_by("-index")
        .values_list("index", flat=True)
        .first()
    )


def stored_position(*, game: Game, index: int) -> str:
    """Phase ``index``'s position as stored, as JSON text: what a moderator corrects in a
    ruling when it cannot be read (whole: a moderator sees every secret)."""
    stored = (
        GamePhase.objects.filter(game=game, index=index).values_list("position", flat=True).first()
    )
    return json.dumps(stored, indent=1, ensure_ascii=False, sort_keys=True)


def moderation_panel(
    *,
    user: AbstractBaseUser | AnonymousUser | None,
    game: Game,
    state: dict[str, Any],
    rulings_allowed: bool,
) -> dict[str, Any]:
    """What the moderation forms of the game page need beyond ``state``: the phases a
    ruling may be made on (none where ``rulings_allowed`` is false), the seats, the game
    masters, and who may name them; and the questions of the open phase the rules leave
    to the game master, still unanswered."""
    names_masters = user is not None and visibility.can_name_masters(user=user, game=game)
    resolved = set(
        game.phases.filter(status=GamePhase.Status.RESOLVED).values_list("index", flat=True)
    )
    phase = state.get("phase")
    return {
        "can_name_masters": names_masters,
        # Who runs the game is told to those who name its masters (in an anonymous game
        # the players see roles only).
        # A closed account runs no game: it is left out (his naming stays in the history).
        "masters": list(
            game.masters.filter(closed_account__isnull=True)
            .order_by("username")
            .values_list("username", flat=True)
        )
        if names_masters
        else [],
        "seats": [
            {"power": s["power"], "played": bool(s["user_id"])}
            for s in game.seats.order_by("power").values("power", "user_id")
        ],
        "ruling_phases": [p for p in state.get("phases", []) if p["index"] in resolved]
        if rulings_allowed
        else [],
        "running": game.status == Game.Status.ACTIVE,
        "open_decisions": [d for d in phase.get("decisions", []) if d["answer"] is None]
        if phase and phase.get("status") == GamePhase.Status.OPEN
        else [],
    }


def ruling_lines(*, game: Game) -> dict[int, dict[str, Any]]:
    """For each ruling of the game: the first phase of the line it corrected (which
    carries its note) and the phases it superseded, by index."""
    out: dict[int, dict[str, Any]] = {}
    for p in game.phases.filter(derived_from__isnull=False).order_by("index"):
        out.setdefault(p.derived_from_id, {"first": p.index, "superseded": []})
    for p in game.phases.filter(superseded_by__isnull=False).order_by("index"):
        out.setdefault(p.superseded_by_id, {"first": None, "superseded": []})
        out[p.superseded_by_id]["superseded"].append(p.index)
    return out
