"""Settings for the API load benchmark (bench/api_load.py): the product's, plus a bare view.

The bare endpoint (bench/bare.py) lives only in bench/urls.py, so it never ships in the
product's URLs. Everything else (middleware, authentication, database) is the product's.
"""

from parlor.settings import *  # noqa: F403  (the product's settings, unchanged)

ROOT_URLCONF = "bench.urls"
