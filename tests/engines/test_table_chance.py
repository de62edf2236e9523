"""Chance as explicit points: every die or card an entry uses is drawn when the
entry is made, from the battle's random source, at a named point (a logged
roll or draw with its purpose), and kept in the entry; folding the log never
draws again."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest

from engines.enums import Doctrine
from engines.table.dice import TableRandom
from engines.table.state import state_fold
from tests.engines.table_battles import battle_context
from tests.engines.table_fixtures import SEEDS, fixture_path, summary

KEPT = [(doctrine, seed) for doctrine in Doctrine for seed in SEEDS]


def logged(data: Any) -> list[dict[str, Any]]:
    """Every roll or draw an entry's data keeps (its ``log`` lists)."""
    if isinstance(data, dict):
        found = []
        for name, value in data.items():
            if name == "log" and isinstance(value, list):
                found.extend(value)
            else:
                found.extend(logged(value))
        return found
    if isinstance(data, list):
        return [item for value in data for item in logged(value)]
    return []


@pytest.mark.parametrize(("doctrine", "seed"), KEPT)
def test_every_number_an_entry_draws_is_kept_at_a_named_point(doctrine, seed):
    kept = json.loads(fixture_path(doctrine, seed).read_text())
    draws = 0
    for entry in kept["entries"]:
        points = logged(entry["data"])
        if entry["draws"] > draws:
            assert points, f"{entry['kind']} drew without keeping what it drew"
        assert all(point["purpose"] for point in points)
        draws = entry["draws"]


@pytest.mark.parametrize(("doctrine", "seed"), KEPT)
def test_folding_the_log_never_draws(doctrine, seed):
    kept = json.loads(fixture_path(doctrine, seed).read_text())
    rows = [SimpleNamespace(**entry) for entry in kept["entries"]]
    context = battle_context(doctrine, seed=seed)

    def no_draw(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the fold drew a number")

    with (
        mock.patch.object(TableRandom, "_number", no_draw),
        mock.patch.object(TableRandom, "__init__", no_draw),
    ):
        state = state_fold(context, rows)
    assert summary(state) == kept["state"]
