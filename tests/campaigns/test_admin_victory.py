"""A fixed scene's ways to win in the admin (issue 31, items 1 and 7): the scene
page lists them, each way's page edits its conditions with the scene's own
choices, and bad input is refused with a clear message."""

from __future__ import annotations

import pytest

from campaigns.models import Character, Scene, WayToWin, WinCondition
from tests.campaigns.admin_helpers import admin_url, page_form_data, set_rows

pytestmark = pytest.mark.django_db

PREFIX = "conditions"


@pytest.fixture
def weathertop(demo_campaign) -> Scene:
    return Scene.objects.get(campaign=demo_campaign, slug="weathertop")


def _way(scene: Scene, side: str) -> WayToWin:
    return scene.ways_to_win.filter(side=side).first()


def test_the_scene_page_lists_its_ways_with_a_link_to_each(admin_client, weathertop):
    html = admin_client.get(admin_url(Scene, "change", weathertop.pk)).content.decode()
    way = _way(weathertop, "ai")
    assert (
        "ways to win (a fixed scenario: at least one for each side)" in html.lower(),
        admin_url(WayToWin, "change", way.pk) in html,
    ) == (True, True)


def test_a_condition_chooses_only_the_scene_s_own_characters(admin_client, weathertop):
    way = _way(weathertop, "ai")
    response = admin_client.get(admin_url(WayToWin, "change", way.pk))
    form = response.context["inline_admin_formsets"][0].formset.forms[0]
    offered = {c.company.name for c in form.fields["character"].queryset}
    assert offered == {"The Fellowship of the Ring", "The Ringwraiths"}


def _post(admin_client, way: WayToWin, rows: list[dict], *, keep: bool = True):
    url = admin_url(WayToWin, "change", way.pk)
    data = page_form_data(admin_client.get(url))
    if not keep:
        for n in range(int(data[f"{PREFIX}-INITIAL_FORMS"])):
            data[f"{PREFIX}-{n}-DELETE"] = "on"
    set_rows(data, PREFIX, rows)
    return admin_client.post(url, data)


def test_a_character_of_another_scene_is_refused(admin_client, weathertop):
    way = _way(weathertop, "ai")
    stranger = Character.objects.get(name="Hirgon")
    before = WinCondition.objects.count()
    response = _post(
        admin_client, way, [{"kind": "fell", "character": str(stranger.pk)}]
    )
    errors = response.context["inline_admin_formsets"][0].formset.errors
    assert ("Select a valid choice" in str(errors), WinCondition.objects.count()) == (
        True,
        before,
    )


def test_a_round_past_the_battle_s_end_is_refused(admin_client, weathertop):
    way = _way(weathertop, "player")
    objective = weathertop.objectives.first()
    if objective is None:
        objective = weathertop.objectives.create(name="The summit", x=18, y=18)
    response = _post(
        admin_client,
        way,
        [
            {
                "kind": "hold",
                "side": "player",
                "objective": str(objective.pk),
                "when": "round",
                "round": "9",
            }
        ],
    )
    errors = str(response.context["inline_admin_formsets"][0].formset.errors)
    assert "Round 9 is past the battle" in errors and "it lasts 6 rounds" in errors


def test_an_empty_and_is_refused(admin_client, weathertop):
    way = _way(weathertop, "ai")
    response = _post(admin_client, way, [], keep=False)
    formset = response.context["inline_admin_formsets"][0].formset
    assert (list(formset.non_form_errors()), way.conditions.count()) == (
        ["A way to win needs at least one condition (an empty “and”)."],
        1,
    )


def test_a_condition_saves_and_clears_what_its_kind_does_not_use(
    admin_client, weathertop
):
    way = _way(weathertop, "ai")
    frodo = Character.objects.get(name="Frodo Baggins")
    response = _post(
        admin_client,
        way,
        [{"kind": "fell", "character": str(frodo.pk), "edge": "north", "half": True}],
        keep=False,
    )
    assert response.status_code == 302
    saved = way.conditions.get()
    assert (saved.kind, saved.character_id, saved.edge, saved.half) == (
        "fell",
        frodo.pk,
        "",
        False,
    )


def test_two_ways_at_once_for_opposite_sides_are_told_the_first_wins(
    admin_client, weathertop
):
    player = _way(weathertop, "player")
    player.at_once = True
    player.save()
    response = admin_client.get(admin_url(WayToWin, "change", player.pk), follow=True)
    told = [str(m) for m in response.context["messages"]]
    assert any("the first listed" in m and "wins" in m for m in told)


def test_the_page_script_hides_what_the_server_clears():
    """admin.js shows each kind's fields as KIND_FIELDS says (one list)."""
    import re
    from pathlib import Path

    from campaigns.models.victory import KIND_FIELDS

    script = (
        Path(__file__).resolve().parents[2] / "static/chronicle_admin/admin.js"
    ).read_text()
    block = script.split("const CONDITION_FIELDS = {", 1)[1].split("};", 1)[0]
    shown = {
        kind: tuple(re.findall(r"'(\w+)'", fields))
        for kind, fields in re.findall(r"(\w+): \[([^\]]*)\]", block)
    }
    assert shown == {str(kind): fields for kind, fields in KIND_FIELDS.items()}


def test_a_duplicated_scene_keeps_its_ways_naming_its_own_objectives(weathertop):
    from campaigns.services.duplicates import scene_duplicate

    bridge = Scene.objects.get(
        campaign=weathertop.campaign, slug="osgiliath-breaking-the-bridge"
    )
    copy = scene_duplicate(scene=bridge)
    held = WinCondition.objects.get(way__scene=copy, kind="hold")
    assert (
        copy.ways_to_win.count(),
        held.objective.scene_id,
        held.objective.name,
    ) == (2, copy.pk, "The Last Bridge (west end)")


def test_saving_a_way_renders_no_pack(admin_client, weathertop, monkeypatch):
    """The pack prints the victory text, not the ways: nothing to render again."""
    from campaigns.admin import pack_inputs

    scheduled = []
    monkeypatch.setattr(
        pack_inputs,
        "campaign_packs_schedule",
        lambda **kwargs: scheduled.append(kwargs),
    )
    way = _way(weathertop, "ai")
    frodo = Character.objects.get(name="Frodo Baggins")
    response = _post(
        admin_client,
        way,
        [{"kind": "fell", "character": str(frodo.pk)}],
        keep=False,
    )
    assert (response.status_code, scheduled) == (302, [])
