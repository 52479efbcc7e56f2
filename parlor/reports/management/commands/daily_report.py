"""Builds or schedules daily reports from the command line (the same services as the task).

manage.py daily_report --parlor demo --day 2026-05-01      # ask for one day's reports
manage.py daily_report --nightly                           # what beat runs every hour
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from parlor.models import Parlor
from parlor.reports.models import DailyReport
from parlor.reports.services import FORMATS, daily_report_request
from parlor.reports.tasks import daily_reports_nightly_task


class Command(BaseCommand):
    help = "Ask for a parlor's daily reports (CSV, XLSX, PDF), or run the nightly schedule."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--parlor", help="the parlor's slug")
        parser.add_argument("--day", type=date.fromisoformat, help="business day, YYYY-MM-DD")
        parser.add_argument("--format", action="append", choices=[f.value for f in FORMATS])
        parser.add_argument("--rebuild", action="store_true", help="build again if current")
        parser.add_argument("--nightly", action="store_true", help="run the nightly schedule")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["nightly"]:
            count = daily_reports_nightly_task()  # in this process; the builds go to the queue
            self.stdout.write(f"{count} report(s) queued")
            return
        if not (options["parlor"] and options["day"]):
            raise CommandError("give --parlor and --day (or --nightly)")
        parlor = Parlor.objects.filter(slug=options["parlor"]).first()
        if parlor is None:
            raise CommandError(f"no parlor {options['parlor']!r}")
        reports = daily_report_request(
            parlor=parlor,
            day=options["day"],
            formats=options["format"] or FORMATS,
            rebuild=options["rebuild"],
        )
        for report in DailyReport.objects.filter(pk__in=[r.pk for r in reports]).defer("content"):
            self.stdout.write(f"{report.business_day} {report.format}: {report.status}")
