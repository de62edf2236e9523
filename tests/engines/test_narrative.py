"""RULES §1: a larger battle's outcome from its sub-scenes."""

from __future__ import annotations

import pytest

from engines.enums import Outcome
from engines.narrative import larger_battle_outcome

V, D, X = Outcome.VICTORY, Outcome.DEFEAT, Outcome.DRAW


@pytest.mark.parametrize(
    ("subs", "outcome"),
    [
        ((V,), V),
        ((D,), D),
        ((X,), X),
        ((), X),
        ((V, D), X),
        ((V, V, D), V),
        ((V, D, D), D),
        ((V, X, X), V),
        ((D, X), D),
        ((V, D, X), X),
    ],
)
def test_more_victories_than_defeats_wins(
    subs: tuple[Outcome, ...], outcome: Outcome
) -> None:
    assert larger_battle_outcome(subs) is outcome


def test_stored_outcome_strings_are_read() -> None:
    assert larger_battle_outcome(["victory", "draw"]) is Outcome.VICTORY
