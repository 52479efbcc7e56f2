from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class ParlorConfig(AppConfig):
    name = "parlor"
    verbose_name = pgettext_lazy("model", "Parlor")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from parlor import tasks  # noqa: F401  (registers the tasks services enqueue by name)
        from parlor.reports import tasks as report_tasks  # noqa: F401  (the same, for reports)
        from parlor.security import checks  # noqa: F401  (registers the deploy checks)
        from parlor.view_helpers import manager_link

        manager_link.connect()  # a sign-in remembers whether the user is a manager
