"""The adjudicator's words in the reader's language.

The adjudicator speaks in codes: each result carries a reason code and its parameters
as ids (``dest="spa/nc"``, ``unit="A mun"``, ``power="england"``), and an order that
cannot be read a problem code with its parameters; ``adjudicator.wording`` makes its
English of them. This module says the same things through Django's translation
machinery: a sentence per code (the English msgids are exactly the adjudicator's
wording), with each parameter put in words by its kind (places by the map's names in
the reader's language, powers, unit and order kinds, phase kinds), plus the names of
powers, phases and order outcomes. Nothing here reads English back: results stored
before their parameters were ids were converted by a migration
(``games/migrations/0013_result_params_as_ids``); those stored with no parameters at all
show their stored English.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from typing import Any

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from adjudicator import load_map
from adjudicator.board import Phase, PhaseKind
from adjudicator.errors import ParseError
from adjudicator.results import OrderResult
from adjudicator.variants import Question
from adjudicator.wording import (
    LOCATION_PARAMS,
    POWER_PARAMS,
    REPLY_PARAMS,
    SAID_PARAMS,
    SEAT_PARAMS,
    UNIT_KIND_PARAMS,
    UNIT_LIST_PARAMS,
    UNIT_PARAMS,
    explain,
    question_words,
    unit_words,
)
from variants.registry import phase_words

#: The standard powers by their ids (variants with other powers show the id, capitalised).
POWER_NAMES: dict[str, Promise] = {
    "austria": _("Austria"),
    "england": _("England"),
    "france": _("France"),
    "germany": _("Germany"),
    "italy": _("Italy"),
    "russia": _("Russia"),
    "turkey": _("Turkey"),
    # Variants without great powers play colours (Highlander, Multiple Void).
    "red": _("Red"),
    "blue": _("Blue"),
    "yellow": _("Yellow"),
    "green": _("Green"),
    "black": _("Black"),
    "grey": _("Grey"),
    # Rather Silly: who acts besides the powers, and the four roles' seats.
    "monster": _("Monsters"),
    "borg": _("The Borg"),
    "hyperspace": _("Hyperspace"),
    "fool": _("The Fool"),
    "superbrain": _("The Superbrain"),
    "doctor": _("The Doctor"),
    "fortune_teller": _("The Fortune-teller"),
}

#: An order's result, by the adjudicator's outcome values (shown as they are in English).
OUTCOMES: dict[str, Promise] = {
    "ok": pgettext_lazy("order result", "ok"),
    "bounce": pgettext_lazy("order result", "bounce"),
    "cut": pgettext_lazy("order result", "cut"),
    "dislodged": pgettext_lazy("order result", "dislodged"),
    "void": pgettext_lazy("order result", "void"),
    "no_convoy": pgettext_lazy("order result", "no_convoy"),
    "disrupted": pgettext_lazy("order result", "disrupted"),
    "illegal": pgettext_lazy("order result", "illegal"),
}

SEASONS: dict[str, Promise] = {
    "S": pgettext_lazy("season", "Spring"),
    "F": pgettext_lazy("season", "Fall"),
    "W": pgettext_lazy("season", "Winter"),
}

#: Phase kinds, as the adjudicator names them ("Spring 1901 movement").
PHASE_KINDS: dict[str, Promise] = {
    "movement": pgettext_lazy("phase kind", "movement"),
    "retreats": pgettext_lazy("phase kind", "retreats"),
    "adjustments": pgettext_lazy("phase kind", "adjustments"),
}

#: Kinds of order (the adjudicator's order class names), in "{kind} orders are not given ...".
ORDER_KINDS: dict[str, Promise] = {
    # Translators: the first part of "<kind> orders"; in German, of a compound ("Halte|befehle").
    "hold": pgettext_lazy("order kind", "hold"),
    "move": pgettext_lazy("order kind", "move"),
    "support": pgettext_lazy("order kind", "support"),
    "convoy": pgettext_lazy("order kind", "convoy"),
    "retreat": pgettext_lazy("order kind", "retreat"),
    "disband": pgettext_lazy("order kind", "disband"),
    "build": pgettext_lazy("order kind", "build"),
    "waive": pgettext_lazy("order kind", "waive"),
}

#: Unit kinds by their letters, where a result names a kind alone ("an army cannot stand in
#: Kiel", "the unit at London is a fleet, not an army").
UNIT_KINDS: dict[str, Promise] = {
    "A": pgettext_lazy("unit kind", "an army"),
    "F": pgettext_lazy("unit kind", "a fleet"),
}

#: The standard map's provinces by their English names (as the adjudicator's results
#: name them); a name not in here (another map's) is shown as it is.
PROVINCES: dict[str, Promise] = {
    "Adriatic Sea": pgettext_lazy("province", "Adriatic Sea"),
    "Aegean Sea": pgettext_lazy("province", "Aegean Sea"),
    "Albania": pgettext_lazy("province", "Albania"),
    "Ankara": pgettext_lazy("province", "Ankara"),
    "Apulia": pgettext_lazy("province", "Apulia"),
    "Armenia": pgettext_lazy("province", "Armenia"),
    "Baltic Sea": pgettext_lazy("province", "Baltic Sea"),
    "Barents Sea": pgettext_lazy("province", "Barents Sea"),
    "Belgium": pgettext_lazy("province", "Belgium"),
    "Berlin": pgettext_lazy("province", "Berlin"),
    "Black Sea": pgettext_lazy("province", "Black Sea"),
    "Bohemia": pgettext_lazy("province", "Bohemia"),
    "Brest": pgettext_lazy("province", "Brest"),
    "Budapest": pgettext_lazy("province", "Budapest"),
    "Bulgaria": pgettext_lazy("province", "Bulgaria"),
    "Burgundy": pgettext_lazy("province", "Burgundy"),
    "Clyde": pgettext_lazy("province", "Clyde"),
    "Constantinople": pgettext_lazy("province", "Constantinople"),
    "Denmark": pgettext_lazy("province", "Denmark"),
    "Eastern Mediterranean": pgettext_lazy("province", "Eastern Mediterranean"),
    "Edinburgh": pgettext_lazy("province", "Edinburgh"),
    "English Channel": pgettext_lazy("province", "English Channel"),
    "Finland": pgettext_lazy("province", "Finland"),
    "Galicia": pgettext_lazy("province", "Galicia"),
    "Gascony": pgettext_lazy("province", "Gascony"),
    "Greece": pgettext_lazy("province", "Greece"),
    "Gulf of Bothnia": pgettext_lazy("province", "Gulf of Bothnia"),
    "Gulf of Lyon": pgettext_lazy("province", "Gulf of Lyon"),
    "Heligoland Bight": pgettext_lazy("province", "Heligoland Bight"),
    "Holland": pgettext_lazy("province", "Holland"),
    "Ionian Sea": pgettext_lazy("province", "Ionian Sea"),
    "Irish Sea": pgettext_lazy("province", "Irish Sea"),
    "Kiel": pgettext_lazy("province", "Kiel"),
    "Liverpool": pgettext_lazy("province", "Liverpool"),
    "Livonia": pgettext_lazy("province", "Livonia"),
    "London": pgettext_lazy("province", "London"),
    "Marseilles": pgettext_lazy("province", "Marseilles"),
    "Mid-Atlantic Ocean": pgettext_lazy("province", "Mid-Atlantic Ocean"),
    "Moscow": pgettext_lazy("province", "Moscow"),
    "Munich": pgettext_lazy("province", "Munich"),
    "Naples": pgettext_lazy("province", "Naples"),
    "North Africa": pgettext_lazy("province", "North Africa"),
    "North Atlantic Ocean": pgettext_lazy("province", "North Atlantic Ocean"),
    "North Sea": pgettext_lazy("province", "North Sea"),
    "Norway": pgettext_lazy("province", "Norway"),
    "Norwegian Sea": pgettext_lazy("province", "Norwegian Sea"),
    "Paris": pgettext_lazy("province", "Paris"),
    "Picardy": pgettext_lazy("province", "Picardy"),
    "Piedmont": pgettext_lazy("province", "Piedmont"),
    "Portugal": pgettext_lazy("province", "Portugal"),
    "Prussia": pgettext_lazy("province", "Prussia"),
    "Rome": pgettext_lazy("province", "Rome"),
    "Ruhr": pgettext_lazy("province", "Ruhr"),
    "Rumania": pgettext_lazy("province", "Rumania"),
    "Serbia": pgettext_lazy("province", "Serbia"),
    "Sevastopol": pgettext_lazy("province", "Sevastopol"),
    "Silesia": pgettext_lazy("province", "Silesia"),
    "Skagerrak": pgettext_lazy("province", "Skagerrak"),
    "Smyrna": pgettext_lazy("province", "Smyrna"),
    "Spain": pgettext_lazy("province", "Spain"),
    "St Petersburg": pgettext_lazy("province", "St Petersburg"),
    "Sweden": pgettext_lazy("province", "Sweden"),
    "Switzerland": pgettext_lazy("province", "Switzerland"),
    "Syria": pgettext_lazy("province", "Syria"),
    "Trieste": pgettext_lazy("province", "Trieste"),
    "Tunis": pgettext_lazy("province", "Tunis"),
    "Tuscany": pgettext_lazy("province", "Tuscany"),
    "Tyrolia": pgettext_lazy("province", "Tyrolia"),
    "Tyrrhenian Sea": pgettext_lazy("province", "Tyrrhenian Sea"),
    "Ukraine": pgettext_lazy("province", "Ukraine"),
    "Venice": pgettext_lazy("province", "Venice"),
    "Vienna": pgettext_lazy("province", "Vienna"),
    "Wales": pgettext_lazy("province", "Wales"),
    "Warsaw": pgettext_lazy("province", "Warsaw"),
    "Western Mediterranean": pgettext_lazy("province", "Western Mediterranean"),
    "Yorkshire": pgettext_lazy("province", "Yorkshire"),
}

COASTS: dict[str, Promise] = {
    "north coast": _("north coast"),
    "south coast": _("south coast"),
    "east coast": _("east coast"),
    "west coast": _("west coast"),
}

#: One sentence per reason code; the English is the adjudicator's own wording.
REASONS: dict[str, Promise] = {
    # "unreadable" repeats the parser's message, which is English only.
    "no_unit": _("no unit at %(location)s"),
    "not_your_unit": _("%(unit)s belongs to %(owner)s"),
    "wrong_unit_kind": _("the unit at %(location)s is %(actual)s, not %(given)s"),
    # Translators: kind is an "order kind", phase a "phase kind" (movement, retreats, adjustments).
    "wrong_phase": _("%(kind)s orders are not given in a %(phase)s phase"),
    "replaced": _("replaced by a later order for the same unit"),
    "same_province": _("%(unit)s cannot move to the province it is in"),
    "not_adjacent": _("%(dest)s is not adjacent to %(source)s"),
    "cannot_enter": _("%(unit)s cannot enter %(dest)s"),
    "coast_needed": _("say which coast of %(dest)s"),
    "support_unreachable": _("%(unit)s could not move to %(dest)s itself, so cannot support there"),
    "support_self": _("a unit cannot support itself"),
    "no_supported_unit": _("no unit at %(location)s to support"),
    # "support_not_matched" and "convoy_not_matched" have a sentence per case, below.
    "convoy_not_at_sea": _("only a fleet at sea can convoy"),
    "convoy_no_army": _("no army at %(location)s to convoy"),
    "convoy_not_used": _("%(army)s went over land, not by convoy"),
    "convoy_off_route": _(
        "%(unit)s cannot be part of any convoy route from %(source)s to %(dest)s"
    ),
    "bounced": _("bounced with %(other)s (%(strength)s vs %(other_strength)s)"),
    "bounced_off": _("bounced off %(other)s (%(strength)s vs %(other_strength)s)"),
    "own_unit": _("cannot dislodge %(other)s of the same power"),
    "lost_head_to_head": _(
        "lost the head-to-head battle with %(other)s (%(strength)s vs %(other_strength)s)"
    ),
    "no_convoy_route": _("no convoy route from %(source)s to %(dest)s"),
    "no_possible_convoy": _(
        "%(dest)s is not adjacent to %(source)s, and no fleets could convoy there"
    ),
    "convoy_disrupted": _("convoy disrupted: %(fleets)s dislodged"),
    "convoy_paradox": _("convoy paradox: the convoy fails (Szykman rule)"),
    "paradox_hold": _("part of a convoy paradox: every unit in it holds"),
    "move_failed": _("the move failed"),
    "support_cut": _("support cut by %(other)s"),
    "dislodged_by": _("dislodged by %(other)s (%(strength)s vs %(other_strength)s)"),
    "destroyed": _("dislodged by %(other)s with nowhere to retreat: destroyed"),
    "retreat_not_allowed": _("%(unit)s cannot retreat to %(dest)s"),
    "retreat_bounced": _("bounced with %(other)s in %(dest)s: both are disbanded"),
    "no_order_disbanded": _("no retreat ordered: disbanded"),
    "no_builds_due": _("%(power)s has no builds due"),
    "no_disbands_due": _("%(power)s has no disbands due"),
    "build_not_allowed": _("%(power)s may not build in %(location)s"),
    "build_occupied": _("%(location)s is occupied"),
    "build_twice": _("a unit is already being built in %(location)s"),
    "build_terrain": _("%(unit)s cannot stand in %(location)s"),
    "too_many": _("more orders than the %(count)s allowed"),
    "civil_disorder": _("disbanded in civil disorder (farthest from home)"),
    "builds_excess": _(
        "more builds than allowed: %(given)s given (a waive counts as a build), %(count)s allowed"
    ),
    "disbands_excess": _("more disbands than due: %(given)s given, %(count)s due"),
    "nominations_excess": _("more centers than the list holds: %(given)s given, %(count)s allowed"),
    "picks_excess": _("more picks than allowed: %(given)s given, %(count)s allowed"),
    "not_a_center": _("%(location)s is not a supply center"),
    "nominated_twice": _("%(location)s is already on the list"),
    "nomination_excluded": _(
        "%(location)s was named in an earlier round and may not be named again"
    ),
    "nomination_contested": _("%(location)s was nominated by both players and stays neutral"),
    "lists_identical": _("both lists were the same: both players nominate again"),
    "nomination_count": _("the list must name exactly %(count)s centers, not %(given)s"),
    "nomination_missing_power": _("the list must name a home center of %(power)s"),
    "nominated_at_random": _("chosen at random to complete the list"),
    "nomination_dropped": _("dropped to make room for a home center of %(power)s"),
    "placement_not_own": _("%(location)s is not one of your centers"),
    "placement_missing": _("no unit is placed in %(location)s yet"),
    "placed_by_default": _("no unit was placed here: an army stands in %(location)s"),
    "not_your_pick": _("it is %(power)s's pick, not yours"),
    "not_a_draft_space": _("%(location)s is not one of the draft's spaces"),
    "picked_at_random": _("no pick in time: placed at random"),
    "removed_no_center": _("%(unit)s took no supply center in 1900 and is removed"),
    # Rather Silly: the creatures and links.
    "herd_settled": _("a herd of llamas settled in %(province)s"),
    "herd_on_center": _("llamas never settle in a supply center (%(province)s)"),
    "herd_too_many": _("a great power settles three herds, no more"),
    "herd_none": _("you have no herd of llamas in %(province)s"),
    "llamas_exploded": _("the llamas in %(province)s exploded"),
    "blown_up_by_llamas": _("%(unit)s (%(owner)s) was destroyed by exploding llamas"),
    "borg_appeared": _("the Borg appeared in %(province)s"),
    "borg_moved": _("the Borg moved to %(province)s"),
    "borg_stayed": _("the Borg stayed in %(province)s"),
    "borg_drawn": _("the Borg went to %(province)s: level with others, drawn by lot"),
    "borg_ate": _("the Borg ate %(unit)s (%(owner)s)"),
    "borg_neutralised": _("%(province)s is neutral: the Borg was there at the adjustments"),
    "tunnel_conventional_only": _(
        "only conventional armies and the Borg pass the Mont Blanc tunnel: %(unit)s may not go "
        "through it to %(dest)s"
    ),
    "sea_monster_appeared": _("a sea monster appeared in %(location)s"),
    "space_monster_appeared": _("a space monster fell to earth in %(location)s"),
    "hyperspace_link": _(
        "the hyperspace link of %(season)s joins %(source)s and %(dest)s (%(votes)s votes)"
    ),
    "hyperspace_link_drawn": _(
        "the hyperspace link of %(season)s joins %(source)s and %(dest)s (%(votes)s votes, "
        "level with others: drawn by lot)"
    ),
    "no_hyperspace_link": _("no hyperspace link in %(season)s: no votes"),
    "vote_counted": _("the vote was counted"),
    "vote_replaced": _("replaced by a later vote"),
    "link_nowhere": _("no unit can pass between %(source)s and %(dest)s: the vote is void"),
    "fool_override": _("the Fool gave %(unit)s (%(owner)s) its order this season"),
    "overridden_by_fool": _("overridden by the Fool"),
    "fool_once": _("the Fool commands one unit a season (more with the Superbrain's shares)"),
    "fool_no_unit": _("no unit of a great power at %(province)s"),
    "fool_other_power": _("the Fool's further units belong to other powers than his first"),
    "prediction_right": _(
        "the bounce in %(province)s was foretold: the units there merge into %(unit)s"
    ),
    "prediction_missed": _("no bounce in %(province)s"),
    "prediction_limit": _("the Fortune-teller foretells two bounces a season"),
    "soul_sold": _("%(unit)s sold its soul: double strength for the next two seasons"),
    "soul_not_for_sale": _("only a player's own conventional army or fleet can sell its soul"),
    "devil_normal": _("%(unit)s is itself again: its two seasons are over"),
    "devil_lost": _(
        "%(unit)s had sold its soul and is gone: %(other)s is disbanded to keep the soul"
    ),
    "question_asked": _("the Superbrain asks: %(question)s"),
    "answer_kept": _("the right answer is kept until the replies are judged"),
    "reply_right": _("right: a share of %(share)s of an extra unit"),
    "reply_wrong": _("not right"),
    "reply_third_prediction": _("right: the Fortune-teller foretells three bounces next season"),
    "nobody_right": _("nobody answered right: the Superbrain may place a unit in Iceland or Crete"),
    "only_superbrain": _("only the Superbrain asks the question"),
    "superbrain_missed": _("no question this season: every other seat gets a share of %(share)s"),
    "extra_built": _("%(unit)s built with the Superbrain's shares (it needs no center)"),
    "extra_refused": _(
        "an extra unit needs a whole share, a free home center, and comes one a season"
    ),
    "superbrain_placed": _("the Superbrain placed %(unit)s"),
    "place_refused": _("the Superbrain places a unit in Iceland or Crete when nobody was right"),
    "no_question": _("there is no question to reply to this season"),
    "special_raised": _("%(unit)s raised (%(kind)s)"),
    "special_not_due": _("one %(kind)s per five supply centers: none is due now"),
    "special_no_site": _("%(province)s is not a free home center of yours"),
    "special_disbanded": _("%(unit)s disbanded: one %(kind)s per five supply centers"),
    "seduced": _("%(unit)s (%(owner)s) is seduced and moves to her"),
    "seduced_away": _("overridden: the unit was seduced"),
    "copenhagen": _("every other army and fleet moves one step toward Denmark"),
    "copenhagen_armies": _("every other army moves one step toward Denmark"),
    "copenhagen_fleets": _("every other fleet moves one step toward Denmark"),
    "amazon_no_support": _("an Amazon is given no support order (%(unit)s holds)"),
    "seduce_cancelled": _("cancelled: a rogue army next to her distracts her"),
    "not_in_denmark": _("only an Amazon in Denmark seduces all"),
    "not_seducible": _("no army or fleet there that could move to her province"),
    "not_an_amazon": _("only an Amazon seduces"),
    "not_a_dirtbag": _("only a rogue army distracts"),
    "distracting": _("the Amazons next to it are distracted"),
    "tardis_arrived": _("the TARDIS came out of hyperspace in %(province)s"),
    "tardis_astray": _(
        "the TARDIS's random generator failed: it came out of hyperspace in %(province)s"
    ),
    "tardis_swam": _("the TARDIS landed at sea in %(sea)s and rode a dolphin to %(province)s"),
    "tardis_waits": _("no hyperspace link this season: the TARDIS waits in hyperspace"),
    "tardis_not_an_end": _("the TARDIS comes out at an end of the link (%(source)s or %(dest)s)"),
    "tardis_moved": _("the TARDIS moved with its unit to %(province)s"),
    "tardis_through_hyperspace": _("the TARDIS went through hyperspace to %(province)s"),
    "tardis_stayed": _(
        "the TARDIS stays in %(province)s: it moves only with a unit given the same move "
        "that succeeds, or through hyperspace"
    ),
    "tardis_escaped": _("its unit was dislodged: the TARDIS escaped into hyperspace"),
    "tardis_no_escape": _("its unit was not dislodged: the TARDIS stays in %(province)s"),
    "monster_destroyed": _("the Doctor destroyed the monster in %(province)s: a victory point"),
    "no_monster_there": _("the TARDIS is not in %(province)s with a monster"),
    "exorcised": _("the Doctor exorcised %(unit)s (%(owner)s): a victory point"),
    "only_the_doctor": _("only the Doctor commands the TARDIS"),
    "fifth_fleet_built": _(
        "%(unit)s is the fifth fleet: no Amazon seduces it, and other players' units attack "
        "it when it enters a coastal province"
    ),
    "fifth_fleet_destroyed": _(
        "the fifth fleet %(unit)s (%(owner)s) entered a coastal province and was destroyed by "
        "%(attackers)s"
    ),
    "fifth_fleet_spared": _(
        "the fifth fleet %(unit)s (%(owner)s) entered a coastal province; the game master let "
        "the attack by %(attackers)s fail"
    ),
    "implicit_support": _("support given without an order, by the variant's rules"),
    "birds_built": _("a flock of birds was built in %(province)s"),
    "birds_no_site": _("%(province)s is not a free center where you may build"),
    "birds_no_build": _("no build is left for a flock of birds"),
    "birds_there": _("you have a flock in %(province)s already"),
    "birds_disbanded": _("the flock in %(province)s was disbanded"),
    "birds_disbanded_far": _("the flock in %(province)s was disbanded (farthest from home)"),
    "birds_not_due": _("no more of your flocks need to be disbanded"),
    "no_flock": _("you have no flock in %(province)s"),
    "picked_up": _("%(unit)s (%(owner)s) is aboard the flock in %(province)s"),
    "not_boarding": _("%(unit)s was not ordered to board"),
    "no_carrier": _("no flock in %(province)s was ordered to carry it"),
    "pickup_failed": _("the pick-up in %(province)s failed: %(unit)s did not stay there"),
    "pickup_scared": _("the pick-up in %(province)s failed: the birds were scared away"),
    "too_bulky": _("birds carry armies only: fleets are too bulky"),
    "not_same_province": _("a flock picks up an army in its own province (%(province)s)"),
    "already_aboard": _("an army is aboard the flock in %(province)s already"),
    "not_aboard": _("%(unit)s is not aboard a flock"),
    "flew": _("the flock flew to %(province)s"),
    "flight_stopped": _("the flight ended in %(province)s: birds are scared away from %(dest)s"),
    "not_a_step": _("birds cannot fly from %(source)s to %(dest)s"),
    "flight_too_far": _("too far: a flock flies three provinces, two when it carries an army"),
    "route_not_flown": _("the flock in %(province)s did not fly this route: %(unit)s stays there"),
    "left_behind": _("%(unit)s got off its flock and stays in %(province)s"),
    "landed": _("%(unit)s landed in %(province)s"),
    "dropped": _("%(unit)s could not land in %(dest)s: dropped in %(province)s"),
    "drowned": _("%(unit)s (%(owner)s) was dropped over %(province)s and drowned"),
    "shot_down": _("%(unit)s (%(owner)s) was dropped onto the unit in %(province)s and shot down"),
    "fell_off": _("%(unit)s (%(owner)s) was dislodged and fell off the flock in %(province)s"),
    "scaring": _("birds are scared away from %(province)s and its neighbours"),
    "scare_not_holding": _("only a unit that holds, and stays, scares birds"),
    "flock_fled": _("the scared flock fled to %(province)s"),
    "flock_untold": _("the flock in %(province)s was scared and not told where to go: it died"),
    "flock_frightened": _(
        "the flock in %(province)s could flee only to %(dest)s, where birds are scared too: "
        "it died of fright"
    ),
    "flee_not_needed": _("not needed: the flock was not scared away"),
    "borg_ate_flock": _("the Borg ate the flock of %(owner)s in %(province)s"),
    "flock_blown_up": _("the flock of %(owner)s in %(province)s was blown up by exploding llamas"),
    "flocks_joined": _("two flocks of %(owner)s met in %(province)s and joined into one"),
    "aboard_holds": _("%(unit)s is aboard a flock: it holds or flies with it"),
    "aboard_no_support": _("%(supported)s is aboard a flock: it cannot be supported"),
    "twins_raised": _("%(unit)s and %(other)s built as Siamese twins"),
    "twins_once": _("only a great power builds Siamese twins, and only once a game"),
    "twins_no_build": _("no build left for the Siamese twins (they take one build)"),
    "twins_site": _(
        "%(unit)s cannot be a twin there: the first in a free home center, the second on a "
        "free province next to it where it may stand"
    ),
    "twins_hold": _("the order of its Siamese twin %(other)s was illegal: both twins hold"),
    "twins_separated": _("%(unit)s was separated from its Siamese twin %(other)s: both died"),
    "twin_lost": _("%(unit)s died with its Siamese twin %(other)s"),
    "merged_by_fortune_teller": _(
        "%(unit)s (%(owner)s) merged into the Fortune-teller's unit in %(province)s"
    ),
    # Kapitalisten: the exchange.
    "sale_limited": _("sold %(done)s: at most 500 of a currency are sold in a turn"),
    "sale_short": _("sold %(done)s: only %(done)s were held"),
    "purchase_short": _("bought %(done)s: the cash ran out (no debt, orders in the order written)"),
    "currency_worthless": _(
        "the currency of %(nation)s is worth nothing: %(nation)s is eliminated"
    ),
    "sold_without_orders": _("no exchange orders: %(done)s sold automatically"),
    "investor_excluded": _("excluded after three turns in a row without exchange orders"),
    "investor_absent": _(
        "excluded and not replaced: no longer counts for control (keeps selling automatically)"
    ),
    "investor_back": _("has a player again and counts for control"),
    "nation_controlled": _(
        "%(nation)s is controlled by %(investor)s with %(units)s against %(second)s"
    ),
    "control_by_earlier_turn": _(
        "%(nation)s is controlled by %(investor)s: level with %(tied)s at %(units)s, "
        "and more %(turns_back)s turns before"
    ),
    "control_by_fewer_nations": _(
        "%(nation)s is controlled by %(investor)s: level with %(tied)s at %(units)s, "
        "and given fewer nations"
    ),
    "control_drawn": _(
        "%(nation)s is controlled by %(investor)s: level with %(tied)s at %(units)s, "
        "and drawn by lot"
    ),
    "nation_uncontrolled": _("%(nation)s has no controller: nobody holds its currency"),
    "rate_winter": _("the rate of %(nation)s moves %(change)s centers x 5 %% to %(rate)s"),
    "nation_eliminated": _("%(nation)s is eliminated: its currency is worth nothing"),
    "exchange_won": _("%(investor)s wins with %(points)s victory points"),
    "not_an_investor": _("only an investor trades currency"),
}
_CONTROLLED_ALONE = _("%(nation)s is controlled by %(investor)s with %(units)s")
_SUPPORT_NOT_TO_HOLD = _("%(supported)s was not ordered to hold")
_SUPPORT_NOT_TO_MOVE = _("%(supported)s was not ordered to %(dest)s")
_CONVOY_NOT_MATCHED = _("%(army)s was not ordered to move to %(dest)s")
_THE_CONVOY = _("the convoy")


#: Rather Silly's special armies, as a result's ``kind`` names them.
SPECIAL_KINDS: dict[str, Promise] = {
    "amazon": _("Amazon"),
    "dirtbag": _("rogue army"),
    "extra": _("extra unit (needs no center)"),
    "fifth_fleet": _("fifth fleet"),
}


#: The names seats play under in the game being shown (Kapitalisten's pseudonyms), by
#: seat id: set around one game's page by :func:`seat_names`, empty elsewhere.
_SEAT_NAMES: ContextVar[Mapping[str, str] | None] = ContextVar("seat_names", default=None)
_INVESTOR = re.compile(r"investor-(\d+)")


@contextmanager
def seat_names(names: Mapping[str, str]) -> Iterator[None]:
    """Within the block, :func:`power_name` names each seat in ``names`` by its name there
    (a pseudonym: public, never who is behind it). ``names`` come from
    ``games.visibility.seat_names``."""
    token = _SEAT_NAMES.set(names)
    try:
        yield
    finally:
        _SEAT_NAMES.reset(token)


def power_name(power: str) -> str:
    """A power in the reader's language: ``germany`` -> ``Germany`` / ``Deutschland``; a
    Kapitalisten investor by his pseudonym on his game's pages, else ``Investor 3``."""
    named = (_SEAT_NAMES.get() or {}).get(str(power))
    if named:
        return named
    name = POWER_NAMES.get(str(power).lower())
    if name is not None:
        return str(name)
    investor = _INVESTOR.fullmatch(str(power))
    if investor is not None:
        return gettext("Investor %(n)s") % {"n": investor.group(1)}
    text = str(power)
    return text[:1].upper() + text[1:]


def outcome_name(outcome: str) -> str:
    """An order's result (``bounce``, ``void`` ...) in the reader's language."""
    name = OUTCOMES.get(outcome)
    return str(name) if name is not None else str(outcome)


def phase_name(code: str, occurrence: int = 1) -> str:
    """A phase in words: ``S1901M`` -> ``Spring 1901 movement`` (translated).

    ``occurrence`` tells apart the phases of a set-up that share a code (each pick of
    a draft, a repeated nomination): the third ``S1900D`` is "Draft, pick 3".
    """
    phase = Phase.parse(code)
    words = phase_words(phase.kind.value)
    if words is not None:
        return words.of(occurrence)
    kind = PHASE_KINDS.get(phase.kind.words, phase.kind.words)
    return gettext("%(season)s %(year)s %(kind)s") % {
        "season": SEASONS[phase.season.value],
        "year": phase.year,
        "kind": kind,
    }


@functools.lru_cache(maxsize=64)
def _places(map_id: str, language: str | None) -> dict[str, str]:
    return location_names(map_id)


def _place_names(map_id: str) -> dict[str, str]:
    """Every location of the map by its name in the reader's language, kept per language."""
    return _places(map_id, get_language())


#: Parameters that are counts of units of a currency (Kapitalisten), grouped as the
#: reader's language groups them: 3,120 or 3.120.
COUNT_PARAMS = frozenset({"units", "second", "done", "asked"})
#: Parameters that are amounts in hundredths (Kapitalisten's rates in Kujambel, victory
#: points), which the adjudicator writes "1234.56": as the reader's language writes them.
AMOUNT_PARAMS = frozenset({"rate", "points"})
_AMOUNT = re.compile(r"-?\d+\.\d\d")


def _unit_in_words(unit: str, places: Mapping[str, str]) -> str:
    """``A mun`` as "A Munich" (in German "A München"); a unit elsewhere as the adjudicator
    words it."""
    kind, _, location = unit.partition(" ")
    name = places.get(location)
    return f"{kind} {name}" if name is not None else unit_words(unit)


def _translated_params(params: Mapping[str, Any], map_id: str) -> dict[str, str]:
    """A result's or a reading problem's parameters (ids, as the adjudicator gives them:
    see ``adjudicator.wording``) in the reader's language."""
    places = _place_names(map_id)
    out: dict[str, str] = {}
    for key, raw in params.items():
        value = str(raw)
        if key in LOCATION_PARAMS:
            out[key] = places.get(value, value)
        elif key in UNIT_PARAMS or key in UNIT_LIST_PARAMS:
            if value in UNIT_KINDS:
                out[key] = str(UNIT_KINDS[value])
            else:
                out[key] = ", ".join(_unit_in_words(u, places) for u in value.split(", ") if u)
        elif key in POWER_PARAMS:
            out[key] = power_name(value)
        elif key in COUNT_PARAMS and value.isdigit():
            out[key] = str(number_format(int(value), force_grouping=True))
        elif key in AMOUNT_PARAMS and _AMOUNT.fullmatch(value):
            out[key] = str(number_format(Decimal(value), decimal_pos=2, force_grouping=True))
        elif key in SEAT_PARAMS:
            # Kapitalisten's investors, one or several: by their pseudonyms on the game's
            # pages (see seat_names).
            out[key] = ", ".join(power_name(v) for v in value.split(", ") if v)
        elif key in UNIT_KIND_PARAMS and value in UNIT_KINDS:
            out[key] = str(UNIT_KINDS[value])
        elif key == "phase":
            out[key] = _phase_kind_words(value)
        elif key == "season" and len(value) == 5 and value[0] in SEASONS:
            # A season's code ("F1901"): the hyperspace link's.
            out[key] = gettext("%(season)s %(year)s") % {
                "season": SEASONS[value[0]],
                "year": value[1:],
            }
        elif key == "kind":
            out[key] = str(ORDER_KINDS.get(value) or SPECIAL_KINDS.get(value) or value)
        elif key == "what":
            out[key] = str(_PARSE_WHAT.get(value, value))
        else:
            out[key] = value
    return out


def _phase_kind_words(letter: str) -> str:
    """A phase kind in a sentence ("movement"), from its letter."""
    try:
        words = PhaseKind(letter).words
    except ValueError:
        return letter
    return str(PHASE_KINDS.get(words, words))


def result_sentence(reason_code: str, params: Mapping[str, Any], map_id: str) -> str | None:
    """Why an order did not simply succeed, in the reader's language, from the reason's
    code and its parameters (ids) on the map ``map_id``.

    ``None`` when the code is unknown or a parameter the sentence needs is missing, so the
    caller can fall back on the adjudicator's stored English.
    """
    values = _translated_params(params, map_id)
    try:
        if reason_code == "unreadable":
            if "problem" not in params:
                return None  # stored before problems had codes: the stored English
            return _problem_sentence(str(params["problem"]), values)
        if reason_code == "support_not_matched":
            template = _SUPPORT_NOT_TO_MOVE if "dest" in params else _SUPPORT_NOT_TO_HOLD
            return str(template) % values
        if reason_code == "convoy_not_matched":
            return str(_CONVOY_NOT_MATCHED) % values
        if reason_code == "nation_controlled" and "second" not in params:
            return str(_CONTROLLED_ALONE) % values
        if reason_code == "convoy_disrupted" and "fleets" not in params:
            values["fleets"] = str(_THE_CONVOY)
        template = REASONS.get(reason_code)
        if template is None:
            return None
        return str(template) % values
    except (KeyError, ValueError, TypeError):
        return None


def result_reason(result: Mapping[str, Any], map_id: str) -> str:
    """The reason to show for a stored result: translated when its parameters were
    stored, else the adjudicator's English as stored (or "" when it succeeded)."""
    params = result.get("params")
    code = result.get("reason_code")
    if isinstance(params, Mapping) and code:
        sentence = result_sentence(str(code), params, map_id)
        if sentence is not None:
            return sentence
    return str(result.get("reason") or "")


#: What an order was missing where it ended, by the adjudicator's codes for the parts.
_PARSE_WHAT: dict[str, Promise] = {
    "center": _("the center to nominate"),
    "unit": _("the unit"),
    "destination": _("the destination"),
    "supported_unit": _("the supported unit"),
    "supported_destination": _("the destination of the supported move"),
    "convoyed_army": _("the convoyed army"),
    "convoy_destination": _("the destination of the convoy"),
}

#: The parser's problems (adjudicator ParseError codes) in the reader's language.
_PARSE_PROBLEMS: dict[str, Promise] = {
    "ends_early": _("the order ends where %(what)s should be"),
    "unknown_province": _("“%(token)s” is not a province on this map"),
    "build_needs_kind": _("say whether to build an army (A) or a fleet (F) in %(province)s"),
    "unit_needs_kind": _("say whether the unit in %(province)s is an army (A) or a fleet (F)"),
    "no_unit": _("no unit at %(province)s"),
    "no_dislodged_unit": _("no dislodged unit at %(province)s"),
    "trailing": _("did not understand “%(rest)s” at the end of the order"),
    "not_text": _("an order must be text"),
    "empty": _("the order is empty"),
    "via_only_moves": _("only a move can go via convoy"),
    "expected_order_word": _("expected an order word (H, -, S, C, R, B, D) after %(unit)s"),
    "support_shape": _("a support names a unit, then “-” and where it moves, or nothing"),
    "convoy_shape": _("a convoy names the army, then “-” and where it goes"),
    "unknown_order_word": _("did not understand the order word after %(unit)s"),
    "exchange_shape": _("an exchange order reads: buy 300 russia, sell 500 rouble"),
    "herd_shape": _("a llama order reads: herd boh, explode boh"),
    "vote_shape": _("a vote reads: vote lon - par"),
    "override_shape": _("the Fool's order reads: override A par - bur"),
    "predict_shape": _("a prediction reads: predict bur (or predict bur F)"),
    "sell_shape": _("a sale of a soul reads: sell A par"),
    "tardis_shape": _("the TARDIS's orders read: T - yor, T destroy bre, T escape"),
    "birds_shape": _(
        "a flock's order reads: birds lon - nth - den, birds lon carry A lon, birds lon R "
        "wal (birds lon builds one, disband birds lon disbands it)"
    ),
    "twins_shape": _("Siamese twins are built so: twins A par F bre"),
    "text_shape": _("write the words after it: ask …, answer …, reply …"),
    "extra_shape": _("an extra unit reads: extra A par (the Superbrain's: place F ice)"),
    "special_shape": _("a special army is raised so: amazon par, rogue mun"),
    "seduce_shape": _(
        "a seduction reads: A par seduce A bur (or in Denmark A den seduce all armies, or all "
        "fleets)"
    ),
}


def _problem_sentence(code: str, values: Mapping[str, str]) -> str | None:
    template = _PARSE_PROBLEMS.get(code)
    if template is None:
        return None
    return str(template) % values


def parse_problem(error: ParseError, map_id: str) -> str:
    """Why an order could not be read, in the reader's language (the adjudicator's
    English when the problem is one this site does not know)."""
    values = _translated_params(error.params, map_id)
    try:
        sentence = _problem_sentence(error.code, values)
    except (KeyError, ValueError, TypeError):
        sentence = None
    return sentence if sentence is not None else error.message


def explanation(result: OrderResult, map_id: str) -> str:
    """An adjudicator result's reason in the reader's language (the adjudicator's English,
    ``adjudicator.wording.explain``, when the site has no sentence for it)."""
    if result.reason is None:
        return ""
    sentence = result_sentence(result.reason.value, result.params, map_id)
    return sentence if sentence is not None else explain(result, load_map(map_id))


_COAST_WORDS = {"nc": "north coast", "sc": "south coast", "ec": "east coast", "wc": "west coast"}


def order_in_words(order: str, map_id: str) -> str:
    """An order with its places named in full in the reader's language and its moves as
    arrows (``A ruh - bel``: "A Ruhr → Belgium"); every other word stays as written, so a
    variant's own order words read as their players typed them."""
    places = _place_names(map_id)
    words = []
    for token in order.split():
        name = places.get(token.lower())
        words.append(name if name is not None else "→" if token == "-" else token)
    return " ".join(words)


def result_in_words(result: Mapping[str, Any], map_id: str) -> dict[str, str]:
    """A stored result row (``power``, ``order``, ``result``, the reason's code and
    parameters) as the game page's results table says it, in the reader's language: the
    power's name, the order with its places named, the outcome and, when it did not
    succeed, why."""
    return {
        "power": power_name(str(result.get("power") or "")),
        "order": order_in_words(str(result.get("order") or ""), map_id),
        "outcome": outcome_name(str(result.get("result") or "")),
        "reason": result_reason(result, map_id),
    }


def location_names(map_id: str) -> dict[str, str]:
    """Every location of a map by its name in the reader's language, coasts too
    (``spa/nc``: "Spain (north coast)"), for the page's script to name places."""
    game_map = load_map(map_id)
    names: dict[str, str] = {}
    for pid, p in game_map.provinces.items():
        names[pid] = str(PROVINCES.get(p.name, p.name))
        for location in game_map.coasts_of(pid):
            coast = _COAST_WORDS.get(location.split("/")[1], "")
            coast_name = COASTS.get(coast)
            names[location] = f"{names[pid]} ({coast_name})" if coast_name else location
    return names


#: The questions the rules leave to the game master (the adjudicator's ``Question``
#: codes), and what their defaults mean; the English is the adjudicator's own wording.
QUESTIONS: dict[str, Promise] = {
    "superbrain_replies": _(
        "The Superbrain asked: %(asked)s His answer: %(answer)s. Replies: %(replies)s. Which"
        " seats answered right (none, one or several)?"
    ),
    "superbrain_nobody_right": _("Nobody answered right."),
    "fifth_fleet_attack": _(
        "The fifth fleet %(unit)s (%(power)s) is ordered to %(dest)s, a coastal province. If"
        " it gets there, the units of other players next to it attack it. Does the attack"
        " succeed (the fleet is destroyed)?"
    ),
    "fifth_fleet_attack_succeeds": _("The attack succeeds, as the rules intend."),
}
#: The answers a question's ``choices`` may hold other than seats (the fifth fleet's).
_ANSWER_WORDS: dict[str, Promise] = {"yes": _("yes"), "no": _("no")}
#: The answer naming none of the choices of a question that takes many (the Superbrain's).
_NONE_CHOSEN = _("nobody")


def answer_words(answer: str | None, choices: Sequence[str], many: bool) -> str:
    """A game master's answer (or the default taken) in the reader's language: the seats
    it names (ids, by commas, for a question that takes many: "nobody" for none), a
    choice's words, or the words he gave to a free question as given."""
    if answer is None:
        return ""
    if many:
        named = [a for a in answer.split(",") if a]
        if not named:
            return str(_NONE_CHOSEN)
        if set(named) <= set(choices):
            return ", ".join(power_name(a) for a in named)
        return answer  # typed as words before answers were ids, and not read back
    if choices and answer in choices:
        words = _ANSWER_WORDS.get(answer)
        return str(words) if words is not None else power_name(answer)
    return answer


#: A question's parameter that is a power's secret, to a reader who may not see it.
_KEPT_SECRET = _("kept secret until the game ends")
#: Words a seat could have given and did not (the Superbrain's answer).
_NONE_GIVEN = _("(none given)")
#: A question stored as words before questions had codes, to a reader who may not read
#: them (they may hold a power's secret).
_WORDS_WITHHELD = _(
    "A question the rules left to the game master (its words are kept until the game ends)."
)


def _question_params(
    params: Mapping[str, Any], hidden: tuple[str, ...] | list[str], map_id: str
) -> dict[str, str]:
    """A question's parameters in the reader's language (see adjudicator.wording): words a
    seat gave as given, the replies by seat, the rest as a result's; each kept from him
    said to be secret."""
    plain = {k: v for k, v in params.items() if k not in SAID_PARAMS and not isinstance(v, Mapping)}
    values = _translated_params(plain, map_id)
    for key, value in params.items():
        if key in REPLY_PARAMS and isinstance(value, Mapping):
            values[key] = "; ".join(f"{power_name(p)}: {t}" for p, t in value.items())
        elif key in SAID_PARAMS:
            values[key] = str(value) if value else str(_NONE_GIVEN)
    for key in hidden:
        values[key] = str(_KEPT_SECRET)
    return values


def question_sentence(
    code: str,
    params: Mapping[str, Any],
    map_id: str,
    hidden: tuple[str, ...] | list[str] = (),
) -> str:
    """A question to the game master (or what its default means) in the reader's
    language, from its code and the parameters he may read (``hidden``: those kept from
    him, said to be secret); the adjudicator's English for a code the site has no words
    for (a variant's of its own)."""
    values = _question_params(params, hidden, map_id)
    template = QUESTIONS.get(code)
    if template is not None:
        try:
            return str(template) % values
        except (KeyError, ValueError, TypeError):
            pass
    try:
        question = Question(code)
    except ValueError:
        return code.replace("_", " ")
    try:
        return question.wording.format_map(values)
    except (KeyError, ValueError, IndexError):
        return question_words(question, params, load_map(map_id))


def question_withheld() -> str:
    """What a reader who may not read a question stored as words is shown instead."""
    return str(_WORDS_WITHHELD)
