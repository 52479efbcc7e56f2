"""Daily reports (日報): a parlor's business day in CSV, XLSX and PDF, built by a Celery worker.

Its own Django app (label `reports`) with its own migrations. It reads the parlor domain and
never the other way round: it learns about corrections through model signals (signals.py).
"""
