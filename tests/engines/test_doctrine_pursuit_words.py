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
    assert decision.detail.startswith(
        'M 2 (position 3 raises M to 3): 3 × 2" = 6"; C 1: |3 − 1| × 2" = 4" in'
    )


def test_a_balanced_roll_behind_the_rearmost_adds_up_in_words():
    """M 4 = C 4 behind the rearmost model with the +2" lever: 8" + 2" balanced
    + 2" behind the rearmost = 12", each part named."""
    decision = pursuit_decide(
        Pursuer(
            id="Wraith",
            quarry="Frodo",
            distance=30,
            card_order=1,
            behind_rearmost=True,
        ),
        position=1,
        rng=ScriptedRandom(4, 4),
        settings=DoctrineSettings(quarry=("Frodo",), pursuit_lever=2),
    )
    assert (
        'C 4 equals M: no drift; forward 8" + 2" balanced + 2" behind the '
        'rearmost model = 12"'
    ) in decision.detail
