"""A chombo deducted at the final settlement (罰符) is kept apart from the bonuses: on each
hand's outcome (per seat, in points), on each result (in tenths of the ruleset's unit) and in
the game's stored engine state (`deductions`).

Games whose ruleset deducts a chombo at the settlement are replayed to split what was stored
under the bonuses; totals do not change. Every other game gets zeros."""

from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def deductions_fill(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    from parlor.services import engine
    from scoring import ScoringError, in_tenths

    Game = apps.get_model("parlor", "Game")
    for game in Game.objects.exclude(state=None).iterator():
        if not game.state or "deductions" in game.state:
            continue
        state = dict(game.state)
        state["deductions"] = [0] * len(state["scores"])
        if game.ruleset_snapshot.get("chombo_payment") == "final_deduction":
            seats = list(game.seats.order_by("seat"))
            hands = list(game.hands.filter(state="current").order_by("sequence"))
            try:
                replay = engine.replay_game(
                    engine.record_build(
                        snapshot=game.ruleset_snapshot,
                        names=[seat.name for seat in seats],
                        entries=[hand.entry for hand in hands],
                        start=game.start_state,
                        finished=game.is_closed_by_staff,
                    )
                )
            except ScoringError:
                replay = None  # left as stored; verification names the game
            if replay is not None:
                state["bonuses"] = list(replay.state.bonuses)
                state["deductions"] = list(replay.state.deductions)
                outcomes = apps.get_model("parlor", "HandOutcome").objects
                for hand, outcome in zip(hands, replay.hands):
                    if any(outcome.settled.deductions):
                        outcomes.filter(hand_id=hand.pk).update(
                            deductions=list(outcome.settled.deductions)
                        )
                final = replay.final
                if final is not None:
                    ruleset = replay.record.ruleset
                    for result in game.results.all():
                        result.bonus_tenths = in_tenths(final.bonuses[result.seat], ruleset)
                        result.deduction_tenths = in_tenths(final.deductions[result.seat], ruleset)
                        result.save(update_fields=["bonus_tenths", "deduction_tenths"])
        game.state = state
        game.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [("parlor", "0011_result_units")]

    operations = [
        migrations.AddField(
            model_name="handoutcome",
            name="deductions",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="gameresult",
            name="deduction_tenths",
            field=models.IntegerField(default=0),
        ),
        migrations.RunPython(deductions_fill, migrations.RunPython.noop),
    ]
