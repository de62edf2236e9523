"""Small fixtures shared by the whole suite: users and campaign factories.

The ``make_*`` fixtures return functions that build one saved, valid object with
sensible defaults; pass keyword arguments for whatever a test cares about::

    def test_something(make_campaign, make_scene, user):
        campaign = make_campaign(owner=user)
        scene = make_scene(campaign, kind="sanctuary")
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import settings

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

# Hypothesis: CI runs the same examples every time (derandomized, no example
# database); HYPOTHESIS_PROFILE=wide searches further, at random (make bench).
settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("wide", max_examples=500, derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user(username="frodo", password="pw")


@pytest.fixture
def owner(client, user):
    """The test client, logged in as the campaign's owner."""
    client.force_login(user)
    return client


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


# --- after the battle (RULES §6): a small war, results and the demo ------------------


@pytest.fixture
def demo_campaign(settings, tmp_path) -> Campaign:
    """The demo campaign, loaded from the real fixtures (never the developer's
    own login file)."""
    from pathlib import Path

    from campaigns.services.demo import demo_seed

    settings.DEMO_LOGIN_FILE = tmp_path / ".demo-login"
    settings.DEMO_FIXTURES_DIR = Path(settings.BASE_DIR) / "fixtures"
    login = demo_seed(password="x-demo-pass-1")
    return Campaign.objects.get(slug=login.campaign_slug)


@pytest.fixture
def skirmish(
    campaign,
    make_commander,
    make_company,
    make_character,
    make_scene,
    make_scene_company,
):
    """A campaign of ``user`` at its first scene, "Amon Hen" (current, a fixed
    scenario whose rule may kill a hero outright), followed by "Parth Galen" and
    "The Emyn Muil": the Fellowship
    (led by Aragorn, Bold and average) against the Uruk-hai (led by Uglúk, Rash
    and poor). ``skirmish.set_up()`` sets up the current scene's battle with
    every fit player character."""
    from types import SimpleNamespace

    from campaigns.selectors.lineup import scene_lineup
    from campaigns.services.battle_setup import battle_set_up

    aragorn = make_commander(
        campaign, name="Aragorn", reputation="bold", rating="average"
    )
    ugluk_cmd = make_commander(campaign, name="Uglúk", reputation="rash")
    fellowship = make_company(campaign, name="Fellowship", commander=aragorn)
    uruks = make_company(campaign, name="Uruk-hai", side="ai", commander=ugluk_cmd)
    world = SimpleNamespace(campaign=campaign, fellowship=fellowship, uruks=uruks)
    world.boromir = make_character(fellowship, name="Boromir", hero=True, wound_slots=4)
    world.merry = make_character(fellowship, name="Merry", wound_slots=2)
    world.pippin = make_character(fellowship, name="Pippin", wound_slots=2)
    world.ugluk = make_character(uruks, name="Uglúk", hero=True, wound_slots=3)
    world.orc = make_character(uruks, name="Uruk warrior", wound_slots=2)
    fixed = {
        "scenario_mode": "fixed",
        "custom_scenario_name": "Defend the hobbits",
        "custom_scenario_setup": "Hold the glade.",
    }
    world.scene = make_scene(
        campaign,
        slug="amon-hen",
        title="Amon Hen",
        status="current",
        outright_kill_rule="A hero who falls defending the hobbits is slain.",
        **fixed,
    )
    world.next_scene = make_scene(
        campaign, slug="parth-galen", title="Parth Galen", **fixed
    )
    world.last_scene = make_scene(
        campaign, slug="emyn-muil", title="The Emyn Muil", **fixed
    )
    for scene in (world.scene, world.next_scene, world.last_scene):
        make_scene_company(scene, fellowship, leading=True)
        make_scene_company(scene, uruks, leading=True)

    def set_up(scene=None, exclude=()):
        scene = scene or campaign.current_scene()
        fit = [
            c.character.pk
            for c in scene_lineup(scene=scene).default_participants()
            if c.character not in exclude
        ]
        return battle_set_up(scene=scene, stance="attack", participant_ids=fit, seed=1)

    world.set_up = set_up
    return world


@pytest.fixture
def result_data():
    """Build result-service data: ``result_data(battle, boromir={"fallen": True})``
    names characters by attribute-style keys matched against character names
    (lower case, first word)."""

    def build(battle, outcome="victory", end_reason="objective", **lines):
        by_name = {
            p.character.name.split()[0].lower(): p.pk
            for p in battle.participants.select_related("character")
        }
        data = {"outcome": outcome, "end_reason": end_reason, "characters": {}}
        for key, values in lines.items():
            if key in by_name:
                data["characters"][by_name[key]] = values
            else:
                data[key] = values
        return data

    return build


@pytest.fixture
def seed_rolling():
    """``seed_rolling(2, 5)``: a seed whose first D6 rolls are 2 then 5."""
    import random

    def find(*dice: int) -> int:
        for seed in range(100_000):
            rng = random.Random(seed)
            if all(rng.randint(1, 6) == die for die in dice):
                return seed
        raise AssertionError(f"no seed rolls {dice}")

    return find


@pytest.fixture
def fates_rolling():
    """``fates_rolling(battle, boromir=(2,), merry=(1, 5))``: a resolution seed
    whose streams (RULES §6.2: one per character) start with those D6 for those
    characters, named as ``result_data`` names them (first word, lower case).
    The seed is set on the battle and returned."""
    import random

    from campaigns.models import Battle, BattleCompany
    from engines.fates import FateInput, fate_stream_seed

    def find(battle, **dice: tuple[int, ...]) -> int:
        places = {}
        for bc in BattleCompany.objects.filter(battle=battle).select_related("company"):
            for c in bc.company.characters.all():
                places[c.name.split()[0].lower()] = FateInput(
                    key=str(c.pk),
                    name=c.name,
                    is_player=True,
                    company="",
                    company_order=bc.order,
                    card_order=c.card_order,
                    wound_slots=1,
                )
        wanted = [(places[name], faces) for name, faces in dice.items()]
        for seed in range(1_000_000):
            if all(
                [random.Random(fate_stream_seed(seed, place)).randint(1, 6) for _ in f]
                == list(f)
                for place, f in wanted
            ):
                Battle.objects.filter(pk=battle.pk).update(resolution_seed=seed)
                battle.resolution_seed = seed
                return seed
        raise AssertionError(f"no seed rolls {dice}")

    return find


# --- the battle pack ---------------------------------------------------------------


@pytest.fixture
def make_pack_battle(
    campaign,
    make_commander,
    make_company,
    make_character,
    make_scene,
    make_scene_company,
):
    """``make_pack_battle(doctrine="horde", players=3, ai=3)``: a planned battle
    of ``campaign`` (owned by ``user``) at a new current scene, where a player
    company (Bold, average commander) meets an AI company (Rash, superior) that
    fights under ``doctrine``. ``scene`` holds scene fields, ``coop`` names the
    human general of each player character in turn, ``setup`` goes to the
    setup service."""
    from campaigns.selectors.lineup import scene_lineup
    from campaigns.services.battle_setup import battle_set_up

    def make(
        *,
        doctrine: str = "priority",
        players: int = 3,
        ai: int = 3,
        scene: dict[str, Any] | None = None,
        coop: tuple[str, ...] = (),
        **setup: Any,
    ) -> Battle:
        campaign.scenes.filter(status="current").update(status="pending")
        player_company = make_company(
            campaign,
            commander=make_commander(campaign, reputation="bold", rating="average"),
        )
        ai_company = make_company(
            campaign,
            side="ai",
            default_doctrine=doctrine,
            commander=make_commander(campaign, reputation="rash", rating="superior"),
        )
        for _n in range(players):
            make_character(player_company, name=f"Ranger {next(_serial)}", move=6)
        for _n in range(ai):
            make_character(ai_company, name=f"Orc {next(_serial)}", wound_slots=2)
        the_scene = make_scene(campaign, status="current", **(scene or {}))
        make_scene_company(the_scene, player_company, leading=True)
        make_scene_company(the_scene, ai_company, leading=True)
        fit = scene_lineup(scene=the_scene).default_participant_ids()
        setup.setdefault("stance", "attack")
        setup.setdefault("seed", 1)
        if coop:
            setup["coop_players"] = {
                pk: coop[i % len(coop)] for i, pk in enumerate(fit)
            }
        return battle_set_up(scene=the_scene, participant_ids=fit, **setup)

    return make


# --- background tasks ---------------------------------------------------------------


@pytest.fixture
def no_worker(settings):
    """Tasks are queued and never run (a queue no worker takes from): for tests
    about the queue, and for tests that set up battles from several threads at
    once, which should not render a pack each."""
    backend = "django_tasks.backends.dummy.DummyBackend"
    settings.TASKS = {"default": {"BACKEND": backend}}
