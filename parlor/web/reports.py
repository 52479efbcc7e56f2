"""The manager's page (日報): each business day's reports, their status, the files.

Japanese first: every word is a msgid translated in locale/ (the page follows the language
the tablet chose). A signed-out visitor is sent to the tablet's login page; anyone but a
manager of the parlor is refused (parlor/web/manager.py). The reports themselves are built
in parlor/reports/.
"""

from __future__ import annotations

from datetime import date

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_POST

from parlor.domain.business_days import business_day_of
from parlor.errors import DomainError
from parlor.reports.download import file_response
from parlor.reports.listing import manager_access, report_days, report_for
from parlor.reports.models import ReportFormat
from parlor.reports.services import daily_report_request
from parlor.web.manager import manager_error, manager_page


@require_GET
@manager_page
def report_list(request: HttpRequest) -> HttpResponse:
    access = manager_access(request.user)
    days = report_days(access.parlor)
    context = {
        "parlor": access.parlor,
        "days": days,
        "formats": list(ReportFormat),
        # The day in progress: its report so far is what a manager asks for during the day
        # (the nightly run makes the closed day's by itself).
        "default_day": business_day_of(access.parlor),
        "is_busy": any(day.is_busy for day in days),
    }
    return render(request, "reports/daily_reports.html", context)


@require_POST
@manager_page
def report_request(request: HttpRequest) -> HttpResponse:
    access = manager_access(request.user)
    try:
        day = date.fromisoformat(request.POST.get("day", ""))
    except ValueError:
        messages.error(request, pgettext("daily report", "Choose a business day."))
        return redirect("reports:list")
    formats = request.POST.getlist("format") or list(ReportFormat)
    if not set(formats) <= set(ReportFormat.values):
        messages.error(request, pgettext("daily report", "Choose CSV, XLSX or PDF."))
        return redirect("reports:list")
    rebuild = request.POST.get("rebuild") == "1"
    try:
        daily_report_request(
            parlor=access.parlor, day=day, formats=formats, by=request.user, rebuild=rebuild
        )
    except DomainError as exc:  # a day not begun yet, too many builds asked for this hour
        messages.error(request, exc.message)
        return redirect("reports:list")
    messages.success(
        request, pgettext("daily report", "The report of %(day)s was requested.") % {"day": day}
    )
    return redirect("reports:list")


@require_GET
@manager_page
def report_download(request: HttpRequest, report_id: str) -> HttpResponse:
    report = report_for(request.user, report_id, with_file=True)
    if not report.has_file:
        return manager_error(
            request, message=pgettext("daily report", "This report has no file yet."), status=404
        )
    return file_response(report)
