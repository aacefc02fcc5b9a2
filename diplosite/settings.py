"""Settings, all from the environment (12-factor, read with django-environ).

With nothing set, the site runs embedded: SQLite, the in-memory channel layer
and a Celery broker on the filesystem, so that one command starts everything
on a fresh machine. ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` (channel
layer and Celery broker) switch to the real parts. DEBUG is off unless asked.
"""

from __future__ import annotations

from pathlib import Path

import environ
from csp.constants import NONCE, NONE, SELF
from django.utils.translation import gettext_lazy as _

from core.logs import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()
if (BASE_DIR / ".env").is_file():  # read_env warns about a missing file on every start
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=False)
# A deployment sets SECRET_KEY. Without it, the site makes its own once and keeps it
# in a git-ignored file, so sessions survive restarts and nothing secret is in the repo.
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    _key_file = BASE_DIR / ".secret_key"
    if not _key_file.exists():
        import secrets

        _key_file.write_text(secrets.token_urlsafe(50))
        _key_file.chmod(0o600)
    SECRET_KEY = _key_file.read_text().strip()
#: Earlier keys still accepted for what Django signed with them (sessions, password reset
#: links, messages) while a new SECRET_KEY takes over; never for the house bots' tokens
#: (README, "Changing SECRET_KEY").
SECRET_KEY_FALLBACKS = env.list("SECRET_KEY_FALLBACKS", default=[])
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000")
#: Where the site's own bots (manage.py run_bots) reach the public API: the site's own
#: address unless the web process is nearer by another (runsite passes the one it serves).
BOTS_SITE_URL = env.str("BOTS_SITE_URL", default=SITE_URL)

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "health_check",
    "csp",
    "core",
    "accounts",
    "variants",
    "games",
    "notifications",
    "tournaments",
    "sandbox",
]

MIDDLEWARE = [
    # First and last: django-prometheus counts every request and times it whole (/metrics).
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    # Then every line logged for a request, and its answer, carry the request's id.
    "core.logs.RequestIds",
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy on every answer, with a nonce per response for inline scripts.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before anything reads the request's text (the session middleware looks its cookie up
    # in the database): a NUL there would reach PostgreSQL, which refuses it with a 500.
    "core.middleware.StorableTextOnly",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A game whose stored board cannot be read: 409 with a clear page, never a 500.
    "games.middleware.BoardUnreadableMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

ROOT_URLCONF = "diplosite.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "notifications.context.unread",
            ],
        },
    },
]
ASGI_APPLICATION = "diplosite.asgi.application"
WSGI_APPLICATION = None

# -- database -----------------------------------------------------------------
#: Connections in each process's pool (Daphne, each Celery worker process, each command):
#: this times the processes must stay below PostgreSQL's max_connections (less its
#: superuser_reserved_connections). 0 turns the pool off: one connection per request or task.
DATABASE_POOL_MAX_SIZE = env.int("DATABASE_POOL_MAX_SIZE", default=10)
# Threads of a web process that run requests' sync work (diplosite/http.py): a few, shared,
# rather than a new thread for each request, which under load spent the CPU on switching
# between 40 threads (bench/site_load_orders.py: 89 -> 106 order saves a second).
HTTP_THREADS = env.int("HTTP_THREADS", default=8)
if env.str("DATABASE_URL", default=""):
    DATABASES = {"default": env.db("DATABASE_URL")}
    # Never persistent, whatever the URL asks: under ASGI each request's sync code runs in
    # a thread of its own, and a connection kept for CONN_MAX_AGE stays with a thread that
    # never serves again (40 concurrent order saves held 97 of PostgreSQL's 100 connections
    # and every request answered 500; bench/site_load_orders.py --database persistent).
    # Django's documentation, "Databases: Persistent connections": "When using ASGI,
    # persistent connections should be disabled. Instead, use your database backend's
    # built-in connection pooling" (docs.djangoproject.com/en/5.2/ref/databases/).
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend, its queries counted for Prometheus (core/postgresql/base.py),
        # with the pool or without it.
        DATABASES["default"]["ENGINE"] = "core.postgresql"
    if DATABASE_POOL_MAX_SIZE > 0:
        # psycopg's pool (Django 5.1+): a request takes a connection at its first query and
        # gives it back when it ends, so Daphne never holds more than max_size, however many
        # requests run at once; a request finding none free waits up to `timeout` seconds.
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": DATABASE_POOL_MAX_SIZE,
            "timeout": 30.0,
        }
        # Pooled connections are checked when their socket says the server hung up
        # (core/postgresql/base.py), not with an empty query before every request, which
        # is what CONN_HEALTH_CHECKS would make the pool send.
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
        # A forked child (Celery's prefork workers, the tests' live server) must not share
        # its parent's pooled sockets.
        import diplosite.dbpool  # noqa: F401
    if env.bool("DATABASE_PREPARED_STATEMENTS", default=True):
        # Parameters bound by the server, and a statement a connection has run five times
        # (psycopg's own threshold) prepared there: PostgreSQL then neither parses nor
        # plans it again. Django's default binds on the client and never prepares. Every
        # request runs the same few statements, so PostgreSQL's CPU per order submission
        # fell from 1.2 to 0.65 ms and the rate rose from 345 to 398/s
        # (bench/site_load_orders.py --daphne 2). Off for a pooler in front of PostgreSQL
        # that cannot keep a session's prepared statements (PgBouncer in transaction mode
        # before 1.21).
        options = DATABASES["default"].setdefault("OPTIONS", {})
        options["server_side_binding"] = True
        options["prepare_threshold"] = 5
    # Named explicitly so that a live-server process in the tests finds the same database.
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}"}
else:
    DATABASES = {
        "default": {
            # Django's backend, its queries counted for Prometheus (django-prometheus's).
            "ENGINE": "django_prometheus.db.backends.sqlite3",
            "NAME": env.str("SQLITE_PATH", default=str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": {
                # Web, worker and beat share one file: wait for locks, take the
                # write lock at BEGIN (no upgrade deadlocks), and use WAL.
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # A file, not memory, so that a live server process can share it in tests.
            "TEST": {"NAME": str(BASE_DIR / ".test-db.sqlite3")},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# -- channels and celery -----------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
#: The channel layer's Redis, when the live updates' fan-out outgrows the one Redis the
#: broker and the cache share (README, "How it scales past one machine").
CHANNEL_REDIS_URL = env.str("CHANNEL_REDIS_URL", default=REDIS_URL)
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # The layer blocks on Redis for up to 5 s waiting for messages; redis-py's
            # own 5 s read timeout would otherwise fire first on a quiet game and
            # close that watcher's websocket (found by bench/site_fanout.py).
            "CONFIG": {"hosts": [{"address": CHANNEL_REDIS_URL, "socket_timeout": None}]},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    # Pushed updates arrive at once; the consumer's version check is only a safety net.
    LIVE_POLL_SECONDS = env.float("LIVE_POLL_SECONDS", default=30.0)
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # A host named, or kombu warns "No hostname was supplied" at each connection.
    CELERY_BROKER_URL = "filesystem://localhost//"
    _broker_dir = Path(env.str("CELERY_BROKER_DIR", default=str(BASE_DIR / ".broker")))
    for _folder in ("out", "processed", "control"):
        (_broker_dir / _folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "out"),
        "data_folder_out": str(_broker_dir / "out"),
        "processed_folder": str(_broker_dir / "processed"),
        "control_folder": str(_broker_dir / "control"),
        "store_processed": False,
    }
    # The in-memory layer does not cross processes (the worker adjudicates), so
    # consumers also check the game's version every few seconds.
    LIVE_POLL_SECONDS = env.float("LIVE_POLL_SECONDS", default=2.0)

CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=False)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
#: How often beat sweeps for phases whose deadline has passed (the guarantee;
#: a task queued for the deadline itself is only an optimisation).
DEADLINE_SWEEP_SECONDS = env.float("DEADLINE_SWEEP_SECONDS", default=5.0)
#: Beat's scheduler records that beat is alive (core.heartbeats), and beat queues the
#: heartbeat a worker records: readiness (/health/ready/) reads how old both are.
CELERY_BEAT_SCHEDULER = "core.heartbeats:RecordingScheduler"
#: How often beat queues the workers' heartbeat task.
HEALTH_HEARTBEAT_SECONDS = env.float("HEALTH_HEARTBEAT_SECONDS", default=15.0)
#: How old a heartbeat may be before readiness says its process is missing.
HEALTH_STALE_SECONDS = env.float("HEALTH_STALE_SECONDS", default=90.0)
#: Vacation days a player may mark per calendar year.
VACATION_DAYS_PER_YEAR = env.int("VACATION_DAYS_PER_YEAR", default=28)
#: Pauses a game may have in all (each ends by itself within two weeks).
GAME_PAUSES_MAX = env.int("GAME_PAUSES_MAX", default=5)

# -- auth ------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "games:lobby"
LOGOUT_REDIRECT_URL = "games:lobby"
#: Failed logins allowed per (username, address) pair in LOGIN_WINDOW_SECONDS; see
#: accounts/services.py for the per-address limit and why no username is ever locked.
LOGIN_MAX_FAILURES = env.int("LOGIN_MAX_FAILURES", default=5)
LOGIN_WINDOW_SECONDS = env.int("LOGIN_WINDOW_SECONDS", default=300)

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Behind HTTPS (any real deployment) cookies travel only over TLS.
SESSION_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
if SESSION_COOKIE_SECURE:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Served only over TLS (SECURE_COOKIES on): plain HTTP is redirected, and browsers are told
# to come back over TLS only for a year (HSTS), subdomains included, ready for the
# browsers' preload lists. Turn HSTS_PRELOAD off if the domain's subdomains are not all
# on TLS. A load balancer's probe over plain HTTP to a process is not redirected, nor
# Prometheus's scrape of a process (/metrics, which answers only whom core.metrics lets in).
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=SESSION_COOKIE_SECURE)
SECURE_REDIRECT_EXEMPT = [r"^health/", r"^metrics$"]
SECURE_HSTS_SECONDS = env.int("HSTS_SECONDS", default=31_536_000 if SESSION_COOKIE_SECURE else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("HSTS_PRELOAD", default=True)
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# -- content security policy (django-csp) --------------------------------------------
# Scripts only from the site, or inline with the response's nonce (the three pages whose
# own script is a few lines, and json_script's data blocks, which run nothing); no inline
# handlers or styles. Pages connect only to the site (its API and websockets); images
# may be data: URLs (the board's pictures drawn in the page). The site is never framed.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        # A nonce for the one <noscript> style block; style attributes stay refused.
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

CACHES = {
    "default": (
        {
            # One connection pool per process, not one per request (core/cache.py).
            "BACKEND": "core.cache.SharedRedisCache",
            "LOCATION": REDIS_URL,
            # Fail fast when Redis is away: redis-py waits 5 s for an answer by default, and
            # every API request and login reads the cache (the throttles then count in the
            # process's memory: accounts/counters.py). A loopback or LAN answer takes
            # well under a millisecond.
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
        if REDIS_URL
        # Embedded: only the web process counts logins, so its own memory will do.
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# -- e-mail -----------------------------------------------------------------------------
EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="diplomacy@localhost")

# Web Push (notifications.push): the VAPID key pair pushes are signed with. Without
# VAPID_PRIVATE_KEY the site makes its own on first need and keeps it in the database
# (notifications.PushKey), never another while that row lives. VAPID_PUBLIC_KEY, when
# set, is checked against the private key; VAPID_SUBJECT is how a push service reaches
# the site's operator (a mailto: or https: address).
VAPID_PRIVATE_KEY = env.str("VAPID_PRIVATE_KEY", default="")
VAPID_PUBLIC_KEY = env.str("VAPID_PUBLIC_KEY", default="")
VAPID_SUBJECT = env.str("VAPID_SUBJECT", default=f"mailto:{DEFAULT_FROM_EMAIL}")

# -- language and time --------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

#: How the public API's views (core.api.ApiView) know the caller, and count his requests.
API_AUTHENTICATION = [
    "accounts.authentication.TokenAuthentication",
    "rest_framework.authentication.SessionAuthentication",
]
API_THROTTLE = ["accounts.authentication.ApiThrottle"]

REST_FRAMEWORK = {
    # The site's own pages use the session; programs use an API token (/api/v1/).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "accounts.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Public API views count requests per token (else per user, else per address).
    "DEFAULT_THROTTLE_RATES": {
        "api_read": env.str("API_READ_RATE", default="120/min"),
        "api_write": env.str("API_WRITE_RATE", default="30/min"),
        # The site's own pages (signed in, no token): every click saves.
        "page_read": env.str("PAGE_READ_RATE", default="600/min"),
        "page_write": env.str("PAGE_WRITE_RATE", default="240/min"),
        # The site's own bots (manage.py run_bots, a token each): house-bot-1 sits in every
        # practice game and saves its orders and its ready mark in each, every phase.
        "house_bot_read": env.str("HOUSE_BOT_READ_RATE", default="1200/min"),
        "house_bot_write": env.str("HOUSE_BOT_WRITE_RATE", default="600/min"),
    },
}

#: Webhooks may point at private or local networks (only for a site whose webhooks are all
#: internal; see notifications/webhooks.py).
WEBHOOK_ALLOW_PRIVATE = env.bool("WEBHOOK_ALLOW_PRIVATE", default=False)

SPECTACULAR_SETTINGS = {
    "TITLE": "Diplomacy API",
    "DESCRIPTION": "Games, boards, orders, votes and press; your time away, notifications, "
    "tokens and sandboxes. Authenticate with `Authorization: Token <key>` (make a key on "
    "your profile page). Lists come a page at a time (`limit`, `offset`, `next`). "
    'Every error is `{"message": ...}`.',
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "PREPROCESSING_HOOKS": ["core.api.public_endpoints_only"],
    # Bodies are documented as JSON, the API's format (every client of the site's sends
    # it). A form is still read, but its fields are flat text: it cannot carry the nested
    # bodies (orders by power) nor tell 0 from false, so it is no format to promise.
    "PARSER_WHITELIST": ["core.api.JSONParser"],
    "COMPONENT_SPLIT_REQUEST": True,
    # /api/docs/ is Swagger UI from drf-spectacular-sidecar's static files: the page needs
    # nothing from outside the site.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api.texts_without_nul",
    ],
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.Game.Status",
        "PhaseStatusEnum": "games.models.GamePhase.Status",
        "TimeZoneEnum": "core.api.TIME_ZONES",
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "TournamentFormatEnum": "tournaments.models.Tournament.Format",
        "EntryStatusEnum": "tournaments.models.Entry.Status",
        # A vote's kind, proposed or cast: one name, whichever field shows it first.
        "VoteKindEnum": "games.models.Vote.Kind",
    },
}

# -- error reports ------------------------------------------------------------------
#: Where errors of web, workers and beat are reported (Sentry's protocol); nothing is sent
#: without it. Each process imports these settings, so each reports (core.error_reports).
SENTRY_DSN = env.str("SENTRY_DSN", default="")
SENTRY_ENVIRONMENT = env.str("SENTRY_ENVIRONMENT", default="production")
SENTRY_RELEASE = env.str("SENTRY_RELEASE", default="") or None
if SENTRY_DSN:
    from core.error_reports import error_reports_start

    error_reports_start(SENTRY_DSN, environment=SENTRY_ENVIRONMENT, release=SENTRY_RELEASE)

#: Plain text lines by default; ``json``: one JSON object per line, with the request id,
#: the game, the phase and the task each line was about (core.logs).
LOG_FORMAT = env.str("LOG_FORMAT", default="plain")
LOGGING = logging_config(LOG_FORMAT, env.str("LOG_LEVEL", default="INFO"))

# -- metrics ----------------------------------------------------------------------------
#: Who may read /metrics (core.metrics): callers straight from these addresses or networks
#: (never through a proxy), or anyone with METRICS_TOKEN as a bearer token; others get 404.
METRICS_ALLOWED_ADDRESSES = env.list("METRICS_ALLOWED_ADDRESSES", default=["127.0.0.1", "::1"])
METRICS_TOKEN = env.str("METRICS_TOKEN", default="")
#: A worker's own figures (its adjudications' durations) are served over HTTP at the first
#: free port of this range (``9101-9108``, or one port) on METRICS_WORKER_ADDRESS: one port
#: per process that runs tasks. Empty: not served.
METRICS_WORKER_PORTS = env.str("METRICS_WORKER_PORTS", default="")
METRICS_WORKER_ADDRESS = env.str("METRICS_WORKER_ADDRESS", default="127.0.0.1")
