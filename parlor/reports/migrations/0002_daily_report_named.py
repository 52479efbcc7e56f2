# The daily report named in the admin in the page's language (日報), not as "daily report".

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("reports", "0001_initial"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="dailyreport",
            options={
                "ordering": ["-business_day", "parlor", "format"],
                "verbose_name": "Daily report",
                "verbose_name_plural": "Daily reports",
            },
        ),
    ]
