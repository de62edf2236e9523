"""The admin: every page renders for a admin_user, and a commander's reputation
or rating changed by hand is recorded with its reason (RULES §6.4)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse

from campaigns.models import (
    BattleParticipant,
    BattleResult,
    CampaignLogEntry,
    CharacterOutcome,
    Commander,
    CommanderChange,
    Company,
    Effect,
    Event,
    EventDeck,
    Objective,
    PersistingWound,
    PlaytestReport,
    WayToWin,
    WinCondition,
)
from campaigns.services.commanders import commander_change_by_hand

pytestmark = pytest.mark.django_db

REGISTERED = sorted(admin.site._registry.items(), key=lambda item: item[0].__name__)
IDS = [model.__name__ for model, _model_admin in REGISTERED]
OURS = [(m, a) for m, a in REGISTERED if m._meta.app_label == "campaigns"]
OUR_IDS = [model.__name__ for model, _model_admin in OURS]


@pytest.fixture
def one_of_everything(
    campaign,
    user,
    make_scene,
    make_company,
    make_commander,
    make_character,
    make_scene_company,
    make_battle,
):
    """A row of every campaign model, so change pages have something to show."""
    deck = EventDeck.objects.create(slug="deck", name="Deck")
    Event.objects.create(deck=deck, card="KS", title="Storm", text="Rain.")
    commander = make_commander(campaign, name="Aragorn")
    company = make_company(campaign, name="Fellowship", commander=commander)
    character = make_character(company, name="Frodo")
    scene = make_scene(campaign, title="Weathertop", status="current")
    make_scene_company(scene, company, leading=True)
    Objective.objects.create(scene=scene, name="The hill")
    way = WayToWin.objects.create(scene=scene, side="ai")
    WinCondition.objects.create(way=way, kind="rout", side="player")
    battle = make_battle(scene, status="resolved")
    participant = BattleParticipant.objects.create(
        battle=battle, character=character, side="player"
    )
    result = BattleResult.objects.create(
        battle=battle, outcome="victory", end_reason="rout"
    )
    CharacterOutcome.objects.create(result=result, participant=participant)
    PersistingWound.objects.create(character=character, battle_taken=battle)
    Effect.objects.create(
        battle=battle, kind="scene_status", target_model="scene", target_id=scene.pk
    )
    CampaignLogEntry.objects.create(campaign=campaign, kind="setup", text="Set up.")
    PlaytestReport.objects.create(
        scene=scene, roster=str(character.pk), stance="attack", seed=1, battles=1
    )
    commander_change_by_hand(
        commander=commander, reputation="rash", rating="poor", reason="Test", user=user
    )


def _url(model, view: str, *args) -> str:
    meta = model._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{view}", args=args)


@pytest.mark.parametrize(("model", "model_admin"), REGISTERED, ids=IDS)
def test_changelist_renders(admin_client, one_of_everything, model, model_admin):
    assert admin_client.get(_url(model, "changelist")).status_code == 200


@pytest.mark.parametrize(("model", "model_admin"), REGISTERED, ids=IDS)
def test_changelist_search_renders(admin_client, one_of_everything, model, model_admin):
    if not model_admin.search_fields:
        pytest.skip("no search")
    response = admin_client.get(_url(model, "changelist"), {"q": "a"})
    assert response.status_code == 200


@pytest.mark.parametrize(("model", "model_admin"), REGISTERED, ids=IDS)
def test_add_page_renders_or_is_forbidden_when_the_services_write_it(
    admin_client, admin_user, campaign, model, model_admin
):
    request = RequestFactory().get("/")
    request.user = admin_user
    expected = 200 if model_admin.has_add_permission(request) else 403
    url = _url(model, "add") + f"?campaign={campaign.pk}"
    assert admin_client.get(url).status_code == expected


@pytest.mark.parametrize(("model", "model_admin"), OURS, ids=OUR_IDS)
def test_change_page_renders(admin_client, one_of_everything, model, model_admin):
    obj = model._default_manager.first()
    assert admin_client.get(_url(model, "change", obj.pk)).status_code == 200


INLINE_ONLY = {
    "SceneOrder",
    "SceneArrival",
    "WinCondition",
    "Objective",
    "SceneFeature",
    "Event",
    "BattleCompany",
    "BattleParticipant",
    "CharacterOutcome",
}
WRITTEN_AT_THE_TABLE = {"TableLog", "TableEntry"}
"""Table mode's log: the table page writes it, entry by entry, with the random
state after each; it is read on the battle page and in the chronicle, not
edited by hand."""


MADE_ON_THE_CAMPAIGN_PAGE = {"Invitation"}
"""Invitation links: the owner makes and withdraws them on the campaign's own
pages; the admin never holds a working link."""


def test_every_campaign_model_is_in_the_admin_or_inline():
    unregistered = {
        model.__name__
        for model in apps.get_app_config("campaigns").get_models()
        if model not in admin.site._registry
    }
    assert (
        unregistered == INLINE_ONLY | WRITTEN_AT_THE_TABLE | MADE_ON_THE_CAMPAIGN_PAGE
    )


# --- a commander changed by hand ------------------------------------------------------


def _form_data(response) -> dict[str, object]:
    """The change form as the browser would submit it unchanged."""
    form = response.context["adminform"].form
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if value is not None:
            data[name] = value
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        for key, value in formset.management_form.initial.items():
            data[f"{formset.prefix}-{key}"] = value
        for number, inline_form in enumerate(formset.initial_forms):
            data[f"{formset.prefix}-{number}-id"] = inline_form.instance.pk
            data[f"{formset.prefix}-{number}-commander"] = (
                inline_form.instance.commander_id
            )
    return data


@pytest.fixture
def commander(campaign, make_commander):
    return make_commander(campaign, name="Théoden", reputation="bold", rating="poor")


def test_a_reputation_changed_in_the_admin_is_recorded_with_its_reason(
    admin_client, admin_user, commander
):
    url = _url(Commander, "change", commander.pk)
    data = _form_data(admin_client.get(url))
    data.update(reputation="rash", reason_for_change="Rode out at dawn")

    response = admin_client.post(url, data)

    assert response.status_code == 302
    change = CommanderChange.objects.get(commander=commander)
    assert (change.field, change.old_value, change.new_value, change.reason) == (
        "reputation",
        "bold",
        "rash",
        "Rode out at dawn",
    )
    assert change.changed_by == admin_user
    commander.refresh_from_db()
    assert commander.reputation == "rash"


def test_a_rating_changed_in_the_admin_restarts_the_victory_count(
    admin_client, commander
):
    commander.victories_since_rating_change = 2
    commander.save()
    url = _url(Commander, "change", commander.pk)
    data = _form_data(admin_client.get(url))
    data.update(rating="average", reason_for_change="Promoted")

    admin_client.post(url, data)

    commander.refresh_from_db()
    assert (commander.rating, commander.victories_since_rating_change) == (
        "average",
        0,
    )


def test_a_change_without_a_reason_shows_an_error_and_changes_nothing(
    admin_client, commander
):
    url = _url(Commander, "change", commander.pk)
    data = _form_data(admin_client.get(url))
    data.update(reputation="cautious", reason_for_change="  ")

    response = admin_client.post(url, data)

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["reason_for_change"] == [
        "Give a reason for changing the reputation or rating."
    ]
    commander.refresh_from_db()
    assert commander.reputation == "bold"
    assert not CommanderChange.objects.exists()


def test_other_fields_change_without_a_reason(admin_client, commander):
    url = _url(Commander, "change", commander.pk)
    data = _form_data(admin_client.get(url))
    data.update(name="Théoden King")

    assert admin_client.post(url, data).status_code == 302
    commander.refresh_from_db()
    assert commander.name == "Théoden King"
    assert not CommanderChange.objects.exists()


def test_an_invalid_value_is_a_form_error(admin_client, commander):
    url = _url(Commander, "change", commander.pk)
    data = _form_data(admin_client.get(url))
    data.update(rating="legendary", reason_for_change="Because")

    response = admin_client.post(url, data)

    assert "rating" in response.context["adminform"].form.errors


def test_a_bad_colour_is_a_form_error_in_the_company_admin(
    admin_client, campaign, make_company
):
    company = make_company(campaign, name="Orcs", side="ai")
    url = _url(Company, "change", company.pk)
    data = _form_data(admin_client.get(url))
    data.update(colour="crimson")

    response = admin_client.post(url, data)

    assert "colour" in response.context["adminform"].form.errors
