"""The product's URLs plus the benchmark's bare endpoint (POST /bench/bare/)."""

from django.urls import path

from bench.bare import BareInsertView
from parlor.urls import handler404, handler500
from parlor.urls import urlpatterns as product_urlpatterns

urlpatterns = [
    path("bench/bare/", BareInsertView.as_view(), name="bench-bare"),
    *product_urlpatterns,
]

__all__ = ["handler404", "handler500", "urlpatterns"]
