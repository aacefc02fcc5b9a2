# The draw vote becomes one of several kinds of vote (draw, concede, cancel, pause,
# resume). The table is renamed, not copied: every draw vote cast so far stays, with the
# kind "draw" (the new column's default), and one vote per (phase, seat) becomes one vote
# of each kind per (phase, seat).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0016_pseudonyms_and_signed_press'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='drawvote',
            name='one_draw_vote_per_phase',
        ),
        migrations.RenameModel(
            old_name='DrawVote',
            new_name='Vote',
        ),
        migrations.AddField(
            model_name='vote',
            name='kind',
            field=models.CharField(choices=[('draw', 'Draw'), ('concede', 'Concede'), ('cancel', 'Cancel the game'), ('pause', 'Pause'), ('resume', 'Resume')], default='draw', max_length=8),
        ),
        migrations.AlterField(
            model_name='vote',
            name='phase',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='votes', to='games.gamephase'),
        ),
        migrations.AlterField(
            model_name='vote',
            name='seat',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='votes', to='games.seat'),
        ),
        migrations.AddConstraint(
            model_name='vote',
            constraint=models.UniqueConstraint(fields=('phase', 'seat', 'kind'), name='one_vote_of_a_kind_per_phase'),
        ),
    ]
