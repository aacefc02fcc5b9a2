"""The group stage: groups drawn by snake seeding, each a round robin of duels played one
schedule round at a time; standings by wins and the tournament's tie-break ladder; a
play-off between players the ladder leaves level on a place that goes through (across
the cut line, or above it: the place decides the knock-out seeding); a play-off that ends
level again waits for the organiser's order (services.results.playoff_decide), never for
the seeds; then the knock-out of those who go through, group winners seeded first and
players of one group kept apart in its first round (tournaments.groups)."""

from __future__ import annotations

from typing import Any

from games.models import GameEvent
from tournaments import brackets, groups
from tournaments.models import Entry, Match, OrganiserAction, Round, Tournament
from tournaments.services.bracket import bracket_keep
from tournaments.services.duels import duel_start
from tournaments.services.finish import tournament_finish
from tournaments.services.kernel import action_record, news_announce
from tournaments.wording import group_name


def group_stage_start(tournament: Tournament, entries: list[Entry], now: Any) -> Round:
    """Draw the groups from ``entries`` (seed order) and start the first schedule round
    of every group."""
    table = groups.draw_groups([e.key for e in entries], tournament.group_count)
    by_key = {e.key: e for e in entries}
    # The organiser may have made the row already, fixing the stage's set-up (rule 3B)
    # before the draw: it is kept, with its set-up, and starts now.
    stage, _made = Round.objects.select_for_update().get_or_create(
        tournament=tournament, kind=Round.Kind.GROUPS, number=0
    )
    stage.status = Round.Status.RUNNING
    stage.started_at = now
    stage.save(update_fields=["status", "started_at"])
    for number, players in enumerate(table):
        for key in players:
            by_key[key].group = number
            by_key[key].save(update_fields=["group"])
        for schedule_round, pairs in enumerate(groups.round_robin(players), start=1):
            for index, (a, b) in enumerate(pairs):
                Match.objects.create(
                    tournament=tournament,
                    round=stage,
                    group=number,
                    bracket_round=schedule_round,
                    index=index,
                    a=by_key[a],
                    b=by_key[b],
                )
    group_stage_go_on(tournament, now)
    return stage


def group_table(tournament: Tournament, group: int) -> groups.Standings:
    """The group's standings from its duels decided so far, its play-offs ordering the
    players they were played among (the organiser's order where one ended level again),
    with each replaced player's record carried on by his replacement."""
    stage = tournament.rounds.get(kind=Round.Kind.GROUPS)
    members = [
        e
        for e in tournament.entries.filter(group=group).order_by("seed")
        if e.status != Entry.Status.REPLACED
    ]
    holding = now_holding(tournament)
    decided = stage.matches.filter(group=group, winner__isnull=False)
    return groups.standings(
        [e.key for e in members],
        [_result(m, holding) for m in decided if not m.playoff],
        groups.check_ladder(tournament.tie_breaks or []),
        playoffs=[_result(m, holding) for m in decided if m.playoff],
        decisions=[
            [holding.get(k, k) for k in order] for order in stage.tie_orders.get(str(group), [])
        ],
    )


def now_holding(tournament: Tournament) -> dict[str, str]:
    """Each entry key to the key of whoever holds its place now (a replaced entry's
    replacement, followed to the end)."""
    holder = {
        str(pk): str(by)
        for pk, by in tournament.entries.filter(replaced_by__isnull=False).values_list(
            "pk", "replaced_by"
        )
    }

    def last(key: str) -> str:
        seen = set()
        while key in holder and key not in seen:
            seen.add(key)
            key = holder[key]
        return key

    return {k: last(k) for k in holder}


def duel_records(tournament: Tournament) -> dict[str, dict[str, int]]:
    """Each player's record over every duel of ``tournament`` decided (group, play-off and
    knock-out): played, wins, losses, boards won and centres, counted as the group table
    counts them (:func:`_result`): a replaced player's duels are his replacement's, who
    carries on his record, and a match awarded without play counts no boards and no
    centres. The classification and every export read it here, so that none of them
    gives a replaced player or his replacement another record than the group table."""
    holding = now_holding(tournament)
    totals: dict[str, dict[str, int]] = {}
    for match in tournament.matches.filter(
        winner__isnull=False, a__isnull=False, b__isnull=False
    ).order_by("pk"):
        result = _result(match, holding)
        for key in (result.a, result.b):
            t = totals.setdefault(
                key, {"played": 0, "wins": 0, "losses": 0, "boards_won": 0, "centres": 0}
            )
            t["played"] += 1
            t["wins" if result.winner == key else "losses"] += 1
            t["boards_won"] += result.boards_of(key)
            t["centres"] += result.centres_of(key)
    return totals


def duel_ranking(tournament: Tournament) -> list[tuple[int, str]]:
    """Every player who played a duel of ``tournament``, best first, with his rank: the
    bracket's places first (brackets.places: shared by the round lost in), then those out
    in the groups by group place; wins, then centres, order players within a place. The
    classification, its exports and the page's final places all rank players here, so
    that no player out in the groups is placed in one and missing from another."""
    totals = duel_records(tournament)
    placed = (
        brackets.places(brackets.bracket_from_json(tournament.bracket))
        if tournament.bracket
        else {}
    )
    in_groups: dict[str, int] = {}
    if tournament.rounds.filter(kind=Round.Kind.GROUPS).exists():
        numbers = tournament.entries.exclude(group=None).values_list("group", flat=True)
        for group in sorted(set(numbers)):
            for row in group_table(tournament, group).rows:
                in_groups[row.player] = row.place
    ranked: list[tuple[tuple[int, ...], str]] = []
    for key, t in totals.items():
        if key in placed:
            ranked.append(((0, placed[key], -t["wins"], -t["centres"]), key))
        else:
            ranked.append(((1, in_groups.get(key, 99), -t["wins"], -t["centres"]), key))
    ranked.sort()
    rows: list[tuple[int, str]] = []
    rank = 0
    last: tuple[int, ...] | None = None
    for position, (sort_key, key) in enumerate(ranked, start=1):
        # The bracket's players share their place; below it, only a full tie does.
        shared = sort_key[:2] if sort_key[0] == 0 else sort_key
        if shared != last:
            rank = position
            last = shared
        rows.append((rank, key))
    return rows


def _result(match: Match, holding: dict[str, str]) -> groups.Result:
    assert match.a_id is not None
    assert match.b_id is not None
    assert match.winner_id is not None

    def now(key: str) -> str:
        return holding.get(key, key)

    a, b, winner = now(str(match.a_id)), now(str(match.b_id)), now(str(match.winner_id))
    walkover = match.decided in (brackets.Decided.WALKOVER, brackets.Decided.FORFEIT)
    # A match awarded without play counts no boards and no centres, whatever its boards
    # showed when its duel was stopped (the stats kept of an awarded duel say where it
    # stood, not what was played out).
    stats = {} if walkover else (match.stats or {})
    return groups.Result(
        a=a,
        b=b,
        winner=winner,
        boards_won={now(k): int(v.get("boards_won", 0)) for k, v in stats.items()},
        centres={now(k): int(v.get("centres", 0)) for k, v in stats.items()},
        walkover=walkover,
    )


def playoffs_needed(table: groups.Standings, through: int) -> list[groups.Playoff]:
    """The play-offs a group's players must play (or the organiser settle) before the
    knock-out: those for a place that goes through, across the cut below place
    ``through`` or above it (the place decides the seeding); a tie wholly below it holds
    nobody up and is left shared."""
    return [p for p in table.playoffs if min(p.places) <= through]


def group_stage_go_on(tournament: Tournament, now: Any) -> None:
    """After a group match: start the group's next schedule round once its current one is
    decided; once every group is through its schedule, call the play-offs the ladder asks
    for, and once those are played, draw the knock-out of those who go through."""
    stage = tournament.rounds.get(kind=Round.Kind.GROUPS)
    if stage.status == Round.Status.FINISHED:
        return
    tables: list[groups.Standings] = []
    complete = True
    for group in sorted(set(stage.matches.values_list("group", flat=True))):
        matches = list(
            stage.matches.filter(group=group, playoff=False).select_related(
                "a__user", "b__user", "round"
            )
        )
        open_rounds = sorted({m.bracket_round for m in matches if m.winner_id is None})
        if open_rounds:
            complete = False
            if stage.status == Round.Status.RUNNING:
                for m in matches:
                    if m.bracket_round == open_rounds[0] and m.duel_id is None:
                        duel_start(tournament, m)
            continue
        table = group_table(tournament, group)
        needed = playoffs_needed(table, tournament.advance_per_group)
        if needed:
            complete = False
            if any(not p.tied_again for p in needed):
                _playoffs_call(tournament, stage, group, table)
            for playoff in needed:
                if playoff.tied_again:
                    _tied_again_tell(tournament, group, playoff)
            continue
        tables.append(table)
    if not complete:
        return
    through = tournament.advance_per_group
    seeds = groups.knockout_seeds(tables, through, whole_when_short=True)
    stage.status = Round.Status.FINISHED
    stage.finished_at = now
    stage.save(update_fields=["status", "finished_at"])
    if len(seeds) < 2:
        tournament_finish(tournament, now)
        return
    bracket = brackets.knockout(seeds, reseed=tournament.reseed, third_place=tournament.third_place)
    bracket_keep(tournament, bracket, now)


def _tied_again_tell(tournament: Tournament, group: int, playoff: groups.Playoff) -> None:
    """Tell the organisers (once) that a play-off ended level again: it is theirs to
    order the players, on their page."""
    key = f"playoff-tied:{group}:{'-'.join(sorted(playoff.players))}"
    # The stage is looked at again after every match of any group: told once.
    if GameEvent.objects.filter(
        kind="tournament", key=f"tournament:{tournament.pk}:{key}"
    ).exists():
        return
    entries = {e.key: e for e in tournament.entries.select_related("user")}
    news_announce(
        tournament,
        key=key,
        users=list(tournament.organisers.values_list("pk", flat=True)),
        what="playoff_tied",
        group=group_name(group),
        players=", ".join(entries[p].user.get_username() for p in playoff.players),
    )


def _playoffs_call(
    tournament: Tournament, stage: Round, group: int, table: groups.Standings
) -> None:
    """Make (once) and start the play-off duels of ``group``: a round robin among each
    set of players the ladder left level."""
    entries = {e.key: e for e in tournament.entries.select_related("user")}
    have = stage.matches.filter(group=group, playoff=True)
    if have.exists():
        for m in have.filter(winner__isnull=True, duel__isnull=True).select_related(
            "a__user", "b__user", "round"
        ):
            duel_start(tournament, m)
        return
    index = 0
    for playoff in playoffs_needed(table, tournament.advance_per_group):
        action_record(
            tournament,
            None,
            OrganiserAction.Kind.PLAYOFF,
            group=group_name(group),
            players=[entries[p].user.get_username() for p in playoff.players],
            places=[str(p) for p in playoff.places],
        )
        for pairs in groups.round_robin(playoff.players):
            for a, b in pairs:
                match = Match.objects.create(
                    tournament=tournament,
                    round=stage,
                    group=group,
                    bracket_round=99,
                    index=index,
                    a=entries[a],
                    b=entries[b],
                    playoff=True,
                )
                index += 1
                if stage.status == Round.Status.RUNNING:
                    duel_start(tournament, match)
