# One word for a game's void (無効): the model's fields say void, as the product does.
# The stored status stays "cancelled" and the audit action "cancel": the API publishes both.

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("parlor", "0020_typed_text_refuses_control_characters"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameField(model_name="game", old_name="cancel_reason", new_name="void_reason"),
        migrations.RenameField(model_name="game", old_name="cancelled_by", new_name="voided_by"),
        migrations.RenameField(
            model_name="game", old_name="cancel_confirmed_by", new_name="void_confirmed_by"
        ),
        # The audit log's labels: 取消 for what is taken back (a hand undone, a call), 無効 for a
        # game voided (it read 中止, a word the product does not use).
        migrations.AlterField(
            model_name="auditevent",
            name="action",
            field=models.CharField(
                choices=[
                    ("create", "作成 Created"),
                    ("correct", "訂正 Corrected"),
                    ("void", "取消 Taken back"),
                    ("finish", "終了 Finished"),
                    ("cancel", "無効 Game voided"),
                    ("close", "締め Closed"),
                ],
                max_length=16,
            ),
        ),
    ]
