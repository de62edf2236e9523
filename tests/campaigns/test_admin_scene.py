"""The scene page: what a fighting scene must have before it saves, defaults a
club admin does not have to fill in, choices filtered to the campaign, and the
battlefield's fields that apply only to some choices."""

from __future__ import annotations

import pytest

from campaigns.models import Objective, Scene, SceneCompany, SceneFeature
from tests.campaigns.admin_helpers import admin_url, errors_of, page_form_data, set_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(campaign, make_company, make_character, make_commander):
    """A campaign with a player retinue (two characters) and an AI militia."""
    retinue = make_company(campaign, name="Retinue", side="player")
    militia = make_company(campaign, name="Militia", side="ai")
    return {
        "campaign": campaign,
        "retinue": retinue,
        "militia": militia,
        "vex": make_character(retinue, name="Vex"),
        "kade": make_character(retinue, name="Kade"),
        "guard": make_character(militia, name="Guard"),
    }


def add_page(admin_client, campaign, **params):
    query = "&".join(f"{k}={v}" for k, v in {"campaign": campaign.pk, **params}.items())
    url = f"{admin_url(Scene, 'add')}?{query}"
    return url, admin_client.get(url)


def scene_data(response, title="Neon Alley", **fields):
    data = page_form_data(response)
    data.update(title=title, slug=title.lower().replace(" ", "-"), **fields)
    return data


def test_a_fighting_scene_with_both_sides_saves_and_each_side_s_only_company_leads(
    admin_client, world
):
    """One company a side: no side or leader to choose, both lead."""
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [
            {
                "company": world["retinue"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
            {
                "company": world["militia"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
        ],
    )

    response = admin_client.post(url, data)

    assert errors_of(response) == []
    rows = SceneCompany.objects.filter(scene__slug="neon-alley").order_by("side")
    assert [(r.company.name, r.side, r.leading) for r in rows] == [
        ("Militia", "ai", True),
        ("Retinue", "player", True),
    ]


def test_a_scene_company_s_entry_edge_defaults_to_south_for_players_north_for_ai(
    admin_client, world
):
    """Left blank, the entry edge is the player's south and the AI's north."""
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [
            {
                "company": world["retinue"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
            {
                "company": world["militia"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
        ],
    )
    admin_client.post(url, data)

    edges = dict(
        SceneCompany.objects.filter(scene__slug="neon-alley").values_list(
            "side", "entry_edge"
        )
    )
    assert edges == {"player": "south", "ai": "north"}


def test_a_side_chosen_by_hand_wins_over_the_company_s_usual_side(
    admin_client, world, make_company
):
    """A usually-AI company can fight for the players in one scene."""
    turncoats = make_company(world["campaign"], name="Turncoats", side="ai")
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [
            {"company": turncoats.pk, "side": "player", "deployment_depth": 6},
            {"company": world["militia"].pk, "deployment_depth": 6},
        ],
    )
    for row in (0, 1):
        data[f"scene_companies-{row}-deployment"] = "edge"

    admin_client.post(url, data)

    assert SceneCompany.objects.get(company=turncoats).side == "player"


def test_a_fighting_scene_without_an_ai_company_is_refused(admin_client, world):
    """Issue 12: the admin refuses it, rather than setup later."""
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [{"company": world["retinue"].pk, "deployment": "edge", "deployment_depth": 6}],
    )

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "A battle needs an AI company: add the company the robot plays."
    ]
    assert not Scene.objects.filter(slug="neon-alley").exists()


def test_a_fighting_scene_without_a_player_company_is_refused(admin_client, world):
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [{"company": world["militia"].pk, "deployment": "edge", "deployment_depth": 6}],
    )

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "A battle needs a player company: add the company the players command."
    ]


def test_two_companies_on_a_side_need_one_ticked_as_leading(
    admin_client, world, make_company
):
    """With several companies a side, the admin must say which leads it."""
    gangers = make_company(world["campaign"], name="Gangers", side="ai")
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    rows = [
        {"company": c.pk, "deployment": "edge", "deployment_depth": 6}
        for c in (world["retinue"], world["militia"], gangers)
    ]
    set_rows(data, "scene_companies", rows)

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "Tick “leading” on the company that leads the AI side: its commander rolls "
        "for the side."
    ]


def test_two_leaders_on_one_side_are_refused(admin_client, world, make_company):
    gangers = make_company(world["campaign"], name="Gangers", side="ai")
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    rows = [
        {"company": c.pk, "deployment": "edge", "deployment_depth": 6, "leading": True}
        for c in (world["retinue"], world["militia"], gangers)
    ]
    set_rows(data, "scene_companies", rows)

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "Only one company leads the AI side: untick “leading” on the others."
    ]


def test_the_leader_of_a_side_can_move_to_another_company_in_one_save(
    admin_client, world, make_company, make_scene, make_scene_company
):
    """Ticking the other company and unticking the first saves (no clash of
    two leaders while the rows are written one by one)."""
    gangers = make_company(world["campaign"], name="Gangers", side="ai")
    scene = make_scene(world["campaign"])
    make_scene_company(scene, world["retinue"], leading=True)
    make_scene_company(scene, gangers, leading=False)
    make_scene_company(scene, world["militia"], leading=True)
    url = admin_url(Scene, "change", scene.pk)
    data = page_form_data(admin_client.get(url))
    for number in range(3):
        company = data[f"scene_companies-{number}-company"]
        data.pop(f"scene_companies-{number}-leading", None)
        if company in (str(gangers.pk), str(world["retinue"].pk)):
            data[f"scene_companies-{number}-leading"] = "on"

    response = admin_client.post(url, data)

    assert response.status_code == 302, errors_of(response)
    assert set(
        SceneCompany.objects.filter(scene=scene, leading=True).values_list(
            "company__name", flat=True
        )
    ) == {"Gangers", "Retinue"}


def test_a_sanctuary_has_no_companies(admin_client, world):
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response, kind="sanctuary")
    set_rows(
        data,
        "scene_companies",
        [{"company": world["retinue"].pk, "deployment": "edge", "deployment_depth": 6}],
    )

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "A sanctuary is not fought: it has no companies (a larger battle's sub-scenes "
        "have them)."
    ]


def test_a_sanctuary_saves_without_companies(admin_client, world):
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response, title="Safe House", kind="sanctuary")

    response = admin_client.post(url, data)

    assert response.status_code == 302, errors_of(response)


def test_allowed_characters_must_be_of_the_row_s_company(admin_client, world):
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [
            {
                "company": world["retinue"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
                "allowed_characters": [world["vex"].pk, world["guard"].pk],
            },
            {
                "company": world["militia"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
        ],
    )

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "scene_companies-0-allowed_characters: Only characters of Retinue can be "
        "chosen here: not Guard."
    ]


def test_fields_of_another_deployment_are_cleared(admin_client, world):
    """A centre circle keeps its radius; a rectangle typed before is dropped."""
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [
            {
                "company": world["retinue"].pk,
                "deployment": "centre",
                "deployment_depth": 6,
                "deployment_radius": 8,
                "zone_x": 3,
                "zone_width": 4,
            },
            {
                "company": world["militia"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
        ],
    )
    admin_client.post(url, data)

    row = SceneCompany.objects.get(company=world["retinue"])
    assert (row.deployment_radius, row.zone_x, row.zone_width) == (8, None, None)


def test_a_player_company_keeps_no_orders_for_the_robot(admin_client, world):
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [
            {
                "company": world["retinue"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
                "notes": "Charge!",
            },
            {
                "company": world["militia"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
                "notes": "Hold the gate.",
            },
        ],
    )
    admin_client.post(url, data)

    orders = dict(SceneCompany.objects.values_list("side", "notes"))
    assert orders == {"player": "", "ai": "Hold the gate."}


def test_objectives_and_features_save_with_the_scene(admin_client, world):
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [
            {
                "company": world["retinue"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
            {
                "company": world["militia"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
        ],
    )
    set_rows(
        data,
        "objectives",
        [
            {"name": "Data core", "kind": "carriable", "carried_by": world["vex"].pk},
            {"name": "Uplink", "kind": "fixed", "x": 18, "y": 18},
        ],
    )
    set_rows(
        data,
        "features",
        [
            {
                "name": "Barricade",
                "shape": "rectangle",
                "x": 4,
                "y": 10,
                "width": 6,
                "depth": 1,
                "radius": 5,
                "cover": "hard",
            },
            {
                "name": "Fountain",
                "shape": "circle",
                "x": 18,
                "y": 18,
                "radius": 3,
                "width": 2,
                "cover": "soft",
            },
        ],
    )

    response = admin_client.post(url, data)

    assert response.status_code == 302, errors_of(response)
    assert list(Objective.objects.values_list("name", "carried_by__name", "x")) == [
        ("Data core", "Vex", None),
        ("Uplink", None, 18),
    ]
    assert list(
        SceneFeature.objects.values_list("name", "width", "depth", "radius")
    ) == [("Barricade", 6, 1, None), ("Fountain", None, None, 3)]


def test_an_objective_carrier_must_be_one_of_the_campaign_s(
    admin_client, world, make_campaign, make_company, make_character
):
    stranger = make_character(make_company(make_campaign()), name="Stranger")
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(response)
    set_rows(
        data,
        "scene_companies",
        [
            {
                "company": world["retinue"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
            {
                "company": world["militia"].pk,
                "deployment": "edge",
                "deployment_depth": 6,
            },
        ],
    )
    set_rows(
        data,
        "objectives",
        [{"name": "Core", "kind": "carriable", "carried_by": stranger.pk}],
    )

    response = admin_client.post(url, data)

    assert [e for e in errors_of(response) if "carried_by" in e]


# --- choices filtered to the campaign -------------------------------------------------


def test_the_company_list_offers_only_the_campaign_s_companies(
    admin_client, world, make_campaign, make_company
):
    make_company(make_campaign(), name="Elsewhere")
    _url, response = add_page(admin_client, world["campaign"])

    formset = response.context["inline_admin_formsets"][0].formset
    names = {c.name for c in formset.forms[0].fields["company"].queryset}
    assert names == {"Retinue", "Militia"}


def test_each_company_option_carries_its_usual_side(admin_client, world):
    """So the page can show the robot's orders for an AI company at once."""
    _url, response = add_page(admin_client, world["campaign"])

    assert f'value="{world["militia"].pk}" data-side="ai"' in response.content.decode()


def test_branch_targets_are_the_campaign_s_other_scenes(
    admin_client, world, make_scene, make_campaign
):
    scene = make_scene(world["campaign"], title="Here", kind="sanctuary")
    make_scene(world["campaign"], title="There", kind="sanctuary")
    make_scene(make_campaign(), title="Elsewhere", kind="sanctuary")

    response = admin_client.get(admin_url(Scene, "change", scene.pk))

    form = response.context["adminform"].form
    for name in ("next_on_victory", "next_on_defeat", "played_after_victory"):
        assert [s.title for s in form.fields[name].queryset] == ["There"], name


def test_a_later_scene_can_say_which_scene_it_follows(admin_client, world, make_scene):
    """Branching set from the later scene: no going back to the earlier one."""
    first = make_scene(world["campaign"], title="First", kind="sanctuary")
    url, response = add_page(admin_client, world["campaign"])
    data = scene_data(
        response, title="Ambush", kind="sanctuary", played_after_defeat=first.pk
    )

    admin_client.post(url, data)

    first.refresh_from_db()
    assert first.next_on_defeat.title == "Ambush"


def test_the_parent_list_offers_only_larger_battles_of_the_campaign(
    admin_client, world, make_scene
):
    make_scene(world["campaign"], title="Big One", kind="larger_battle")
    make_scene(world["campaign"], title="Small One", kind="sanctuary")
    _url, response = add_page(admin_client, world["campaign"])

    parent = response.context["adminform"].form.fields["parent"]
    assert [s.title for s in parent.queryset] == ["Big One"]


def test_scene_autocomplete_searches_only_the_scope_it_is_given(
    admin_client, world, make_scene, make_campaign
):
    here = make_scene(world["campaign"], title="Alley", kind="sanctuary")
    make_scene(world["campaign"], title="Alley Two", kind="sanctuary")
    make_scene(make_campaign(), title="Alley Elsewhere", kind="sanctuary")

    response = admin_client.get(
        "/admin/autocomplete/",
        {
            "term": "Alley",
            "app_label": "campaigns",
            "model_name": "scene",
            "field_name": "next_on_victory",
            "campaign": world["campaign"].pk,
            "exclude": here.pk,
        },
    )

    assert [r["text"] for r in response.json()["results"]] == ["Alley Two"]


def test_character_autocomplete_for_a_row_offers_that_company_s_characters(
    admin_client, world
):
    response = admin_client.get(
        "/admin/autocomplete/",
        {
            "term": "",
            "app_label": "campaigns",
            "model_name": "scenecompany",
            "field_name": "allowed_characters",
            "company": world["retinue"].pk,
        },
    )

    assert {r["text"] for r in response.json()["results"]} == {
        "Vex (Retinue)",
        "Kade (Retinue)",
    }


def test_character_autocomplete_before_a_company_is_chosen_offers_nobody(
    admin_client, world
):
    response = admin_client.get(
        "/admin/autocomplete/",
        {
            "app_label": "campaigns",
            "model_name": "scenecompany",
            "field_name": "allowed_characters",
            "company": "",
        },
    )

    assert response.json()["results"] == []


# --- the add page asks only what applies ----------------------------------------------


def test_the_first_scene_of_a_campaign_starts_as_current(admin_client, world):
    _url, response = add_page(admin_client, world["campaign"])

    assert response.context["adminform"].form["status"].value() == "current"


def test_a_new_scene_cannot_be_added_resolved(admin_client, world):
    _url, response = add_page(admin_client, world["campaign"])

    choices = response.context["adminform"].form.fields["status"].choices
    assert [value for value, _label in choices] == ["pending", "current"]


def test_the_add_page_asks_the_title_before_the_slug_and_no_outcome(
    admin_client, world
):
    _url, response = add_page(admin_client, world["campaign"])

    fields = list(response.context["adminform"].form.fields)
    assert (fields.index("title") < fields.index("slug"), "outcome" in fields) == (
        True,
        False,
    )


def test_the_slug_is_filled_in_from_the_title(admin_client, world):
    _url, response = add_page(admin_client, world["campaign"])

    prepopulated = response.context["adminform"].prepopulated_fields
    assert [
        (p["field"].name, [d.name for d in p["dependencies"]]) for p in prepopulated
    ] == [("slug", ["title"])]


def test_the_campaign_is_shown_fixed(admin_client, world):
    _url, response = add_page(admin_client, world["campaign"])

    field = response.context["adminform"].form.fields["campaign"]
    assert (field.disabled, field.initial) == (True, world["campaign"].pk)
