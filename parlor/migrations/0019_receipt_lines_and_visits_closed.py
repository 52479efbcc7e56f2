"""A closed receipt takes no new line, and a checked-out visit is not reopened, in the database
too (0007 refuses UPDATE and DELETE of receipts).

A settlement records the lines it was closed with (`line_count`, written with it at check-out);
a trigger refuses a line beyond them, so the check-out's own lines go in and nothing after.
Settlements closed before this migration get the count of the lines they have.

A visit's status cannot go from closed back to open: its receipt would take games again.
"""

from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

LINE_REFUSED = "closed receipts cannot change (INSERT refused): make an adjustment"
REOPEN_REFUSED = "a checked-out visit cannot be reopened: check the player in again"
# A line beyond those its settlement was closed with (or of no settlement at all).
LINE_BEYOND = """(SELECT count(*) FROM parlor_settlementline
        WHERE settlement_id = NEW.settlement_id)
    >= COALESCE((SELECT line_count FROM parlor_settlement WHERE id = NEW.settlement_id), 0)"""
COUNT_LINES = """UPDATE parlor_settlement SET line_count = (SELECT count(*)
    FROM parlor_settlementline WHERE settlement_id = parlor_settlement.id)"""

PG = [
    # 0007's trigger refuses every UPDATE of a settlement: the count is written past it once.
    "ALTER TABLE parlor_settlement DISABLE TRIGGER parlor_settlement_closed",
    COUNT_LINES,
    "ALTER TABLE parlor_settlement ENABLE TRIGGER parlor_settlement_closed",
    f"""CREATE FUNCTION parlor_receipt_line_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF {LINE_BEYOND} THEN
            RAISE EXCEPTION '{LINE_REFUSED}';
        END IF;
        RETURN NEW;
    END $$""",
    """CREATE TRIGGER parlor_settlementline_closed_insert BEFORE INSERT
    ON parlor_settlementline FOR EACH ROW EXECUTE FUNCTION parlor_receipt_line_insert()""",
    f"""CREATE FUNCTION parlor_visit_not_reopened() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{REOPEN_REFUSED}';
    END $$""",
    """CREATE TRIGGER parlor_visit_not_reopened BEFORE UPDATE OF status ON parlor_visit
    FOR EACH ROW WHEN (OLD.status = 'closed' AND NEW.status <> 'closed')
    EXECUTE FUNCTION parlor_visit_not_reopened()""",
]
PG_DROP = [
    "DROP TRIGGER IF EXISTS parlor_visit_not_reopened ON parlor_visit",
    "DROP FUNCTION IF EXISTS parlor_visit_not_reopened()",
    "DROP TRIGGER IF EXISTS parlor_settlementline_closed_insert ON parlor_settlementline",
    "DROP FUNCTION IF EXISTS parlor_receipt_line_insert()",
]
SQLITE = [
    # Adding the column copied parlor_settlement, which left 0007's trigger behind (as in
    # 0013): the count is written, then the trigger is made again on the new table.
    "DROP TRIGGER IF EXISTS parlor_settlement_no_update",
    COUNT_LINES,
    """CREATE TRIGGER parlor_settlement_no_update BEFORE UPDATE ON parlor_settlement
    BEGIN SELECT RAISE(ABORT, 'closed receipts cannot change (UPDATE refused): make an adjustment');
    END""",
    f"""CREATE TRIGGER parlor_settlementline_closed_insert BEFORE INSERT ON parlor_settlementline
    WHEN {LINE_BEYOND}
    BEGIN SELECT RAISE(ABORT, '{LINE_REFUSED}'); END""",
    f"""CREATE TRIGGER parlor_visit_not_reopened BEFORE UPDATE OF status ON parlor_visit
    WHEN OLD.status = 'closed' AND NEW.status <> 'closed'
    BEGIN SELECT RAISE(ABORT, '{REOPEN_REFUSED}'); END""",
]
SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS parlor_visit_not_reopened",
    "DROP TRIGGER IF EXISTS parlor_settlementline_closed_insert",
]


def _run(schema_editor: BaseDatabaseSchemaEditor, sql_by_vendor: dict[str, list[str]]) -> None:
    for statement in sql_by_vendor.get(schema_editor.connection.vendor, []):
        schema_editor.execute(statement, params=None)


def closed_for_good(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"postgresql": PG, "sqlite": SQLITE})


def closed_for_good_drop(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"postgresql": PG_DROP, "sqlite": SQLITE_DROP})


class Migration(migrations.Migration):
    dependencies = [
        ("parlor", "0018_adjustment_corrects_shift"),
    ]

    operations = [
        migrations.AddField(
            model_name="settlement",
            name="line_count",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(closed_for_good, closed_for_good_drop, elidable=False),
    ]
