from django.apps import AppConfig


class ReportsConfig(AppConfig):
    name = "parlor.reports"
    label = "reports"
    verbose_name = "日報 Reports"
    default_auto_field = "django.db.models.BigAutoField"
