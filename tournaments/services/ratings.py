"""The players' ratings (tournaments.ratings: Weng-Lin, through openskill): a duel rating
from Highlander duels, a multiplayer rating from standard games. Each finished duel or
game counts once (RatedResult keeps which), however often its end is announced."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from games.models import BoardLink, Game
from games.positions import board_now
from games.services.links import AWARDED
from tournaments import ratings
from tournaments.models import PlayerRating, RatedResult, Tournament
from tournaments.services.rounds import elimination_years

#: Standard games are rated only when seven players played them through.
STANDARD = "standard"


def rating_kind(tournament: Tournament) -> str:
    """The rating a tournament seeds and gates by: the multiplayer rating for rounds of
    standard games, the duel rating for duels."""
    if tournament.format == Tournament.Format.ROUNDS:
        return PlayerRating.Kind.MULTIPLAYER
    return PlayerRating.Kind.DUEL


def rating_of(*, user: AbstractBaseUser, kind: str) -> ratings.Rating:
    """``user``'s rating of ``kind``, a new player's if he has none yet."""
    return _rating(user.pk, kind)


def _rating(user_id: int, kind: str) -> ratings.Rating:
    row = PlayerRating.objects.filter(user_id=user_id, kind=kind).first()
    if row is None:
        return ratings.Rating()
    return ratings.Rating(row.mu, row.sigma, row.games)


def rating_shown(*, user: AbstractBaseUser, kind: str) -> int:
    """The figure profiles show and gates and seeding use."""
    return rating_of(user=user, kind=kind).shown


def _keep(user_id: int, kind: str, rating: ratings.Rating) -> None:
    PlayerRating.objects.update_or_create(
        user_id=user_id,
        kind=kind,
        defaults={
            "mu": rating.mu,
            "sigma": rating.sigma,
            "games": rating.games,
            "shown": rating.shown,
        },
    )


def _first_time(key: str, kind: str, details: dict[str, object]) -> bool:
    """Claim ``key`` for the ratings; False if it was counted already."""
    try:
        with transaction.atomic():
            RatedResult.objects.create(key=key, kind=kind, details=details)
    except IntegrityError:
        return False
    return True


@transaction.atomic
def duel_rate(*, link: BoardLink) -> bool:
    """Count a duel decided on its boards in both players' duel ratings, once; False if
    it is not such a duel between two players (one awarded without play counts for
    nothing), was counted, or a game master alone changed one of its boards and no site
    moderator has confirmed that board's result yet (it is counted when confirmed)."""
    if link.status != BoardLink.Status.DECIDED or not link.winner or link.decided_by == AWARDED:
        return False
    boards = list(Game.objects.filter(link=link).order_by("pk"))
    if not boards or any(b.result_awaits_confirmation for b in boards):
        return False
    board = boards[0]
    seats = {s.power: s.user_id for s in board.seats.all()}
    winner = seats.get(link.winner)
    loser = next((u for p, u in seats.items() if p != link.winner), None)
    if winner is None or loser is None or winner == loser:
        return False
    if not _first_time(f"duel:{link.pk}", PlayerRating.Kind.DUEL, {"winner": winner}):
        return False
    kind = PlayerRating.Kind.DUEL
    after_w, after_l = ratings.duel(_rating(winner, kind), _rating(loser, kind))
    _keep(winner, kind, after_w)
    _keep(loser, kind, after_l)
    return True


@transaction.atomic
def game_rate(*, game: Game) -> bool:
    """Count a finished standard game of seven players in their multiplayer ratings,
    once; False for any other game, one counted already, or one whose result a game
    master decided alone and no site moderator has confirmed yet (it is counted when
    confirmed)."""
    if game.variant != STANDARD or not game.result_counts or game.link_id:
        return False
    seats = list(game.seats.all())
    users = {s.power: s.user_id for s in seats if s.user_id is not None}
    if len(users) != len(seats) or len(set(users.values())) != len(users):
        return False
    position = board_now(game)
    if position is None:
        return False
    centres = {p: len(position.centers_of(p)) for p in users}
    solo = game.winner if game.outcome == Game.Outcome.SOLO and game.winner else None
    draw = None
    if game.outcome == Game.Outcome.DRAW:
        # The powers named in the draw; none named: every survivor, whoever still has a
        # center or a unit. A game stopped by time has no draw: all rank by centers.
        survivors = [p for p in users if position.centers_of(p) or position.units_of(p)]
        draw = [p for p in game.winner.split(",") if p] or survivors
    # The eliminated rank by when they fell (later is better), not all level.
    fallen = {
        p: year
        for p, year in elimination_years(game).items()
        if p in users and not centres[p] and not position.units_of(p)
    }
    ranks = ratings.ranks_of_game(centres, solo=solo, draw=draw, eliminated_in=fallen)
    if not _first_time(f"game:{game.pk}", PlayerRating.Kind.MULTIPLAYER, {"ranks": ranks}):
        return False
    kind = PlayerRating.Kind.MULTIPLAYER
    before = {str(s.user_id): _rating(s.user_id, kind) for s in seats}
    after = ratings.multiplayer(before, {str(users[p]): r for p, r in ranks.items()})
    for user_id, rating in after.items():
        _keep(int(user_id), kind, rating)
    return True
