from django.contrib import admin
from django.urls import include, path

from parlor.views import favicon, index
from parlor.web.audit_page import audit_log

urlpatterns = [
    path("", index, name="index"),
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("api/", include(("parlor.api.urls", "api"))),
    path("", include(("parlor.public.urls", "public"))),  # standings, player page, receipts
    path("tablet/", include(("parlor.web.urls", "tablet"))),
    path("reports/", include("parlor.web.report_urls")),  # the manager's daily reports (issue 7)
    path("audit/", audit_log, name="audit-log"),  # the manager's audit log (監査ログ)
    path("manage/", include(("parlor.web.manage_setup_urls", "setup"))),  # tables, staff
    path("manage/", include("parlor.web.manage_urls")),  # the manager's settings (料金, ...)
]

# JSON errors under /api/ for URLs no view matched (parlor/security/handlers.py).
handler403 = "parlor.security.handlers.forbidden"
handler404 = "parlor.security.handlers.not_found"
handler500 = "parlor.security.handlers.server_error"
