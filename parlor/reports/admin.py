from django.contrib import admin

from parlor.admin_scope import ParlorScopedAdmin
from parlor.reports.models import DailyReport


@admin.register(DailyReport)
class DailyReportAdmin(ParlorScopedAdmin, admin.ModelAdmin):
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
    operator_may = frozenset({"view", "change", "delete"})  # asked for on the manager page or API
