"""Logs written before the log was typed (kept as JSON, one battle of every
doctrine) still fold to the state they folded to then."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from engines.enums import Doctrine
from engines.table.state import state_fold
from tests.engines.table_battles import battle_context
from tests.engines.table_fixtures import SEEDS, fixture_path, summary

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
