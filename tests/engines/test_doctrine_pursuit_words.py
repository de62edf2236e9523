"""RULES §5.4 in words a newcomer follows: a pursuer's answer says how its
position raised M."""

from __future__ import annotations

from engines.doctrines import DoctrineSettings, Pursuer, pursuit_decide
from tests.engines.scripted import ScriptedRandom


def test_the_answer_says_the_position_raises_m():
    """M 2, C 1 for the third closest: "position 3 raises M to 3", 6" on."""
    decision = pursuit_decide(
        Pursuer(id="Wraith", quarry="Frodo", distance=30, card_order=1),
        position=3,
        rng=ScriptedRandom(2, 1),
        settings=DoctrineSettings(quarry=("Frodo",)),
    )
    assert 'M 2 (position 3 raises M to 3), C 1: 6" forward' in decision.detail
