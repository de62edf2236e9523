"""Playtests stay the same battles while they are made faster (issue 32, item 7).

For a handful of demo scenes — the largest, a large fixed one, and one for each
doctrine, with scene orders and a sight limit among them — the full JSON
report at a fixed seed, and each battle's trace (its outcome, rounds, way,
activations, the number and a digest of its dice log, where everyone stands at
its end), were recorded before any optimisation. A faster method of the same
rules fights the very same battles, die for die: these must stay identical.

Re-record (``PLAYTEST_GOLDEN_RECORD=1``) only when a rule truly changes what
happens, and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from dataclasses import replace
from pathlib import Path

import pytest

from campaigns.selectors.playtest import playtest_spec
from engines.dice import log_to_data
from engines.enums import ScenarioMode, Stance
from engines.playtest.battle import battlefield_of, play
from engines.playtest.report import battle_seed
from engines.playtest.run import playtest

pytestmark = pytest.mark.django_db

FIXTURE = Path(__file__).parent / "data" / "playtest_golden.json"
SCENES = (
    "the-host-of-the-west",  # the largest: generated, rolled terrain
    "the-eagles-are-coming",  # a large fixed scene
    "bree",  # priority, scene orders, a sight limit
    "bree-bridge",  # pursuit
    "moria",  # horde
    "osgiliath-orcs-on-the-river",  # deck, a sight limit
)
BATTLES = 20
SEED = 7


def _trace(spec, index: int) -> dict:
    rng = random.Random(battle_seed(SEED, index))
    field = battlefield_of(spec, rng=rng)
    state = play(replace(spec, battlefield=field), rng=rng)
    dice = json.dumps(log_to_data(state.dice.log), sort_keys=True)
    return {
        "verdict": str(state.verdict),
        "round": state.round,
        "activations": state.activations,
        "dice": len(state.dice.log),
        "digest": hashlib.sha256(dice.encode()).hexdigest(),
        "fallen": list(state.fallen),
        "at": {
            p.key: [round(p.at[0], 3), round(p.at[1], 3)] for p in state.table.pieces
        },
    }


def _golden(campaign) -> dict:
    found = {}
    for slug in SCENES:
        scene = campaign.scenes.get(slug=slug)
        fixed = scene.scenario_mode == ScenarioMode.FIXED
        spec = playtest_spec(scene=scene, stance=None if fixed else Stance.ATTACK)
        found[slug] = {
            "report": playtest(spec, battles=BATTLES, seed=SEED).to_data(),
            "battles": [_trace(spec, i) for i in range(BATTLES)],
        }
    return json.loads(json.dumps(found))


def test_the_playtests_fight_the_recorded_battles_die_for_die(demo_campaign):
    found = _golden(demo_campaign)
    if os.environ.get("PLAYTEST_GOLDEN_RECORD"):
        FIXTURE.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    recorded = json.loads(FIXTURE.read_text())
    for slug in SCENES:
        assert found[slug]["report"] == recorded[slug]["report"], slug
        for i, (now, then) in enumerate(
            zip(found[slug]["battles"], recorded[slug]["battles"], strict=True)
        ):
            assert now == then, (slug, i)
