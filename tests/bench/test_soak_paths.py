"""Where the SQLite soak's requests go (bench/soak_sqlite.py): never to a
battle that does not exist yet. The soak once asked for "battle 1" before the
demo's first set up; the set up running beside it created battle 1 a moment
later, so the site's right 404 was then found "not gone" and counted an error."""

from __future__ import annotations

import pytest

from bench.served import Answer
from bench.soak_sqlite import Demo, reads, writes
from tests.campaigns.setup_helpers import build_playable
from tests.campaigns.table_helpers import doctrine_battle

pytestmark = pytest.mark.django_db


class Recorder:
    """Stands in for the served site: notes each request's method and path."""

    def __init__(self):
        self.asked: list[tuple[str, str]] = []

    def get(self, path: str) -> Answer:
        self.asked.append(("GET", path))
        return Answer(200, "", True, 0.0, path)

    def post(self, path: str, data: dict | None = None) -> Answer:
        self.asked.append(("POST", path))
        return Answer(302, "", False, 0.0, path)


def every_request(site: Recorder, demo: Demo) -> list[tuple[str, str]]:
    for action in writes(site, demo) + reads(site, demo):
        action()
    return site.asked


def test_before_the_first_set_up_no_request_names_a_battle(campaign):
    """No battle yet: a battle's read is the scene's page, a battle's write is
    the set up."""
    playable = build_playable(campaign)
    demo = Demo(campaign)
    assert demo.battle() is None
    asked = every_request(Recorder(), demo)
    assert not [path for _, path in asked if "/battles/" in path]
    setup = f"/campaigns/{campaign.slug}/scenes/{playable.scene.slug}/setup/"
    assert asked.count(("POST", setup)) == 6
    assert ("GET", f"/campaigns/{campaign.slug}/scenes/{playable.scene.slug}/") in asked


def test_with_a_battle_the_requests_name_the_latest(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    asked = every_request(Recorder(), Demo(campaign))
    battles = {path for _, path in asked if "/battles/" in path}
    assert battles == {
        f"/campaigns/{campaign.slug}/battles/{battle.pk}/{suffix}"
        for suffix in ("reroll/", "discard/", "result/", "reopen/", "")
    }
