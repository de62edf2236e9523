"""RULES §2 scouting points and §3 steps 1–6: stances, scouts, scores, mishaps."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.dice import Dice
from engines.enums import Mishap, Relation, Reputation, Stance, TroopType
from engines.scouting import (
    NO_COMMANDER_RATING,
    NO_COMMANDER_REPUTATION,
    SetupCharacter,
    ai_scout_pool,
    compare_scores,
    roll_ai_stance,
    roll_mishap,
    roll_score,
    scouting_points,
    scouts_allowed,
    select_ai_scouts,
)
from tests.engines.scripted import loaded


def character(key: str, troop: str = "infantry", company: int = 0, card: int = 0):
    return SetupCharacter(key, key.title(), TroopType(troop), company, card)


# --- §2 scouting points -----------------------------------------------------


@pytest.mark.parametrize(
    ("troop_type", "points"),
    [
        ("flyer", 4),
        ("airship", 4),
        ("magician", 4),
        ("rogue", 4),
        ("mounted_archer", 3),
        ("skirmisher", 2),
        ("auxiliary", 2),
        ("lurker", 2),
        ("cavalry", 2),
        ("infantry", 1),
        ("archer", 1),
        ("monster", 1),
    ],
)
def test_scouting_points_by_troop_type(troop_type: str, points: int) -> None:
    assert scouting_points(troop_type) == points


def test_every_troop_type_has_scouting_points() -> None:
    assert all(scouting_points(t) in (1, 2, 3, 4) for t in TroopType)


def test_a_company_without_commander_counts_as_bold_and_poor() -> None:
    assert (NO_COMMANDER_REPUTATION, NO_COMMANDER_RATING) == ("bold", "poor")


# --- §3.1 scouts allowed ----------------------------------------------------


@pytest.mark.parametrize(
    ("taking_part", "allowed"), [(0, 0), (1, 0), (2, 0), (3, 1), (5, 1), (6, 2)]
)
def test_scouts_allowed_is_a_third_rounded_down(taking_part: int, allowed: int) -> None:
    assert scouts_allowed(taking_part) == allowed


# --- §3.2 AI stance ---------------------------------------------------------


@pytest.mark.parametrize(
    ("reputation", "natural", "stance"),
    [
        ("cautious", 3, Stance.DEFEND),
        ("cautious", 4, Stance.RECON),
        ("cautious", 5, Stance.RECON),
        ("cautious", 6, Stance.ATTACK),
        ("bold", 2, Stance.DEFEND),
        ("bold", 3, Stance.RECON),
        ("bold", 4, Stance.RECON),
        ("bold", 5, Stance.ATTACK),
        ("rash", 1, Stance.DEFEND),
        ("rash", 2, Stance.RECON),
        ("rash", 3, Stance.RECON),
        ("rash", 4, Stance.ATTACK),
    ],
)
def test_ai_stance_at_the_boundaries(
    reputation: str, natural: int, stance: Stance
) -> None:
    assert roll_ai_stance(reputation, dice=loaded(natural)) is stance


def test_rash_commander_adds_one_to_stance_roll() -> None:
    dice = loaded(4)
    assert roll_ai_stance(Reputation.RASH, dice=dice) is Stance.ATTACK
    assert dice.entries()[0].total == 5


def test_cautious_commander_subtracts_one_from_stance_roll() -> None:
    dice = loaded(3)
    assert roll_ai_stance(Reputation.CAUTIOUS, dice=dice) is Stance.DEFEND
    assert dice.entries()[0].total == 2


def test_stance_roll_is_logged_with_its_modifier_and_outcome() -> None:
    dice = loaded(4)
    roll_ai_stance("rash", dice=dice)
    assert (
        dice.entries()[0].describe()
        == "AI stance: D6 4, Rash commander +1 = 5 → Attack"
    )


EXACT_STANCE_ODDS = {
    Reputation.CAUTIOUS: {
        Stance.DEFEND: 3 / 6,
        Stance.RECON: 2 / 6,
        Stance.ATTACK: 1 / 6,
    },
    Reputation.BOLD: {Stance.DEFEND: 2 / 6, Stance.RECON: 2 / 6, Stance.ATTACK: 2 / 6},
    Reputation.RASH: {Stance.DEFEND: 1 / 6, Stance.RECON: 2 / 6, Stance.ATTACK: 3 / 6},
}


@pytest.mark.parametrize("reputation", list(Reputation))
def test_stance_frequencies_match_the_exact_odds(reputation: Reputation) -> None:
    """60,000 rolls from one seed land within 0.01 of each exact probability."""
    rolls = 60_000
    rng = random.Random(20120110)
    counts = Counter(roll_ai_stance(reputation, dice=Dice(rng)) for _ in range(rolls))
    for stance, odds in EXACT_STANCE_ODDS[reputation].items():
        assert abs(counts[stance] / rolls - odds) < 0.01


# --- §3.3 AI scout pool and selection ---------------------------------------


def test_ai_scout_pool_takes_the_most_scouting_points() -> None:
    ai = [
        character("orc"),
        character("bat", "flyer", card=1),
        character("warg", "cavalry", card=2),
        character("troll", "monster", card=3),
        character("goblin", card=4),
        character("snaga", "lurker", card=5),
    ]
    assert [c.key for c in ai_scout_pool(ai)] == ["bat", "warg"]


def test_ai_scout_pool_ties_go_by_company_order_then_card_order() -> None:
    ai = [
        character("late-company", "cavalry", company=2, card=0),
        character("second-card", "cavalry", company=1, card=2),
        character("first-card", "cavalry", company=1, card=1),
        *[character(f"orc{i}", company=0, card=i) for i in range(3)],
    ]
    assert [c.key for c in ai_scout_pool(ai)] == ["first-card", "second-card"]


def test_ai_scout_pool_is_empty_below_three_characters() -> None:
    assert ai_scout_pool([character("bat", "flyer"), character("orc")]) == []


@pytest.mark.parametrize(
    ("reputation", "natural", "selected"),
    [
        ("bold", 3, False),
        ("bold", 4, True),
        ("cautious", 2, False),
        ("cautious", 3, True),
        ("rash", 4, False),
        ("rash", 5, True),
    ],
)
def test_scout_selection_at_the_boundary(
    reputation: str, natural: int, selected: bool
) -> None:
    pool = [character("bat", "flyer")]
    chosen = select_ai_scouts(pool, reputation, dice=loaded(natural))
    assert (chosen == pool) is selected


def test_cautious_commander_adds_one_to_scout_selection() -> None:
    dice = loaded(3)
    select_ai_scouts([character("bat", "flyer")], "cautious", dice=dice)
    assert dice.entries()[0].outcome == "selected"


def test_rash_commander_subtracts_one_from_scout_selection() -> None:
    dice = loaded(4)
    select_ai_scouts([character("bat", "flyer")], "rash", dice=dice)
    assert dice.entries()[0].outcome == "not selected"


def test_scout_selection_rolls_in_pool_order() -> None:
    pool = [character("bat", "flyer"), character("warg", "cavalry")]
    dice = loaded(1, 6)
    assert select_ai_scouts(pool, "bold", dice=dice) == [pool[1]]
    assert [e.purpose for e in dice.entries()] == [
        "AI scout selection: Bat",
        "AI scout selection: Warg",
    ]


# --- §3.4 scouting score ----------------------------------------------------


@pytest.mark.parametrize(
    ("rating", "bonus"), [("poor", 0), ("average", 2), ("superior", 4)]
)
def test_score_without_scouts_is_rating_bonus_plus_d6(rating: str, bonus: int) -> None:
    assert roll_score("AI", [], rating, dice=loaded(3)) == 3 + bonus


def test_score_adds_the_scouting_points_of_the_scouts() -> None:
    scouts = [character("bat", "flyer"), character("warg", "mounted_archer")]
    assert roll_score("AI", scouts, "superior", dice=loaded(1)) == 4 + 3 + 4 + 1


# --- §3.5 mishaps -----------------------------------------------------------


@pytest.mark.parametrize("natural", [3, 4, 5, 6])
def test_no_mishap_on_three_or_more_and_no_second_roll(natural: int) -> None:
    dice = loaded(natural)
    assert roll_mishap("Player", character("strider"), dice=dice) is None
    assert len(dice.entries()) == 1


@pytest.mark.parametrize(
    ("first", "second", "mishap"),
    [
        (1, 1, Mishap.LOST),
        (2, 2, Mishap.LOST),
        (1, 3, Mishap.MISSES),
        (2, 4, Mishap.MISSES),
        (1, 5, Mishap.LATE),
        (2, 6, Mishap.LATE),
    ],
)
def test_mishap_on_one_or_two_rolls_again(
    first: int, second: int, mishap: Mishap
) -> None:
    dice = loaded(first, second)
    assert roll_mishap("Player", character("strider"), dice=dice) is mishap
    assert [e.natural for e in dice.entries()] == [first, second]


# --- §3.6 comparison --------------------------------------------------------


@pytest.mark.parametrize(
    ("higher", "lower", "relation"),
    [
        (12, 4, Relation.SURPRISES),
        (11, 4, Relation.OUTSCOUTS),
        (3, 1, Relation.SURPRISES),
        (2, 1, Relation.OUTSCOUTS),
        (13, 4, Relation.SURPRISES),
        (7, 7, Relation.TIED),
    ],
)
def test_comparison(higher: int, lower: int, relation: Relation) -> None:
    assert compare_scores(higher, lower) is relation


def test_exactly_three_times_surprises() -> None:
    assert compare_scores(9, 3) is Relation.SURPRISES


def test_just_under_three_times_outscouts() -> None:
    assert compare_scores(8, 3) is Relation.OUTSCOUTS


def test_equal_scores_are_tied() -> None:
    assert compare_scores(5, 5) is Relation.TIED
