"""The priority list's questions (RULES §5.1), in its card's own order: the
table walks the priority card's steps (:func:`priority_steps`), and each step
asks what its condition needs (:data:`PRIORITY_ASKS`); the first step that
applies ends the questions, and the engine decides on the answers. Reorder the
card's steps and the questions follow."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.doctrines import Objective, Situation
from engines.doctrines.priority import card as priority_card
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.situation import ROUT_STEP
from engines.doctrines.steps import PRE_ACTIVATION, Step
from engines.enums import ObjectiveKind
from engines.table.obeying import kept_beside
from engines.table.questions import NONE, Choice, Walker
from engines.table.state import Fighter
from engines.text import inches

PRIORITY_STEPS = "steps"
"""The priority card's section of numbered steps."""
OBJECTIVE = "objective"
"""The answer: the objective in sight nearest (``yes``/``no`` when only one)."""


def priority_flow(w: Walker) -> Situation:
    """The priority list's questions, in its card's own order of steps: each
    step asks what its condition needs, and the first that applies ends the
    questions (the engine then decides on the answers)."""
    known = _Known()
    for step in priority_steps(w.company.settings):
        ask = PRIORITY_ASKS.get(step.id)
        if ask is not None and ask(w, known):
            break
    return w.situation()


def priority_steps(settings: DoctrineSettings) -> tuple[Step, ...]:
    """The priority card's steps in the order the engine walks them."""
    procedure = priority_card(settings)
    return (
        *procedure.section(PRE_ACTIVATION).steps,
        *procedure.section(PRIORITY_STEPS).steps,
    )


@dataclass
class _Known:
    """What one activation's questions have learnt, shared between steps."""

    near: Fighter | None = None
    asked_near: bool = False


def _nearest(w: Walker, known: _Known) -> Fighter | None:
    """The nearest enemy (and the nearest seen), asked once; on its distance's
    screen, whether it sees the battle's one objective (step 5 asks it next
    whenever no shot is taken: one screen fewer when it sees none)."""
    if not known.asked_near:
        also = (*_objective_box(w), *kept_beside(w))
        known.near = w.nearest(free_too=True, also=also)
        known.asked_near = True
    return known.near


def _objective_box(w: Walker) -> tuple[tuple[str, str, bool], ...]:
    """Whether it sees the one objective on the table, as a tick box (none
    when there are several: which is nearest is then asked on its own)."""
    objectives = _free_objectives(w, carriable=False)
    if len(objectives) != 1:
        return ()
    return ((OBJECTIVE, f"{w.name} can see {objectives[0]}", False),)


def _ask_rout(w: Walker, known: _Known) -> bool:
    return w.routing


def _ask_pick_up(w: Walker, known: _Known) -> bool:
    """Unengaged, carrying nothing, touching a carriable objective."""
    if w.melee() or w.carrying is not None:
        return False
    free = _free_objectives(w, carriable=True)
    if not free:
        return False
    touching = w.pick(
        "touch",
        f"Is {w.name} touching an objective it can pick up?",
        [*(Choice(name, name) for name in free), Choice(NONE, "No")],
    )
    if touching == NONE:
        return False
    w.objectives.append(
        Objective(id=touching, distance=0.0, kind=ObjectiveKind.CARRIABLE)
    )
    return True


def _ask_carrying(w: Walker, known: _Known) -> bool:
    return w.carrying is not None and not w.melee()


def _ask_melee(w: Walker, known: _Known) -> bool:
    return w.melee()


def _ask_shoot(w: Walker, known: _Known) -> bool:
    """An enemy in sight within shooting range, now or after its move."""
    _nearest(w, known)
    seen = w.seen
    return (
        w.fighter.can_shoot
        and seen is not None
        and w.distance(seen) <= w.move + w.reach
    )


def _ask_objective(w: Walker, known: _Known) -> bool:
    """The objective in sight nearest (the only one: whether it is seen), and
    whether it is within its move."""
    objectives = _free_objectives(w, carriable=False)
    if not objectives:
        return False
    if len(objectives) == 1:
        target = objectives[0]
        if not w.yes(OBJECTIVE, f"Can {w.name} see {target}?"):
            return False
    else:
        target = w.pick(
            OBJECTIVE,
            f"Which objective can {w.name} see nearest?",
            [*(Choice(n, n) for n in objectives), Choice(NONE, "None in sight")],
        )
    if target == NONE:
        return False
    distance = w.inches("objective_in", f"How far is {target} from {w.name}?")
    w.objectives.append(
        Objective(
            id=target,
            distance=distance,
            kind=w.context.objective_kinds.get(target, ObjectiveKind.FIXED),
        )
    )
    return distance <= w.move and w.visible(distance)


def _told_engaged(w: Walker, enemy: Fighter) -> bool:
    """The players said it is in base contact: with this character, or (asked
    of a hunted target) with someone."""
    facts = w.foes.get(enemy.key, {})
    return bool(facts.get("in_contact") or (facts.get("told") and facts["engaged"]))


def _ask_free_enemy(w: Walker, known: _Known) -> bool:
    """An unengaged enemy within its move: the nearest, or the closest free."""
    near = _nearest(w, known)
    if near is None or w.distance(near) > w.move:
        return False
    if w.yes("near_free", f"Is {near.label} free: in base contact with no one?"):
        w.foe(near, engaged=False)
        return True
    others = [e for e in w.enemies if e is not near and not _told_engaged(w, e)]
    if not others:
        return False
    other = w.who(
        "free",
        f"Which enemy in base contact with no one is closest to {w.name}?",
        others,
        none="None: all are in base contact",
        help=f"It moves into melee with the closest one within {inches(w.move)}.",
    )
    if other is not None:
        distance = w.inches("free_in", f"How far is {other.label}?")
        w.foe(other, distance=distance, engaged=False)
        w.foes[other.key].setdefault("in_sight", False)
    return other is not None


PRIORITY_ASKS: dict[str, Callable[[Walker, _Known], bool]] = {
    ROUT_STEP.id: _ask_rout,
    "pre-pick-up": _ask_pick_up,
    "1": _ask_carrying,
    "2": _ask_melee,
    "3": _ask_shoot,
    "4": _ask_shoot,
    "5": _ask_objective,
    "6": _ask_free_enemy,
}
"""What each step of the priority card asks, by the step's id (the steps after
6 read what these asked: nothing more to ask). True: the step applies."""


def _free_objectives(w: Walker, *, carriable: bool) -> list[str]:
    """Objectives still on the table and carried by no one (carriable ones only,
    or every one)."""
    carried = {f.carrying for f in w.state.fighters.values() if f.carrying}
    names = (
        w.context.carriable_objectives
        if carriable
        else tuple(w.context.objective_kinds)
    )
    return [n for n in names if n not in carried and n not in w.state.gone]
