"""bench.club_night for a few seconds: the night runs against make run's server
and writes every figure SITE.md names (a smoke test, no timed assertion)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_club_night_writes_its_figures(tmp_path):
    """Phones, laptops and the hall play for seconds: no errors, nothing lost,
    and results.json carries every club night and hall figure."""
    results = tmp_path / "results.json"
    env = {
        **os.environ,
        "CLUB_NIGHT_S": "4",
        "HALL_S": "2",
        "CLUB_NIGHT_PG_S": "0",
        "BENCH_RESULTS": str(results),
    }
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "bench.club_night"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(results.read_text())
    assert figures["club_night_errors"] == 0
    assert figures["club_night_lost"] == 0
    assert figures["club_night_packs_late"] == 0
    assert figures["club_night_taps"] > 0
    assert figures["hall_taps"] > 0
    assert set(figures["club_night_tap_p95_s"]) == {"sqlite"}
    assert figures["hall_tap_p95_s"] > 0


TABLE = "/campaigns/demo/battles/7/table/"


def test_a_tap_is_recorded_only_when_it_went_back_to_the_table_page():
    """A round's start that still had a question to answer wrote nothing: the
    page sends the phone back to that question (its query) with no error
    message. Counted as recorded, two such phones at one version were once
    reported as a decision recorded twice (club_night_lost 1)."""
    from bench.club_night import told_recorded

    page = b'<ul class="messages"><li class="success">ok</li></ul>'
    refused = b'<ul class="messages"><li class="error">Not recorded</li></ul>'
    assert told_recorded(200, TABLE, page)
    assert not told_recorded(200, f"{TABLE}?skip=1", page)  # a question first
    assert not told_recorded(200, f"{TABLE}?skip=1", refused)
    assert not told_recorded(200, TABLE, refused)
    assert not told_recorded(404, TABLE, page)


class _Battle:
    def __init__(self, status: str):
        self.status = status


class _Demo:
    def __init__(self, left):
        self.now = left

    def battle(self):
        return self.now


def _night_left(monkeypatch, left, *, writes_work: bool = True):
    """hall_battle on a demo the night left as ``left``: the writes it made."""
    from bench import club_night

    demo, done = _Demo(left), []

    def write(name):
        def action():
            done.append(name)
            if writes_work:
                demo.now = _Battle("planned")

        return action

    actions = [write("set_up"), None, None, None, None, write("reopen")]
    monkeypatch.setattr(club_night, "writes", lambda site, d: actions)
    club_night.hall_battle(None, demo)
    return done


def test_the_hall_plays_on_a_planned_battle_whatever_the_night_left(monkeypatch):
    """The night's laptops may stop on a discard (no battle: the hall's 48
    phones once tapped nothing and reported a p95 of 0) or on a result."""
    assert _night_left(monkeypatch, None) == ["set_up"]
    assert _night_left(monkeypatch, _Battle("resolved")) == ["reopen"]
    assert _night_left(monkeypatch, _Battle("planned")) == []


def test_a_hall_with_no_battle_to_play_on_fails_loudly(monkeypatch):
    with pytest.raises(RuntimeError, match="no planned battle"):
        _night_left(monkeypatch, None, writes_work=False)
