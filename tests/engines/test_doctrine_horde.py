"""RULES §5.3: the horde — modes, activation steps and the end of the round."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engines.doctrines import procedure
from engines.doctrines.horde import (
    EDGE_RULE,
    FRENZY_HURT_TABLE,
    HURT_TABLE,
    NORMAL_TABLE,
    PROCEDURE,
    WOUNDED_FRIEND_TABLE,
    HordeMember,
    HordeRound,
    HordeRoundResult,
    PlayerModel,
    Point,
    horde_decide,
    horde_end_of_round,
)
from engines.doctrines.rules import FOLLOW_UP_SHARE
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.situation import Decision, Edges, Enemy, Friend, Situation
from engines.doctrines.steps import Table
from engines.enums import Action, Doctrine, HordeMode
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
        'wounded friend at 8", D6 1: flee D6"',
        (1, 3),
        Action.FLEE,
        "normal-1",
        friends=WOUNDED_AT_8,
    ),
    case(
        'wounded friend at 7.5", D6 2: flee D6"',
        (2, 3),
        Action.FLEE,
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
        'wounded friend, D6 5: charge D6+4" reaches the nearest at 4"',
        (5, 1),
        Action.MOVE_INTO_MELEE,
        "normal-1",
        "merry",
        friends=WOUNDED_AT_8,
    ),
    case(
        'wounded friend, D6 6: charge 2 + 4 = 6" falls short of 6.5"',
        (6, 2),
        Action.MOVE_TOWARD_ENEMY,
        "normal-1",
        "sam",
        friends=WOUNDED_AT_8,
        enemies=(enemy("sam", 6.5),),
    ),
    case(
        'wounded friend, D6 6: charge 3 + 4 = 7" reaches 6.5"',
        (6, 3),
        Action.MOVE_INTO_MELEE,
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
        'hurt, alone, D6 3: flee D6+2"',
        (3, 1),
        Action.FLEE,
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
        'hurt, alone, D6 6: charge the enemy that hurt it (not the nearest), 9"',
        (6, 5),
        Action.MOVE_TOWARD_ENEMY,
        "normal-2",
        "sam",
        hurt_this_round=True,
        enemies=HURT_BY_SAM,
    ),
    case(
        'hurt, alone, D6 6: a charge of 6 + 4 = 10" reaches it at 10"',
        (6, 6),
        Action.MOVE_INTO_MELEE,
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
        (4, 1),
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
    case("D6 3: wander", (3, 4, 1, 2), Action.WANDER, "normal-3"),
    case("D6 5: wander", (5, 2, 2, 6), Action.WANDER, "normal-3"),
    case(
        'D6 6: the weak charge D6", 4" reaches the nearest at 4"',
        (6, 4),
        Action.MOVE_INTO_MELEE,
        "normal-3",
        "merry",
    ),
    case(
        'D6 6: the weak charge D6", 3" falls short of 4"',
        (6, 3),
        Action.MOVE_TOWARD_ENEMY,
        "normal-3",
        "merry",
    ),
    # --- frenzy ---
    case(
        'frenzy, hurt, D6 1: flee D6"',
        (1, 2),
        Action.FLEE,
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
        (4, 1),
        Action.MOVE_TOWARD_ENEMY,
        "frenzy-1",
        "sam",
        mode=FRENZY,
        hurt_this_round=True,
        enemies=HURT_BY_SAM,
    ),
    case(
        'frenzy, not hurt: charge 2 + 4 = 6" reaches the nearest at 6"',
        (2,),
        Action.MOVE_INTO_MELEE,
        "frenzy-2",
        "sam",
        mode=FRENZY,
        friends=WOUNDED_AT_8,
        enemies=(enemy("sam", 6), enemy("merry", 9)),
    ),
    case(
        'frenzy, not hurt: 2 + 4 = 6" falls short of 6.5"',
        (2,),
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
        'frenzy, a shooter, target at 12.5": charges, 10" toward it',
        (6,),
        Action.MOVE_TOWARD_ENEMY,
        "frenzy-2",
        "sam",
        mode=FRENZY,
        shooting_range=12,
        enemies=(enemy("sam", 12.5),),
    ),
    case(
        "frenzy, a shooter, target out of sight: charges",
        (1,),
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
    case(
        "frenzy with no enemy on the table: hold, no roll",
        (),
        Action.HOLD,
        ("frenzy-2", "no-enemy"),
        mode=FRENZY,
        enemies=(),
    ),
    # --- scatter ---
    case(
        'scatter: D6+4" toward the nearest table edge',
        (3,),
        Action.SCATTER,
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
    # --- follow-up ---
    case(
        "follow-up in frenzy: the whole procedure, a halved charge",
        (6,),
        Action.MOVE_TOWARD_ENEMY,
        ("follow-up", "frenzy-2"),
        "sam",
        mode=FRENZY,
        follow_up=True,
        enemies=(enemy("sam", 6),),
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


def test_a_wander_is_a_rolled_distance_in_a_direction_roll() -> None:
    """D6 3 wanders; direction 4 then an even 2: 10 o'clock; then D6 5: 5"."""
    decision = decide(Situation(move=6), 3, 4, 2, 5)
    assert (decision.direction, decision.inches, decision.rolled_inches) == (10, 5, 5)


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


# --- rolled distances (001): the dice, not the character's move ----------------------

SAM_AT_3 = (enemy("sam", 3),)


@pytest.mark.parametrize(("face", "reaches"), [(3, False), (4, True), (6, True)])
def test_the_frenzy_charge_reaches_8_inches_half_the_time(
    face: int, reaches: bool
) -> None:
    """Enemy at 8", move 6: D6+4" reaches it on 4–6 (a move of 6" never would)."""
    situation = Situation(mode=FRENZY, move=6, enemies=(enemy("sam", 8),))
    decision = decide(situation, face)
    assert (decision.action == Action.MOVE_INTO_MELEE, decision.rolled_inches) == (
        reaches,
        face + 4,
    )


def test_the_weak_charge_rolls_d6_whatever_the_move() -> None:
    """Move 12, the nearest at 6.5": the weak charge's best roll, 6", falls short."""
    situation = Situation(move=12, enemies=(enemy("sam", 6.5),))
    decision = decide(situation, 6, 6)
    assert (decision.action, decision.inches) == (Action.MOVE_TOWARD_ENEMY, 6)


def test_a_rolled_distance_is_logged_with_its_dice() -> None:
    situation = Situation(id="bug", mode=FRENZY, enemies=(enemy("sam", 20),))
    entry = decide(situation, 3).log[-1]
    assert (entry.purpose, entry.dice, entry.modifiers, entry.total, entry.outcome) == (
        'bug: charge toward sam D6+4"',
        (3,),
        (("inches", 4),),
        7,
        '7"',
    )


def test_a_flee_is_d6_plus_2_when_hurt_in_normal_mode() -> None:
    decision = decide(Situation(hurt_this_round=True, enemies=SAM_AT_3), 1, 4)
    assert (decision.action, decision.inches, decision.rolled_inches) == (
        Action.FLEE,
        6,
        6,
    )


def test_a_shooter_that_shoots_rolls_no_distance() -> None:
    situation = Situation(mode=FRENZY, shooting_range=12, enemies=(enemy("sam", 5),))
    assert decide(situation).log == ()


# --- the table edge -------------------------------------------------------------------


def test_a_wander_stops_at_the_table_edge() -> None:
    """12 o'clock (6, then an even 2), 5" rolled, the north edge 2" away: 2"."""
    situation = Situation(edges=Edges(north=2, east=20, south=20, west=20))
    decision = decide(situation, 3, 6, 2, 5)
    assert (decision.inches, decision.stops_at_edge, decision.leaves_battle) == (
        2,
        True,
        False,
    )


def test_a_wander_short_of_the_edge_goes_the_whole_roll() -> None:
    situation = Situation(edges=Edges(north=20, east=20, south=20, west=20))
    decision = decide(situation, 3, 6, 2, 5)
    assert (decision.inches, decision.stops_at_edge) == (5, False)


def test_a_character_that_flees_to_the_edge_leaves_the_battle() -> None:
    situation = Situation(
        mode=FRENZY, hurt_this_round=True, edge_away=3, enemies=SAM_AT_3
    )
    decision = decide(situation, 1, 4)
    assert (decision.action, decision.inches, decision.leaves_battle) == (
        Action.FLEE,
        3,
        True,
    )


def test_a_flee_short_of_the_edge_stays_in_the_battle() -> None:
    situation = Situation(
        mode=FRENZY, hurt_this_round=True, edge_away=10, enemies=SAM_AT_3
    )
    decision = decide(situation, 1, 4)
    assert (decision.inches, decision.leaves_battle) == (4, False)


@pytest.mark.parametrize(("face", "leaves"), [(1, False), (2, True)])
def test_a_scatter_that_reaches_the_nearest_edge_leaves_the_battle(
    face: int, leaves: bool
) -> None:
    """Nearest edge 6" away (the south): D6+4" reaches it from a 2 (6")."""
    situation = Situation(mode=SCATTER, edges=Edges(north=30, east=7, south=6, west=30))
    decision = decide(situation, face)
    assert decision.leaves_battle is leaves


@pytest.mark.parametrize(
    ("clock", "inches"), [(12, 2), (3, 4), (6, 6), (9, 8), (1.5, 2 * 2**0.5)]
)
def test_edges_along_a_clock_direction(clock: float, inches: float) -> None:
    edges = Edges(north=2, east=4, south=6, west=8)
    assert edges.along(clock) == pytest.approx(inches)


# --- the follow-up activation ---------------------------------------------------------


def test_a_follow_up_halves_the_rolled_distance() -> None:
    """Flee D6+2": a roll of 5 + 2 = 7 moves 3.5" in a follow-up."""
    situation = Situation(hurt_this_round=True, follow_up=True, enemies=SAM_AT_3)
    decision = decide(situation, 1, 5)
    assert (decision.rolled_inches, decision.inches, decision.follow_up) == (
        7,
        3.5,
        True,
    )


def test_the_follow_up_halving_is_the_rule_constant() -> None:
    then = PROCEDURE.step("follow-up").then
    assert FOLLOW_UP_SHARE == 0.5 and "half the total rolled" in then


def test_a_follow_up_in_contact_continues_the_melee() -> None:
    situation = Situation(
        mode=FRENZY, follow_up=True, enemies=(enemy("sam", 0, in_contact=True),)
    )
    assert decide(situation).steps == ("follow-up", "pre-melee")


# --- the card prints what the code rolls ----------------------------------------------


@pytest.mark.parametrize(
    ("table", "printed"),
    [
        (WOUNDED_FRIEND_TABLE, ['Flee D6"', 'Charge D6+4"']),
        (HURT_TABLE, ['Flee D6+2"', 'Charge D6+4"']),
        (NORMAL_TABLE, ['Wander D6"', 'Charge D6"']),
        (FRENZY_HURT_TABLE, ['Flee D6"', 'Charge D6+4"']),
    ],
)
def test_every_moving_row_prints_its_rolled_distance(
    table: Table, printed: list[str]
) -> None:
    results = " ".join(row.result for row in table.rows)
    assert [text for text in printed if text not in results] == []


def test_every_moving_row_rolls_what_it_prints() -> None:
    rows = [
        row
        for table in (WOUNDED_FRIEND_TABLE, HURT_TABLE, NORMAL_TABLE, FRENZY_HURT_TABLE)
        for row in table.rows
        if row.action != Action.HOLD
    ]
    assert all(row.distance and row.distance.text in row.result for row in rows)


def test_the_card_prints_the_edge_rule() -> None:
    """With the other words the steps use, under "Reading the steps"."""
    assert EDGE_RULE in PROCEDURE.section("charge").notes


@pytest.mark.parametrize(
    ("settings", "when", "then"),
    [
        (None, "default 5", "D6 per player character"),
        (DoctrineSettings(reinforcements=True), "on, cap 5", "D6 per player"),
        (
            DoctrineSettings(reinforcements=True, reinforcement_cap=3),
            "on, cap 3",
            "D6 per player",
        ),
        (DoctrineSettings(), "off in this battle", "No reinforcements and no lurking"),
    ],
)
def test_the_reinforcement_step_prints_this_battles_setting(
    settings: DoctrineSettings | None, when: str, then: str
) -> None:
    step = procedure(Doctrine.HORDE, settings).step("reinforcements")
    assert when in step.when and then in step.then


def test_the_reinforcement_step_says_the_cap_counts_every_horde_character() -> None:
    """§5.3 step 2: the cap counts every horde character on the table, those that
    started and those that came since, not the reinforcements alone."""
    step = procedure(Doctrine.HORDE, REINFORCED).step("reinforcements")
    assert (
        "While fewer horde characters than the cap are on the table (counting "
        "every horde character on the table, those that started and those that "
        "came since; each arrival counts at once)"
    ) in step.then


def test_the_card_prints_the_starting_mode_of_this_battle() -> None:
    settings = DoctrineSettings(horde_start=FRENZY)
    assert "starts this battle in frenzy mode" in " ".join(
        procedure(Doctrine.HORDE, settings).notes
    )


# --- end of round ---------------------------------------------------------------------


def end_of_round(
    horde: HordeRound, *faces: int, settings: DoctrineSettings | None = None
) -> HordeRoundResult:
    rng = ScriptedRandom(*faces)
    result = horde_end_of_round(horde, rng=rng, settings=settings)
    assert rng.done, "scripted faces left unrolled"
    return result


REINFORCED = DoctrineSettings(reinforcements=True)


def reinforced(cap: int) -> DoctrineSettings:
    return DoctrineSettings(reinforcements=True, reinforcement_cap=cap)


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
    horde = HordeRound(mode=mode, players=SAM_IN_THE_MIDDLE)
    faces = (face, 3, 3, 1) if arrives else (face,)
    assert bool(end_of_round(horde, *faces, settings=REINFORCED).arrivals) is arrives


def test_a_reinforcement_appears_1d6_plus_2_away_in_a_direction_roll() -> None:
    """D6 5 arrives; D6 3 + 2 = 5"; direction 3, odd: 3 o'clock, due east."""
    horde = HordeRound(mode=NORMAL, players=SAM_IN_THE_MIDDLE)
    result = end_of_round(horde, 5, 3, 3, 1, settings=REINFORCED)
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
        players=(PlayerModel(id="sam", position=Point(34, 18)),),
    )
    result = end_of_round(horde, 6, 6, 3, 1, settings=REINFORCED)
    assert (result.arrivals, result.log[-1].outcome) == (
        (),
        "off the table: nothing appears",
    )


@pytest.mark.parametrize(
    ("sam", "arrives_at"),
    [
        (Point(18, 30), Point(18, 22)),  # 30" south of the north edge: 22"
        (Point(18, 4), None),  # 4" from the north edge: 8" north is off
    ],
)
def test_twelve_o_clock_is_toward_the_north_edge_at_y_0(
    sam: Point, arrives_at: Point | None
) -> None:
    """Points measure from the north-west corner, like the battlefield: 8" at
    12 o'clock (direction 6, then an even 2) lowers y by 8, and off the north
    edge nothing appears."""
    horde = HordeRound(mode=NORMAL, players=(PlayerModel(id="sam", position=sam),))
    result = end_of_round(horde, 6, 6, 6, 2, settings=REINFORCED)
    positions = [a.position for a in result.arrivals]
    assert positions == ([arrives_at] if arrives_at else [])


def test_a_reinforcement_within_the_table_size_appears() -> None:
    """The same roll on a 48" wide table lands at x = 42."""
    horde = HordeRound(
        mode=NORMAL,
        table_width=48,
        players=(PlayerModel(id="sam", position=Point(34, 18)),),
    )
    result = end_of_round(horde, 6, 6, 3, 1, settings=REINFORCED)
    assert result.arrivals[0].position == Point(42, 18)


def test_reinforcements_roll_per_player_character_until_the_cap() -> None:
    """Four on the table, cap 5: Sam's arrival fills the cap, Merry rolls nothing."""
    horde = HordeRound(
        mode=NORMAL,
        members=members(*((f"b{i}", False, 3) for i in range(4))),
        players=SAM_IN_THE_MIDDLE + (PlayerModel(id="merry", position=Point(10, 10)),),
    )
    result = end_of_round(horde, 5, 1, 6, 1, settings=REINFORCED)
    assert [a.near for a in result.arrivals] == ["sam"]


def test_no_reinforcements_at_the_cap() -> None:
    horde = HordeRound(
        mode=NORMAL,
        members=members(*((f"b{i}", False, 3) for i in range(3))),
        players=SAM_IN_THE_MIDDLE,
    )
    assert end_of_round(horde, settings=reinforced(3)).log == ()


def test_bleeding_comes_before_reinforcements_and_frees_a_place() -> None:
    """At the cap, one bleeds to death: reinforcements roll, then consolidation."""
    horde = HordeRound(
        mode=NORMAL,
        members=members(("b1", True, 3), ("b2", False, 3)),
        players=SAM_IN_THE_MIDDLE,
    )
    result = end_of_round(horde, 1, 4, 3, 4, settings=reinforced(2))
    assert [entry.purpose for entry in result.log] == [
        "b1: bleeding",
        "reinforcements near sam",
        "horde consolidation",
    ]


def test_no_reinforcements_when_scattering_or_without_them() -> None:
    scattering = HordeRound(mode=SCATTER, players=SAM_IN_THE_MIDDLE)
    without = HordeRound(mode=NORMAL, players=SAM_IN_THE_MIDDLE)
    assert (
        end_of_round(scattering, settings=REINFORCED).log,
        end_of_round(without).log,
    ) == ((), ())


def test_lurking_removes_an_unwounded_character_beyond_12_on_4_6() -> None:
    """12.5" rolls (4: removed); 12" and wounded do not; 20" rolls (3: stays)."""
    horde = HordeRound(
        mode=NORMAL,
        members=members(
            ("b1", False, 12.5), ("b2", False, 12), ("b3", True, 20), ("b4", False, 20)
        ),
    )
    # b3 bleeds (2), b1 lurks (4), b4 (3)
    result = end_of_round(horde, 2, 4, 3, settings=REINFORCED)
    assert (result.removed, result.steps) == (("b1",), ("bleeding", "lurking"))


def test_lurking_with_no_enemy_on_the_table() -> None:
    horde = HordeRound(mode=NORMAL, members=members(("b1", False, None)))
    assert end_of_round(horde, 6, settings=REINFORCED).removed == ("b1",)


@pytest.mark.parametrize(
    ("mode", "settings"),
    [(FRENZY, REINFORCED), (NORMAL, None)],
    ids=["frenzy", "without reinforcements"],
)
def test_no_lurking_in_frenzy_or_without_reinforcements(
    mode: HordeMode, settings: DoctrineSettings | None
) -> None:
    horde = HordeRound(mode=mode, members=members(("b1", False, 30)))
    assert end_of_round(horde, settings=settings).removed == ()


def test_every_printed_step_is_reached_and_every_reached_step_is_printed() -> None:
    reached = {step for c in CASES for step in decide(c.situation, *c.faces).steps}
    end = end_of_round(
        HordeRound(
            mode=NORMAL,
            fallen_so_far=1,
            members=members(("b1", True, 3), ("b2", False, 20)),
            players=SAM_IN_THE_MIDDLE,
        ),
        2,  # b1 bleeds, holds on
        4,  # reinforcements: nothing
        3,  # b2 lurks, stays
        3,  # consolidation: 3 + 4 + 1 fallen = 8, no change
        4,
        settings=REINFORCED,
    )
    assert reached | set(end.steps) == set(PROCEDURE.step_ids())
