"""What the tournament pages show, read in one place: the list, a tournament's bracket,
group tables (as they stand, and "if all games ended now"), entrants and final places,
the organiser's dashboard of boards waiting on whom, and what the organisers did."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from accounts.selectors import name_shown, recorded_name_shown
from adjudicator import Position, find_variant
from games import wording as game_wording
from games.models import Game
from games.positions import BoardUnreadable, boards_now, phase_position, powers_to_order
from tournaments import brackets, duels, groups, scoring, visibility
from tournaments.models import (
    Board,
    BoardSeat,
    Entry,
    Match,
    OrganiserAction,
    PlayerRating,
    Round,
    Tournament,
)
from tournaments.services.ratings import rating_kind
from tournaments.services.rounds import scoring_game
from tournaments.services.scores import round_points, round_scores, tournament_score
from tournaments.services.stages import duel_ranking, group_table, now_holding
from tournaments.wording import (
    SCORING_NAMES,
    board_result,
    decided_words,
    group_name,
    knockout_round_name,
    match_name,
    placed_by,
)

User = AbstractBaseUser | AnonymousUser


def tournaments_listed(*, user: User) -> QuerySet[Tournament]:
    """The tournaments ``user`` may see listed: every public one, and the private ones he
    organises or entered."""
    shown = Q(private=False)
    if user.is_authenticated:
        # As tournaments.visibility has it: a player who withdrew sees it no more.
        entered = Entry.objects.filter(user=user).exclude(status=Entry.Status.WITHDRAWN)
        shown |= Q(organisers=user) | Q(pk__in=entered.values("tournament_id"))
    playing = ~Q(entries__status__in=(Entry.Status.WITHDRAWN, Entry.Status.NO_SHOW))
    ids = Tournament.objects.filter(shown).values("pk")
    return (
        Tournament.objects.filter(pk__in=ids)
        .annotate(players=Count("entries", filter=playing & Q(entries__isnull=False)))
        .order_by("-created_at")
    )


def _name(entry: Entry | None) -> str:
    return name_shown(entry.user) if entry is not None else ""


#: The boards of duels under way as they stand now: duel (link) id -> [(board, position)].
DuelBoards = dict[int, list[tuple[Game, Position]]]


def duel_boards(matches: Iterable[Match]) -> DuelBoards:
    """The boards of the duels under way among ``matches``, read at once (a page of many
    matches reads them in three queries, not a few per match)."""
    ids = {m.duel_id for m in matches if m.duel_id is not None and m.winner_id is None}
    games = list(Game.objects.filter(link_id__in=ids).order_by("pk")) if ids else []
    now = boards_now(games)
    out: DuelBoards = {}
    for game in games:
        if game.pk in now and game.link_id is not None:
            out.setdefault(game.link_id, []).append((game, now[game.pk]))
    return out


def duel_board_counts(
    match: Match, boards: DuelBoards | None = None
) -> dict[str, dict[str, int]] | None:
    """Centers and units of each colour over both boards of ``match``'s duel now; None
    before its boards exist. ``boards``: as :func:`duel_boards` read them, if they were."""
    if match.duel_id is None:
        return None
    on = (boards if boards is not None else duel_boards([match])).get(match.duel_id)
    if not on:
        return None
    totals = {c: {"centres": 0, "units": 0} for c in ("red", "blue")}
    for _game, position in on:
        for colour, total in totals.items():
            total["centres"] += len(position.centers_of(colour))
            total["units"] += len(position.units_of(colour))
    return totals


def duel_leader(match: Match, boards: DuelBoards | None = None) -> Entry | None:
    """Who would take ``match`` if its duel ended now: more centers over both boards,
    then more units; None when level, or before the boards are set up."""
    counts = duel_board_counts(match, boards)
    if counts is None:
        return None
    red = (counts["red"]["centres"], counts["red"]["units"])
    blue = (counts["blue"]["centres"], counts["blue"]["units"])
    if red == blue:
        return None
    return match.a if red > blue else match.b


#: What a match row's query reads with it.
MATCH_RELATED = ("a__user", "b__user", "winner__user", "round", "tournament", "duel")


def _match_row(match: Match, boards: DuelBoards, *, leader: bool = True) -> dict[str, Any]:
    """A match as the pages show it; ``boards``: the duels under way (:func:`duel_boards`)."""
    state = "waiting"
    if match.winner_id is not None:
        state = "decided"
    elif match.duel_id is not None:
        state = "playing"
    row: dict[str, Any] = {
        "pk": match.pk,
        "name": match_name(match),
        "a": _name(match.a),
        "b": _name(match.b),
        "a_seed": match.a.seed if match.a else None,
        "b_seed": match.b.seed if match.b else None,
        "winner": _name(match.winner),
        "decided": decided_words(match.decided) if match.decided else "",
        "bye": match.decided == brackets.Decided.BYE,
        "state": state,
        "duel_url": reverse("tournaments:duel", args=[match.duel_id]) if match.duel_id else "",
        "leader": "",
        "stage": "",
        "problem": match.problem,
        "playoff": match.playoff,
    }
    if state == "playing":
        on = boards.get(match.duel_id or 0, [])
        # Board A's phase: a board ahead of the other waits at the next one.
        row["stage"] = game_wording.phase_name(str(on[0][1].phase)) if on else ""
        if match.duel is not None and match.duel.stage:
            row["stage"] += " · " + duels.stage_words(match.duel.stage)
        if leader:
            row["leader"] = _name(duel_leader(match, boards))
    return row


def bracket_columns(tournament: Tournament) -> list[dict[str, Any]]:
    """The knock-out as columns, first round first: every match place of the bracket,
    with its players once known (a bye shown as such)."""
    if not tournament.bracket:
        return []
    bracket = brackets.bracket_from_json(tournament.bracket)
    rows = {
        (m.bracket_round, m.index): m
        for m in Match.objects.filter(
            tournament=tournament, round__kind=Round.Kind.KNOCKOUT
        ).select_related(*MATCH_RELATED)
    }
    boards = duel_boards(rows.values())
    columns = []
    for number in range(1, bracket.round_count + 1):
        matches = []
        for index in range(bracket.size >> number):
            match = rows.get((number, index))
            if match is not None:
                matches.append(_match_row(match, boards))
            else:
                matches.append({"state": "unknown", "a": "", "b": "", "winner": ""})
        columns.append(
            {"name": knockout_round_name(number, bracket.round_count), "matches": matches}
        )
    if bracket.with_third_place:
        third = rows.get((0, 0))
        columns[-1]["third"] = (
            _match_row(third, boards)
            if third
            else {"state": "unknown", "a": "", "b": "", "winner": ""}
        )
    return columns


def group_tables(tournament: Tournament) -> list[dict[str, Any]]:
    """Each group's table as it stands, the table "if all games ended now" (each duel
    under way given to whoever leads it), and its matches."""
    stage = tournament.rounds.filter(kind=Round.Kind.GROUPS).first()
    if stage is None:
        return []
    entries = {e.key: e for e in tournament.entries.select_related("user")}
    holding = now_holding(tournament)
    every = list(stage.matches.select_related(*MATCH_RELATED))
    boards = duel_boards(every)
    out = []
    for group in sorted({m.group for m in every if m.group is not None}):
        table = group_table(tournament, group)
        matches = [m for m in every if m.group == group]
        projected = []
        members = list(table.order)
        seeds = sorted(members, key=lambda k: entries[k].seed or 0)
        for m in matches:
            if m.playoff or m.a_id is None or m.b_id is None:
                continue
            a = holding.get(str(m.a_id), str(m.a_id))
            b = holding.get(str(m.b_id), str(m.b_id))
            if m.winner_id is not None:
                winner = holding.get(str(m.winner_id), str(m.winner_id))
            else:
                ahead = duel_leader(m, boards) if m.duel_id else None
                if ahead is None:
                    continue
                winner = holding.get(ahead.key, ahead.key)
            projected.append(groups.Result(a=a, b=b, winner=winner))
        if_now = groups.standings(seeds, projected, [groups.TieBreak.SEED])
        n = min(tournament.advance_per_group, len(table.rows))
        # Marked through: the top n, but never players still level across the cut line
        # (three sharing first place with two to go through: none of them is through
        # yet, and marking two of them by their seed said so wrongly).
        cut = groups.advancing(table, n) if n else ()
        through = set(cut or (r.player for r in table.rows if r.place + _sharing(table, r) <= n))
        # The group is over once every match of it, play-offs too, is decided; then the
        # table says in words who went through, and why where a tie-break put him there.
        over = (
            bool(matches)
            and all(m.winner_id is not None for m in matches)
            and not table.playoffs
            and cut is not None
        )
        out.append(
            {
                "number": group,
                "name": group_name(group),
                "rows": [
                    {
                        **_row(r),
                        "player": _name(entries.get(r.player)),
                        "through": r.player in through,
                    }
                    for r in table.rows
                ],
                "went_through": [
                    {"player": _name(entries.get(r.player)), "why": placed_by(r.decided_by)}
                    for r in table.rows
                    if r.player in through
                ]
                if over
                else [],
                # Nothing of the group is under way: "if all games ended now" is the table.
                "under_way": not over and tournament.status != Tournament.Status.FINISHED,
                # Play-offs still to play or to decide (those played order the rows).
                "playoffs": [
                    {
                        "players": [_name(entries.get(p)) for p in playoff.players],
                        "entries": [entries[p] for p in playoff.players if p in entries],
                        "first": playoff.places[0],
                        "last": playoff.places[-1],
                        "tied_again": playoff.tied_again,
                        "needed": playoff.places[0] <= tournament.advance_per_group,
                    }
                    for playoff in table.playoffs
                ],
                "walkovers": any(r.walkovers for r in table.rows),
                "if_now": [
                    {"player": _name(entries.get(r.player)), "wins": r.wins, "place": r.place}
                    for r in if_now.rows
                ],
                "through": tournament.advance_per_group,
                "matches": [_match_row(m, boards) for m in matches],
            }
        )
    return out


def _sharing(table: groups.Standings, row: groups.Row) -> int:
    """How many others share ``row``'s place."""
    return sum(1 for r in table.rows if r.place == row.place) - 1


def _row(row: groups.Row) -> dict[str, Any]:
    return {
        "played": row.played,
        "wins": row.wins,
        "losses": row.losses,
        "boards_won": row.boards_won,
        "centres": row.centres,
        "place": row.place,
        "decided_by": row.decided_by,
        "placed_by": placed_by(row.decided_by),
        "walkovers": row.walkovers,
    }


def final_places(tournament: Tournament) -> list[dict[str, Any]]:
    """Every player's place once the final is decided, as the classification ranks them
    (services.stages.duel_ranking): the bracket's places (1, 2, and 3 and 4 after a match
    for third, else both losing semi-finalists 3; the quarter-finals' losers 5, and so on),
    those sharing one in the bracket's order, then those out in the groups. Every player
    who played is placed: a list stopping at the bracket left the group stage's players
    with no place at all."""
    if not tournament.bracket:
        return []
    bracket = brackets.bracket_from_json(tournament.bracket)
    if bracket.final is None or bracket.final.winner is None:
        return []
    entries = {e.key: e for e in tournament.entries.select_related("user")}
    seen = [p for r in reversed(bracket.rounds) for m in r for p in (m.a, m.b) if p]
    ranking = duel_ranking(tournament)
    # Within a shared place, the bracket's order (the later round's players first); the
    # ranking's order for those the bracket never saw.
    ranking.sort(key=lambda row: (row[0], seen.index(row[1]) if row[1] in seen else len(seen)))
    return [{"place": place, "player": _name(entries.get(key))} for place, key in ranking]


def _status_name(tournament: Tournament, entry: Entry) -> str:
    """An entry's status in words. Without a check-in nobody checks in: whoever the
    draw took plays, and whoever the organiser marked absent is absent (the words of the
    check-in, "Checked in" and "Did not check in", spoke of a roll call never held)."""
    if not tournament.check_in_required:
        if entry.status == Entry.Status.CHECKED_IN:
            return gettext("Present")
        if entry.status == Entry.Status.NO_SHOW:
            return gettext("Absent")
    return str(entry.get_status_display())


def entrants(tournament: Tournament) -> list[dict[str, Any]]:
    """Who entered, with their status, seed and group, seed order once drawn."""
    ratings = dict(
        PlayerRating.objects.filter(
            kind=rating_kind(tournament),
            user__tournament_entries__tournament=tournament,
        ).values_list("user_id", "shown")
    )
    rows = []
    for e in tournament.entries.select_related("user").order_by("seed", "registered_at", "pk"):
        rows.append(
            {
                "pk": e.pk,
                "player": _name(e),
                "status": e.status,
                "status_name": _status_name(tournament, e),
                "seed": e.seed,
                "hand_seed": e.hand_seed,
                "group": group_name(e.group) if e.group is not None else "",
                "rating": e.rating if e.rating is not None else ratings.get(e.user_id, 1000),
            }
        )
    return rows


def tournament_page(*, tournament: Tournament, user: User) -> dict[str, Any]:
    """Everything the tournament's page shows ``user`` (who may see it: views check)."""
    mine = None
    if user.is_authenticated:
        mine = tournament.entries.filter(user=user).exclude(status=Entry.Status.WITHDRAWN).first()
    registering = tournament.status == Tournament.Status.REGISTRATION
    closed = (
        tournament.registration_closes is not None
        and tournament.registration_closes <= timezone.now()
    )
    manages = visibility.can_manage(user=user, tournament=tournament)
    listed = entrants(tournament)
    return {
        "tournament": tournament,
        "manages": manages,
        "mine": mine,
        # An organiser cannot play in his own tournament: no button he would be refused.
        "may_enter": registering
        and not closed
        and user.is_authenticated
        and mine is None
        and not manages,
        "may_check_in": registering
        and tournament.check_in_open
        and mine is not None
        and mine.status == Entry.Status.REGISTERED,
        "entrants": listed,
        "playing": sum(1 for e in listed if e["status"] not in ("withdrawn", "no_show")),
        "columns": bracket_columns(tournament),
        "groups": group_tables(tournament),
        "places": final_places(tournament),
        "rounds": list(tournament.rounds.order_by("kind", "number")),
        "boards_rounds": rounds_of_boards(tournament)
        if tournament.format == Tournament.Format.ROUNDS
        else [],
        "standings": round_standings(tournament)
        if tournament.format == Tournament.Format.ROUNDS
        else [],
        "standings_if_now": round_standings(tournament, if_now=True)
        if tournament.format == Tournament.Format.ROUNDS
        and tournament.status == Tournament.Status.RUNNING
        else [],
        "announcements": announcements(tournament),
    }


def announcements(tournament: Tournament, *, limit: int = 20) -> list[dict[str, Any]]:
    """The organisers' announcements, newest first: when, by whom, what. Whoever may see
    the tournament's page reads them, as its entrants were sent them."""
    return [
        {
            "when": a.created_at,
            "who": name_shown(a.actor),
            "message": str((a.details or {}).get("message", "")),
        }
        for a in OrganiserAction.objects.filter(
            tournament=tournament, kind=OrganiserAction.Kind.ANNOUNCE
        ).select_related("actor")[:limit]
    ]


def waiting_on(match: Match) -> list[dict[str, Any]]:
    """Each board of ``match``'s duel still running: its phase, deadline, and the players
    who have not yet said they are ready."""
    if match.duel_id is None:
        return []
    return games_waiting_on(list(Game.objects.filter(link_id=match.duel_id).order_by("pk")))


def games_waiting_on(games: list[Game]) -> list[dict[str, Any]]:
    """Each of ``games`` still running: its phase, deadline, the players who have not
    yet said they are ready, and those who missed their orders in the phases just
    before (how many in a row), for the organiser to chase or replace."""
    out = []
    for game in games:
        phase = game.current_phase
        if game.status != Game.Status.ACTIVE or phase is None:
            continue
        try:
            due = powers_to_order(phase_position(phase), find_variant(game.variant))
        except BoardUnreadable:
            due = set()  # nothing can be ordered: the game waits for its moderators
        ready = set(phase.order_sets.filter(ready=True).values_list("seat__power", flat=True))
        seats = {s.power: s for s in game.seats.select_related("user", "excluded_user")}
        out.append(
            {
                "game": game,
                "label": game.link_label,
                "phase": game_wording.phase_name(phase.code),
                "deadline": phase.deadline,
                "paused": game.is_paused,
                "waiting_for_board": phase.deadline is None and not game.is_paused,
                "not_ready": [_name_user(seats[p]) for p in sorted(due - ready) if p in seats],
                "missing": [
                    {"player": _name_user(s, left=True), "misses": s.consecutive_misses}
                    for _power, s in sorted(seats.items())
                    if s.consecutive_misses
                ],
            }
        )
    return out


def _name_user(seat: Any, *, left: bool = False) -> str:
    """Who plays ``seat``; ``left``: or, if nobody does, who was excluded from it."""
    return name_shown(seat.user or (seat.excluded_user if left else None))


def knockout_round_count(tournament: Tournament) -> int:
    """How many rounds the knock-out has: the bracket's, once drawn; before, what the
    players entered so far (or, for groups, those going through) would make."""
    if tournament.bracket:
        return brackets.bracket_from_json(tournament.bracket).round_count
    if tournament.format == Tournament.Format.GROUPS:
        players = tournament.group_count * tournament.advance_per_group
    else:
        players = tournament.entries.exclude(
            status__in=(Entry.Status.WITHDRAWN, Entry.Status.NO_SHOW)
        ).count()
    return max(1, (max(players, 2) - 1).bit_length())


def action_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """What the organisers did, newest first, with its details in words."""
    rows = []
    for action in OrganiserAction.objects.filter(tournament=tournament).select_related("actor")[
        :200
    ]:
        details = []
        for key, value in (action.details or {}).items():
            if value in ("", None, [], {}):
                continue
            # A closed account's name, written down before he closed it, as any of his.
            if isinstance(value, list):
                shown = ", ".join(recorded_name_shown(str(v)) for v in value)
            else:
                shown = recorded_name_shown(str(value))
            details.append(f"{key.replace('_', ' ')}: {shown}")
        rows.append(
            {
                "when": action.created_at,
                "who": name_shown(action.actor),
                "what": action.get_kind_display(),
                "why": action.reason,
                "details": "; ".join(details),
            }
        )
    return rows


def dashboard(*, tournament: Tournament) -> dict[str, Any]:
    """The organiser's view: each match under way with its boards waiting on whom, the
    matches still to be played, the roll call, and what the organisers did."""
    running = list(
        tournament.matches.filter(winner__isnull=True)
        .exclude(a__isnull=True)
        .exclude(b__isnull=True)
        .select_related(*MATCH_RELATED)
        .order_by("round__kind", "round__number", "group", "bracket_round", "index")
    )
    under_way = duel_boards(running)
    boards = []
    unscored = [
        b
        for b in Board.objects.filter(round__tournament=tournament, scored_at__isnull=True)
        .select_related("round", "game")
        .order_by("round__number", "number")
        if b.game is not None and b.game.status == Game.Status.ACTIVE
    ]
    try:
        standing = boards_now(b.game for b in unscored if b.game is not None)
    except BoardUnreadable:
        standing = {}  # a board its moderators must repair first: no powers offered
    for board in unscored:
        assert board.game is not None
        position = standing.get(board.game.pk)
        seats = BoardSeat.objects.filter(board=board).select_related("entry__user")
        boards.append(
            {
                "pk": board.pk,
                "round": board.round.number,
                "number": board.number,
                "game": board.game,
                "last_year": board.game.last_year,
                "waiting": games_waiting_on([board.game]),
                # The powers still on the board, with their centers: who may share a
                # draw the organiser calls.
                "survivors": [
                    {
                        "power": s.power,
                        "player": _name(s.entry),
                        "centres": len(position.centers_of(s.power)),
                    }
                    for s in sorted(seats, key=lambda s: s.power)
                    if position is not None
                    and (position.centers_of(s.power) or position.units_of(s.power))
                ],
            }
        )
    return {
        # Play-offs played through and level still: the organiser orders their players.
        "ties": [
            {**playoff, "group": table["number"], "group_name": table["name"]}
            for table in group_tables(tournament)
            for playoff in table["playoffs"]
            if playoff["tied_again"] and playoff["needed"]
        ]
        if tournament.status == Tournament.Status.RUNNING
        else [],
        "matches": [
            {**_match_row(m, under_way), "boards": waiting_on(m), "match": m} for m in running
        ],
        "boards": boards,
        "actions": action_rows(tournament),
        "rounds": list(tournament.rounds.order_by("kind", "number")),
        "entries": list(tournament.entries.select_related("user").order_by("seed", "pk")),
    }


def readable_boards_now(games: list[Game]) -> dict[int, Position]:
    """Where each of ``games`` stands (games.positions.boards_now), leaving out a board
    whose stored position cannot be read: one board its moderators must repair leaves
    the others shown where they stand (and the page answering), and says it is in play."""
    try:
        return boards_now(games)
    except BoardUnreadable:
        now: dict[int, Position] = {}
        for game in games:
            try:
                now.update(boards_now([game]))
            except BoardUnreadable:
                continue
        return now


def provisional_scores(
    tournament: Tournament, played: Round, boards: Iterable[Board], now: dict[int, Position]
) -> dict[int, dict[str, tuple[int, float]]]:
    """Each of ``boards`` not yet scored whose position is in ``now`` (by game), scored as
    if its game ended where it stands (a draw of its survivors, or how it ended if it has
    and waits to be scored), the top board's multiplier applied: by board, each power's
    centers and provisional score."""
    out: dict[int, dict[str, tuple[int, float]]] = {}
    multiplier = float(tournament.top_board_multiplier)
    for board in boards:
        position = now.get(board.game_id) if board.game_id is not None else None
        if board.scored_at is not None or board.game is None or position is None:
            continue
        scored = scoring.score(played.scoring_system, scoring_game(board.game, position))
        times = multiplier if board.top else 1.0
        out[board.pk] = {
            power: (len(position.centers_of(power)), round(score * times, 4))
            for power, score in scored.items()
        }
    return out


def rounds_of_boards(tournament: Tournament) -> list[dict[str, Any]]:
    """Each round of standard games: its boards (players, powers, centers, scores; the
    game one click away) and who sat it out. A board still in play shows its centers as
    they stand and a provisional score (``provisional``), or says it is in play where its
    position cannot be read."""
    entries = {e.key: e for e in tournament.entries.select_related("user")}
    out = []
    for played in tournament.rounds.filter(kind=Round.Kind.BOARDS).order_by("number"):
        listed = list(played.boards.select_related("game").prefetch_related("seats__entry__user"))
        running = [b.game for b in listed if b.scored_at is None and b.game is not None]
        now = readable_boards_now(running)
        provisional = provisional_scores(tournament, played, listed, now)
        boards = []
        for board in listed:
            game = board.game
            phase = game.current_phase if game is not None else None
            standing = provisional.get(board.pk)
            boards.append(
                {
                    "number": board.number,
                    "top": board.top,
                    "game": game,
                    "scored": board.scored_at is not None,
                    "provisional": standing is not None,
                    # How it ended: a solo, a draw (of whom), by time; or as the
                    # organiser ruled it for its score (with why, and how it was played).
                    "result": board_result(board.result_outcome, board.result_winner)
                    if board.result_outcome
                    else board_result(game.outcome, game.winner)
                    if game is not None and game.status == Game.Status.FINISHED
                    else "",
                    "ruled": board.result_reason if board.result_outcome else "",
                    "played": board_result(game.outcome, game.winner)
                    if board.result_outcome and game is not None
                    else "",
                    "pk": board.pk,
                    "phase": game_wording.phase_name(phase.code) if phase is not None else "",
                    "seats": [
                        {
                            "power": s.power,
                            "player": _name(s.entry),
                            "replaced": held_before(s, entries),
                            "centres": standing[s.power][0]
                            if standing and s.power in standing
                            else s.centres,
                            "score": standing[s.power][1]
                            if standing and s.power in standing
                            else s.score,
                            # A score the organiser set by hand: why, and what the
                            # system gave.
                            "score_reason": s.score_reason,
                            "system_score": s.system_score if s.score_reason else None,
                            "pk": s.pk,
                        }
                        for s in board.seats.all()
                    ],
                }
            )
        out.append(
            {
                "number": played.number,
                "scoring": SCORING_NAMES.get(played.scoring_system, played.scoring_system)
                if played.scoring
                else "",
                "status": played.get_status_display(),
                "running": played.status == Round.Status.RUNNING,
                "last_year": played.last_year,
                "boards": boards,
                "sitting_out": [_name(entries.get(k)) for k in played.sitting_out if k in entries],
                "sit_out_points": tournament.sit_out_points
                if tournament.sit_out_points is not None
                and set(played.sitting_out) - set(played.away)
                else None,
            }
        )
    return out


def held_before(seat: BoardSeat, entries: dict[str, Entry]) -> list[dict[str, str]]:
    """Who held ``seat`` before the player holding it now (a replacement while the board
    ran), first first, each with the phase from which the next one played it (its code):
    the board's record keeps every name. ``entries``: the tournament's, by key."""
    out = []
    for held in seat.held_before or []:
        code = str(held.get("from", ""))
        out.append(
            {
                "player": _name(entries.get(str(held.get("entry")))),
                "phase": code,
                "phase_name": game_wording.phase_name(code) if code else "",
            }
        )
    return out


def round_standings(tournament: Tournament, *, if_now: bool = False) -> list[dict[str, Any]]:
    """The tournament's standings over its rounds of standard games: each player's round
    scores and tournament score (all rounds, or the best N), best first; equal totals
    ordered by the best round, then the second best and so on, places shared by players
    level all the way. ``if_now``: each board still being played scored as if it ended
    now, a draw of its survivors."""
    scores = round_scores(tournament)
    rounds = list(tournament.rounds.filter(kind=Round.Kind.BOARDS).order_by("number"))
    if if_now:
        for index, played in enumerate(rounds):
            running = list(
                played.boards.filter(scored_at__isnull=True, game__isnull=False).select_related(
                    "game"
                )
            )
            now = readable_boards_now([b.game for b in running if b.game is not None])
            provisional = provisional_scores(tournament, played, running, now)
            for board in running:
                if board.pk not in provisional:
                    continue
                for seat in board.seats.all():
                    scores[str(seat.entry_id)][index] = provisional[board.pk].get(
                        seat.power, (0, 0.0)
                    )[1]
    entries = {e.key: e for e in tournament.entries.select_related("user")}
    # Only those who play (or played, before a replacement) are placed among themselves:
    # rank points and scaled scores compare a round's players with each other.
    shown = {
        key: per_round
        for key, per_round in scores.items()
        if key in entries
        and entries[key].status in (Entry.Status.CHECKED_IN, Entry.Status.REPLACED)
    }
    points = round_points(tournament, shown)
    # The rounds a score is for sitting out (the points the tournament gives for it).
    sat_out = [
        set(r.sitting_out) - set(r.away) if tournament.sit_out_points is not None else set()
        for r in rounds
    ]
    rows: list[dict[str, Any]] = []
    for key, per_round in shown.items():
        entry = entries[key]
        rows.append(
            {
                # The entry's key: what tells two players apart whose names are shown
                # the same ("a former player").
                "key": key,
                "player": _name(entry),
                # Each round's score as its system gave it, and what it counts for in the
                # tournament score (the same, when rounds are summed raw).
                "rounds": per_round,
                "points": points[key],
                "cells": [
                    {"score": score, "points": counted, "sat_out": key in sat_out[index]}
                    for index, (score, counted) in enumerate(
                        zip(per_round, points[key], strict=True)
                    )
                ],
                "total": tournament_score(tournament, points[key]),
                "seed": entry.seed or 0,
                # A player replaced: by whom (the page says so beside his name).
                "replaced_by": _name(entries.get(str(entry.replaced_by_id)))
                if entry.replaced_by_id
                else "",
            }
        )
    # Level totals: the better best round first, then the better second best and so on
    # (the tie-break of the World Diplomacy Championship and most events: a single great
    # board over steady ones); levelled all the way, the players share the place.
    depth = max((len(r["points"]) for r in rows), default=0)
    for row in rows:
        counted = sorted((p for p in row["points"] if p is not None), reverse=True)
        row["tie_break"] = tuple(-p for p in counted + [0.0] * (depth - len(counted)))
    rows.sort(key=lambda r: (-r["total"], r["tie_break"], r["seed"], r["player"]))
    place = 0
    for position, row in enumerate(rows, start=1):
        above = rows[position - 2] if position > 1 else row
        level = position > 1 and row["total"] == above["total"]
        broken = level and row["tie_break"] != above["tie_break"]
        if not level or broken:
            place = position
        # Placed below a player on the same total by the tie-break: the page says so.
        row["placed_by"] = placed_by("best_round") if broken else ""
        row["place"] = place
    return rows
