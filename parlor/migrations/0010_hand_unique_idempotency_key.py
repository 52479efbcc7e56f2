"""A hand's Idempotency-Key names one hand of its game: the hand is the key's record."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("parlor", "0009_game_state")]

    operations = [
        migrations.AddConstraint(
            model_name="hand",
            constraint=models.UniqueConstraint(
                condition=models.Q(("idempotency_key", ""), _negated=True),
                fields=("game", "idempotency_key"),
                name="hand_unique_idempotency_key",
            ),
        ),
    ]
