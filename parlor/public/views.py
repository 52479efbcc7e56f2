"""Public standings (no login, points only), the player's page, and receipts (HTML and PDF)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from parlor.errors import DomainError, InvalidInput, NotFound
from parlor.models import Parlor
from parlor.public.pdf import PdfUnavailable, html_to_pdf, html_to_roll_pdf
from parlor.public.rankings import (
    ChosenPeriod,
    PeriodForm,
    chosen_period,
    export_response,
    period_chosen,
    period_form,
)
from parlor.selectors.access import Role
from parlor.selectors.visits import receipt_of, visit_for
from parlor.services.standings import Standings, parlor_standings, standings_are_public
from parlor.view_helpers.paper import PAPERS, Paper, paper_of
from parlor.view_helpers.present import (
    receipt_lines,
    receipt_times,
    receipt_totals,
    signed_result,
)

LOGIN = "public:login"
TV_REFRESH_SECONDS = (15, 60, 600)  # the least, the default and the most
TV_PAGE_SECONDS = (3, 10, 60)  # how long the TV shows one page of a long ranking


def domain_errors_as_http(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page answers 404 for NotFound and 403 for any other refusal, as the API does."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotFound as exc:
            raise Http404(exc.message) from exc
        except (PdfUnavailable, InvalidInput) as exc:
            return HttpResponse(exc.message, status=exc.status_code, content_type="text/plain")
        except DomainError as exc:
            raise PermissionDenied(exc.message) from exc

    return wrapped


def _public_parlor(slug: str) -> Parlor:
    parlor = get_object_or_404(Parlor, slug=slug)
    if not standings_are_public(parlor):
        raise Http404("this parlor does not publish its standings")
    return parlor


def _sections(standings: list[Standings]) -> list[dict[str, Any]]:
    return [
        {
            "player_count": s.player_count,
            "is_point_count": s.is_point_count,
            "rows": [{**_row(r)} for r in s.rows],
            "below_minimum": [_row(r) for r in s.below_minimum],
        }
        for s in standings
    ]


def _row(row: Any) -> dict[str, Any]:
    return {
        "position": row.position,
        "name": row.name,
        "games": row.games,
        "total": signed_result(row.total, with_unit=False),
        "is_negative": row.total_tenths < 0,
        "average_rank": f"{row.average_rank:.2f}",
        "tops": row.tops,
    }


def _standings_context(parlor: Parlor) -> dict[str, Any]:
    data = parlor_standings(parlor)
    return {
        "parlor": parlor,
        "day": data.day,
        "today": _sections(data.today),
        "month": _sections(data.month),
        "monthly_min_games": data.monthly_min_games,
    }


def _period_context(form: PeriodForm, period: ChosenPeriod | None) -> dict[str, Any]:
    """The chooser, and the chosen period's standings (a season closed: as it closed)."""
    if period is None:
        return {"form": form, "period": None}
    return {
        "form": form,
        "period": period,
        "period_sections": _sections(period.standings),
    }


def _chosen(request: HttpRequest, parlor: Parlor) -> tuple[PeriodForm, ChosenPeriod | None]:
    """The chooser as the query fills it, and the period it chose (None: none, or invalid)."""
    form = period_form(request, parlor)
    return form, chosen_period(form, parlor) if period_chosen(request) else None


def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Today's and this month's standings, or (?season= or ?first_day=&last_day=) a period's."""
    parlor = _public_parlor(slug)
    form, period = _chosen(request, parlor)
    context = {**_standings_context(parlor), **_period_context(form, period)}
    status = 400 if form.is_bound and not form.is_valid() else 200
    return render(request, "public/standings.html", context, status=status)


def standings_export(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    """The chosen period's standings as CSV or XLSX (the same query as the page)."""
    parlor = _public_parlor(slug)
    form, period = _chosen(request, parlor)
    if period is None:
        errors = "; ".join(str(e) for errors in form.errors.values() for e in errors)
        message = errors or _("Choose a season, or both the first and the last day.")
        return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")
    return export_response(parlor, period, fmt)


def standings_tv(request: HttpRequest, slug: str) -> HttpResponse:
    """TV mode: the whole screen, large type; it pages through the rows that do not fit and
    fetches the standings again every `refresh` seconds (?refresh=, ?page= for the turn)."""
    parlor = _public_parlor(slug)
    refresh = _seconds(request, "refresh", TV_REFRESH_SECONDS)
    page = _seconds(request, "page", TV_PAGE_SECONDS)
    period = _chosen(request, parlor)[1] if period_chosen(request) else None
    context = {
        **_standings_context(parlor),
        "period": period,
        "period_sections": _sections(period.standings) if period else [],
        "refresh": refresh,
        "refresh_ms": refresh * 1000,
        "page_ms": page * 1000,
    }
    return render(request, "public/standings_tv.html", context)


def _seconds(request: HttpRequest, name: str, bounds: tuple[int, int, int]) -> int:
    """A number of seconds from the query string, kept within (least, default, most)."""
    least, default, most = bounds
    try:
        return min(most, max(least, int(request.GET.get(name, default))))
    except ValueError:
        return default


def _receipt_context(request: HttpRequest, visit_id: str, paper: Paper) -> dict[str, Any]:
    visit, _access = visit_for(request.user, visit_id, role=Role.PLAYER)
    receipt = receipt_of(visit)
    lines = receipt_lines(receipt)
    return {
        "visit": visit,
        "parlor": visit.parlor,
        "receipt": receipt,
        "lines": lines,
        "has_games": any(line.is_game for line in lines),
        "has_adjustments": any(not line.is_game for line in lines),
        "totals": receipt_totals(receipt),
        "times": receipt_times(receipt),
        "paper": paper,
        "papers": PAPERS,
    }


def _receipt_template(paper: Paper) -> str:
    return "public/receipt_roll.html" if paper.is_roll else "public/receipt.html"


@login_required(login_url=LOGIN)
@domain_errors_as_http
def receipt_page(request: HttpRequest, visit_id: str) -> HttpResponse:
    """The receipt as a print view (精算書): staff of the parlor, or the player themself.
    ?paper=80 or 58 for the counter's roll printer, a4 (the default) for a sheet."""
    paper = paper_of(request.GET.get("paper"))
    context = _receipt_context(request, visit_id, paper)
    return render(request, _receipt_template(paper), context)


@login_required(login_url=LOGIN)
@domain_errors_as_http
def receipt_pdf(request: HttpRequest, visit_id: str) -> HttpResponse:
    """The receipt as a PDF: an A4 page, or a roll's width and exactly the receipt's length."""
    paper = paper_of(request.GET.get("paper"))
    context = {**_receipt_context(request, visit_id, paper), "is_pdf": True}
    template = _receipt_template(paper)
    base_url = request.build_absolute_uri("/")

    def html(page_height_mm: float | None = None) -> str:
        sized = {**context, "page_height_mm": page_height_mm}
        return render(request, template, sized).content.decode()

    if paper.is_roll:
        pdf = html_to_roll_pdf(html, base_url=base_url)
    else:
        pdf = html_to_pdf(html(), base_url=base_url)
    response = HttpResponse(pdf, content_type="application/pdf")
    suffix = "" if paper is Paper.A4 else f"-{paper.value}mm"
    response["Content-Disposition"] = f'inline; filename="receipt-{visit_id}{suffix}.pdf"'
    return response
