"""The site's URLs: the admin, Django auth, the favicon and the campaigns app;
the site's own 400 page."""

from django.contrib import admin
from django.http import HttpRequest, HttpResponseRedirect
from django.templatetags.static import static
from django.urls import include, path

from campaigns.views.accounts import SiteLoginView, signup


def favicon(request: HttpRequest) -> HttpResponseRedirect:
    """Browsers ask for /favicon.ico whatever the page links: send them to it."""
    return HttpResponseRedirect(static("favicon.ico"))


urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", SiteLoginView.as_view(), name="login"),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("favicon.ico", favicon, name="favicon"),
    path("", include("campaigns.urls")),
]

handler404 = "campaigns.views.errors.page_not_found"
handler400 = "campaigns.views.errors.bad_request"
