from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("parlor", "0015_day_close"),
    ]

    operations = [
        migrations.AddField(
            model_name="visit",
            name="wish",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
