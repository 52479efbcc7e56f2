from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class ReportsConfig(AppConfig):
    name = "parlor.reports"
    label = "reports"
    verbose_name = pgettext_lazy("daily report", "Daily reports")
    default_auto_field = "django.db.models.BigAutoField"
