"""A feature's victory points are its objective's (§3.12): the admin's form
and an import refuse VP on a feature that is not an objective, with a clear
message and nothing written; the database refuses it too; the migration sets
the VP of existing non-objective features to 0 (they were never counted)."""

from __future__ import annotations

import copy

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.forms import modelform_factory

from campaigns.models import Scene, SceneFeature
from campaigns.models.terrain import FEATURE_VP_MESSAGE
from campaigns.transfer import CampaignImportError, campaign_export, campaign_import
from tests.campaigns.setup_helpers import build_playable
from tests.campaigns.transfer_helpers import table_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene(campaign) -> Scene:
    return build_playable(campaign).scene


def form_for(scene: Scene, **values):
    """The feature's form as the admin builds it (a ModelForm of every field)."""
    form_class = modelform_factory(SceneFeature, fields="__all__")
    data = {
        "scene": scene.pk,
        "name": "Tower",
        "shape": "circle",
        "x": 10,
        "y": 10,
        "radius": 2,
        "terrain": "open",
        "cover": "none",
        "victory_points": 3,
        "order": 0,
        **values,
    }
    return form_class(data=data)


def test_the_admin_form_refuses_vp_on_a_feature_that_is_not_an_objective(scene):
    form = form_for(scene)
    assert (form.is_valid(), form.errors.get("victory_points")) == (
        False,
        [FEATURE_VP_MESSAGE],
    )
    assert not SceneFeature.objects.filter(scene=scene).exists()


def test_the_admin_form_takes_vp_on_an_objective(scene):
    form = form_for(scene, objective="on")
    assert form.is_valid(), form.errors
    assert form.save().victory_points == 3


def test_the_database_refuses_vp_on_a_feature_that_is_not_an_objective(scene):
    with pytest.raises(IntegrityError), transaction.atomic():
        SceneFeature.objects.create(
            scene=scene, name="Hedge", shape="circle", x=5, y=5, radius=2,
            victory_points=2,
        )  # fmt: skip


def test_an_import_refuses_vp_on_a_feature_that_is_not_an_objective(
    scene, campaign, django_user_model
):
    SceneFeature.objects.create(
        scene=scene, name="Tower", shape="circle", x=5, y=5, radius=2,
        objective=True, victory_points=2,
    )  # fmt: skip
    document = copy.deepcopy(campaign_export(campaign=campaign))
    document["scene_features"][0]["objective"] = False
    importer = django_user_model.objects.create_user(username="merry")
    before = table_counts()
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=document, owner=importer)
    assert (
        f"scene_features[0].victory_points: {FEATURE_VP_MESSAGE}"
        in caught.value.messages,
        table_counts(),
    ) == (True, before)


@pytest.mark.django_db(transaction=True)
def test_the_migration_sets_a_plain_features_vp_to_0(campaign):
    """Back before the migration, a plain feature with VP and an objective
    with VP; forward again: the plain one's VP are 0, the objective's kept."""
    executor = MigrationExecutor(connection)
    mine = ("campaigns", "0011_feature_vp_objective")
    before = [
        parent.key
        for parent in executor.loader.graph.node_map[mine].parents
        if parent.key[0] == "campaigns"
    ]
    after = [mine]
    scene = build_playable(campaign).scene
    executor.migrate(before)
    old = executor.loader.project_state(before).apps.get_model(
        "campaigns", "SceneFeature"
    )
    shape = {"shape": "circle", "x": 5, "y": 5, "radius": 2, "scene_id": scene.pk}
    old.objects.create(name="Tower", objective=True, victory_points=2, **shape)
    old.objects.create(name="Hedge", objective=False, victory_points=4, **shape)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    kept = dict(SceneFeature.objects.values_list("name", "victory_points"))
    assert kept == {"Tower": 2, "Hedge": 0}
