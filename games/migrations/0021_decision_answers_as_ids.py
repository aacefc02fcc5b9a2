"""The Superbrain's question is answered by ticking the seats that replied right, stored
as their ids: a row asked before takes the seats that replied as its choices, and an
answer typed as names ("France, Fool") is read back as ids where every name is one of
them (otherwise it is kept as typed, and shown so)."""

from django.db import migrations, models


def _as_ids(answer, choices):
    named = {w.strip().lower() for w in answer.split(",") if w.strip()}
    if named <= set(choices):
        return ",".join(sorted(named))
    return answer


def forwards(apps, schema_editor):
    Decision = apps.get_model("games", "Decision")
    for decision in Decision.objects.filter(question_code="superbrain_replies"):
        replies = decision.params.get("replies") or {}
        decision.choices = sorted(replies) if isinstance(replies, dict) else []
        decision.many = True
        if decision.answer:
            decision.answer = _as_ids(decision.answer, decision.choices)
        decision.save(update_fields=["choices", "many", "answer"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0020_game_last_year"),
    ]

    operations = [
        migrations.AddField(
            model_name="decision",
            name="many",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
