"""§5.1 Priority list (004) — the default doctrine.

Pre-activation as §4, except that an unengaged AI character touching an
objective *must* pick it up (004); then the first step that applies. Each
step's rule follows, in the order of the list; :func:`build` makes the printed
card and the table :func:`priority_decide` walks.

Adaptations: step 4's "always choosing the closet objective" (004) is read as
the closest enemy; step 9 (hold) ends the source's list of 8. A character that
fells its enemy takes the §4 follow-up: the whole list again from
pre-activation at half move (so one still in contact with another enemy
continues the melee).
"""

from __future__ import annotations

from engines.combat import AI_INITIATIVE_CHOICE
from engines.dice import Dice, RandomSource
from engines.doctrines.orders import Cards
from engines.doctrines.rules import FOLLOW_UP, ORDER_RULES, sight_notes
from engines.doctrines.settings import DEFAULT_SETTINGS, DoctrineSettings
from engines.doctrines.situation import (
    ROUT_STEP,
    Decision,
    Situation,
    Turn,
    follow_up_section,
    hunted_by,
    inches,
    nearest,
    within,
)
from engines.doctrines.steps import (
    PRE_ACTIVATION,
    Procedure,
    Section,
    Step,
    first,
    walk,
)
from engines.enums import Action, Doctrine, ObjectiveKind

TOUCHING = 0
"""Touching an objective: base contact, 0 inches."""

# --- pre-activation (§4, 004) ---------------------------------------------------------


def _must_pick_up(turn: Turn, step: Step) -> Decision | None:
    situation = turn.situation
    if situation.in_melee or turn.carrying is not None:
        return None
    touching = nearest(
        objective
        for objective in situation.objectives
        if objective.kind == ObjectiveKind.CARRIABLE
        and within(objective.distance, TOUCHING)
    )
    if touching is None:
        return None
    turn.path.append(step.id)
    turn.carrying = touching.id
    return None


# --- then the first that applies ------------------------------------------------------


def _carrying(turn: Turn, step: Step) -> Decision | None:
    if turn.carrying is None or turn.situation.in_melee:
        return None
    return turn.decide(
        step,
        Action.MOVE_TO_EDGE,
        target=turn.carrying,
        inches=turn.move,
        detail=f"carries {turn.carrying} toward the nearest table edge: "
        f"{turn.move_words}",
    )


def _melee_target_reading(count: int):  # type: ignore[no-untyped-def]
    def read(dice: tuple[int, ...], total: int) -> str:
        return "reroll" if total > count else f"enemy number {total}"

    return read


def _in_melee(turn: Turn, step: Step) -> Decision | None:
    contacts = turn.situation.contacts
    if not contacts:
        return None
    if len(contacts) == 1:
        return turn.decide(
            step,
            Action.CONTINUE_MELEE,
            target=contacts[0].id,
            detail=f"in melee with {contacts[0].id}",
        )
    contacts = turn.unshunned(contacts, contact=True)  # §5 shun: the others
    if len(contacts) == 1:
        return turn.decide(
            step,
            Action.CONTINUE_MELEE,
            target=contacts[0].id,
            detail=f"in melee with {contacts[0].id} (passes over the shunned)",
        )
    hunt = turn.hunt(shot=False)
    if hunt is not None and any(hunted_by(hunt, e) for e in contacts):
        chosen = turn.pick(contacts, contact=True)
        assert chosen is not None
        return turn.decide(
            step,
            Action.CONTINUE_MELEE,
            target=chosen.id,
            detail=f"{len(contacts)} enemies in contact: fights {chosen.id}",
        )
    count = len(contacts)
    read = _melee_target_reading(count)
    while True:
        entry = turn.dice.d6(
            f"{turn.situation.id}: melee target of {count}", outcome=read
        )
        if entry.total is not None and entry.total <= count:
            break
    chosen = contacts[entry.total - 1]
    return turn.decide(
        step,
        Action.CONTINUE_MELEE,
        target=chosen.id,
        detail=f"{count} enemies in contact; D6 picks {entry.total}: {chosen.id}",
    )


def _shoot(turn: Turn, step: Step) -> Decision | None:
    reach = turn.situation.shooting_range
    if reach is None:
        return None
    target = turn.pick(
        (e for e in turn.situation.enemies if within(e.distance, reach) and e.in_sight),
        shot=True,
    )
    if target is None:
        return None
    return turn.decide(
        step,
        Action.SHOOT,
        target=target.id,
        detail=f"shoots {target.id} at {inches(target.distance)} "
        f"(range {inches(reach)})",
    )


def _move_and_shoot(turn: Turn, step: Step) -> Decision | None:
    reach = turn.situation.shooting_range
    if reach is None:
        return None
    target = turn.pick(
        (
            e
            for e in turn.situation.enemies
            if within(e.distance, turn.move + reach) and e.in_sight
        ),
        shot=True,
    )
    if target is None:
        return None
    return turn.decide(
        step,
        Action.MOVE_AND_SHOOT,
        target=target.id,
        inches=turn.move,
        detail=f"{target.id} at {inches(target.distance)} is within move "
        f"{inches(turn.move)} + range {inches(reach)}",
    )


def _objective_within_move(turn: Turn, step: Step) -> Decision | None:
    objective = nearest(
        o
        for o in turn.situation.objectives
        if within(o.distance, turn.move) and o.in_sight
    )
    if objective is None:
        return None
    return turn.decide(
        step,
        Action.MOVE_TO_OBJECTIVE,
        target=objective.id,
        inches=objective.distance,
        detail=f"{objective.id} at {inches(objective.distance)}",
    )


def _melee_within_move(turn: Turn, step: Step) -> Decision | None:
    enemy = turn.pick(
        e
        for e in turn.situation.enemies
        if not e.engaged and within(e.distance, turn.move)
    )
    if enemy is None:
        return None
    return turn.decide(
        step,
        Action.MOVE_INTO_MELEE,
        target=enemy.id,
        inches=enemy.distance,
        detail=f"{enemy.id} unengaged at {inches(enemy.distance)}",
    )


def _objective_in_sight(turn: Turn, step: Step) -> Decision | None:
    objective = nearest(o for o in turn.situation.objectives if o.in_sight)
    if objective is None:
        return None
    return turn.decide(
        step,
        Action.MOVE_TOWARD_OBJECTIVE,
        target=objective.id,
        inches=turn.move,
        detail=f"{objective.id} at {inches(objective.distance)}",
    )


def _enemy_in_sight(turn: Turn, step: Step) -> Decision | None:
    enemy = turn.pick((*turn.situation.in_sight, *turn.unseen_hunted()))
    if enemy is None:
        return None
    return turn.decide(
        step,
        Action.MOVE_TOWARD_ENEMY,
        target=enemy.id,
        inches=turn.move,
        detail=f"{enemy.id} at {inches(enemy.distance)}",
    )


def _otherwise(turn: Turn, step: Step) -> Decision:
    order = turn.no_enemy_order()
    if order is not None:
        return turn.follow_order(step, order)
    return turn.decide(step, Action.HOLD)


# --- the card -------------------------------------------------------------------------


def build(settings: DoctrineSettings | None = None) -> Procedure:
    """The priority card: generic without settings, else with this battle's values."""
    return Procedure(
        doctrine=Doctrine.PRIORITY,
        title="Priority list",
        source="004",
        summary="The default doctrine: pre-activation, then the first step that "
        "applies.",
        order=ORDER_RULES[Doctrine.PRIORITY],
        initiative=AI_INITIATIVE_CHOICE,
        settings=settings,
        notes=sight_notes(settings),
        sections=(
            Section(
                id=PRE_ACTIVATION,
                title="Pre-activation",
                steps=(
                    ROUT_STEP,
                    Step(
                        "pre-pick-up",
                        "P",
                        "Unengaged, carrying nothing and touching a carriable "
                        "objective",
                        "Must pick it up, then carry on with step 1.",
                        rule=_must_pick_up,
                    ),
                ),
                notes=(
                    "In melee: it must continue the melee — step 2 comes before "
                    "step 1.",
                ),
            ),
            Section(
                id="steps",
                title="Then the first that applies",
                steps=(
                    Step(
                        "1",
                        "1",
                        "Carrying an objective (and not in melee)",
                        "Move toward the nearest table edge.",
                        rule=_carrying,
                        actions=(Action.MOVE_TO_EDGE,),
                    ),
                    Step(
                        "2",
                        "2",
                        "In melee",
                        "Continue the melee. Several enemies in contact: number them "
                        "in card order, roll D6, reroll results above their number. "
                        "If the enemy falls: the follow-up activation.",
                        rule=_in_melee,
                        actions=(Action.CONTINUE_MELEE,),
                    ),
                    Step(
                        "3",
                        "3",
                        "An enemy in sight within shooting range",
                        "Stand and shoot the nearest.",
                        rule=_shoot,
                        actions=(Action.SHOOT,),
                    ),
                    Step(
                        "4",
                        "4",
                        "It can move into shooting range of an enemy in sight",
                        "Move and shoot, at the nearest enemy.",
                        rule=_move_and_shoot,
                        actions=(Action.MOVE_AND_SHOOT,),
                    ),
                    Step(
                        "5",
                        "5",
                        "An objective in sight within move",
                        "Move to it.",
                        rule=_objective_within_move,
                        actions=(Action.MOVE_TO_OBJECTIVE,),
                    ),
                    Step(
                        "6",
                        "6",
                        "An unengaged enemy within move",
                        "Move into melee with the closest.",
                        rule=_melee_within_move,
                        actions=(Action.MOVE_INTO_MELEE,),
                    ),
                    Step(
                        "7",
                        "7",
                        "An objective in sight",
                        "Move toward the nearest.",
                        rule=_objective_in_sight,
                        actions=(Action.MOVE_TOWARD_OBJECTIVE,),
                    ),
                    Step(
                        "8",
                        "8",
                        "An enemy in sight",
                        "Move toward the nearest.",
                        rule=_enemy_in_sight,
                        actions=(Action.MOVE_TOWARD_ENEMY,),
                    ),
                    Step(
                        "9",
                        "9",
                        "",
                        "Otherwise hold.",
                        rule=_otherwise,
                        actions=(Action.HOLD,),
                    ),
                ),
            ),
            follow_up_section(),
        ),
    )


PROCEDURE = build()
"""The generic priority card (no battle's settings)."""


card = Cards(PROCEDURE, build)
"""The card for these settings (the generic one for None), built once."""


def priority_decide(
    situation: Situation,
    *,
    rng: RandomSource,
    settings: DoctrineSettings | None = None,
) -> Decision:
    """Walk the priority list for one activation (or a §4 follow-up at half move).

    A follow-up is the whole list again from pre-activation, every distance
    that uses the move halved.
    """
    procedure = card(settings)
    turn = Turn(situation, Dice(rng), settings or DEFAULT_SETTINGS)
    first(turn, procedure.section(FOLLOW_UP).steps)
    return walk(
        turn,
        (
            *procedure.section(PRE_ACTIVATION).steps,
            *procedure.section("steps").steps,
        ),
    )
