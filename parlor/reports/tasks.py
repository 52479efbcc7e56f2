"""Celery tasks of the daily reports: each takes ids and calls one service. Retries live here.

`acks_late` with `reject_on_worker_lost`: the broker keeps the message until the task
returns, so a worker that dies in the middle of a report does not lose it; the redelivered
message finds the report still claimed, waits for the claim's lease to run out, and builds
it then. A whole worker that dies gives its message back only after the broker's visibility
timeout (an hour on Redis): beat's sweep queues the report again once its lease has run out.
The claim (build.py) makes every duplicate delivery harmless.
"""

from __future__ import annotations

from celery import shared_task

from parlor.reports import conf
from parlor.reports.build import BuildState, daily_report_build
from parlor.reports.schedule import daily_reports_expired, daily_reports_schedule
from parlor.reports.services import enqueue_daily_report

BUSY_RETRIES = 50  # a build holding the claim is waited for, at the pace of its lease


@shared_task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(Exception,),
    retry_backoff=5,  # 5, 10, 20, 40, 80 seconds, jittered
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=5,
)
def daily_report_task(self, report_id: int) -> str:  # type: ignore[no-untyped-def]
    outcome = daily_report_build(report_id=report_id, hold_seconds=conf.test_delay_seconds())
    if outcome.state == BuildState.BUSY and not self.request.is_eager:
        # Eagerly (no broker) the holder is another web request that will finish it.
        raise self.retry(countdown=outcome.retry_in, max_retries=BUSY_RETRIES)
    if outcome.state == BuildState.AGAIN:
        enqueue_daily_report(report_id)
    return str(outcome.state)


@shared_task(acks_late=True, autoretry_for=(Exception,), retry_backoff=True, max_retries=3)
def daily_reports_nightly_task() -> int:
    return _enqueue_each(daily_reports_schedule())


@shared_task(acks_late=True, autoretry_for=(Exception,), retry_backoff=True, max_retries=3)
def daily_reports_sweep_task() -> int:
    return _enqueue_each(daily_reports_expired())


def _enqueue_each(report_ids: list[int]) -> int:
    for report_id in report_ids:
        enqueue_daily_report(report_id)
    return len(report_ids)
