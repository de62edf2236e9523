"""Small fixtures shared by the whole suite: users and campaign factories.

The ``make_*`` fixtures return functions that build one saved, valid object with
sensible defaults; pass keyword arguments for whatever a test cares about::

    def test_something(make_campaign, make_scene, user):
        campaign = make_campaign(owner=user)
        scene = make_scene(campaign, kind="sanctuary")
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from campaigns.models import (
    Battle,
    Campaign,
    Character,
    Commander,
    Company,
    Scene,
    SceneCompany,
)

_serial = itertools.count(1)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user(username="frodo", password="pw")


@pytest.fixture
def other_user(django_user_model):
    return django_user_model.objects.create_user(username="gollum", password="pw")


@pytest.fixture
def make_campaign(django_user_model) -> Callable[..., Campaign]:
    def make(owner=None, **fields: Any) -> Campaign:
        n = next(_serial)
        if owner is None:
            owner = django_user_model.objects.create_user(username=f"owner{n}")
        fields.setdefault("name", f"Campaign {n}")
        fields.setdefault("slug", f"campaign-{n}")
        return Campaign.objects.create(owner=owner, **fields)

    return make


@pytest.fixture
def campaign(make_campaign, user) -> Campaign:
    """A campaign owned by ``user``."""
    return make_campaign(owner=user, name="The War of the Ring", slug="wotr")


@pytest.fixture
def make_scene() -> Callable[..., Scene]:
    def make(campaign: Campaign, **fields: Any) -> Scene:
        n = next(_serial)
        fields.setdefault("title", f"Scene {n}")
        fields.setdefault("slug", f"scene-{n}")
        return Scene.objects.create(campaign=campaign, **fields)

    return make


@pytest.fixture
def make_commander() -> Callable[..., Commander]:
    def make(campaign: Campaign, **fields: Any) -> Commander:
        fields.setdefault("name", f"Commander {next(_serial)}")
        return Commander.objects.create(campaign=campaign, **fields)

    return make


@pytest.fixture
def make_company() -> Callable[..., Company]:
    def make(campaign: Campaign, **fields: Any) -> Company:
        fields.setdefault("name", f"Company {next(_serial)}")
        fields.setdefault("side", "player")
        return Company.objects.create(campaign=campaign, **fields)

    return make


@pytest.fixture
def make_character() -> Callable[..., Character]:
    def make(company: Company, **fields: Any) -> Character:
        fields.setdefault("name", f"Character {next(_serial)}")
        return Character.objects.create(company=company, **fields)

    return make


@pytest.fixture
def make_scene_company() -> Callable[..., SceneCompany]:
    def make(scene: Scene, company: Company, **fields: Any) -> SceneCompany:
        fields.setdefault("side", company.side)
        fields.setdefault(
            "entry_edge", "south" if company.side == "player" else "north"
        )
        return SceneCompany.objects.create(scene=scene, company=company, **fields)

    return make


@pytest.fixture
def make_battle() -> Callable[..., Battle]:
    def make(scene: Scene, **fields: Any) -> Battle:
        return Battle.objects.create(scene=scene, campaign=scene.campaign, **fields)

    return make
