"""Playtests of real scenes (RULES §7, issue 32 items 2, 3, 4, 8): every demo
scene and every starter scene fought to an end at small N, the spec read in a
fixed number of queries, and ``manage.py playtest`` as SITE.md says."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaigns.models import Setting
from campaigns.selectors.playtest import Unplayable, playtest_spec
from campaigns.services.campaign_start import campaign_start
from campaigns.starters import STARTERS
from engines.enums import ScenarioMode, Stance
from engines.playtest.run import playtest

pytestmark = pytest.mark.django_db

N = 12


def _fighting(campaign):
    return [s for s in campaign.scenes.order_by("order", "id") if s.is_fighting()]


def _unfinished(result):
    return [w for w in result.warnings if "could not be played" in w]


def test_every_demo_scene_plays_to_an_end(demo_campaign):
    scenes = _fighting(demo_campaign)
    assert scenes
    for scene in scenes:
        stance = None if scene.scenario_mode == ScenarioMode.FIXED else Stance.ATTACK
        spec = playtest_spec(scene=scene, stance=stance)
        result = playtest(spec, battles=N, seed=1)
        assert result.battles == N
        assert not _unfinished(result), (scene.title, result.warnings)
        assert abs(result.victory + result.draw + result.defeat - 1) < 1e-9


@pytest.mark.parametrize("slug", sorted(STARTERS))
def test_every_starter_scene_plays_to_an_end(user, slug):
    campaign = campaign_start(
        owner=user,
        name=f"Robot war {slug}",
        setting=Setting.objects.get(slug=slug),
        paper_size="A4",
        start="starter",
    )
    for scene in _fighting(campaign):
        for stance in Stance:
            result = playtest(
                playtest_spec(scene=scene, stance=stance), battles=N, seed=2
            )
            assert not _unfinished(result), (scene.title, stance, result.warnings)


def test_the_spec_is_read_in_the_same_queries_whatever_the_battles(demo_campaign):
    scene = _fighting(demo_campaign)[0]
    with CaptureQueriesContext(connection) as read:
        spec = playtest_spec(scene=scene, stance=Stance.ATTACK)
    with CaptureQueriesContext(connection) as fought:
        playtest(spec, battles=20, seed=1)
    assert len(read) <= 20
    assert len(fought) == 0


def test_a_scene_with_no_ai_character_is_unplayable_with_a_reason(demo_campaign):
    scene = _fighting(demo_campaign)[0]
    scene.scene_companies.filter(side="ai").delete()
    with pytest.raises(Unplayable, match="No AI character"):
        playtest_spec(scene=scene, stance=Stance.ATTACK)


def _run(*args):
    out = io.StringIO()
    call_command("playtest", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_the_command_prints_the_json_report(demo_campaign):
    scene = _fighting(demo_campaign)[0]
    args = ["--campaign", demo_campaign.slug, "--scene", scene.slug]
    data = json.loads(_run(*args, "--battles", "8", "--seed", "3", "--json"))
    for key in ("battles", "seed", "victory", "draw", "defeat", "interval",
                "rounds", "characters", "ends", "warnings"):  # fmt: skip
        assert key in data
    assert data["battles"] == 8 and data["seed"] == 3
    again = json.loads(_run(*args, "--battles", "8", "--seed", "3", "--json",
                            "--jobs", "2"))  # fmt: skip
    assert again == data
    each = json.loads(_run(*args, "--battles", "4", "--stance", "each", "--json"))
    if scene.scenario_mode != ScenarioMode.FIXED:
        assert set(each["stances"]) == {"attack", "recon", "defend"}


def test_the_command_plays_every_scene_one_line_each(demo_campaign):
    out = _run("--campaign", demo_campaign.slug, "--all", "--battles", "3")
    assert len(out.strip().splitlines()) == len(_fighting(demo_campaign))


@pytest.mark.parametrize("stance", ["attack", "each"])
def test_every_scene_at_once_reports_what_each_scene_reports_alone(
    demo_campaign, stance
):
    """``--all`` fights every scene's battles on one pool: each scene's report
    is the one it gives alone, in the scenes' order (an unplayable scene's
    says why)."""
    scenes = _fighting(demo_campaign)[:4]
    scenes[1].scene_companies.filter(side="ai").delete()  # now unplayable
    keep = {s.pk for s in scenes}
    for scene in _fighting(demo_campaign):
        if scene.pk not in keep:
            scene.delete()
    run = ["--battles", "3", "--seed", "4", "--stance", stance, "--json"]
    together = json.loads(_run("--campaign", demo_campaign.slug, "--all", *run,
                               "--jobs", "2"))  # fmt: skip
    alone = [
        json.loads(_run("--campaign", demo_campaign.slug, "--scene", s.slug, *run))
        for s in scenes
    ]
    assert together == alone
    assert "No AI character" in json.dumps(together[1])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--battles", "0"], "--battles"),
        (["--battles", "100001"], "--battles"),
        (["--battles", "many"], "--battles"),
        (["--stance", "sideways"], "--stance"),
        (["--jobs", "0"], "--jobs"),
    ],
)
def test_bad_arguments_are_one_line_errors(demo_campaign, args, words):
    scene = _fighting(demo_campaign)[0]
    with pytest.raises(CommandError, match=words) as error:
        _run("--campaign", demo_campaign.slug, "--scene", scene.slug, *args)
    assert "\n" not in str(error.value)


def test_an_unknown_scene_is_a_one_line_error(demo_campaign):
    with pytest.raises(CommandError, match="No scene"):
        _run("--campaign", demo_campaign.slug, "--scene", "nowhere")
