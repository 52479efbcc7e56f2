from django.urls import path

from parlor.web import reports as views

app_name = "reports"

urlpatterns = [
    path("", views.report_list, name="list"),
    path("request/", views.report_request, name="request"),
    path("<str:report_id>/download/", views.report_download, name="download"),
]
