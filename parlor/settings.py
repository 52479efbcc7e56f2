"""Settings for the tenbo parlor service, read from the environment.

With no environment at all this runs on SQLite with eager Celery, so tests and the demo
need no services. Production sets DATABASE_URL (PostgreSQL), CELERY_BROKER_URL (Redis),
SECRET_KEY and ALLOWED_HOSTS; DEBUG is off unless DJANGO_DEBUG=1.
"""

from __future__ import annotations

import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor  # type: ignore[import-untyped]

from parlor.celery_schedule import beat_schedule
from parlor.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", False)
# Tests (pytest or `manage.py test`) and the type check (mypy's Django plugin imports these
# settings to learn the models) may run without SECRET_KEY; a server never does.
_RUNNING_TESTS = "pytest" in sys.modules or "mypy" in sys.modules or sys.argv[1:2] == ["test"]
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not (DEBUG or _RUNNING_TESTS):
        raise ImproperlyConfigured("Set SECRET_KEY (or DJANGO_DEBUG=1 for a development server).")
    SECRET_KEY = "insecure-development-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# The parlor's address as phones reach it (http://192.168.1.20:8000, https://tenbo.example.jp):
# a QR code made on a tablet that opened the server at 127.0.0.1 or localhost carries this
# instead (parlor/public_address.py). Empty: the host the tablet used, always.
PUBLIC_BASE_URL = env_str("PUBLIC_BASE_URL").strip()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files vendored: /api/docs/ needs no CDN
    "parlor.apps.ParlorConfig",
    "parlor.reports.apps.ReportsConfig",  # daily reports (issue 7): own app, own migrations
]

MIDDLEWARE = [
    # A body over DATA_UPLOAD_MAX_MEMORY_SIZE is refused before anything reads it (413).
    "parlor.security.middleware.RequestSizeLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "parlor.security.middleware.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Japanese unless the language cookie says otherwise; the API keeps English
    # (parlor/web/locale.py).
    "parlor.web.locale.CookieLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A view that loses the database answers 503 + Retry-After; the tablet retries.
    "parlor.security.middleware.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "parlor.urls"
WSGI_APPLICATION = "parlor.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "parlor.view_helpers.manager_link.manager_link",
            ],
        },
    },
]

# SQLite unless DATABASE_URL is set (postgres://user@host:5432/name uses psycopg 3).
# Persistent connections with health checks; DB_CONN_MAX_AGE=0 closes them per request.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DB_CONN_MAX_AGE", 600),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Parameters bound by the server, and a statement run 5 times on a connection prepared
    # there (psycopg's prepare_threshold): PostgreSQL then plans each of the hot statements
    # once per connection instead of on every request (planning cost more than running them,
    # docs/performance.md). Behind a connection pooler in transaction mode (PgBouncer without
    # max_prepared_statements) set DB_PREPARE_THRESHOLD=none.
    _prepare = env_str("DB_PREPARE_THRESHOLD", "5").lower()
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=env_bool("DB_SERVER_SIDE_BINDING", True),
        prepare_threshold=None if _prepare == "none" else int(_prepare),
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # Not a check: its password_changed hook deletes the user's API tokens (security/tokens.py).
    {"NAME": "parlor.security.tokens.RevokeTokensOnPasswordChange"},
]

# The tablet speaks Japanese by default; English is chosen on the tablet and kept in a cookie.
LANGUAGE_CODE = env_str("LANGUAGE_CODE", "ja")
LANGUAGES = [("ja", "日本語"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # a tablet remembers its language for a year
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where collectstatic writes the files production serves (DJANGO_STATIC_ROOT to put them elsewhere).
STATIC_ROOT = Path(env_str("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]  # the tablet's own CSS and JS, vendored: no CDN
# Production (and scripts/serve.sh) runs `collectstatic` first: every file gets a content-hashed
# name and a gzip and brotli copy, and WhiteNoise sends the hashed names cached for a year as
# immutable, so a tablet asks for each file once per release. Tests and a bare DEBUG server
# serve the files as they are (no collectstatic needed); DJANGO_STATIC_HASHED says otherwise.
STATIC_HASHED = env_bool("DJANGO_STATIC_HASHED", not (DEBUG or _RUNNING_TESTS))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "parlor.static_storage.HashedStaticFilesStorage"
        if STATIC_HASHED
        else "whitenoise.storage.CompressedStaticFilesStorage"
    },
}

# The finders serve static files in development; with hashed names only the collected files.
WHITENOISE_USE_FINDERS = DEBUG and not STATIC_HASHED
WHITENOISE_AUTOREFRESH = DEBUG and not STATIC_HASHED
# Source maps (4 MB for the API docs' bundles) are read by developer tools only: compressing
# them took most of collectstatic's minute.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise warns on every request while it is missing

LOGIN_URL = "tablet:login"  # one sign-in for staff and managers

# Behind a TLS-terminating proxy set DJANGO_SECURE=1: HTTPS only, secure cookies, HSTS, the
# proxy's header. `manage.py check --deploy` is clean with it (test_security_deploy.py).
if env_bool("DJANGO_SECURE", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 365 * 24 * 60 * 60)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
# Headers on every response (the defaults, spelled out); parlor.security.middleware adds CSP.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_AGE = env_int("SESSION_COOKIE_AGE", 14 * 60 * 60)  # one night's shift
# Report builds a parlor's managers may ask for in an hour (parlor/reports/services.py).
REPORT_BUILDS_PER_HOUR = env_int("REPORT_BUILDS_PER_HOUR", 60)
TOKEN_TTL_SECONDS = env_int("TOKEN_TTL_SECONDS", SESSION_COOKIE_AGE)  # an API token's lifetime

# Request size: the largest real body is an imported game record (tens of kB).
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("REQUEST_MAX_BYTES", 256 * 1024)

# The cache holds the login lockout and the API's rate limits: Redis when REDIS_URL (or
# CACHE_URL) is set, so every gunicorn worker shares them; local memory otherwise.
_CACHE_URL = env_str("CACHE_URL") or env_str("REDIS_URL")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": _CACHE_URL}
        if _CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "tenbo"}
    )
}
CACHES["default"]["KEY_PREFIX"] = env_str("CACHE_KEY_PREFIX", "tenbo")

# Sign-in lockout (parlor/security/lockout.py): every sign-in path goes through this backend.
AUTHENTICATION_BACKENDS = ["parlor.security.backends.LockoutModelBackend"]
LOGIN_LOCKOUT = {
    "USER_LIMIT": env_int("LOGIN_LOCKOUT_USER_LIMIT", 5),  # failures of one username
    "ADDRESS_LIMIT": env_int("LOGIN_LOCKOUT_ADDRESS_LIMIT", 100),  # a parlor shares one address
    "WINDOW_SECONDS": env_int("LOGIN_LOCKOUT_WINDOW_SECONDS", 15 * 60),
    "LOCKOUT_SECONDS": env_int("LOGIN_LOCKOUT_SECONDS", 15 * 60),
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first, so an anonymous API request gets 401 with WWW-Authenticate.
        "parlor.security.tokens.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "parlor.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # JSON bounded in nesting and number size (parlor/security/parsers.py); forms for sign-in.
    "DEFAULT_PARSER_CLASSES": [
        "parlor.security.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Sign-in attempts per address at POST /api/auth/token/ (parlor/security/throttling.py).
    "DEFAULT_THROTTLE_RATES": {"login": env_str("THROTTLE_LOGIN_RATE", "20/min")},
}

# The proxies in front of gunicorn (addresses or networks, comma-separated). The client address
# behind the sign-in rate limit and the lockout is the connection's, and X-Forwarded-For is read
# only from these (parlor/security/client_address.py).
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])

SPECTACULAR_SETTINGS = {
    "TITLE": "tenbo 点棒 parlor API",
    "DESCRIPTION": (
        "Score-keeping for mahjong parlors: tables, games, hands (tenbo-game/1 entries), "
        'corrections, settlements. Errors are {"error": {"code", "message", "field", "hand"}}.'
    ),
    "VERSION": "1.0.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # 400/413/503 that the security layer may give any operation (parlor/security/schema.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "parlor.security.schema.document_security_responses",
        # After the enums: each kind as it is.
        "parlor.view_helpers.hand_schema.document_hand_entries",
    ],
}

# Celery: a Redis broker with CELERY_BROKER_URL; without one, tasks run eagerly in-process.
# (The in-memory default names its host, or kombu warns in every process that it has none.)
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "memory://localhost/")
CELERY_TASK_ALWAYS_EAGER = env_bool(
    "CELERY_TASK_ALWAYS_EAGER", CELERY_BROKER_URL.startswith("memory://")
)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", "") or None
CELERY_TASK_ACKS_LATE = True
# With late acks a worker reserves no message beyond the one it runs: a worker that dies holds
# back one report, not the ones it had prefetched (they stay queued for the other workers).
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = beat_schedule()  # the nightly reports, their sweep and the backup
# Where backups go (a folder: a local disk, or a mounted NAS or network share), how many of
# them are kept (the newest), and the folder of pg_dump / pg_restore if not on the PATH.
BACKUP_DIR = Path(env_str("BACKUP_DIR") or BASE_DIR / "backups")
BACKUP_KEEP = env_int("BACKUP_KEEP", 14)
BACKUP_PG_BIN = env_str("BACKUP_PG_BIN")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
