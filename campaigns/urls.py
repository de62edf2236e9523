"""URLs of the campaigns app, exactly as SITE.md lists them.

Ids are ``<int:...>`` so a malformed id never reaches a view: it is a 404.
"""

from __future__ import annotations

from django.urls import path

from campaigns.views import home

app_name = "campaigns"

C = "campaigns/<slug:slug>/"
B = C + "battles/<int:battle_id>/"

urlpatterns = [
    path("", home.home, name="home"),
]
