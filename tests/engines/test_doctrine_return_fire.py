"""RULES §5.2 return fire: after a ♠ or ♥ defensive draw, the attacked
character shoots its attacker when in sight and range, else moves into melee
with it when within move, else stays put; no card, no die; it counts as
activated."""

from __future__ import annotations

import pytest

from engines.doctrines import Enemy, Situation, deck_return_fire
from engines.enums import Action


def attacked(distance: float, *, seen: bool, reach: float | None = 12) -> Situation:
    """An orc shot at by Legolas, with Boromir much nearer."""
    return Situation(
        id="Orc",
        move=6,
        shooting_range=reach,
        enemies=(
            Enemy(id="Boromir", distance=3, in_sight=True),
            Enemy(id="Legolas", distance=distance, in_sight=seen),
        ),
    )


@pytest.mark.parametrize(
    ("distance", "seen", "reach", "action"),
    [
        (10, True, 12, Action.SHOOT),
        (20, True, 12, Action.HOLD),
        (5, False, 12, Action.MOVE_INTO_MELEE),
        (5, True, None, Action.MOVE_INTO_MELEE),
        (8, False, 12, Action.HOLD),
    ],
)
def test_return_fire_answers_its_attacker_alone(distance, seen, reach, action):
    decision = deck_return_fire(
        attacked(distance, seen=seen, reach=reach), attacker="Legolas"
    )
    assert (decision.action, decision.target) == (action, "Legolas")
    assert decision.counts_as_activated and decision.card is None
    assert decision.log == () and decision.step == "defence-return-fire"


def test_return_fire_needs_its_attacker():
    with pytest.raises(ValueError):
        deck_return_fire(attacked(10, seen=True), attacker="Gimli")
