"""What the admin pages of a scene's parts share: a row's lists offer only the
scene's own characters, companies, objectives and features, and a field its
kind does not use is saved blank; the change page's id read safely."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from campaigns.admin.common import page_object_id
from campaigns.admin.orders import SceneOrderInline
from campaigns.admin.scene_scoped import InScene, in_scene, unused_value
from campaigns.admin.victory import WinConditionInline
from campaigns.models import (
    Character,
    Company,
    Objective,
    Scene,
    SceneCompany,
    SceneFeature,
    SceneOrder,
    WinCondition,
)
from tests.campaigns.admin_helpers import admin_url

MODEL_OF = {
    InScene.CHARACTERS: Character,
    InScene.PLAYER_CHARACTERS: Character,
    InScene.COMPANIES: Company,
    InScene.OBJECTIVES: Objective,
    InScene.FEATURES: SceneFeature,
}


@pytest.fixture
def weathertop(demo_campaign) -> Scene:
    return Scene.objects.get(campaign=demo_campaign, slug="weathertop")


@pytest.fixture
def deeping_wall(demo_campaign) -> Scene:
    """A scene with an objective, features and four companies."""
    return Scene.objects.get(campaign=demo_campaign, slug="the-deeping-wall-breached")


def _own(scene: Scene, listed: InScene) -> set[str]:
    """The scene's own rows of a kind, read the long way round."""
    entries = list(SceneCompany.objects.filter(scene=scene))
    players = {e.company_id for e in entries if e.side == "player"}
    match listed:
        case InScene.CHARACTERS:
            rows = Character.objects.filter(
                company_id__in=[e.company_id for e in entries]
            )
        case InScene.PLAYER_CHARACTERS:
            rows = Character.objects.filter(company_id__in=players)
        case InScene.COMPANIES:
            rows = Company.objects.filter(pk__in=[e.company_id for e in entries])
        case InScene.OBJECTIVES:
            rows = Objective.objects.filter(scene=scene)
        case InScene.FEATURES:
            rows = SceneFeature.objects.filter(scene=scene)
    return {row.name for row in rows}


@pytest.mark.django_db
@pytest.mark.parametrize("listed", list(InScene))
def test_a_scene_scoped_list_offers_the_scenes_own_rows_only(deeping_wall, listed):
    offered = {row.name for row in in_scene(deeping_wall.pk, listed)}
    everywhere = {row.name for row in MODEL_OF[listed].objects.all()}
    assert offered == _own(deeping_wall, listed)
    assert offered and offered < everywhere
    assert not in_scene(None, listed).exists()


@pytest.mark.parametrize("inline", [SceneOrderInline, WinConditionInline])
def test_every_scoped_field_is_a_foreign_key_to_what_its_list_offers(inline):
    for name, listed in inline.scene_choices.items():
        field = inline.model._meta.get_field(name)
        assert (name, field.many_to_one, field.related_model) == (
            name,
            True,
            MODEL_OF[listed],
        )


@pytest.mark.django_db
def test_an_orders_lists_on_its_page_are_the_scenes_own(admin_client, weathertop):
    """The AI company's page in the scene: targets, shunned player characters
    and places from the scene alone; the order's characters its company's."""
    ai = SceneCompany.objects.get(scene=weathertop, side="ai")
    page = admin_client.get(admin_url(SceneCompany, "change", ai.pk))
    orders = next(
        f
        for f in page.context["inline_admin_formsets"]
        if f.formset.model is SceneOrder
    )
    fields = orders.formset.empty_form.fields
    names = {
        name: {row.name for row in fields[name].queryset}
        for name in ("target_character", "shunned", "place_feature", "characters")
    }
    assert names == {
        "target_character": _own(weathertop, InScene.CHARACTERS),
        "shunned": _own(weathertop, InScene.PLAYER_CHARACTERS),
        "place_feature": _own(weathertop, InScene.FEATURES),
        "characters": {c.name for c in Character.objects.filter(company=ai.company)},
    }


@pytest.mark.parametrize(
    ("model", "name", "blank"),
    [
        (WinCondition, "edge", ""),
        (WinCondition, "count", None),
        (WinCondition, "half", False),
        (WinCondition, "when", "any"),
        (WinCondition, "objective", None),
        (SceneOrder, "attack_modifier", 0),
        (SceneOrder, "inches", None),
        (SceneOrder, "characters", []),
    ],
)
def test_a_field_its_kind_does_not_use_is_saved_blank(model, name, blank):
    assert unused_value(model, name) == blank


@pytest.mark.parametrize(
    ("kwargs", "object_id"),
    [
        ({"object_id": "12"}, 12),
        ({"object_id": "12abc"}, None),
        ({"object_id": str(2**63)}, None),
        ({}, None),
        (None, None),
    ],
)
def test_the_change_pages_id_is_read_safely(kwargs, object_id):
    match = None if kwargs is None else SimpleNamespace(kwargs=kwargs)
    assert page_object_id(SimpleNamespace(resolver_match=match)) == object_id
