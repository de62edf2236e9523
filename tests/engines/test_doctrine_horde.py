"""RULES §5.3: the horde — modes, activation steps and the end of the round."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engines.doctrines.horde import (
    PROCEDURE,
    HordeMember,
    HordeRound,
    HordeRoundResult,
    PlayerModel,
    Point,
    horde_decide,
    horde_end_of_round,
)
from engines.doctrines.situation import Decision, Enemy, Friend, Situation
from engines.enums import Action, HordeMode
from tests.engines.scripted import ScriptedRandom

NORMAL, FRENZY, SCATTER = HordeMode.NORMAL, HordeMode.FRENZY, HordeMode.SCATTER


def enemy(id: str, distance: float, **fields: object) -> Enemy:
    return Enemy(id=id, distance=distance, **fields)  # type: ignore[arg-type]


def friend(id: str, distance: float, wounded: bool = False) -> Friend:
    return Friend(id=id, distance=distance, wounded=wounded)


def decide(situation: Situation, *faces: int) -> Decision:
    rng = ScriptedRandom(*faces)
    decision = horde_decide(situation, rng=rng)
    assert rng.done, "scripted faces left unrolled"
    return decision


class Case(NamedTuple):
    name: str
    situation: Situation
    faces: tuple[int, ...]
    action: Action
    steps: tuple[str, ...]
    target: str | None


def case(
    name: str,
    faces: tuple[int, ...],
    action: Action,
    steps: tuple[str, ...] | str,
    target: str | None = None,
    **situation: object,
) -> Case:
    situation.setdefault("id", "bug")
    situation.setdefault("move", 6)
    situation.setdefault("enemies", (enemy("sam", 10), enemy("merry", 4)))
    steps = (steps,) if isinstance(steps, str) else steps
    return Case(
        name,
        Situation(**situation),  # type: ignore[arg-type]
        faces,
        action,
        steps,
        target,
    )


WOUNDED_AT_8 = (friend("b2", 8, wounded=True),)
HURT_BY_SAM = (enemy("sam", 10, hurt_me=True), enemy("merry", 4))

CASES = [
    # --- pre-activation ---
    case(
        "wounded in melee: continues the melee",
        (),
        Action.CONTINUE_MELEE,
        "pre-melee",
        "sam",
        wounded=True,
        enemies=(enemy("sam", 0, in_contact=True),),
    ),
    case("wounded: does not act", (), Action.NO_ACTION, "pre-wounded", wounded=True),
    case(
        "wounded in frenzy: does not act either",
        (),
        Action.NO_ACTION,
        "pre-wounded",
        wounded=True,
        mode=FRENZY,
    ),
    # --- normal 1: another wounded friend within 8" ---
    case(
        'wounded friend at 8", D6 1: move full away',
        (1,),
        Action.MOVE_AWAY,
        "normal-1",
        friends=WOUNDED_AT_8,
    ),
    case(
        'wounded friend at 7.5", D6 2: move full away',
        (2,),
        Action.MOVE_AWAY,
        "normal-1",
        friends=(friend("b2", 7.5, wounded=True),),
    ),
    case(
        "wounded friend, D6 3: hold",
        (3,),
        Action.HOLD,
        "normal-1",
        friends=WOUNDED_AT_8,
    ),
    case(
        "wounded friend, D6 4: hold",
        (4,),
        Action.HOLD,
        "normal-1",
        friends=WOUNDED_AT_8,
    ),
    case(
        "wounded friend, D6 5: charge the nearest, within move",
        (5,),
        Action.MOVE_INTO_MELEE,
        "normal-1",
        "merry",
        friends=WOUNDED_AT_8,
    ),
    case(
        "wounded friend, D6 6: charge the nearest, beyond move",
        (6,),
        Action.MOVE_TOWARD_ENEMY,
        "normal-1",
        "sam",
        friends=WOUNDED_AT_8,
        enemies=(enemy("sam", 6.5),),
    ),
    case(
        'a wounded friend at 8.5" is too far: step 3',
        (1,),
        Action.HOLD,
        "normal-3",
        friends=(friend("b2", 8.5, wounded=True),),
    ),
    case(
        "an unwounded friend near is no reason to flee: step 3",
        (2,),
        Action.HOLD,
        "normal-3",
        friends=(friend("b2", 1),),
    ),
    # --- normal 2: hurt this round, D6 + unwounded friends within 6" ---
    case(
        "hurt, alone, D6 3: move full away",
        (3,),
        Action.MOVE_AWAY,
        "normal-2",
        hurt_this_round=True,
    ),
    case(
        "hurt, alone, D6 4: hold",
        (4,),
        Action.HOLD,
        "normal-2",
        hurt_this_round=True,
    ),
    case(
        "hurt, alone, D6 5: hold",
        (5,),
        Action.HOLD,
        "normal-2",
        hurt_this_round=True,
    ),
    case(
        "hurt, alone, D6 6: charge the enemy that hurt it (not the nearest)",
        (6,),
        Action.MOVE_TOWARD_ENEMY,
        "normal-2",
        "sam",
        hurt_this_round=True,
        enemies=HURT_BY_SAM,
    ),
    case(
        'hurt, friends at 6" and 5.5" (+2), D6 3 = 5: hold',
        (3,),
        Action.HOLD,
        "normal-2",
        hurt_this_round=True,
        friends=(friend("b2", 6), friend("b3", 5.5), friend("b4", 6.5)),
    ),
    case(
        'hurt, friends at 6" and 5.5" (+2), D6 4 = 6: charge',
        (4,),
        Action.MOVE_TOWARD_ENEMY,
        "normal-2",
        "sam",
        hurt_this_round=True,
        enemies=HURT_BY_SAM,
        friends=(friend("b2", 6), friend("b3", 5.5), friend("b4", 6.5)),
    ),
    case(
        'hurt, a friend at 6.5" and a wounded one at 9" add nothing: D6 5 holds',
        (5,),
        Action.HOLD,
        "normal-2",
        hurt_this_round=True,
        friends=(friend("b4", 6.5), friend("b5", 9, wounded=True)),
    ),
    # --- normal 3: otherwise ---
    case("D6 1: hold", (1,), Action.HOLD, "normal-3"),
    case("D6 2: hold", (2,), Action.HOLD, "normal-3"),
    case("D6 3: wander", (3, 4, 1), Action.WANDER, "normal-3"),
    case("D6 5: wander", (5, 2, 2), Action.WANDER, "normal-3"),
    case("D6 6: charge the nearest", (6,), Action.MOVE_INTO_MELEE, "normal-3", "merry"),
    # --- frenzy ---
    case(
        "frenzy, hurt, D6 1: move away",
        (1,),
        Action.MOVE_AWAY,
        "frenzy-1",
        mode=FRENZY,
        hurt_this_round=True,
    ),
    case(
        "frenzy, hurt, D6 2: hold",
        (2,),
        Action.HOLD,
        "frenzy-1",
        mode=FRENZY,
        hurt_this_round=True,
    ),
    case(
        "frenzy, hurt, D6 3: hold",
        (3,),
        Action.HOLD,
        "frenzy-1",
        mode=FRENZY,
        hurt_this_round=True,
    ),
    case(
        "frenzy, hurt, D6 4: charge the enemy that hurt it",
        (4,),
        Action.MOVE_TOWARD_ENEMY,
        "frenzy-1",
        "sam",
        mode=FRENZY,
        hurt_this_round=True,
        enemies=HURT_BY_SAM,
    ),
    case(
        'frenzy, not hurt: charge the nearest at 6", into melee',
        (),
        Action.MOVE_INTO_MELEE,
        "frenzy-2",
        "sam",
        mode=FRENZY,
        friends=WOUNDED_AT_8,
        enemies=(enemy("sam", 6), enemy("merry", 9)),
    ),
    case(
        'frenzy, not hurt: the nearest at 6.5", full move toward',
        (),
        Action.MOVE_TOWARD_ENEMY,
        "frenzy-2",
        "sam",
        mode=FRENZY,
        enemies=(enemy("sam", 6.5),),
    ),
    case(
        "frenzy, a shooter with the target in sight within range 12: shoots",
        (),
        Action.SHOOT,
        ("shoot-instead", "frenzy-2"),
        "sam",
        mode=FRENZY,
        shooting_range=12,
        enemies=(enemy("sam", 12),),
    ),
    case(
        'frenzy, a shooter, target at 12.5": charges',
        (),
        Action.MOVE_TOWARD_ENEMY,
        "frenzy-2",
        "sam",
        mode=FRENZY,
        shooting_range=12,
        enemies=(enemy("sam", 12.5),),
    ),
    case(
        "frenzy, a shooter, target out of sight: charges",
        (),
        Action.MOVE_INTO_MELEE,
        "frenzy-2",
        "sam",
        mode=FRENZY,
        shooting_range=12,
        enemies=(enemy("sam", 5, in_sight=False),),
    ),
    case(
        "normal, a shooter rolling a charge: shoots the one that hurt it",
        (6,),
        Action.SHOOT,
        ("shoot-instead", "normal-2"),
        "sam",
        shooting_range=12,
        hurt_this_round=True,
        enemies=HURT_BY_SAM,
    ),
    # --- scatter ---
    case(
        "scatter: full move to the edge, leaving the battle",
        (),
        Action.LEAVE_TABLE,
        "scatter",
        mode=SCATTER,
        hurt_this_round=True,
    ),
    case(
        "scatter, in melee: continues the melee",
        (),
        Action.CONTINUE_MELEE,
        "pre-melee",
        "sam",
        mode=SCATTER,
        enemies=(enemy("sam", 0, in_contact=True),),
    ),
]


@pytest.mark.parametrize("c", CASES, ids=[c.name for c in CASES])
def test_horde_step(c: Case) -> None:
    decision = decide(c.situation, *c.faces)
    assert (decision.action, decision.steps, decision.target) == (
        c.action,
        c.steps,
        c.target,
    )


def test_a_wander_is_a_half_move_in_a_direction_roll() -> None:
    """D6 3 wanders; direction 4 then an even 2: 10 o'clock, half of 6"."""
    decision = decide(Situation(move=6), 3, 4, 2)
    assert (decision.direction, decision.inches) == (10, 3)


def test_the_hurt_roll_logs_its_friends_bonus() -> None:
    situation = Situation(
        id="bug", hurt_this_round=True, friends=(friend("b2", 2), friend("b3", 3))
    )
    entry = decide(situation, 2).log[0]
    assert (entry.dice, entry.modifiers, entry.total, entry.outcome) == (
        (2,),
        (("unwounded friends near", 2),),
        4,
        "Hold",
    )


# --- end of round ---------------------------------------------------------------------


def end_of_round(horde: HordeRound, *faces: int) -> HordeRoundResult:
    rng = ScriptedRandom(*faces)
    result = horde_end_of_round(horde, rng=rng)
    assert rng.done, "scripted faces left unrolled"
    return result


def members(*specs: tuple[str, bool, float | None]) -> tuple[HordeMember, ...]:
    return tuple(HordeMember(id=i, wounded=w, nearest_enemy=d) for i, w, d in specs)


SAM_IN_THE_MIDDLE = (PlayerModel(id="sam", position=Point(18, 18)),)


def test_nothing_fallen_and_nobody_wounded_rolls_nothing() -> None:
    result = end_of_round(HordeRound(mode=NORMAL, members=members(("b1", False, 3))))
    assert (result.mode, result.steps, result.log) == (NORMAL, (), ())


def test_bleeding_a_wounded_horde_character_falls_on_1() -> None:
    """D6 per wounded character: 1 falls, 2 holds on; the fall starts consolidation."""
    horde = HordeRound(
        mode=NORMAL,
        members=members(("b1", True, 3), ("b2", False, 3), ("b3", True, 3)),
    )
    result = end_of_round(horde, 1, 2, 3, 4)
    assert (result.fallen, result.fallen_so_far, result.steps, result.mode) == (
        ("b1",),
        1,
        ("bleeding", "consolidation"),
        NORMAL,
    )


@pytest.mark.parametrize(
    ("fallen_so_far", "faces", "mode"),
    [
        (3, (1, 1), SCATTER),
        (10, (1, 1), SCATTER),  # 2 + 10 = 12, but a natural 2 scatters
        (9, (1, 2), FRENZY),  # 3 + 9 = 12
        (8, (1, 2), NORMAL),  # 3 + 8 = 11
        (5, (3, 4), FRENZY),  # 7 + 5 = 12
        (4, (3, 4), NORMAL),  # 7 + 4 = 11
        (1, (6, 5), FRENZY),  # 11 + 1 = 12
        (1, (5, 5), NORMAL),  # 10 + 1 = 11
    ],
)
def test_consolidation_from_normal(
    fallen_so_far: int, faces: tuple[int, int], mode: HordeMode
) -> None:
    """2D6: a natural 2 scatters; otherwise 2D6 + fallen so far ≥ 12 → frenzy."""
    horde = HordeRound(mode=NORMAL, fallen_so_far=fallen_so_far)
    assert end_of_round(horde, *faces).mode == mode


def test_frenzy_can_still_become_scatter() -> None:
    horde = HordeRound(mode=FRENZY, fallen_so_far=6)
    assert end_of_round(horde, 1, 1).mode == SCATTER


def test_frenzy_stays_frenzy_on_a_low_total() -> None:
    horde = HordeRound(mode=FRENZY, fallen_so_far=1)
    assert end_of_round(horde, 2, 3).mode == FRENZY


def test_scatter_is_final_no_more_consolidation_rolls() -> None:
    horde = HordeRound(mode=SCATTER, fallen_so_far=12)
    result = end_of_round(horde)
    assert (result.mode, result.log) == (SCATTER, ())


def test_consolidation_counts_the_fallen_of_this_bleeding() -> None:
    """Fallen 8 before, one bleeds to death: 3 + 9 = 12 → frenzy."""
    horde = HordeRound(mode=NORMAL, members=members(("b1", True, 3)), fallen_so_far=8)
    assert end_of_round(horde, 1, 1, 2).mode == FRENZY


def test_consolidation_logs_its_roll() -> None:
    entry = end_of_round(HordeRound(mode=NORMAL, fallen_so_far=5), 3, 4).log[0]
    assert (entry.dice, entry.modifiers, entry.total, entry.outcome) == (
        (3, 4),
        (("fallen so far", 5),),
        12,
        "frenzy",
    )


@pytest.mark.parametrize(
    ("mode", "face", "arrives"),
    [
        (NORMAL, 4, False),
        (NORMAL, 5, True),
        (NORMAL, 6, True),
        (FRENZY, 3, False),
        (FRENZY, 4, True),
    ],
)
def test_reinforcements_appear_on_5_6_or_4_6_in_frenzy(
    mode: HordeMode, face: int, arrives: bool
) -> None:
    horde = HordeRound(mode=mode, reinforcements=True, players=SAM_IN_THE_MIDDLE)
    faces = (face, 3, 3, 1) if arrives else (face,)
    assert bool(end_of_round(horde, *faces).arrivals) is arrives


def test_a_reinforcement_appears_1d6_plus_2_away_in_a_direction_roll() -> None:
    """D6 5 arrives; D6 3 + 2 = 5"; direction 3, odd: 3 o'clock, due east."""
    horde = HordeRound(mode=NORMAL, reinforcements=True, players=SAM_IN_THE_MIDDLE)
    result = end_of_round(horde, 5, 3, 3, 1)
    arrival = result.arrivals[0]
    assert (arrival.near, arrival.inches, arrival.clock, arrival.position) == (
        "sam",
        5,
        3,
        Point(23, 18),
    )


def test_a_reinforcement_off_the_table_does_not_appear() -> None:
    """Sam at 34" east of the west edge: 8" at 3 o'clock is off a 36" table."""
    horde = HordeRound(
        mode=NORMAL,
        reinforcements=True,
        players=(PlayerModel(id="sam", position=Point(34, 18)),),
    )
    result = end_of_round(horde, 6, 6, 3, 1)
    assert (result.arrivals, result.log[-1].outcome) == (
        (),
        "off the table: nothing appears",
    )


def test_a_reinforcement_within_the_table_size_appears() -> None:
    """The same roll on a 48" wide table lands at x = 42."""
    horde = HordeRound(
        mode=NORMAL,
        reinforcements=True,
        table_width=48,
        players=(PlayerModel(id="sam", position=Point(34, 18)),),
    )
    assert end_of_round(horde, 6, 6, 3, 1).arrivals[0].position == Point(42, 18)


def test_reinforcements_roll_per_player_character_until_the_cap() -> None:
    """Four on the table, cap 5: Sam's arrival fills the cap, Merry rolls nothing."""
    horde = HordeRound(
        mode=NORMAL,
        reinforcements=True,
        members=members(*((f"b{i}", False, 3) for i in range(4))),
        players=SAM_IN_THE_MIDDLE + (PlayerModel(id="merry", position=Point(10, 10)),),
    )
    result = end_of_round(horde, 5, 1, 6, 1)
    assert [a.near for a in result.arrivals] == ["sam"]


def test_no_reinforcements_at_the_cap() -> None:
    horde = HordeRound(
        mode=NORMAL,
        reinforcements=True,
        cap=3,
        members=members(*((f"b{i}", False, 3) for i in range(3))),
        players=SAM_IN_THE_MIDDLE,
    )
    assert end_of_round(horde).log == ()


def test_bleeding_comes_before_reinforcements_and_frees_a_place() -> None:
    """At the cap, one bleeds to death: reinforcements roll, then consolidation."""
    horde = HordeRound(
        mode=NORMAL,
        reinforcements=True,
        cap=2,
        members=members(("b1", True, 3), ("b2", False, 3)),
        players=SAM_IN_THE_MIDDLE,
    )
    result = end_of_round(horde, 1, 4, 3, 4)
    assert [entry.purpose for entry in result.log] == [
        "b1: bleeding",
        "reinforcements near sam",
        "horde consolidation",
    ]


def test_no_reinforcements_when_scattering_or_without_them() -> None:
    scattering = HordeRound(
        mode=SCATTER, reinforcements=True, players=SAM_IN_THE_MIDDLE
    )
    without = HordeRound(mode=NORMAL, players=SAM_IN_THE_MIDDLE)
    assert (end_of_round(scattering).log, end_of_round(without).log) == ((), ())


def test_lurking_removes_an_unwounded_character_beyond_12_on_4_6() -> None:
    """12.5" rolls (4: removed); 12" and wounded do not; 20" rolls (3: stays)."""
    horde = HordeRound(
        mode=NORMAL,
        reinforcements=True,
        members=members(
            ("b1", False, 12.5), ("b2", False, 12), ("b3", True, 20), ("b4", False, 20)
        ),
    )
    result = end_of_round(horde, 2, 4, 3)  # b3 bleeds (2), b1 lurks (4), b4 (3)
    assert (result.removed, result.steps) == (("b1",), ("bleeding", "lurking"))


def test_lurking_with_no_enemy_on_the_table() -> None:
    horde = HordeRound(
        mode=NORMAL, reinforcements=True, members=members(("b1", False, None))
    )
    assert end_of_round(horde, 6).removed == ("b1",)


@pytest.mark.parametrize(
    "horde",
    [
        HordeRound(
            mode=FRENZY, reinforcements=True, members=members(("b1", False, 30))
        ),
        HordeRound(
            mode=NORMAL, reinforcements=False, members=members(("b1", False, 30))
        ),
    ],
    ids=["frenzy", "without reinforcements"],
)
def test_no_lurking_in_frenzy_or_without_reinforcements(horde: HordeRound) -> None:
    assert end_of_round(horde).removed == ()


def test_every_printed_step_is_reached_and_every_reached_step_is_printed() -> None:
    reached = {step for c in CASES for step in decide(c.situation, *c.faces).steps}
    end = end_of_round(
        HordeRound(
            mode=NORMAL,
            reinforcements=True,
            fallen_so_far=1,
            members=members(("b1", True, 3), ("b2", False, 20)),
            players=SAM_IN_THE_MIDDLE,
        ),
        2,  # b1 bleeds, holds on
        4,  # reinforcements: nothing
        3,  # b2 lurks, stays
        3,  # consolidation: 3 + 4 + 1 fallen = 8, no change
        4,
    )
    assert reached | set(end.steps) == set(PROCEDURE.step_ids())
