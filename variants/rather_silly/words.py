"""Rather Silly's own words: the names of who acts besides the powers (the creatures, the
four roles' seats), the sentences of its reasons, of its orders that cannot be read and
of its questions to the game master, and its special armies. ``games.wording`` merges
them with the core's through ``variants.registry.words``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from variants.site import VariantWords

#: Who acts besides the powers, and the four roles' seats, by seat id.
POWER_NAMES: dict[str, Promise] = {
    "monster": _("Monsters"),
    "borg": _("The Borg"),
    "hyperspace": _("Hyperspace"),
    "fool": _("The Fool"),
    "superbrain": _("The Superbrain"),
    "doctor": _("The Doctor"),
    "fortune_teller": _("The Fortune-teller"),
}

#: One sentence per reason code; the English is the adjudicator's own wording.
REASONS: dict[str, Promise] = {
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
}

#: The parser's problems with the variant's own orders (adjudicator ParseError codes).
PROBLEMS: dict[str, Promise] = {
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

#: Its special armies, as a result's ``kind`` names them.
SPECIAL_KINDS: dict[str, Promise] = {
    "amazon": _("Amazon"),
    "dirtbag": _("rogue army"),
    "extra": _("extra unit (needs no center)"),
    "fifth_fleet": _("fifth fleet"),
}


def marked_units(extras: Mapping[str, Any], power: str) -> list[dict[str, str]]:
    """The special armies and devil units of ``power`` in a phase's ``extras``, as
    ``{"what", "where"}`` in the reader's words."""
    out = []
    prefix = f"{power} "
    for key, kind in sorted((extras.get("kinds") or {}).items()):
        if key.startswith(prefix):
            out.append({"what": str(SPECIAL_KINDS.get(kind, kind)), "where": key[len(prefix) :]})
    for key, left in sorted((extras.get("devils") or {}).items()):
        if key.startswith(prefix):
            out.append(
                {
                    "what": gettext("devil unit (%(n)s seasons left)") % {"n": left},
                    "where": key[len(prefix) :],
                }
            )
    return out


#: The islands its map adds to the standard one (build-only, closed to all other units).
PLACE_NAMES: dict[str, Promise] = {
    "Crete": pgettext_lazy("province", "Crete"),
    "Iceland": pgettext_lazy("province", "Iceland"),
}

WORDS = VariantWords(
    power_names=POWER_NAMES,
    place_names=PLACE_NAMES,
    reasons=REASONS,
    problems=PROBLEMS,
    questions=QUESTIONS,
    kinds=SPECIAL_KINDS,
    unit_marks=marked_units,
)
