# One word for a seat's counts in a game (hands, wins, deal-ins, riichi, win points): "stats",
# as the model of a finished game's (GameSeatStats), the player's page and the API say. The
# game row's running counts were "figures"; renaming the column is one statement.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("parlor", "0025_leagues"),
    ]

    operations = [
        migrations.RenameField(model_name="game", old_name="figures", new_name="running_stats"),
    ]
