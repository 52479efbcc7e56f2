from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

# SQLite adds a NOT NULL column by copying the table, which leaves its triggers behind: the
# closed-receipt trigger of 0007 is made again on the new table (PostgreSQL keeps it).
TABLES = ("parlor_settlement", "parlor_settlementline")


def sqlite_receipt_trigger_again(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    if schema_editor.connection.vendor != "sqlite":
        return
    for table in TABLES:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update", params=None)
        schema_editor.execute(
            f"""CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table}
            BEGIN SELECT RAISE(ABORT, 'closed receipts cannot change (UPDATE refused): make an adjustment');
            END""",
            params=None,
        )


class Migration(migrations.Migration):

    dependencies = [
        ('parlor', '0012_deductions_apart_from_bonuses'),
    ]

    operations = [
        migrations.AddField(
            model_name='settlementline',
            name='left_game_tenths',
            field=models.IntegerField(default=0),
        ),
        migrations.RunPython(sqlite_receipt_trigger_again, migrations.RunPython.noop),
    ]
