"""The campaign in the admin: the index in building order, the readiness panel
and action, import and export, faster building (duplicate a scene, save and
add the next scene), and help in players' words everywhere."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib import admin
from django.urls import reverse

from campaigns.admin import transfer
from campaigns.models import Campaign, Objective, Scene, SceneCompany, SceneFeature
from tests.campaigns.admin_helpers import admin_url, errors_of, page_form_data

pytestmark = pytest.mark.django_db


# --- the order that works -------------------------------------------------------------


def test_the_index_lists_campaigns_then_companies_then_scenes_first(admin_client):
    response = admin_client.get(reverse("admin:index"))

    first = response.context["app_list"][0]
    assert [m["object_name"] for m in first["models"]] == [
        "Campaign",
        "Company",
        "Scene",
    ]


def test_the_index_keeps_what_the_site_writes_apart(admin_client):
    response = admin_client.get(reverse("admin:index"))

    sections = {
        app["name"]: [m["object_name"] for m in app["models"]]
        for app in response.context["app_list"]
    }
    assert sections["Written by the site as you play"][0] == "Battle"


def test_the_readme_builds_the_campaign_before_its_parts():
    """Its steps name the campaign, then its companies, then its scenes."""
    readme = (Path(settings.BASE_DIR) / "README.md").read_text()
    section = readme.split("## Setting up your own campaign in the admin")[1]
    section = section.split("\n## ")[0]
    steps = re.findall(r"^\d+\. \*\*([^*]+)\*\*", section, flags=re.MULTILINE)
    assert steps == ["Campaign", "Companies", "Scenes"]


# --- the readiness panel and action ---------------------------------------------------


def test_the_campaign_page_lists_what_is_missing(admin_client, campaign):
    response = admin_client.get(admin_url(Campaign, "change", campaign.pk))

    assert "The campaign has no scenes yet." in response.content.decode()


def test_a_new_campaign_goes_on_to_its_own_page(admin_client, admin_user):
    url = admin_url(Campaign, "add")
    data = page_form_data(admin_client.get(url))
    data.update(name="Neon Nights", slug="neon-nights")

    response = admin_client.post(url, data)

    campaign = Campaign.objects.get(slug="neon-nights")
    assert response.url == admin_url(Campaign, "change", campaign.pk)


def test_the_readiness_action_reports_each_campaign(admin_client, make_campaign):
    one, two = make_campaign(name="One"), make_campaign(name="Two")

    response = admin_client.post(
        admin_url(Campaign, "changelist"),
        {"action": "check_readiness", "_selected_action": [one.pk, two.pk]},
    )

    reports = response.context["reports"]
    assert [(r.campaign.name, r.ready) for r in reports] == [
        ("One", False),
        ("Two", False),
    ]


# --- export and import ----------------------------------------------------------------


def test_exporting_one_campaign_gives_its_document(admin_client, campaign):
    response = admin_client.post(
        admin_url(Campaign, "changelist"),
        {"action": "export_documents", "_selected_action": [campaign.pk]},
    )

    assert json.loads(response.content)["campaign"]["slug"] == "wotr"


def test_exporting_several_gives_a_zip_of_documents(admin_client, make_campaign):
    one, two = make_campaign(slug="one"), make_campaign(slug="two")

    response = admin_client.post(
        admin_url(Campaign, "changelist"),
        {"action": "export_documents", "_selected_action": [one.pk, two.pk]},
    )

    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert sorted(names) == ["one.json", "two.json"]


def test_importing_a_document_makes_a_new_campaign_for_the_chosen_owner(
    admin_client, campaign, user, other_user
):
    document = transfer.campaign_document(campaign=campaign).encode()
    upload = io.BytesIO(document)
    upload.name = "wotr.json"

    response = admin_client.post(
        reverse("admin:campaigns_campaign_import"),
        {"file": upload, "owner": other_user.pk},
    )

    imported = Campaign.objects.exclude(pk=campaign.pk).get()
    assert (response.url, imported.owner) == (
        admin_url(Campaign, "change", imported.pk),
        other_user,
    )


def test_a_broken_document_is_refused_on_the_form(admin_client, user):
    upload = io.BytesIO(b"{not json")
    upload.name = "broken.json"

    response = admin_client.post(
        reverse("admin:campaigns_campaign_import"), {"file": upload, "owner": user.pk}
    )

    assert (response.status_code, Campaign.objects.count()) == (200, 0)
    assert response.context["form"].errors["file"]


def test_the_campaign_list_links_to_the_import(admin_client):
    response = admin_client.get(admin_url(Campaign, "changelist"))

    assert reverse("admin:campaigns_campaign_import") in response.content.decode()


# --- faster building ------------------------------------------------------------------


@pytest.fixture
def alley(campaign, make_company, make_character, make_scene, make_scene_company):
    retinue = make_company(campaign, name="Retinue")
    militia = make_company(campaign, name="Militia", side="ai")
    vex = make_character(retinue, name="Vex")
    make_character(retinue, name="Kade")
    make_character(militia, name="Guard")
    scene = make_scene(campaign, title="Alley", slug="alley", status="current")
    entry = make_scene_company(
        scene, retinue, leading=True, deployment="centre", deployment_radius=5
    )
    entry.allowed_characters.set([vex])
    make_scene_company(scene, militia, leading=True, notes="Hold.")
    Objective.objects.create(scene=scene, name="Core", kind="carriable", carried_by=vex)
    SceneFeature.objects.create(scene=scene, name="Wall", x=1, y=1, width=4, depth=1)
    return scene


def test_a_scene_is_duplicated_with_its_battlefield(admin_client, alley):
    response = admin_client.post(admin_url(Scene, "duplicate", alley.pk))

    copy = Scene.objects.get(slug="alley-copy")
    assert response.url == admin_url(Scene, "change", copy.pk)
    assert (copy.title, copy.status, copy.order > alley.order) == (
        "Alley (copy)",
        "pending",
        True,
    )
    entries = SceneCompany.objects.filter(scene=copy).order_by("side")
    assert [(e.company.name, e.leading, e.deployment, e.notes) for e in entries] == [
        ("Militia", True, "edge", "Hold."),
        ("Retinue", True, "centre", ""),
    ]
    assert [c.name for c in entries[1].allowed_characters.all()] == ["Vex"]
    assert (copy.objectives.get().carried_by.name, copy.features.get().name) == (
        "Vex",
        "Wall",
    )


def test_save_and_add_the_next_scene_opens_a_new_scene_of_the_campaign(
    admin_client, alley
):
    url = admin_url(Scene, "change", alley.pk)
    data = page_form_data(admin_client.get(url))
    data["_addnext"] = "Save and add the next scene"

    response = admin_client.post(url, data)

    assert response.status_code == 302, errors_of(response)
    assert response.url == (
        admin_url(Scene, "add")
        + f"?campaign={alley.campaign_id}&table_width=36&table_depth=36"
    )


def test_the_next_scene_after_a_sub_scene_is_another_of_its_battle(
    admin_client, campaign, make_scene
):
    battle = make_scene(campaign, title="Siege", kind="larger_battle")
    sub = make_scene(campaign, title="Walls", kind="sub_scene", parent=battle)
    url = admin_url(Scene, "change", sub.pk)
    data = page_form_data(admin_client.get(url))
    data["_addnext"] = "Save and add the next scene"
    data["kind"] = "sub_scene"

    response = admin_client.post(url, data, follow=True)

    form = response.context["adminform"].form
    assert (form["kind"].value(), form["parent"].value()) == (
        "sub_scene",
        str(battle.pk),
    )


# --- players' words -------------------------------------------------------------------


def _add_page_texts(admin_client, campaign) -> list[str]:
    texts = []
    for model in admin.site._registry:
        if model._meta.app_label != "campaigns":
            continue
        response = admin_client.get(
            admin_url(model, "add") + f"?campaign={campaign.pk}"
        )
        if response.status_code != 200:
            continue
        adminform = response.context["adminform"]
        for _name, options in adminform.fieldsets:
            texts.append(str(options.get("description", "")))
        forms = [adminform.form] + [
            inline.formset.empty_form
            for inline in response.context["inline_admin_formsets"]
        ]
        for form in forms:
            for field in form.fields.values():
                texts.extend([str(field.help_text), str(field.label)])
        for inline in response.context["inline_admin_formsets"]:
            texts.append(str(getattr(inline.opts, "description", "")))
    return texts


def test_no_admin_page_cites_rule_sections(admin_client, campaign):
    cited = [
        t for t in _add_page_texts(admin_client, campaign) if "§" in t or "RULES" in t
    ]
    assert cited == []


def test_no_number_box_claims_a_limit_of_the_database(admin_client, campaign):
    """Limits come from the rules, not from the size of a database integer."""
    huge = [
        t
        for t in _add_page_texts(admin_client, campaign)
        if "2147483647" in t or "9223372036854775807" in t or "32767" in t
    ]
    assert huge == []


def test_duplicating_needs_the_permission_to_add(client, django_user_model, alley):
    """A staff member who may only look cannot copy a scene."""
    from django.contrib.auth.models import Permission

    viewer = django_user_model.objects.create_user(
        username="viewer", password="pw", is_staff=True
    )
    viewer.user_permissions.add(Permission.objects.get(codename="view_scene"))
    client.force_login(viewer)

    response = client.post(admin_url(Scene, "duplicate", alley.pk))

    assert (response.status_code, Scene.objects.count()) == (403, 1)
