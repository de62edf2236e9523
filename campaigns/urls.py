"""URLs of the campaigns app, exactly as SITE.md lists them.

Ids are ``<int:...>`` so a malformed id never reaches a view: it is a 404.
"""

from __future__ import annotations

from django.urls import path

from campaigns.views import (
    battles,
    campaign,
    chronicle,
    home,
    invitations,
    pack,
    playtest,
    rest,
    results,
    table,
)
from campaigns.views.transfer import export_json, import_form

app_name = "campaigns"

C = "campaigns/<slug:slug>/"
B = C + "battles/<int:battle_id>/"

urlpatterns = [
    path("", home.home, name="home"),
    path("campaigns/import/", import_form, name="import"),  # before C: reserved
    path("campaigns/new/", home.campaign_new, name="campaign_new"),  # reserved too
    path(C, campaign.dashboard, name="dashboard"),
    path(C + "companies/<int:company_id>/", campaign.company_detail, name="company"),
    path(
        C + "characters/<int:character_id>/",
        campaign.character_detail,
        name="character",
    ),
    path(C + "scenes/<slug:scene>/", campaign.scene_detail, name="scene_detail"),
    path(C + "scenes/<slug:scene>/setup/", battles.battle_setup, name="battle_setup"),
    path(
        C + "scenes/<slug:scene>/playtest/",
        playtest.scene_playtest,
        name="scene_playtest",
    ),
    path(B, battles.battle_detail, name="battle_detail"),
    path(B + "reroll/", battles.battle_reroll, name="battle_reroll"),
    path(B + "discard/", battles.battle_discard_view, name="battle_discard"),
    path(B + "pack.pdf", pack.battle_pack, name="battle_pack"),
    path(B + "pack/retry/", battles.battle_pack_retry, name="battle_pack_retry"),
    path(B + "table/", table.battle_table, name="battle_table"),
    path(B + "result/", results.result_entry, name="result_entry"),
    path(B + "resolution/", results.resolution, name="resolution"),
    path(B + "reopen/", results.reopen, name="result_reopen"),
    path(B + "notes/", results.battle_notes, name="battle_notes"),
    path(C + "scenes/<slug:scene>/rest/", rest.scene_rest, name="scene_rest"),
    path(C + "scenes/<slug:scene>/rest/undo/", rest.scene_rest_undo, name="rest_undo"),
    path(C + "chronicle/", chronicle.chronicle, name="chronicle"),
    path(C + "chronicle.pdf", chronicle.chronicle_pdf, name="chronicle_pdf"),
    path(C + "export.json", export_json, name="export"),
    path(C + "invitations/", invitations.invitations, name="invitations"),
    path(
        "invitations/<str:token>/",
        invitations.invitation_accept_view,
        name="invitation_accept",
    ),
]
