"""The README shows the demo campaign's odds scene by scene, with the command
that regenerates them (issue 32 item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

COMMAND = "manage.py playtest --campaign war-of-the-ring --all --battles 1000 --seed 1"


def _section() -> str:
    readme = (Path(settings.BASE_DIR) / "README.md").read_text()
    return readme.split("## The demo's odds")[1].split("\n## ")[0]


def test_the_readme_says_how_its_odds_were_made():
    assert COMMAND in _section()


def test_the_readme_lists_every_fighting_scene_of_the_demo(demo_campaign):
    rows = [line for line in _section().splitlines() if line.startswith("| ")]
    titles = [row.split(" | ")[0].removeprefix("| ") for row in rows[1:]]
    fighting = [
        s.title for s in demo_campaign.scenes.order_by("order", "id") if s.is_fighting()
    ]
    assert titles == fighting
