"""Stored results' parameters become ids, as the adjudicator now gives them.

Results stored before named places, units, powers and unit kinds in English words
("Spain (north coast)", "A Mun", "England", "an army") and said some things as phrases
("to hold", "move to Norway", "the convoy", "movement"). The site now words a result from
ids only, so the words stored are turned into ids here, once, by the exact inverse of the
words the adjudicator wrote (each map's own location names). The stored English sentence
("reason") stays as it was. Going back turns the ids into the words again.
"""

from django.db import migrations

from adjudicator import find_variant
from adjudicator.errors import UnknownVariant

LOCATIONS = ("location", "dest", "source", "province")
UNITS = ("unit", "other", "supported", "army", "fleets")
POWERS = ("power", "owner")
KINDS = {"an army": "A", "a fleet": "F"}
KIND_WORDS = {v: k for k, v in KINDS.items()}
PHASE_KINDS = {
    "movement": "M",
    "retreats": "R",
    "adjustments": "A",
    "nomination": "N",
    "placement": "P",
    "draft": "D",
}
PHASE_WORDS = {v: k for k, v in PHASE_KINDS.items()}


def _maps():
    cache = {}

    def names_of(variant_id):
        if variant_id not in cache:
            try:
                game_map = find_variant(variant_id).map
            except UnknownVariant:
                cache[variant_id] = None
            else:
                cache[variant_id] = {loc: game_map.location_name(loc) for loc in game_map.locations}
        return cache[variant_id]

    return names_of


def _unit_id(words):
    if words in KINDS:
        return KINDS[words]
    kind, _, location = words.partition(" ")
    return f"{kind} {location[:1].lower()}{location[1:]}" if location else words


def _unit_words(unit):
    if unit in KIND_WORDS:
        return KIND_WORDS[unit]
    kind, _, location = unit.partition(" ")
    return f"{kind} {location[:1].upper()}{location[1:]}" if location else unit


def as_ids(code, params, names):
    """One result's parameters, as words, made ids (``names``: id -> words)."""
    ids = {words: loc for loc, words in names.items()}
    out = {}
    for key, value in params.items():
        if not isinstance(value, str):
            out[key] = value
        elif key in LOCATIONS:
            out[key] = ids.get(value, value)
        elif key in UNITS:
            out[key] = ", ".join(_unit_id(u) for u in value.split(", "))
        elif key in POWERS:
            out[key] = value.lower()
        elif key in ("actual", "given") and value in KINDS:
            out[key] = KINDS[value]
        elif key == "phase":
            out[key] = PHASE_KINDS.get(value, value)
        else:
            out[key] = value
    if code == "support_not_matched" and "what" in out:
        what = out.pop("what")
        if what.startswith("to ") and what != "to hold":
            out["dest"] = ids.get(what[3:], what[3:])
    if code == "convoy_not_matched" and str(out.get("dest", "")).startswith("move to "):
        place = out["dest"][len("move to ") :]
        out["dest"] = ids.get(place, place)
    if code == "convoy_disrupted" and out.get("fleets") == "the convoy":
        out.pop("fleets")
    return out


def as_words(code, params, names):
    """The inverse of :func:`as_ids`."""
    out = {}
    for key, value in params.items():
        if not isinstance(value, str):
            out[key] = value
        elif key in LOCATIONS:
            out[key] = names.get(value, value)
        elif key in UNITS:
            out[key] = ", ".join(_unit_words(u) for u in value.split(", "))
        elif key in POWERS:
            out[key] = value.capitalize() if code not in _LOWER_POWER else value
        elif key in ("actual", "given") and value in KIND_WORDS:
            out[key] = KIND_WORDS[value]
        elif key == "phase":
            out[key] = PHASE_WORDS.get(value, value)
        else:
            out[key] = value
    if code == "support_not_matched":
        dest = out.pop("dest", None)
        out["what"] = f"to {dest}" if dest else "to hold"
    if code == "convoy_not_matched" and "dest" in out:
        out["dest"] = f"move to {out['dest']}"
    if code == "convoy_disrupted" and "fleets" not in out:
        out["fleets"] = "the convoy"
    return out


#: Reasons whose power was stored as an id already (the others capitalised it).
_LOWER_POWER = frozenset({"nomination_missing_power", "nomination_dropped", "not_your_pick"})


def _convert(apps, change):
    GamePhase = apps.get_model("games", "GamePhase")
    names_of = _maps()
    phases = GamePhase.objects.exclude(results=[]).exclude(results__isnull=True)
    for phase in phases.select_related("game").iterator():
        names = names_of(phase.game.variant)
        if names is None or not isinstance(phase.results, list):
            continue
        rows = []
        for row in phase.results:
            params = row.get("params") if isinstance(row, dict) else None
            if isinstance(params, dict) and row.get("reason_code"):
                row = {**row, "params": change(row["reason_code"], params, names)}
            rows.append(row)
        if rows != phase.results:
            phase.results = rows
            phase.save(update_fields=["results"])


def forwards(apps, schema_editor):
    _convert(apps, as_ids)


def backwards(apps, schema_editor):
    _convert(apps, as_words)


class Migration(migrations.Migration):
    dependencies = [("games", "0012_board_links")]

    operations = [migrations.RunPython(forwards, backwards)]
