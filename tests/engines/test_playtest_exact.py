"""Exact odds of a tiny battle against the playtest's estimate (RULES §7 item 6)."""

from __future__ import annotations

import functools
import math
import random
from fractions import Fraction

import pytest

from engines.enums import Outcome, Side
from engines.playtest.exact import (
    Duel,
    Duellist,
    duel_battle,
    duel_odds,
    first_chance,
    wound_chance,
)
from engines.playtest.report import battle_seed, report


@pytest.mark.parametrize(
    ("attack", "defence", "chance"),
    [(0, 0, Fraction(1, 2)), (1, 0, Fraction(2, 3)), (0, 5, Fraction(1, 6)),
     (9, 0, Fraction(5, 6))],
)  # fmt: skip
def test_the_wound_chance_is_read_from_the_attack_on_every_face(
    attack, defence, chance
):
    assert wound_chance(attack, defence) == chance


def test_either_side_wins_the_initiative_half_the_time():
    assert first_chance(Side.PLAYER) == first_chance(Side.AI) == Fraction(1, 2)


def test_a_one_round_duel_of_single_wounds_by_hand():
    """Each falls at its first wound: whoever goes first and hits wins; with
    a ½ hit each, P(win) = ½·(½ + ½·½·... ) worked out by hand = 3/8."""
    duel = Duel(
        player=Duellist(name="Sam", slots=0), ai=Duellist(name="Orc", slots=0), length=1
    )
    odds = duel_odds(duel)
    # player first (½): hits ½ → win; misses ½ → orc hits ½ → loss.
    # orc first (½): hits ½ → loss; misses ½ → sam hits ½ → win.
    assert (odds.victory, odds.defeat, odds.draw) == (
        Fraction(3, 8), Fraction(3, 8), Fraction(1, 4),
    )  # fmt: skip


DUEL = Duel(
    player=Duellist(name="Sam", attack=1, slots=1),
    ai=Duellist(name="Orc", slots=2),
    length=4,
)


def test_the_same_seed_fights_the_same_battle():
    one = [duel_battle(DUEL, rng=random.Random(battle_seed(3, i))) for i in range(20)]
    two = [duel_battle(DUEL, rng=random.Random(battle_seed(3, i))) for i in range(20)]
    assert one == two


SEEDS, BATTLES = 100, 200


@functools.cache
def _intervals() -> list[dict[str, tuple[float, float]]]:
    """Each seed's playtest intervals (fought once for the three tests)."""
    return [
        dict(
            report(
                [
                    duel_battle(DUEL, rng=random.Random(battle_seed(seed, i)))
                    for i in range(BATTLES)
                ],
                seed=seed,
            ).interval
        )
        for seed in range(SEEDS)
    ]


@pytest.mark.parametrize("outcome", ["victory", "draw", "defeat"])
def test_the_estimate_falls_in_its_own_interval_for_most_seeds(outcome):
    """The exact chance lies inside the playtest's own 95 % Wilson interval
    for 95 % of seeds — less at most three standard errors of a count over
    this many seeds (the share of seeds is itself an estimate)."""
    exact = float(getattr(duel_odds(DUEL), outcome))
    inside = 0
    for interval in _intervals():
        low, high = interval[outcome]
        inside += low <= exact <= high
    slack = 3 * math.sqrt(0.95 * 0.05 / SEEDS)
    assert inside / SEEDS >= 0.95 - slack


def test_the_estimate_of_many_battles_is_close_to_the_exact_odds():
    battles = [
        duel_battle(DUEL, rng=random.Random(battle_seed(1, i))) for i in range(10_000)
    ]
    share = sum(b.outcome is Outcome.VICTORY for b in battles) / len(battles)
    assert share == pytest.approx(float(duel_odds(DUEL).victory), abs=0.015)
