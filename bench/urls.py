"""The product's URLs plus the benchmark's bare endpoint (POST /bench/bare/) and the two
floors of recording a hand (POST /bench/floor/tx/<game>/, /bench/floor/optimistic/<game>/,
/bench/floor/orm/<game>/)."""

from django.urls import path

from bench.bare import BareInsertView
from bench.floor import FloorOptimisticView, FloorOrmView, FloorTransactionalView
from parlor.urls import handler404, handler500
from parlor.urls import urlpatterns as product_urlpatterns

urlpatterns = [
    path("bench/bare/", BareInsertView.as_view(), name="bench-bare"),
    path("bench/floor/tx/<uuid:game_id>/", FloorTransactionalView.as_view()),
    path("bench/floor/optimistic/<uuid:game_id>/", FloorOptimisticView.as_view()),
    path("bench/floor/orm/<uuid:game_id>/", FloorOrmView.as_view()),
    *product_urlpatterns,
]

__all__ = ["handler404", "handler500", "urlpatterns"]
