"""Migration 0005: a scene company's prose AI instructions become its notes
(RULES §1: what no order can say stays as notes), and back again."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("campaigns", "0004_table_log")]
AFTER = [("campaigns", "0005_scene_orders")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_instructions_become_notes_and_come_back():
    old = migrate(BEFORE)
    User = old.get_model("auth", "User")
    Campaign = old.get_model("campaigns", "Campaign")
    Scene = old.get_model("campaigns", "Scene")
    Company = old.get_model("campaigns", "Company")
    SceneCompany = old.get_model("campaigns", "SceneCompany")
    owner = User.objects.create(username="builder")
    campaign = Campaign.objects.create(name="Bree", slug="bree", owner=owner)
    scene = Scene.objects.create(campaign=campaign, title="Bree", slug="bree", order=1)
    wraiths = Company.objects.create(
        campaign=campaign, name="Wraiths", side="ai", colour="#553311"
    )
    SceneCompany.objects.create(
        scene=scene,
        company=wraiths,
        side="ai",
        entry_edge="north",
        ai_instructions="The wraiths go round the houses.",
    )
    new = migrate(AFTER)
    row = new.get_model("campaigns", "SceneCompany").objects.get()
    assert row.notes == "The wraiths go round the houses."
    back = migrate(BEFORE)
    row = back.get_model("campaigns", "SceneCompany").objects.get()
    assert row.ai_instructions == "The wraiths go round the houses."
    migrate(leaves())


def leaves():
    """Every app's latest migration: the schema the other tests expect."""
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()
