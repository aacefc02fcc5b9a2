"""The game master's questions become codes with parameters, as results are.

Questions were stored as English prose, and the Superbrain's question quoted his secret
answer in it ("His answer: …"), so that everyone who could read the question after its
phase read the answer too. A question is now the adjudicator's code (``question_code``)
with its parameters (``params``), the secret ones named in ``owned`` with the power whose
they are; games.visibility decides who reads them, games.wording words them.

Here the stored prose is read back, once, by the exact inverse of the words the
adjudicator wrote: the Superbrain's question (its words and the kept answer checked
against the phase's own position, the replies against its orders) and the fifth fleet's.
What it means when nobody answers (``default_text``) becomes its code too. A question
this cannot read stays as it was: the site then shows its words only to those who may
see every secret of the game (its moderators, everyone once it is over).

A moderation record of an answered question keeps a reference to the question
(``details["decision"]``), not a copy of its words.

Going back writes the prose again (the answer in it, as the code before this expects).
"""

import re

from django.db import migrations, models

SUPERBRAIN = "superbrain"
NONE_GIVEN = "(none given)"
ASKED = "The Superbrain asked: "
ANSWER = " His answer: "
REPLIES = ". Replies: "
JUDGE = (
    ". Which seats answered right? Name them, separated by commas (leave empty for nobody)."
)
LOOSE_SUPERBRAIN = re.compile(
    re.escape(ASKED) + r"(?P<asked>.*?)" + re.escape(ANSWER) + r"(?P<answer>.*?)"
    + re.escape(REPLIES) + r"(?P<replies>.*)" + re.escape(JUDGE),
    re.S,
)
FIFTH_FLEET = re.compile(
    r"The fifth fleet F (?P<location>\S+) \((?P<power>[a-z_]+)\) is ordered to (?P<dest>\S+),"
    r" a coastal province\. If it gets there, the units of other players next to it attack"
    r" it\. Does the attack succeed \(the fleet is destroyed\)\?",
    re.S,
)
FIFTH_FLEET_WORDS = (
    "The fifth fleet F {location} ({power}) is ordered to {dest}, a coastal province. If it"
    " gets there, the units of other players next to it attack it. Does the attack succeed"
    " (the fleet is destroyed)?"
)
DEFAULTS = {
    "Nobody answered right.": "superbrain_nobody_right",
    "The attack succeeds, as the rules intend.": "fifth_fleet_attack_succeeds",
}
DEFAULT_WORDS = {v: k for k, v in DEFAULTS.items()}
REPLY = re.compile(r"(?P<seat>[a-z_]+(?:-\d+)?): (?P<words>.*)", re.S)


def _replies_listed(listed, orders):
    """The replies as the question listed them, by seat: as the phase's orders give them
    when they list exactly so, else split where a seat's id begins an entry."""
    given = {
        power: text[len("reply ") :].strip()
        for power, texts in sorted(orders.items())
        for text in texts
        if isinstance(text, str) and text.lower().startswith("reply ") and power != SUPERBRAIN
    }
    if given and "; ".join(f"{p}: {t}" for p, t in given.items()) == listed:
        return given
    replies = {}
    last = None
    for piece in listed.split("; "):
        match = REPLY.fullmatch(piece)
        if match is not None and match["seat"] not in replies:
            last = match["seat"]
            replies[last] = match["words"]
        elif last is not None:
            replies[last] = f"{replies[last]}; {piece}"
        else:
            return None
    return replies or None


def _superbrain(prose, position, orders):
    extras = (position or {}).get("extras") or {}
    asked = (extras.get("question") or {}).get("text")
    kept = ((extras.get("answers") or {}).get(SUPERBRAIN) or {}).get("answer") or ""
    head = f"{ASKED}{asked}{ANSWER}{kept or NONE_GIVEN}{REPLIES}"
    if asked is not None and prose.startswith(head) and prose.endswith(JUDGE):
        listed = prose[len(head) : len(prose) - len(JUDGE)]
    else:
        match = LOOSE_SUPERBRAIN.fullmatch(prose)
        if match is None:
            return None
        asked, kept, listed = match["asked"], match["answer"], match["replies"]
        kept = "" if kept == NONE_GIVEN else kept
    replies = _replies_listed(listed, orders)
    if replies is None:
        return None
    params = {"asked": asked, "answer": kept, "replies": replies}
    return "superbrain_replies", params, {"answer": SUPERBRAIN}


def _fifth_fleet(prose):
    match = FIFTH_FLEET.fullmatch(prose)
    if match is None:
        return None
    params = {"unit": f"F {match['location']}", "power": match["power"], "dest": match["dest"]}
    return "fifth_fleet_attack", params, {}


def questions_as_codes(apps, schema_editor):
    Decision = apps.get_model("games", "Decision")
    OrderSet = apps.get_model("games", "OrderSet")
    ModeratorAction = apps.get_model("games", "ModeratorAction")
    for decision in Decision.objects.filter(question_code="").select_related("phase"):
        read = None
        if decision.key.startswith("superbrain "):
            orders = {}
            for power, texts in OrderSet.objects.filter(phase=decision.phase).values_list(
                "power", "orders"
            ):
                orders.setdefault(power, []).extend(texts or [])
            read = _superbrain(decision.question, decision.phase.position, orders)
        elif decision.key.startswith("fifth fleet "):
            read = _fifth_fleet(decision.question)
        if read is not None:
            decision.question_code, decision.params, decision.owned = read
            decision.question = ""
        if decision.default_text in DEFAULTS:
            decision.default_code = DEFAULTS[decision.default_text]
            decision.default_text = ""
        decision.save()
    for action in ModeratorAction.objects.filter(kind="decision"):
        details = dict(action.details or {})
        decisions = Decision.objects.filter(phase__game_id=action.game_id, key=details.get("key"))
        decision = decisions.filter(phase_id=action.phase_id).first() or decisions.last()
        if decision is None:
            continue  # its words stay, shown as an unread question's are
        details.pop("question", None)
        details["decision"] = decision.pk
        action.details = details
        action.save(update_fields=["details"])


def _prose(decision):
    params = decision.params or {}
    if decision.question_code == "superbrain_replies":
        replies = "; ".join(f"{p}: {t}" for p, t in (params.get("replies") or {}).items())
        return (
            f"{ASKED}{params.get('asked', '')}{ANSWER}{params.get('answer') or NONE_GIVEN}"
            f"{REPLIES}{replies}{JUDGE}"
        )
    if decision.question_code == "fifth_fleet_attack":
        location = str(params.get("unit", "F ")).partition(" ")[2]
        return FIFTH_FLEET_WORDS.format(
            location=location, power=params.get("power", ""), dest=params.get("dest", "")
        )
    return decision.question or decision.question_code.replace("_", " ")


def questions_as_prose(apps, schema_editor):
    Decision = apps.get_model("games", "Decision")
    ModeratorAction = apps.get_model("games", "ModeratorAction")
    words = {}
    for decision in Decision.objects.exclude(question_code=""):
        decision.question = _prose(decision)[:500]
        if decision.default_code and not decision.default_text:
            decision.default_text = DEFAULT_WORDS.get(decision.default_code, "")
        decision.save(update_fields=["question", "default_text"])
        words[decision.pk] = decision.question
    for decision in Decision.objects.filter(question_code=""):
        words[decision.pk] = decision.question
    for action in ModeratorAction.objects.filter(kind="decision"):
        details = dict(action.details or {})
        if "decision" not in details:
            continue
        details["question"] = words.get(details.pop("decision"), "")
        action.details = details
        action.save(update_fields=["details"])


class Migration(migrations.Migration):
    dependencies = [("games", "0018_masters_named_by_and_results_confirmed")]

    operations = [
        migrations.AddField(
            model_name="decision",
            name="default_code",
            field=models.CharField(blank=True, default="", max_length=100),
        ),
        migrations.AddField(
            model_name="decision",
            name="owned",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="decision",
            name="params",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="decision",
            name="question_code",
            field=models.CharField(blank=True, default="", max_length=100),
        ),
        migrations.AlterField(
            model_name="decision",
            name="question",
            field=models.CharField(blank=True, max_length=500),
        ),
        migrations.RunPython(questions_as_codes, questions_as_prose),
    ]
