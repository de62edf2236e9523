"""The address printed on paper: the request's host unless SITE_URL is set."""

from __future__ import annotations

from django.test import RequestFactory

from campaigns.site_url import LOCAL_SITE_URL, site_url


def test_the_request_host_when_no_site_url_is_set(settings):
    settings.SITE_URL = ""
    request = RequestFactory().get("/", HTTP_HOST="192.168.1.20:8000")
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    assert site_url(request) == "http://192.168.1.20:8000"


def test_the_configured_site_url_wins_over_the_request(settings):
    settings.SITE_URL = "https://chronicle.example/"
    request = RequestFactory().get("/", HTTP_HOST="localhost")
    assert site_url(request) == "https://chronicle.example"


def test_the_local_address_without_a_request_or_setting(settings):
    settings.SITE_URL = ""
    assert site_url() == LOCAL_SITE_URL
