from django.contrib import admin

from parlor.reports.models import DailyReport


@admin.register(DailyReport)
class DailyReportAdmin(admin.ModelAdmin):
    list_display = (
        "business_day",
        "parlor",
        "format",
        "status",
        "revision",
        "built_revision",
        "builds",
        "claims",
        "built_at",
        "size_bytes",
    )
    list_filter = ("status", "format", "parlor")
    date_hierarchy = "business_day"
    exclude = ("content",)
    readonly_fields = tuple(f.name for f in DailyReport._meta.fields if f.name != "content")

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False  # reports are asked for from the manager page or the API
