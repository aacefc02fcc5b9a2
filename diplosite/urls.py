"""The site's addresses, and its error handlers: the site's pages, and the API's JSON
error shape for any address under ``/api/`` (core.api)."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core import health
from core.app import manifest, offline, service_worker

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("variants/", include("variants.urls")),
    path("notifications/", include("notifications.urls")),
    path("sandbox/", include("sandbox.urls")),
    path("api/v1/", include("diplosite.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("manifest.webmanifest", manifest, name="manifest"),
    path("offline/", offline, name="offline"),
    path("sw.js", service_worker, name="service-worker"),
    path("health/live/", health.live, name="health-live"),
    path("health/ready/", health.ready, name="health-ready"),
    path("", include("tournaments.urls")),
    path("", include("games.urls")),
]

handler400 = "core.api.bad_request"
handler403 = "core.api.permission_denied"
handler404 = "core.api.page_not_found"
handler500 = "core.api.server_error"
