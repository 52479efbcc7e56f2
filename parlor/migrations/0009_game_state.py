"""The engine's state after a game's current hands, stored on the game (tenbo-state/1)."""

from typing import Any

from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def fill_states(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Each existing game's state, from a replay of its current hands."""
    from parlor.services import engine
    from parlor.services.seat_stats import stats_of_hands

    # The model as it stood here, with `figures` (renamed `running_stats` in 0025), not today's.
    Game: Any = apps.get_model("parlor", "Game")
    for game in Game.objects.all().iterator():
        seats = list(game.seats.order_by("seat"))
        entries = list(
            game.hands.filter(state="current").order_by("sequence").values_list("entry", flat=True)
        )
        record = engine.record_build(
            snapshot=game.ruleset_snapshot,
            names=[seat.name for seat in seats],
            entries=entries,
            start=game.start_state,
            finished=game.is_closed_by_staff,
        )
        replay = engine.replay_game(record)
        game.state = replay.state.to_dict()
        game.hands_voided = game.hands.filter(state="voided").count()
        game.figures = stats_of_hands(
            len(seats),
            [(outcome.hand, outcome.settled.transfers) for outcome in replay.hands],
        )
        game.save(update_fields=["state", "hands_voided", "figures"])


class Migration(migrations.Migration):
    dependencies = [("parlor", "0008_verbose_names")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="state",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="hands_voided",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="game",
            name="figures",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(fill_states, migrations.RunPython.noop),
    ]
