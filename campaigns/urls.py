"""URLs of the campaigns app, exactly as SITE.md lists them.

Ids are ``<int:...>`` so a malformed id never reaches a view: it is a 404.
"""

from __future__ import annotations

from django.urls import path

from campaigns.views import battles, campaign, home

app_name = "campaigns"

C = "campaigns/<slug:slug>/"
B = C + "battles/<int:battle_id>/"

urlpatterns = [
    path("", home.home, name="home"),
    path(C, campaign.dashboard, name="dashboard"),
    path(C + "scenes/<slug:scene>/", campaign.scene_detail, name="scene_detail"),
    path(C + "scenes/<slug:scene>/setup/", battles.battle_setup, name="battle_setup"),
    path(B, battles.battle_detail, name="battle_detail"),
    path(B + "reroll/", battles.battle_reroll, name="battle_reroll"),
]
