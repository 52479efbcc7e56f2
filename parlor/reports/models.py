"""A daily report (日報): one file of one business day of one parlor, in one format."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Case, F, Q, Value, When
from django.utils import timezone
from django.utils.translation import pgettext_lazy

from parlor.models import Parlor


class ReportFormat(models.TextChoices):
    CSV = "csv", "CSV"
    XLSX = "xlsx", "Excel (XLSX)"
    PDF = "pdf", "PDF"


CONTENT_TYPES = {
    ReportFormat.CSV: "text/csv; charset=utf-8",
    ReportFormat.XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ReportFormat.PDF: "application/pdf",
}


class ReportStatus(models.TextChoices):
    PENDING = "pending", pgettext_lazy("daily report", "Waiting")
    RUNNING = "running", pgettext_lazy("daily report", "Being built")
    DONE = "done", pgettext_lazy("daily report", "Ready")
    FAILED = "failed", pgettext_lazy("daily report", "Failed")


class DailyReportQuerySet(models.QuerySet["DailyReport"]):
    def bump(self, *, by: object | None = None) -> int:
        """The day changed: these files are stale; a built or failed report waits again.

        A pending report stays pending; a running one stays running and, when it finishes,
        sees that the revision moved on and stays pending for another build.
        """
        idle = [ReportStatus.DONE, ReportStatus.FAILED]
        fields: dict[str, object] = {
            "revision": F("revision") + 1,
            "status": Case(
                When(status__in=idle, then=Value(ReportStatus.PENDING)), default=F("status")
            ),
            "requested_at": timezone.now(),
        }
        if by is not None:
            fields["requested_by"] = by
        return self.update(**fields)


class DailyReport(models.Model):
    """One report file, idempotent per parlor, business day and format.

    `revision` counts the changes to the day's data that the report should show: a correction
    of one of the day's games bumps it. `built_revision` is the revision the stored file shows,
    so the file is stale while `built_revision < revision`; the stale file stays downloadable
    until its successor replaces it.

    A worker claims the row with a conditional update (pending or failed, or running under a
    lease that has expired) and writes the file with another one that names its claim, so a
    duplicate delivery, or a delivery whose worker died, never writes the file twice.
    The file lives in the row (reports are tens of kB): the web process and the worker share
    nothing but the database, and the file and its status commit together.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="daily_reports")
    business_day = models.DateField()  # 営業日
    format = models.CharField(max_length=8, choices=ReportFormat.choices)
    status = models.CharField(
        max_length=16, choices=ReportStatus.choices, default=ReportStatus.PENDING
    )
    revision = models.PositiveIntegerField(default=1)
    claimed_revision = models.PositiveIntegerField(null=True, blank=True)
    built_revision = models.PositiveIntegerField(null=True, blank=True)
    requested_at = models.DateTimeField(default=timezone.now)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    claim_token = models.UUIDField(null=True, blank=True)  # the delivery holding the claim
    claimed_at = models.DateTimeField(null=True, blank=True)
    lease_until = models.DateTimeField(null=True, blank=True)
    claims = models.PositiveIntegerField(default=0)  # deliveries that claimed it
    builds = models.PositiveIntegerField(default=0)  # files written
    built_at = models.DateTimeField(null=True, blank=True)
    content = models.BinaryField(default=b"", editable=False)
    size_bytes = models.PositiveIntegerField(default=0)
    sha256 = models.CharField(max_length=64, blank=True)
    error = models.TextField(blank=True)

    objects = DailyReportQuerySet.as_manager()

    class Meta:
        verbose_name = pgettext_lazy("model", "Daily report")
        verbose_name_plural = pgettext_lazy("model", "Daily reports")
        ordering = ["-business_day", "parlor", "format"]
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "business_day", "format"], name="daily_report_unique_day_format"
            ),
            models.CheckConstraint(
                condition=Q(format__in=ReportFormat.values), name="daily_report_format_valid"
            ),
            models.CheckConstraint(
                condition=Q(status__in=ReportStatus.values), name="daily_report_status_valid"
            ),
            models.CheckConstraint(
                condition=~Q(status="running")
                | (Q(claim_token__isnull=False) & Q(lease_until__isnull=False)),
                name="daily_report_running_has_claim",
            ),
            models.CheckConstraint(
                condition=~Q(status="done") | Q(built_revision=F("revision")),
                name="daily_report_done_is_current",
            ),
            models.CheckConstraint(
                condition=Q(built_revision__isnull=True) | Q(built_revision__lte=F("revision")),
                name="daily_report_built_revision_not_ahead",
            ),
        ]

    def __str__(self) -> str:
        kind, status = self.get_format_display(), self.get_status_display()
        return f"{self.parlor} {self.business_day} {kind} ({status})"

    @property
    def has_file(self) -> bool:
        return self.built_revision is not None

    @property
    def is_stale(self) -> bool:
        """The stored file predates a change to the day (a correction, a late game)."""
        return self.built_revision is not None and self.built_revision < self.revision

    @property
    def content_type(self) -> str:
        return CONTENT_TYPES[ReportFormat(self.format)]

    @property
    def filename(self) -> str:
        return f"daily-report-{self.parlor.slug}-{self.business_day:%Y-%m-%d}.{self.format}"
