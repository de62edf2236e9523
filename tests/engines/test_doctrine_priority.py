"""RULES §5.1: the priority list — pre-activation, then the first step that applies."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engines.doctrines.priority import PROCEDURE, priority_decide
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.situation import Decision, Enemy, Objective, Situation
from engines.enums import Action, ObjectiveKind
from tests.engines.scripted import ScriptedRandom

ARCHER = {"move": 6, "shooting_range": 12}
"""Move 6", range 12": step 3 reaches 12", step 4 reaches 18"."""


def enemy(id: str, distance: float, **fields: object) -> Enemy:
    return Enemy(id=id, distance=distance, **fields)  # type: ignore[arg-type]


def objective(id: str, distance: float, **fields: object) -> Objective:
    return Objective(id=id, distance=distance, **fields)  # type: ignore[arg-type]


def decide(situation: Situation, *faces: int) -> Decision:
    rng = ScriptedRandom(*faces)
    decision = priority_decide(situation, rng=rng)
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
    action: Action,
    steps: tuple[str, ...] | str,
    target: str | None = None,
    *,
    faces: tuple[int, ...] = (),
    **situation: object,
) -> Case:
    steps = (steps,) if isinstance(steps, str) else steps
    return Case(
        name,
        Situation(**situation),
        faces,
        action,
        steps,
        target,  # type: ignore[arg-type]
    )


CASES = [
    # --- pre-activation ---
    case(
        "routing: full move to the edge, nothing else",
        Action.ROUT,
        "pre-rout",
        routing=True,
        enemies=(enemy("sam", 1, in_contact=True),),
        **ARCHER,
    ),
    case(
        "touching a carriable objective: must pick it up, then step 1",
        Action.MOVE_TO_EDGE,
        ("pre-pick-up", "1"),
        "ring",
        objectives=(objective("ring", 0),),
        enemies=(enemy("sam", 5),),
        **ARCHER,
    ),
    case(
        'an objective 0.5" away is not touching: step 5 moves to it',
        Action.MOVE_TO_OBJECTIVE,
        "5",
        "ring",
        objectives=(objective("ring", 0.5),),
    ),
    case(
        "a fixed objective is not picked up",
        Action.MOVE_TO_OBJECTIVE,
        "5",
        "tower",
        objectives=(objective("tower", 0, kind=ObjectiveKind.FIXED),),
    ),
    case(
        "in melee it picks nothing up: step 2",
        Action.CONTINUE_MELEE,
        "2",
        "sam",
        objectives=(objective("ring", 0),),
        enemies=(enemy("sam", 0, in_contact=True),),
    ),
    case(
        "carrying something already: no pick-up",
        Action.MOVE_TO_EDGE,
        "1",
        "crown",
        carrying="crown",
        objectives=(objective("ring", 0),),
    ),
    # --- 1 and 2 ---
    case(
        "carrying an objective: toward the nearest edge",
        Action.MOVE_TO_EDGE,
        "1",
        "ring",
        carrying="ring",
        enemies=(enemy("sam", 4),),
        **ARCHER,
    ),
    case(
        "carrying but in melee: the melee comes first",
        Action.CONTINUE_MELEE,
        "2",
        "sam",
        carrying="ring",
        enemies=(enemy("sam", 0, in_contact=True),),
    ),
    case(
        "one enemy in contact: no roll",
        Action.CONTINUE_MELEE,
        "2",
        "sam",
        enemies=(enemy("frodo", 3), enemy("sam", 0, in_contact=True)),
        **ARCHER,
    ),
    case(
        "three in contact: D6 5 rerolled, 3 picks the third in card order",
        Action.CONTINUE_MELEE,
        "2",
        "pippin",
        faces=(5, 3),
        enemies=(
            enemy("sam", 0, in_contact=True),
            enemy("merry", 0, in_contact=True),
            enemy("frodo", 9),
            enemy("pippin", 0, in_contact=True),
        ),
    ),
    case(
        "two in contact: D6 1 picks the first",
        Action.CONTINUE_MELEE,
        "2",
        "sam",
        faces=(1,),
        enemies=(enemy("sam", 0, in_contact=True), enemy("merry", 0, in_contact=True)),
    ),
    # --- the follow-up after felling an enemy: the whole list at half move ---
    case(
        'follow-up: half move (3"), an unengaged enemy at 3" is charged',
        Action.MOVE_INTO_MELEE,
        ("follow-up", "6"),
        "merry",
        follow_up=True,
        enemies=(enemy("merry", 3, in_sight=False),),
    ),
    case(
        "follow-up: carrying an objective, it heads for the edge (step 1)",
        Action.MOVE_TO_EDGE,
        ("follow-up", "1"),
        "ring",
        follow_up=True,
        carrying="ring",
        enemies=(enemy("merry", 3, in_sight=False),),
    ),
    case(
        "follow-up: a shooter still in contact with another enemy fights on",
        Action.CONTINUE_MELEE,
        ("follow-up", "2"),
        "merry",
        follow_up=True,
        enemies=(enemy("merry", 0, in_contact=True), enemy("sam", 5)),
        **ARCHER,
    ),
    case(
        "follow-up: a routing character routes at half move",
        Action.ROUT,
        ("follow-up", "pre-rout"),
        follow_up=True,
        routing=True,
        enemies=(enemy("merry", 2),),
    ),
    case(
        "follow-up: it picks up an objective it touches",
        Action.MOVE_TO_EDGE,
        ("follow-up", "pre-pick-up", "1"),
        "ring",
        follow_up=True,
        objectives=(objective("ring", 0),),
    ),
    case(
        'follow-up: at 3.5" it is beyond the half move',
        Action.HOLD,
        ("follow-up", "9"),
        follow_up=True,
        enemies=(enemy("merry", 3.5, in_sight=False),),
    ),
    case(
        'follow-up: move and shoot reaches half move + range, 15"',
        Action.MOVE_AND_SHOOT,
        ("follow-up", "4"),
        "merry",
        follow_up=True,
        enemies=(enemy("merry", 15),),
        **ARCHER,
    ),
    case(
        'follow-up: 15.5" is beyond half move + range',
        Action.MOVE_TOWARD_ENEMY,
        ("follow-up", "8"),
        "merry",
        follow_up=True,
        enemies=(enemy("merry", 15.5),),
        **ARCHER,
    ),
    # --- 3: within shooting range (12") ---
    case(
        '11.5" is within range: shoot',
        Action.SHOOT,
        "3",
        "sam",
        enemies=(enemy("sam", 11.5),),
        **ARCHER,
    ),
    case(
        '12" is within range: shoot',
        Action.SHOOT,
        "3",
        "sam",
        enemies=(enemy("sam", 12),),
        **ARCHER,
    ),
    case(
        "shoot the nearest of several in range",
        Action.SHOOT,
        "3",
        "merry",
        enemies=(
            enemy("sam", 10),
            enemy("merry", 4),
            enemy("frodo", 2, in_sight=False),
        ),
        **ARCHER,
    ),
    # --- 4: move into range (6" + 12") ---
    case(
        '12.5" is beyond range: move and shoot',
        Action.MOVE_AND_SHOOT,
        "4",
        "sam",
        enemies=(enemy("sam", 12.5),),
        **ARCHER,
    ),
    case(
        '17.5": move and shoot',
        Action.MOVE_AND_SHOOT,
        "4",
        "sam",
        enemies=(enemy("sam", 17.5),),
        **ARCHER,
    ),
    case(
        '18": move and shoot',
        Action.MOVE_AND_SHOOT,
        "4",
        "sam",
        enemies=(enemy("sam", 18),),
        **ARCHER,
    ),
    case(
        '18.5" is out of reach: move toward (step 8)',
        Action.MOVE_TOWARD_ENEMY,
        "8",
        "sam",
        enemies=(enemy("sam", 18.5),),
        **ARCHER,
    ),
    case(
        "out of sight is never shot at",
        Action.MOVE_INTO_MELEE,
        "6",
        "sam",
        enemies=(enemy("sam", 5, in_sight=False),),
        **ARCHER,
    ),
    # --- 5: objective in sight within move (6") ---
    case(
        'an objective in sight at 5.5": move to it',
        Action.MOVE_TO_OBJECTIVE,
        "5",
        "ring",
        objectives=(objective("ring", 5.5),),
        enemies=(enemy("sam", 5),),
    ),
    case(
        'an objective in sight at 6": move to it',
        Action.MOVE_TO_OBJECTIVE,
        "5",
        "ring",
        objectives=(objective("ring", 6),),
        enemies=(enemy("sam", 5),),
    ),
    case(
        'an objective at 6.5" is beyond move: the enemy at 5" is charged',
        Action.MOVE_INTO_MELEE,
        "6",
        "sam",
        objectives=(objective("ring", 6.5),),
        enemies=(enemy("sam", 5),),
    ),
    case(
        "an objective out of sight is not moved to",
        Action.HOLD,
        "9",
        objectives=(objective("ring", 2, in_sight=False),),
    ),
    # --- 6: unengaged enemy within move (6") ---
    case(
        'an unengaged enemy at 6": move into melee',
        Action.MOVE_INTO_MELEE,
        "6",
        "sam",
        enemies=(enemy("sam", 6, in_sight=False),),
    ),
    case(
        'an unengaged enemy at 5.5": move into melee with the closest',
        Action.MOVE_INTO_MELEE,
        "6",
        "merry",
        enemies=(enemy("sam", 5.5, in_sight=False), enemy("merry", 3)),
    ),
    case(
        'an enemy at 6.5", not in sight: hold',
        Action.HOLD,
        "9",
        enemies=(enemy("sam", 6.5, in_sight=False),),
    ),
    case(
        "an engaged enemy within move is left alone",
        Action.HOLD,
        "9",
        enemies=(enemy("sam", 3, engaged=True, in_sight=False),),
    ),
    # --- 7, 8, 9 ---
    case(
        "an objective in sight beyond move: move toward the nearest",
        Action.MOVE_TOWARD_OBJECTIVE,
        "7",
        "crown",
        objectives=(objective("ring", 20), objective("crown", 10)),
        enemies=(enemy("sam", 8),),
    ),
    case(
        "an enemy in sight beyond move: move toward the nearest",
        Action.MOVE_TOWARD_ENEMY,
        "8",
        "merry",
        enemies=(
            enemy("sam", 20),
            enemy("merry", 8),
            enemy("frodo", 7, in_sight=False),
        ),
    ),
    case(
        "an engaged enemy in sight within move: not charged, moved toward",
        Action.MOVE_TOWARD_ENEMY,
        "8",
        "frodo",
        enemies=(enemy("frodo", 4, engaged=True),),
    ),
    case(
        "nothing in sight: hold",
        Action.HOLD,
        "9",
        enemies=(enemy("sam", 20, in_sight=False),),
    ),
]


@pytest.mark.parametrize("c", CASES, ids=[c.name for c in CASES])
def test_priority_step(c: Case) -> None:
    decision = decide(c.situation, *c.faces)
    assert (decision.action, decision.steps, decision.target) == (
        c.action,
        c.steps,
        c.target,
    )


def test_every_printed_step_is_reached_and_every_reached_step_is_printed() -> None:
    reached = {step for c in CASES for step in decide(c.situation, *c.faces).steps}
    assert reached == set(PROCEDURE.step_ids())


def test_the_decision_reports_the_printed_line_of_its_step() -> None:
    decision = decide(Situation(enemies=(enemy("sam", 8),)))
    assert (decision.step, decision.reason) == (
        "8",
        "An enemy in sight → Move toward the nearest.",
    )


def test_the_melee_target_roll_is_logged_with_its_rerolls() -> None:
    situation = Situation(
        id="orc",
        enemies=(enemy("sam", 0, in_contact=True), enemy("merry", 0, in_contact=True)),
    )
    log = decide(situation, 6, 4, 2).log
    assert [(e.purpose, e.total, e.outcome) for e in log] == [
        ("orc: melee target of 2", 6, "reroll"),
        ("orc: melee target of 2", 4, "reroll"),
        ("orc: melee target of 2", 2, "enemy number 2"),
    ]


def test_a_follow_up_moves_half_its_move() -> None:
    situation = Situation(move=5, follow_up=True, enemies=(enemy("sam", 20),))
    assert decide(situation).inches == 2.5


def test_a_follow_up_is_not_a_printed_step_two_plus() -> None:
    """The follow-up is its own section (the whole list again), not a step "2+"."""
    assert "2+" not in [step.label for step in PROCEDURE.steps()]


def test_a_follow_up_does_not_shoot_the_enemy_it_is_still_fighting() -> None:
    """RULES §4: a character still in contact with another enemy continues the melee
    (the old list skipped step 2 and shot it)."""
    situation = Situation(
        follow_up=True,
        enemies=(enemy("merry", 0, in_contact=True),),
        **ARCHER,  # type: ignore[arg-type]
    )
    assert decide(situation).action == Action.CONTINUE_MELEE


def test_a_follow_up_non_shooter_does_not_leave_its_melee_to_charge() -> None:
    """The old list sent it from a melee to charge someone 2" away."""
    situation = Situation(
        follow_up=True,
        enemies=(enemy("merry", 0, in_contact=True, engaged=True), enemy("sam", 2)),
    )
    assert (decide(situation).action, decide(situation).target) == (
        Action.CONTINUE_MELEE,
        "merry",
    )


def test_the_sight_limit_hides_an_enemy_beyond_it() -> None:
    """Night, 12": an enemy 14" away is not in sight, so it is not shot at."""
    situation = Situation(enemies=(enemy("sam", 14),), move=6, shooting_range=18)
    night = DoctrineSettings(sight_limit=12)
    decision = priority_decide(situation, rng=ScriptedRandom(), settings=night)
    assert decision.step == "9"
