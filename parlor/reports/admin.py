from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import pgettext_lazy

from parlor.admin_labels import columns, enum_filter, with_parlor_titled
from parlor.admin_scope import ParlorScopedAdmin
from parlor.reports.models import DailyReport, ReportFormat, ReportStatus

# Each field of a daily report as the admin names it (its list, filters and page), in the
# active language rather than by its English field name.
REPORT_LABELS = {
    "public_id": pgettext_lazy("admin field", "Public ID"),
    "parlor": pgettext_lazy("admin field", "Parlor"),
    "business_day": pgettext_lazy("admin field", "Business day"),
    "format": pgettext_lazy("admin field", "Format"),
    "status": pgettext_lazy("admin field", "Status"),
    "revision": pgettext_lazy("admin field", "Revision of the day's data"),
    "claimed_revision": pgettext_lazy("admin field", "Revision being built"),
    "built_revision": pgettext_lazy("admin field", "Revision in the file"),
    "requested_at": pgettext_lazy("admin field", "Requested at"),
    "requested_by": pgettext_lazy("admin field", "Requested by"),
    "claim_token": pgettext_lazy("admin field", "Claim"),
    "claimed_at": pgettext_lazy("admin field", "Claimed at"),
    "lease_until": pgettext_lazy("admin field", "Lease until"),
    "claims": pgettext_lazy("admin field", "Claims"),
    "builds": pgettext_lazy("admin field", "Builds"),
    "built_at": pgettext_lazy("admin field", "Built at"),
    "size_bytes": pgettext_lazy("admin field", "Size (bytes)"),
    "sha256": pgettext_lazy("admin field", "SHA-256"),
    "error": pgettext_lazy("admin field", "Error"),
}


@admin.register(DailyReport)
class DailyReportAdmin(ParlorScopedAdmin, admin.ModelAdmin):
    list_display = columns(
        REPORT_LABELS,
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
    list_filter = (
        enum_filter("status", REPORT_LABELS["status"], ReportStatus.choices),
        enum_filter("format", REPORT_LABELS["format"], ReportFormat.choices),
        "parlor",
    )
    date_hierarchy = "business_day"
    exclude = ("content",)
    readonly_fields = tuple(f.name for f in DailyReport._meta.fields if f.name != "content")
    operator_may = frozenset({"view", "change", "delete"})  # asked for on the manager page or API

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        return super().get_form(request, obj, change, labels=REPORT_LABELS, **kwargs)

    def get_list_filter(self, request: HttpRequest) -> Any:
        # Titled after the scope has taken the filter by parlor out of a manager's list.
        return with_parlor_titled(super().get_list_filter(request))
