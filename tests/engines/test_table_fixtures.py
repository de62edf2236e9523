"""Logs written before the log was typed (kept as JSON, one battle of every
doctrine) still fold to the state they folded to then."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from engines.enums import Doctrine
from engines.table.moves import entry_compute
from engines.table.state import state_fold
from tests.engines.table_battles import battle_context
from tests.engines.table_fixtures import SEEDS, fixture_path, stored, summary

KEPT = [(doctrine, seed) for doctrine in Doctrine for seed in SEEDS]


@pytest.mark.parametrize(("doctrine", "seed"), KEPT)
def test_a_kept_log_folds_to_the_state_it_folded_to(doctrine, seed) -> None:
    kept = json.loads(fixture_path(doctrine, seed).read_text())
    rows = [SimpleNamespace(**entry) for entry in kept["entries"]]
    state = state_fold(battle_context(doctrine, seed=seed), rows)
    assert summary(state) == kept["state"]


def test_the_kept_logs_hold_every_kind_of_entry_a_battle_without_orders_makes():
    kinds = set()
    for doctrine, seed in KEPT:
        kept = json.loads(fixture_path(doctrine, seed).read_text())
        kinds |= {entry["kind"] for entry in kept["entries"]}
    assert {"round", "activation", "tap", "end_round", "end"} <= kinds
    assert {"defence", "selection"} <= kinds


@pytest.mark.parametrize(("doctrine", "seed"), KEPT)
def test_a_kept_log_replays_entry_for_entry(doctrine, seed) -> None:
    """Made again from its stored inputs by today's code, each entry is the
    one the older code wrote: its line, its data, its dice and its deck."""
    kept = json.loads(fixture_path(doctrine, seed).read_text())
    context = battle_context(doctrine, seed=seed)
    rows = [SimpleNamespace(**entry) for entry in kept["entries"]]
    for n, row in enumerate(rows):
        state = state_fold(context, rows[:n])
        again = entry_compute(context, state, row.kind, row.data["inputs"], row.subject)
        assert stored(again) == kept["entries"][n], (n, row.kind)
