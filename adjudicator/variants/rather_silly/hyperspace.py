"""Rather Silly's hyperspace link: with each season's orders (and the llamas' winter) every
seat may vote for a link between two provinces (``vote lon - par``); at step 11 the votes
pick the link of the next season (a seeded draw among those level), which comes into force
as that season's movement opens. An army passes it where armies stand at both ends, a
fleet between locations fleets may stand at."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from adjudicator.board import FrozenMap, PhaseKind, Position, province_of
from adjudicator.chance import chance
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap, Terrain
from adjudicator.orders import VariantOrder
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.rather_silly.creatures import link_count
from adjudicator.variants.rather_silly.llamas import LLAMAS
from adjudicator.variants.rather_silly.marks import located, next_season_code, season_code
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

LINK_CHOSEN = Reason.declare(
    "hyperspace_link",
    "the hyperspace link of {season} joins {source} and {dest} ({votes} votes)",
)
LINK_DRAWN = Reason.declare(
    "hyperspace_link_drawn",
    "the hyperspace link of {season} joins {source} and {dest} ({votes} votes, level with "
    "others: drawn by lot)",
)
NO_LINK = Reason.declare("no_hyperspace_link", "no hyperspace link in {season}: no votes")
VOTE_COUNTED = Reason.declare("vote_counted", "the vote was counted")
VOTE_REPLACED = Reason.declare("vote_replaced", "replaced by a later vote")
LINK_NOWHERE = Reason.declare(
    "link_nowhere", "no unit can pass between {source} and {dest}: the vote is void"
)
declare_problem("vote_shape", "a vote reads: vote lon - par")


@dataclass(frozen=True, slots=True)
class Vote(VariantOrder):
    """A vote for the next season's hyperspace link: ``vote lon - par`` (the provinces in
    the order written; the link has no direction)."""

    replaces: ClassVar[str] = "season"  # the last vote counts

    source: str
    dest: str
    phase_kinds = frozenset({PhaseKind.MOVEMENT, LLAMAS})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Vote | None:
        words = text.lower().replace("-", " - ").split()
        if not words or words[0] != "vote":
            return None
        if len(words) != 4 or words[2] != "-":
            raise ParseError(problem_words("vote_shape", {}, game_map), text, "vote_shape")
        ends = [province_of(located(token, text, game_map)) for token in (words[1], words[3])]
        if ends[0] == ends[1]:
            raise ParseError(problem_words("vote_shape", {}, game_map), text, "vote_shape")
        return cls(ends[0], ends[1])

    def __str__(self) -> str:
        return f"vote {self.source} - {self.dest}"

    @property
    def link(self) -> tuple[str, str]:
        a, b = sorted((self.source, self.dest))
        return a, b


def hyperspace_link(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 11: the votes given with this season's orders counted (a later one of a
    seat's replacing an earlier), then the next season's link chosen by them."""
    results: list[OrderResult] = []
    votes: dict[str, Vote] = {}
    for power, order in season.given(Vote):
        vote_in(votes, power, order, results, season.variant.map)
    after, chosen = link_chosen(season.position, season.after, votes, season.seed)
    return after, [*results, *chosen]


def link_chosen(
    position: Position, after: Position, votes: Mapping[str, Vote], seed: int
) -> tuple[Position, list[OrderResult]]:
    """Step 11: the votes given with this season's orders pick the next season's link
    (a seeded draw among those level)."""
    season = next_season_code(position.phase)
    link, count, drawn = link_count(
        {p: v.link for p, v in votes.items()}, chance(seed, "hyperspace")
    )
    kept = dict(after.extras.get("hyperspace") or {})
    kept["next"] = {"season": season, "link": list(link) if link else None}
    after = after.with_changes(extras={**after.extras, "hyperspace": kept})
    if link is None:
        return after, [
            OrderResult("hyperspace", "link", Outcome.OK, NO_LINK, FrozenMap({"season": season}))
        ]
    params = FrozenMap({"season": season, "source": link[0], "dest": link[1], "votes": str(count)})
    reason = LINK_DRAWN if drawn else LINK_CHOSEN
    return after, [OrderResult("hyperspace", "link", Outcome.OK, reason, params)]


def vote_in(
    votes: dict[str, Vote],
    power: str,
    order: Vote,
    results: list[OrderResult],
    game_map: GameMap,
) -> None:
    """Count ``power``'s vote, a later one replacing an earlier; a vote for a link no
    unit could pass (a sea and an inland province) is void."""
    a, b = order.link
    if (
        a in game_map.closed
        or b in game_map.closed
        or not (
            (game_map.provinces[a].is_land and game_map.provinces[b].is_land)
            or (fleet_spots(game_map, a) and fleet_spots(game_map, b))
        )
    ):
        params = FrozenMap({"source": order.source, "dest": order.dest})
        results.append(OrderResult(power, order, Outcome.VOID, LINK_NOWHERE, params))
        return
    earlier = votes.get(power)
    if earlier is not None:
        results.append(OrderResult(power, earlier, Outcome.VOID, VOTE_REPLACED))
    votes[power] = order
    results.append(OrderResult(power, order, Outcome.OK, VOTE_COUNTED))


def link_in_force(position: Position) -> tuple[str, str] | None:
    """The link in force in ``position``'s season (voted for it last season), if any."""
    now = (position.extras.get("hyperspace") or {}).get("now") or {}
    link = now.get("link")
    if not link or now.get("season") != season_code(position.phase):
        return None
    return link[0], link[1]


def fleet_spots(game_map: GameMap, province: str) -> tuple[str, ...]:
    """Where a fleet may stand in ``province``: its coasts, the province itself (a sea or
    a coast with one coast), or nowhere (inland)."""
    p = game_map.provinces[province]
    if p.terrain is Terrain.LAND or p.terrain is Terrain.IMPASSABLE:
        return ()
    return game_map.coasts_of(province) or (province,)
