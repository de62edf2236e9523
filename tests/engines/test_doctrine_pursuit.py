"""RULES §5.4: pursuit — Movement and Control dice, position, drift."""

from __future__ import annotations

import pytest

from engines.doctrines import procedure
from engines.doctrines.pursuit import (
    DISTANCE_TABLE,
    DRIFT_TABLE,
    PROCEDURE,
    Ahead,
    Pursuer,
    PursuitDecision,
    pursuit_decide,
    pursuit_positions,
    pursuit_round,
)
from engines.doctrines.settings import DoctrineSettings
from engines.enums import Action, Doctrine, Drift
from tests.engines.scripted import ScriptedRandom

FAR = 40.0
"""Far enough from the quarry that no move reaches it."""


def pursue(
    movement: int,
    control: int,
    *,
    position: int = 1,
    lever: int = 0,
    **fields: object,
) -> PursuitDecision:
    fields.setdefault("distance", FAR)
    rng = ScriptedRandom(movement, control)
    decision = pursuit_decide(
        Pursuer(id="wraith", quarry="frodo", **fields),  # type: ignore[arg-type]
        position=position,
        settings=DoctrineSettings(pursuit_lever=lever) if lever else None,
        rng=rng,
    )
    assert rng.done
    return decision


def test_positions_rank_by_distance_to_the_quarry_capped_at_6() -> None:
    """1 = closest; ties by card order; the seventh and eighth are still 6."""
    pursuers = [
        Pursuer(id=f"w{n}", distance=distance, card_order=n)
        for n, distance in enumerate([30, 5, 10, 5, 40, 50, 60, 70])
    ]
    assert pursuit_positions(pursuers) == {
        "w1": 1,
        "w3": 2,
        "w2": 3,
        "w0": 4,
        "w4": 5,
        "w5": 6,
        "w6": 6,
        "w7": 6,
    }


@pytest.mark.parametrize(
    ("position", "movement", "speed"),
    [(1, 1, 1), (4, 2, 4), (4, 3, 4), (4, 4, 4), (4, 5, 5), (6, 1, 6)],
)
def test_movement_is_raised_to_at_least_the_position(
    position: int, movement: int, speed: int
) -> None:
    """Stragglers catch up: M below the position is turned up to it."""
    decision = pursue(movement, speed, position=position)
    assert (decision.speed, decision.inches) == (speed, speed * 2 + 2)


def test_a_position_beyond_6_counts_as_6() -> None:
    decision = pursue(1, 6, position=9)
    assert (decision.position, decision.speed) == (6, 6)


def test_the_raise_is_logged_as_a_modifier() -> None:
    decision = pursue(2, 6, position=4)
    movement, control = decision.log
    assert (movement.dice, movement.modifiers, movement.total, control.total) == (
        (2,),
        (("position 4", 2),),
        4,
        6,
    )


def test_a_raised_movement_die_shows_the_position_step() -> None:
    assert pursue(2, 6, position=4).steps[0] == "position"


@pytest.mark.parametrize("movement", range(1, 7))
def test_distance_is_movement_times_two_inches(movement: int) -> None:
    """Balanced dice aside: M × 2 inches forward (C = 6 drifts, M 6 C 1 cuts in)."""
    control = 1 if movement == 6 else 6
    assert pursue(movement, control).inches == movement * 2


def test_control_above_movement_drifts_wide() -> None:
    decision = pursue(3, 5)
    assert (decision.drift_side, decision.drift, decision.inches, decision.step) == (
        Drift.WIDE,
        4,
        6,
        "drift-wide",
    )


def test_control_below_movement_cuts_in() -> None:
    decision = pursue(5, 2)
    assert (decision.drift_side, decision.drift, decision.inches, decision.step) == (
        Drift.IN,
        6,
        10,
        "drift-in",
    )


def test_drift_uses_movement_after_raising() -> None:
    """Position 5, M 1 → 5, C 3: cuts in |5 − 3| × 2 = 4", not wide 4"."""
    decision = pursue(1, 3, position=5)
    assert (decision.drift_side, decision.drift, decision.inches) == (Drift.IN, 4, 10)


def test_equal_dice_are_balanced_no_drift_and_two_more_inches() -> None:
    decision = pursue(4, 4)
    assert (decision.drift_side, decision.drift, decision.inches, decision.steps) == (
        Drift.BALANCED,
        0,
        10,
        ("distance", "balanced"),
    )


def test_raised_movement_equal_to_control_is_balanced() -> None:
    decision = pursue(1, 3, position=3)
    assert (decision.drift_side, decision.inches) == (Drift.BALANCED, 8)


def test_a_drift_off_the_table_becomes_forward_movement() -> None:
    """M 1, C 6: 10" wide with 3" of room — 3" sideways, 7" more forward."""
    decision = pursue(1, 6, room_wide=3)
    assert (decision.drift, decision.converted, decision.inches, decision.steps) == (
        3,
        7,
        9,
        ("distance", "drift-wide", "edge"),
    )


def test_cutting_in_off_the_table_becomes_forward_movement_too() -> None:
    decision = pursue(6, 1, room_in=0, room_wide=0.5)
    assert (decision.drift, decision.converted, decision.inches) == (0, 10, 22)


def test_room_enough_on_the_other_side_changes_nothing() -> None:
    decision = pursue(3, 5, room_in=0)
    assert (decision.drift, decision.converted, decision.inches) == (4, 0, 6)


@pytest.mark.parametrize(
    ("lever", "behind", "inches"), [(2, True, 12), (4, True, 14), (4, False, 10)]
)
def test_the_difficulty_lever_speeds_pursuers_behind_the_rearmost(
    lever: int, behind: bool, inches: float
) -> None:
    decision = pursue(4, 4, lever=lever, behind_rearmost=behind)
    assert (decision.inches, "lever" in decision.steps) == (inches, behind)


def test_the_lever_is_2_or_4_inches() -> None:
    with pytest.raises(ValueError):
        DoctrineSettings(pursuit_lever=3)


@pytest.mark.parametrize(
    ("distance", "action"),
    [
        (9.5, Action.MOVE_INTO_MELEE),
        (10, Action.MOVE_INTO_MELEE),
        (10.5, Action.PURSUE),
    ],
)
def test_a_pursuer_that_reaches_the_quarry_fights_it(
    distance: float, action: Action
) -> None:
    """M 4 = C 4: 10" forward reaches a quarry up to 10" away: base contact, melee."""
    decision = pursue(4, 4, distance=distance)
    assert (decision.action, decision.target) == (action, "frodo")


def test_a_pursuer_that_drifts_wide_does_not_end_in_contact() -> None:
    """M 4, C 6, quarry 8" away: 8" forward but 4" wide of its line: no melee."""
    decision = pursue(4, 6, distance=8)
    assert (decision.action, decision.lateral) == (Action.PURSUE, 4)


def test_a_pursuer_that_cuts_in_onto_the_line_reaches_the_quarry() -> None:
    """4" off the line, M 5, C 3: cuts in 4", 10" forward: in contact at 9"."""
    decision = pursue(5, 3, distance=9, offset=4)
    assert (decision.action, decision.inches, decision.step) == (
        Action.MOVE_INTO_MELEE,
        9,
        "contact",
    )


def test_cutting_in_stops_on_the_quarrys_line() -> None:
    """2" off, cutting in 6": it ends on the line, not 4" past it."""
    assert pursue(5, 2, offset=2).lateral == 0


def test_a_pursuer_off_the_line_with_balanced_dice_passes_beside_the_quarry() -> None:
    decision = pursue(4, 4, distance=5, offset=1)
    assert (decision.action, decision.lateral) == (Action.PURSUE, 1)


def test_contact_stops_the_pursuer_at_the_quarry() -> None:
    """Only other models stop a pursuer: 10" forward, the quarry 5" away."""
    assert (pursue(4, 4, distance=5).inches, pursue(4, 4, distance=5).forward) == (
        5,
        10,
    )


def test_a_pursuer_that_reaches_another_player_character_fights_it() -> None:
    """§5.4: any player character a pursuer ends in base contact with is fought.
    M 4 = C 4: 10" forward on the line; Sam stands 6" ahead on it, the quarry
    20" away: it stops at Sam and fights Sam."""
    decision = pursue(4, 4, distance=20, others=(Ahead(id="sam", along=6),))
    assert (decision.action, decision.target, decision.inches, decision.step) == (
        Action.MOVE_INTO_MELEE,
        "sam",
        6,
        "contact",
    )


def test_a_player_character_beside_the_line_it_ends_on_is_not_reached() -> None:
    """Sam 6" ahead but 2" off the line the pursuer ends on: it passes him."""
    decision = pursue(4, 4, distance=20, others=(Ahead(id="sam", along=6, offset=2),))
    assert (decision.action, decision.target) == (Action.PURSUE, "frodo")


def test_a_drift_onto_another_characters_line_reaches_it() -> None:
    """M 4, C 6: 8" forward and 4" wide; Sam 7" ahead, 4" off the quarry's
    line: the pursuer ends beside him, in contact, and fights him."""
    decision = pursue(4, 6, distance=8, others=(Ahead(id="sam", along=7, offset=4),))
    assert (decision.action, decision.target, decision.inches) == (
        Action.MOVE_INTO_MELEE,
        "sam",
        7,
    )


def test_the_first_character_reached_is_fought() -> None:
    """The quarry 5" ahead and Sam 8" ahead, both on the line: the quarry stops it."""
    decision = pursue(4, 4, distance=5, others=(Ahead(id="sam", along=8),))
    assert (decision.target, decision.inches) == ("frodo", 5)


def test_the_contact_step_names_any_player_character() -> None:
    """The card's step says the quarry or any other player character is fought."""
    step = PROCEDURE.step("contact")
    assert "a player character (the quarry or any other)" in step.when


# --- the follow-up activation: every distance halved ------------------------------


def test_a_follow_up_halves_the_movement_and_the_bonus() -> None:
    """M 4 = C 4: 10" normally, 5" in a follow-up."""
    decision = pursue(4, 4, follow_up=True)
    assert (decision.inches, decision.steps) == (
        5,
        ("follow-up", "distance", "balanced"),
    )


def test_a_follow_up_halves_the_drift() -> None:
    decision = pursue(3, 5, follow_up=True)
    assert (decision.inches, decision.drift) == (3, 2)


def test_a_follow_up_halves_the_lever() -> None:
    decision = pursue(4, 4, follow_up=True, lever=4, behind_rearmost=True)
    assert (decision.inches, decision.lever) == (7, 2)


def test_a_follow_up_still_in_melee_continues_it() -> None:
    rng = ScriptedRandom()
    pursuer = Pursuer(id="w", distance=0, in_melee=True, follow_up=True)
    decision = pursuit_decide(pursuer, position=1, rng=rng)
    assert decision.steps == ("follow-up", "pre-melee")


# --- the card prints this battle's lever ------------------------------------------


@pytest.mark.parametrize(
    ("lever", "printed"),
    [
        (None, "+2 or +4 inches to its move, as the scene sets it."),
        (0, "Nothing more in this battle."),
        (4, '+4" to its move in this battle.'),
    ],
)
def test_the_lever_step_prints_this_battles_lever(
    lever: int | None, printed: str
) -> None:
    """The step says what the pursuer gains, never "difficulty lever"."""
    settings = None if lever is None else DoctrineSettings(pursuit_lever=lever)
    step = procedure(Doctrine.PURSUIT, settings).step("lever")
    assert printed in step.then and "lever" not in f"{step.when} {step.then}"


def test_the_card_names_this_battles_quarry_and_route() -> None:
    settings = DoctrineSettings(quarry=("Frodo", "Sam"), route="along the road")
    summary = procedure(Doctrine.PURSUIT, settings).summary
    assert "Frodo and Sam" in summary and "along the road" in summary


def test_a_battle_without_a_lever_gives_no_bonus_behind_the_rearmost() -> None:
    decision = pursue(4, 4, behind_rearmost=True)
    assert (decision.inches, "lever" in decision.steps) == (10, False)


@pytest.mark.parametrize(
    ("fields", "action", "step"),
    [
        ({"routing": True}, Action.ROUT, "pre-rout"),
        ({"in_melee": True}, Action.CONTINUE_MELEE, "pre-melee"),
    ],
)
def test_pre_activation_rolls_no_dice(
    fields: dict[str, bool], action: Action, step: str
) -> None:
    rng = ScriptedRandom()
    pursuer = Pursuer(id="wraith", distance=0, **fields)
    decision = pursuit_decide(pursuer, position=1, rng=rng)
    assert (decision.action, decision.step, decision.log) == (action, step, ())


def test_a_round_moves_the_closest_pursuer_first() -> None:
    pursuers = [
        Pursuer(id="far", distance=30, card_order=1),
        Pursuer(id="near", distance=10, card_order=2),
    ]
    rng = ScriptedRandom(3, 3, 1, 6)
    decisions = pursuit_round(pursuers, rng=rng)
    assert [(d.log[0].purpose, d.position, d.speed) for d in decisions] == [
        ("near: Movement die", 1, 3),
        ("far: Movement die", 2, 2),
    ]


def test_the_pursuit_dice_tables_print_every_result() -> None:
    assert [row.result for row in DISTANCE_TABLE.rows] == [
        f'{2 * m}" along the route' for m in range(1, 7)
    ] and [row.result for row in DRIFT_TABLE.rows] == [
        'balanced: no drift, +2"',
        '2" sideways',
        '4" sideways',
        '6" sideways',
        '8" sideways',
        '10" sideways',
    ]


def test_every_printed_step_is_reached_and_every_reached_step_is_printed() -> None:
    decisions = [
        pursue(2, 6, position=4, room_wide=1, lever=2, behind_rearmost=True),
        pursue(5, 2),
        pursue(4, 4, distance=5, follow_up=True),
        *(
            pursuit_decide(pursuer, position=1, rng=ScriptedRandom())
            for pursuer in (
                Pursuer(id="w", distance=9, routing=True),
                Pursuer(id="w", distance=0, in_melee=True),
            )
        ),
    ]
    reached = {step for decision in decisions for step in decision.steps}
    assert reached == set(PROCEDURE.step_ids())
