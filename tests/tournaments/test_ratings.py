"""Player ratings (tournaments/ratings.py): the shown figure and its scale, duels checked
against the Weng–Lin update worked by hand, the places of a game's powers after a solo, a
draw or neither, multiplayer ratings with ties rated as the mean of their possible
orders (and why: the library's own tie rule rewards staying out of a draw), storage as
JSON, seeding, and the refusal of impossible input."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from openskill.models import PlackettLuce

from tournaments.ratings import (
    BETA,
    MAX_ORDERS,
    MU,
    SIGMA,
    TAU,
    Rating,
    RatingError,
    duel,
    multiplayer,
    ranks_of_game,
    seed_order,
)

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")

#: A draw of England, France and Germany; Russia 5 and Turkey 4 outside it; Italy out in
#: 1905, Austria in 1903.
DRAW_END: dict[str, Any] = {
    "centres": {
        "england": 11,
        "france": 8,
        "germany": 6,
        "russia": 5,
        "turkey": 4,
        "italy": 0,
        "austria": 0,
    },
    "solo": None,
    "draw": ["england", "france", "germany"],
    "eliminated_in": {"italy": 1905, "austria": 1903},
}


def new_players(*ids: str) -> dict[str, Rating]:
    return {player: Rating() for player in ids}


# The shown figure


def test_a_new_player_starts_at_the_prior_and_shows_1000() -> None:
    rating = Rating()
    assert (rating.mu, rating.sigma, rating.games) == (25.0, 25 / 3, 0)
    assert rating.shown == 1000
    # Second path: the library's own ordinal, mu - 3 sigma, on our scale.
    assert rating.shown == round(PlackettLuce().rating().ordinal(alpha=40, target=1000))


def test_shown_is_mu_minus_three_sigma_at_40_a_point_from_1000() -> None:
    rating = Rating(mu=35.0, sigma=1.5, games=80)
    assert rating.shown == 1000 + 40 * (35 - 3 * 1.5) == 2220
    library = PlackettLuce().rating(mu=35.0, sigma=1.5)
    assert rating.shown == round(library.ordinal(alpha=40, target=1000))


def test_the_model_parameters_are_the_library_defaults() -> None:
    model = PlackettLuce()
    assert (model.mu, model.sigma, model.beta, model.tau) == (MU, SIGMA, BETA, TAU)


# Duels


def test_a_duel_between_new_players_moves_both_by_the_same_amount_and_shrinks_sigma() -> None:
    winner, loser = duel(Rating(), Rating())
    assert winner.mu > MU > loser.mu
    assert winner.mu - MU == pytest.approx(MU - loser.mu, abs=1e-12)
    assert winner.sigma == loser.sigma < SIGMA
    assert (winner.shown, loser.shown) == (1138, 927)


def test_a_duel_between_new_players_matches_the_weng_lin_update_worked_by_hand() -> None:
    # Weng and Lin (2011), algorithm 4, for two players of equal rating: sigma first
    # grows by tau; c^2 = 2 (sigma^2 + beta^2); each is the likelier at even odds, p = 1/2.
    # The winner gains Omega = sigma^2 / c * (1 - p), the loser loses as much, and both
    # keep the share sqrt(1 - Delta) of sigma, Delta = gamma sigma^2 / c^2 * p (1 - p)
    # with gamma = sigma / c.
    variance = SIGMA**2 + TAU**2
    c = math.sqrt(2 * (variance + BETA**2))
    omega = variance / c * (1 - 0.5)
    delta = math.sqrt(variance) / c * variance / c**2 * 0.5 * 0.5
    sigma = math.sqrt(variance) * math.sqrt(1 - delta)

    winner, loser = duel(Rating(), Rating())
    assert winner.mu == pytest.approx(MU + omega, rel=1e-12)
    assert loser.mu == pytest.approx(MU - omega, rel=1e-12)
    assert winner.sigma == pytest.approx(sigma, rel=1e-12)
    assert loser.sigma == pytest.approx(sigma, rel=1e-12)


def test_beating_a_much_stronger_player_gains_more_than_beating_a_weaker_one() -> None:
    me = Rating(mu=25.0, sigma=3.0, games=20)
    strong = Rating(mu=35.0, sigma=3.0, games=20)
    weak = Rating(mu=15.0, sigma=3.0, games=20)
    upset, _ = duel(me, strong)
    expected, _ = duel(me, weak)
    assert upset.mu - me.mu > expected.mu - me.mu > 0


def test_losing_to_a_much_weaker_player_costs_more_than_losing_to_a_stronger_one() -> None:
    me = Rating(mu=25.0, sigma=3.0, games=20)
    _, upset = duel(Rating(mu=15.0, sigma=3.0), me)
    _, expected = duel(Rating(mu=35.0, sigma=3.0), me)
    assert me.mu - upset.mu > me.mu - expected.mu > 0


def test_every_rated_result_counts_one_more_game() -> None:
    winner, loser = duel(Rating(games=4), Rating(games=0))
    assert (winner.games, loser.games) == (5, 1)
    after = multiplayer(
        {"ann": Rating(games=2), "bob": Rating(games=9), "cat": Rating()},
        {"ann": 1, "bob": 2, "cat": 2},
    )
    assert {player: rating.games for player, rating in after.items()} == {
        "ann": 3,
        "bob": 10,
        "cat": 1,
    }


# The places of a game's powers


def test_a_solo_puts_the_soloist_first_and_every_other_power_second() -> None:
    centres = dict.fromkeys(POWERS, 2) | {"france": 18, "italy": 0, "turkey": 6}
    ranks = ranks_of_game(centres, solo="france", draw=None, eliminated_in={"italy": 1904})
    # Centres and eliminations make no difference after a solo.
    assert ranks == dict.fromkeys(POWERS, 2) | {"france": 1}


def test_a_draw_ties_for_first_and_the_others_follow_by_centres_then_elimination() -> None:
    assert ranks_of_game(**DRAW_END) == {
        "england": 1,
        "france": 1,
        "germany": 1,
        "russia": 4,
        "turkey": 5,
        "italy": 6,  # out in 1905
        "austria": 7,  # out in 1903, earlier: below Italy
    }


def test_a_drawn_power_ranks_above_every_power_outside_the_draw_whatever_its_centres() -> None:
    centres = {"england": 3, "france": 12, "germany": 9, "russia": 10}
    ranks = ranks_of_game(centres, solo=None, draw=["england", "germany"])
    assert ranks == {"england": 1, "germany": 1, "france": 3, "russia": 4}


def test_equal_centres_tie_and_the_place_after_a_tie_is_skipped() -> None:
    centres = {"england": 9, "france": 7, "germany": 7, "russia": 7, "turkey": 4}
    # draw=None: the game ended by other means, everyone by centres.
    assert ranks_of_game(centres, solo=None, draw=None) == {
        "england": 1,
        "france": 2,
        "germany": 2,
        "russia": 2,
        "turkey": 5,
    }


def test_powers_eliminated_in_the_same_year_tie_below_every_survivor() -> None:
    centres = {"england": 9, "france": 0, "germany": 0, "russia": 0, "turkey": 1}
    eliminated = {"france": 1906, "germany": 1906, "russia": 1904}
    assert ranks_of_game(centres, solo=None, draw=None, eliminated_in=eliminated) == {
        "england": 1,
        "turkey": 2,
        "france": 3,
        "germany": 3,
        "russia": 5,
    }


def test_a_survivor_without_centres_ranks_above_the_eliminated() -> None:
    # Units but no centres at the end: still in the game, unlike Italy.
    centres = {"england": 9, "france": 0, "italy": 0}
    ranks = ranks_of_game(centres, solo=None, draw=None, eliminated_in={"italy": 1903})
    assert ranks == {"england": 1, "france": 2, "italy": 3}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"solo": "england", "draw": ["england", "france"]}, "not both"),
        ({"solo": "prussia"}, "not in the game"),
        ({"solo": "italy"}, "was eliminated"),
        ({"draw": ["england"]}, "at least two"),
        ({"draw": ["england", "france", "england"]}, "twice"),
        ({"draw": "england"}, "not one string"),
        ({"draw": ["england", "prussia"]}, "not in the game"),
        ({"draw": ["england", "austria"]}, "was eliminated"),
        ({"eliminated_in": {"prussia": 1901}}, "not in the game"),
        ({"eliminated_in": {"russia": 1908}}, "holds 5 centres"),
        ({"eliminated_in": {"italy": "1905"}}, "eliminated in"),
        ({"centres": {"england": 18}}, "at least two"),
        ({"centres": {"england": 18, "france": -1}}, "centres"),
        ({"centres": {"england": 18, "france": True}}, "centres"),
    ],
)
def test_ranks_of_game_refuses_an_impossible_end(changes: dict[str, Any], message: str) -> None:
    end = DRAW_END | changes
    if "solo" in changes and "draw" not in changes:
        end["draw"] = None
    with pytest.raises(RatingError, match=message):
        ranks_of_game(**end)


# Multiplayer games


def test_a_tie_leaves_two_equal_new_players_exactly_equal() -> None:
    after = multiplayer(new_players("ann", "bob"), {"ann": 1, "bob": 1})
    assert after["ann"] == after["bob"]
    assert after["ann"].mu == pytest.approx(MU, abs=1e-12)
    assert after["ann"].sigma < SIGMA


def test_tied_equal_players_end_exactly_equal_among_others() -> None:
    after = multiplayer(new_players(*POWERS), ranks_of_game(**DRAW_END))
    assert after["england"] == after["france"] == after["germany"]


def test_the_first_of_seven_new_players_gains_most_and_the_last_loses_most() -> None:
    after = multiplayer(new_players(*POWERS), {p: i for i, p in enumerate(POWERS, 1)})
    mus = [after[power].mu for power in POWERS]
    assert mus == sorted(mus, reverse=True)
    assert mus[0] > MU > mus[-1]
    assert mus[0] - MU == max(abs(mu - MU) for mu in mus[:-1])
    assert MU - mus[-1] == max(abs(mu - MU) for mu in mus)
    assert all(after[power].sigma < SIGMA for power in POWERS)


def test_a_power_in_a_draw_gains_more_than_the_survivor_placed_after_it() -> None:
    after = multiplayer(new_players(*POWERS), ranks_of_game(**DRAW_END))
    order = ["england", "russia", "turkey", "italy", "austria"]  # one of each place
    mus = [after[power].mu for power in order]
    assert mus == sorted(set(mus), reverse=True)  # strictly falling
    assert after["england"].mu > MU


def test_the_library_tie_rule_alone_would_reward_staying_out_of_a_draw() -> None:
    # Why ratings.py does not hand ties to the library (openskill.py issue 155): with
    # its own tie rule, three new players drawing gain less than the new player placed
    # fourth. If this starts failing after an upgrade, the library's rule has changed
    # and may be worth a second look.
    model = PlackettLuce()
    teams = [[model.rating()] for _ in POWERS]
    rated = model.rate(teams, ranks=[1.0, 1.0, 1.0, 4.0, 5.0, 6.0, 7.0])
    assert rated[0][0].mu < rated[3][0].mu


def test_a_tie_is_rated_as_the_mean_of_the_orders_it_stands_for() -> None:
    # Second path: a tie of two is either player beating the other, each a duel.
    strong = Rating(mu=32.0, sigma=2.5, games=40)
    weak = Rating(mu=20.0, sigma=6.0, games=3)
    strong_won, weak_lost = duel(strong, weak)
    weak_won, strong_lost = duel(weak, strong)

    after = multiplayer({"strong": strong, "weak": weak}, {"strong": 1, "weak": 1})
    assert after["strong"].mu == pytest.approx((strong_won.mu + strong_lost.mu) / 2)
    assert after["strong"].sigma == pytest.approx((strong_won.sigma + strong_lost.sigma) / 2)
    assert after["weak"].mu == pytest.approx((weak_won.mu + weak_lost.mu) / 2)
    assert after["weak"].sigma == pytest.approx((weak_won.sigma + weak_lost.sigma) / 2)
    # A draw with a weaker player costs the stronger one, and the weaker one gains.
    assert after["strong"].mu < strong.mu
    assert after["weak"].mu > weak.mu


def test_a_game_without_ties_is_rated_as_the_library_rates_it() -> None:
    ratings = {p: Rating(mu=20.0 + i, sigma=8.0 - i / 2) for i, p in enumerate(POWERS)}
    ranks = {p: i for i, p in enumerate(reversed(POWERS), 1)}
    after = multiplayer(ratings, ranks)

    model = PlackettLuce()
    teams = [[model.rating(mu=ratings[p].mu, sigma=ratings[p].sigma)] for p in POWERS]
    rated = model.rate(teams, ranks=[float(ranks[p]) for p in POWERS])
    for power, (expected,) in zip(POWERS, rated, strict=True):
        assert after[power].mu == pytest.approx(expected.mu, rel=1e-12)
        assert after[power].sigma == pytest.approx(expected.sigma, rel=1e-12)


def test_the_soloist_is_rated_as_first_in_every_order_of_the_others() -> None:
    ratings = {p: Rating(mu=20.0 + i, sigma=4.0 + i / 3) for i, p in enumerate(POWERS)}
    ranks = ranks_of_game(dict.fromkeys(POWERS, 2) | {"turkey": 18}, solo="turkey", draw=None)
    after = multiplayer(ratings, ranks)
    # Placed first, the soloist's update does not depend on the order of the others:
    # the library's rating of any one order (here POWERS') is theirs.
    model = PlackettLuce()
    order = ["turkey", *(p for p in POWERS if p != "turkey")]
    teams = [[model.rating(mu=ratings[p].mu, sigma=ratings[p].sigma)] for p in order]
    first = model.rate(teams)[0][0]
    assert after["turkey"].mu == pytest.approx(first.mu, rel=1e-12)
    assert after["turkey"].sigma == pytest.approx(first.sigma, rel=1e-12)


def test_the_order_of_the_mappings_does_not_change_the_ratings() -> None:
    ratings = {p: Rating(mu=18.0 + 2 * i, sigma=3.0 + i / 2, games=i) for i, p in enumerate(POWERS)}
    ranks = ranks_of_game(**DRAW_END)
    forwards = multiplayer(ratings, ranks)
    backwards = multiplayer(dict(reversed(ratings.items())), dict(reversed(ranks.items())))
    assert forwards == backwards


def test_a_seven_way_draw_is_within_reach_and_leaves_equal_players_as_they_were() -> None:
    after = multiplayer(new_players(*POWERS), dict.fromkeys(POWERS, 1))
    assert len({after[p] for p in POWERS}) == 1
    assert after["austria"].mu == pytest.approx(MU, abs=1e-12)
    assert math.factorial(len(POWERS)) == MAX_ORDERS


@pytest.mark.parametrize(
    ("ratings", "ranks", "message"),
    [
        (new_players("ann"), {"ann": 1}, "at least two"),
        (new_players("ann", "bob"), {"ann": 1, "bob": 2, "cat": 3}, "no rating for cat"),
        (new_players("ann", "bob", "cat"), {"ann": 1, "bob": 2}, "no place for cat"),
        (new_players("ann", "bob"), {"ann": 0, "bob": 1}, "place 0"),
        (new_players("ann", "bob"), {"ann": True, "bob": 2}, "place True"),
        (new_players("ann", "bob"), {"ann": 1.0, "bob": 2}, "place 1.0"),
        (new_players(*"abcdefgh"), dict.fromkeys("abcdefgh", 1), "40320 finishing orders"),
    ],
)
def test_multiplayer_refuses_what_it_cannot_rate(
    ratings: dict[str, Rating], ranks: dict[str, Any], message: str
) -> None:
    with pytest.raises(RatingError, match=message):
        multiplayer(ratings, ranks)


# Storage and seeding


def test_a_rating_round_trips_through_json() -> None:
    winner, _ = duel(Rating(), Rating(mu=31.5, sigma=2.25, games=12))
    stored = json.loads(json.dumps(winner.to_json()))
    assert stored == {"mu": winner.mu, "sigma": winner.sigma, "games": 1}
    assert Rating.from_json(stored) == winner
    assert Rating.from_json({"mu": 25, "sigma": 8, "games": 0}) == Rating(25.0, 8.0, 0)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mu": 25.0, "sigma": 8.0}, "needs mu, sigma and games"),
        (None, "needs mu, sigma and games"),
        ({"mu": "25", "sigma": 8.0, "games": 0}, "mu must be a number"),
        ({"mu": 25.0, "sigma": True, "games": 0}, "sigma must be a number"),
        ({"mu": 25.0, "sigma": 0.0, "games": 0}, "sigma must be a positive number"),
        ({"mu": float("nan"), "sigma": 8.0, "games": 0}, "mu must be a finite number"),
        ({"mu": 25.0, "sigma": 8.0, "games": -1}, "games must be a whole number"),
        ({"mu": 25.0, "sigma": 8.0, "games": 2.0}, "games must be a whole number"),
    ],
)
def test_from_json_refuses_a_damaged_rating(data: Any, message: str) -> None:
    with pytest.raises(RatingError, match=message):
        Rating.from_json(data)


def test_seed_order_is_best_shown_first_and_equal_figures_by_id() -> None:
    ratings = {
        "dan": Rating(),  # 1000
        "bob": Rating(mu=30.0, sigma=2.0),  # 1960
        "cat": Rating(),  # 1000, ties with dan and goes first by id
        "ann": Rating(mu=20.0, sigma=5.0),  # 1200
        "eve": Rating(mu=30.0, sigma=2.0001),  # 1960 too, once rounded: after bob by id
    }
    assert [ratings[p].shown for p in ("bob", "eve", "ann", "cat", "dan")] == [
        1960,
        1960,
        1200,
        1000,
        1000,
    ]
    assert seed_order(ratings) == ["bob", "eve", "ann", "cat", "dan"]
    assert seed_order({}) == []
