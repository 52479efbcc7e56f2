from django.apps import AppConfig


class ReportsConfig(AppConfig):
    name = "parlor.reports"
    label = "reports"
    verbose_name = "日報 Reports"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The parlor app does not know this one; a correction reaches it through signals.
        from parlor.reports import signals

        signals.connect()
