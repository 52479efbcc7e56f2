"""Daily reports (日報): a parlor's business day in CSV, XLSX and PDF, built by a Celery worker.

Its own Django app (label `reports`) with its own migrations. It reads the parlor domain; the
parlor's services call it in one place only, staleness.report_days_changed, when a change
(a correction, a game that ends or is voided, a check-out, an adjustment) touches a day that
may have been reported.
"""
