"""RULES §4: attacks, wounds, rout checks, initiative and the co-op order."""

from __future__ import annotations

import pytest

from engines.combat import (
    AI_INITIATIVE_CHOICE,
    ATTACK_QUICK_REFERENCE,
    INITIATIVE_RULE,
    activation_order,
    ai_initiative_choice,
    attack,
    attack_outcome,
    initiative,
    initiative_rows,
    roll_initiative,
    rout_check,
    rout_check_due,
    take_wound,
)
from engines.enums import Side
from tests.engines.scripted import loaded

# --- attack -------------------------------------------------------------------


def test_natural_one_always_misses() -> None:
    result = attack(5, 0, dice=loaded(1))
    assert (result.total, result.wounds) == (6, False)


def test_natural_six_always_wounds() -> None:
    result = attack(0, 5, dice=loaded(6))
    assert (result.total, result.wounds) == (1, True)


def test_a_total_of_three_misses() -> None:
    result = attack(1, 1, dice=loaded(3))
    assert (result.total, result.wounds) == (3, False)


def test_a_total_of_four_wounds() -> None:
    result = attack(1, 0, dice=loaded(3))
    assert (result.total, result.wounds) == (4, True)


def test_move_and_shoot_takes_one_off_the_roll() -> None:
    assert attack(0, 0, dice=loaded(4)).wounds
    result = attack(0, 0, moved_and_shot=True, dice=loaded(4))
    assert (result.total, result.wounds) == (3, False)


def test_move_and_shoot_still_wounds_at_four_after_the_penalty() -> None:
    result = attack(1, 0, moved_and_shot=True, dice=loaded(4))
    assert (result.total, result.wounds) == (4, True)


def test_extra_modifiers_are_added_and_logged() -> None:
    dice = loaded(4)
    result = attack(0, 0, modifiers=[("dive for cover", -1)], dice=dice)
    assert (result.total, result.wounds) == (3, False)
    assert ("dive for cover", -1) in dice.entries()[0].modifiers


def test_attack_is_logged_with_modifiers_and_the_reason() -> None:
    dice = loaded(3)
    attack(2, 1, moved_and_shot=True, dice=dice, purpose="Legolas shoots Lurtz")
    assert dice.entries()[0].describe() == (
        "Legolas shoots Lurtz: D6 3, attack modifier +2, defence modifier -1, "
        "move and shoot -1 = 3 → misses (a total of 3 or less misses)"
    )


@pytest.mark.parametrize(
    ("natural", "total", "wounds"),
    [(1, 9, False), (6, -3, True), (2, 3, False), (2, 4, True), (5, 3, False)],
)
def test_attack_outcome_table(natural: int, total: int, wounds: bool) -> None:
    assert attack_outcome(natural, total)[0] is wounds


# --- wounds -------------------------------------------------------------------


def test_a_wound_fills_the_next_free_slot() -> None:
    assert take_wound(filled=1, slots=3).slot == 2


def test_the_last_free_slot_is_filled_without_falling() -> None:
    result = take_wound(filled=2, slots=3)
    assert (result.slot, result.falls) == (3, False)


def test_with_no_free_slot_the_character_falls() -> None:
    result = take_wound(filled=3, slots=3)
    assert (result.slot, result.falls) == (None, True)


# --- rout check -----------------------------------------------------------------


def test_exactly_half_lost_takes_no_rout_check() -> None:
    dice = loaded()
    check = rout_check("Uruk-hai", characters=6, lost=3, dice=dice)
    assert (check.due, check.routs) == (False, False)
    assert dice.entries() == ()


def test_just_past_half_lost_rolls_a_rout_check() -> None:
    check = rout_check("Uruk-hai", characters=6, lost=4, dice=loaded(4))
    assert (check.due, check.routs) == (True, False)


def test_rout_check_routs_on_three_or_less() -> None:
    check = rout_check("Uruk-hai", characters=5, lost=3, dice=loaded(3))
    assert (check.due, check.routs) == (True, True)


def test_odd_company_past_half_checks() -> None:
    assert rout_check_due(characters=5, lost=3)
    assert not rout_check_due(characters=5, lost=2)


def test_horde_company_takes_no_rout_check() -> None:
    dice = loaded()
    check = rout_check("Wolves", characters=6, lost=6, horde=True, dice=dice)
    assert (check.due, check.routs) == (False, False)
    assert "scatters" in check.reason
    assert dice.entries() == ()


# --- rounds ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("natural", "first"),
    [(1, Side.AI), (3, Side.AI), (4, Side.PLAYER), (6, Side.PLAYER)],
)
def test_initiative_one_to_three_ai_four_to_six_humans(
    natural: int, first: Side
) -> None:
    assert roll_initiative(dice=loaded(natural)) is first


def test_the_initiative_roll_logs_who_wins() -> None:
    dice = loaded(2)
    roll_initiative(dice=dice, round_number=3)
    entry = dice.entries()[0]
    assert (entry.purpose, entry.outcome) == (
        "initiative, round 3",
        "the AI side wins the initiative",
    )


@pytest.mark.parametrize(("in_sight", "first"), [(True, Side.AI), (False, Side.PLAYER)])
def test_the_ai_goes_first_only_with_an_enemy_in_sight(
    in_sight: bool, first: Side
) -> None:
    """RULES §4: first if any AI character sees an enemy, else the humans first."""
    assert ai_initiative_choice(enemy_in_sight=in_sight) is first


@pytest.mark.parametrize(
    ("natural", "in_sight", "winner", "first"),
    [
        (2, True, Side.AI, Side.AI),
        (2, False, Side.AI, Side.PLAYER),
        (5, True, Side.PLAYER, None),
        (5, False, Side.PLAYER, None),
    ],
)
def test_a_rounds_initiative(
    natural: int, in_sight: bool, winner: Side, first: Side | None
) -> None:
    """The AI makes its choice when it wins; the humans choose for themselves."""
    result = initiative(dice=loaded(natural), ai_enemy_in_sight=in_sight)
    assert (result.winner, result.first, len(result.log)) == (winner, first, 1)


def test_the_humans_choice_is_kept_when_they_win() -> None:
    result = initiative(dice=loaded(6), ai_enemy_in_sight=True, humans_choice=Side.AI)
    assert result.first is Side.AI


def test_the_humans_choice_does_not_overrule_the_ais_when_it_wins() -> None:
    result = initiative(dice=loaded(1), ai_enemy_in_sight=False, humans_choice=Side.AI)
    assert result.first is Side.PLAYER


def test_the_initiative_rows_print_the_table() -> None:
    assert initiative_rows() == (
        ("1–3", "the AI side wins the initiative"),
        ("4–6", "the humans win the initiative"),
    )


def test_the_initiative_rule_prints_the_rows_and_the_winners_choice() -> None:
    assert "1–3 the AI side wins" in INITIATIVE_RULE and "winner chooses" in (
        INITIATIVE_RULE
    )


def test_the_ais_choice_is_printed() -> None:
    assert "enemy in sight" in AI_INITIATIVE_CHOICE


def test_co_op_order_alternates_humans_with_the_ai() -> None:
    assert activation_order(["Frodo", "Sam"]) == ("Frodo", "AI", "Sam", "AI")


def test_solo_order_is_plain_alternation() -> None:
    assert activation_order(["Frodo"]) == ("Frodo", "AI")


def test_co_op_order_when_the_ai_goes_first() -> None:
    assert activation_order(["Frodo", "Sam"], ai_first=True) == (
        "AI",
        "Frodo",
        "AI",
        "Sam",
    )


def test_co_op_order_needs_a_player() -> None:
    with pytest.raises(ValueError):
        activation_order([])


def test_quick_reference_prints_the_attack_numbers() -> None:
    text = " ".join(f"{term} {rule}" for term, rule in ATTACK_QUICK_REFERENCE)
    for needle in ("Natural 1", "Natural 6", "above 3", "−1", "3 or less"):
        assert needle in text
