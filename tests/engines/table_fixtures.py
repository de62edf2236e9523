"""Real table logs kept as fixtures: one battle of every doctrine played by the
truthful player, its entries as the log stores them (JSON) and the state they
fold to, summed up in plain values. Captured before the log was typed, so the
test proves logs written by the older code still fold to the same state."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from pathlib import Path
from typing import Any

from engines.enums import Doctrine
from engines.table.state import State
from tests.engines.table_battles import Log, battle_context
from tests.engines.table_player import TruthfulPlayer

FIXTURES = Path(__file__).parent / "fixtures"
SEEDS = (3, 11)
STEPS = 90


def fixture_path(doctrine: Doctrine, seed: int) -> Path:
    return FIXTURES / f"table_log_{doctrine.value}_{seed}.json"


def stored(entry: Any) -> dict[str, Any]:
    """An entry as the log's row keeps it."""
    return {
        "kind": str(entry.kind),
        "round": entry.round,
        "subject": entry.subject,
        "text": entry.text,
        "data": json.loads(json.dumps(entry.data)),
        "draws": entry.draws,
        "deck": json.loads(json.dumps(entry.deck)),
    }


def summary(state: State) -> dict[str, Any]:
    """What the state says, in plain JSON values (whatever its types)."""
    question = state.question()
    return json.loads(
        json.dumps(
            {
                "entries": state.entries,
                "round": state.round,
                "ended": str(state.ended),
                "ended_by": str(state.ended_by),
                "winner": None if state.winner is None else state.winner.value,
                "first": None if state.first is None else state.first.value,
                "order": list(state.order),
                "activated": sorted(state.activated),
                "return_fire": state.return_fire,
                "return_fire_at": state.return_fire_at,
                "follow_up": state.follow_up,
                "round_ended": state.round_ended,
                "orders_ended": state.orders_ended,
                "gone": sorted(state.gone),
                "fighters": {k: asdict(v) for k, v in sorted(state.fighters.items())},
                "extra": sorted(state.extra),
                "companies": {
                    str(k): {**asdict(v), "mode": str(v.mode.value)}
                    for k, v in sorted(state.companies.items())
                },
                "draws": state.draws,
                "deck": state.deck,
                "question": [str(question.phase), question.key, question.follow_up],
            },
            default=str,
        )
    )


def capture(doctrine: Doctrine, seed: int) -> dict[str, Any]:
    """Play a battle and keep its log and the state it folds to."""
    log = Log(battle_context(doctrine, seed=seed))
    player = TruthfulPlayer(log, random.Random(seed))
    for _ in range(STEPS):
        if player.step() is None:
            break
    return {
        "doctrine": doctrine.value,
        "seed": seed,
        "entries": [stored(e) for e in log.entries],
        "state": summary(log.state),
    }


if __name__ == "__main__":  # python -m tests.engines.table_fixtures: write them
    FIXTURES.mkdir(exist_ok=True)
    for doctrine in Doctrine:
        for seed in SEEDS:
            kept = capture(doctrine, seed)
            fixture_path(doctrine, seed).write_text(
                json.dumps(kept, separators=(",", ":")) + "\n"
            )
            print(doctrine.value, seed, len(kept["entries"]), kept["state"]["round"])
