# One word for a game's void (無効): the model's fields say void, as the product does.
# The stored status stays "cancelled" and the audit action "cancel": the API publishes both.

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("parlor", "0023_seasons"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameField(model_name="game", old_name="cancel_reason", new_name="void_reason"),
        migrations.RenameField(model_name="game", old_name="cancelled_by", new_name="voided_by"),
        migrations.RenameField(
            model_name="game", old_name="cancel_confirmed_by", new_name="void_confirmed_by"
        ),
        # The audit log's labels (translated): 取消 for what is taken back (a hand undone, a call),
        # 無効 for a game voided (it read 中止, a word the product does not use).
        migrations.AlterField(
            model_name="auditevent",
            name="action",
            field=models.CharField(
                choices=[
                    ("create", "Created"),
                    ("correct", "Corrected"),
                    ("void", "Taken back"),
                    ("finish", "Finished"),
                    ("cancel", "Game voided"),
                    ("close", "Closed"),
                ],
                max_length=16,
            ),
        ),
    ]
