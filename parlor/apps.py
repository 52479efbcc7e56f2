from django.apps import AppConfig


class ParlorConfig(AppConfig):
    name = "parlor"
    verbose_name = "Parlor 雀荘"
    default_auto_field = "django.db.models.BigAutoField"
