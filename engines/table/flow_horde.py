"""The horde's questions (RULES §5.3), in its card's own order: the
pre-activation steps, then the steps of the company's mode (:func:`horde_steps`),
each asking what its condition needs (:data:`HORDE_ASKS`); the first step that
applies ends them. Then, when the engine's trial rolls a distance toward an
enemy, which enemy it is and how far (what every rolled row reads). Reorder the
card's steps and the questions follow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.doctrines import Friend, Situation
from engines.doctrines.horde import RALLY_WITHIN, WOUNDED_FRIEND_WITHIN
from engines.doctrines.horde import card as horde_card
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.situation import MELEE_STEP
from engines.doctrines.steps import PRE_ACTIVATION, Step
from engines.enums import Action, HordeMode, Side
from engines.table.flow_steps import Ask, steps_walk
from engines.table.obeying import sight_for_order
from engines.table.questions import Choice, Walker
from engines.table.state import Fighter
from engines.text import inches

ROLLED = frozenset({Action.MOVE_INTO_MELEE, Action.MOVE_TOWARD_ENEMY})
HURT_STEPS = frozenset({"normal-2", "frenzy-1"})
WOUNDED_STEP = "pre-wounded"


def horde_flow(w: Walker) -> Situation:
    """The horde's questions, in its card's order of steps."""
    settings = w.company.settings
    known = _Horde(friends=_friends(w))
    if steps_walk(horde_steps(settings, PRE_ACTIVATION), HORDE_ASKS, w, known):
        return w.situation()
    mode = w.state.mode(w.company)
    steps_walk(horde_steps(settings, mode.value), HORDE_ASKS, w, known)
    if mode is HordeMode.SCATTER:
        return w.situation()
    return _rolled_target(w)


def horde_steps(settings: DoctrineSettings, section: str) -> tuple[Step, ...]:
    """A section of the horde card (the pre-activation, or a mode's), in the
    order the engine walks it."""
    return horde_card(settings).section(section).steps


@dataclass
class _Horde:
    """What one activation's questions have learnt, shared between steps."""

    friends: list[Fighter]
    """The other characters of its company on the table."""


def _friends(w: Walker) -> list[Fighter]:
    return [
        f
        for f in w.state.fighters_on_table(w.context, Side.AI)
        if f.company == w.fighter.company and f.key != w.fighter.key
    ]


def _ask_melee(w: Walker, known: _Horde) -> bool:
    return w.melee()


def _ask_wounded(w: Walker, known: _Horde) -> bool:
    return w.state.wounded(w.fighter)


def _ask_wounded_friend(w: Walker, known: _Horde) -> bool:
    """Normal 1: another wounded horde character within reach."""
    if not any(w.state.wounded(f) for f in known.friends):
        return False
    near = w.yes(
        "wounded_friend",
        f"Is a wounded {w.company.name} character within "
        f"{inches(WOUNDED_FRIEND_WITHIN)} of {w.name}?",
        "Wounded: no free wound slot left.",
    )
    if near:
        w.friends.append(
            Friend(id="a wounded friend", distance=WOUNDED_FRIEND_WITHIN, wounded=True)
        )
    return near


def _ask_rally(w: Walker, known: _Horde) -> bool:
    """Normal 2: hurt this round, rallied by the unwounded friends near it."""
    if not w.state.hurt(w.fighter):
        return False
    unwounded = [f for f in known.friends if not w.state.wounded(f)]
    count = 0
    if unwounded:
        count = int(
            w.pick(
                "rally",
                f"How many unwounded {w.company.name} characters are within "
                f"{inches(RALLY_WITHIN)} of {w.name}?",
                [Choice(str(n), str(n)) for n in range(len(unwounded) + 1)],
            )
        )
    w.friends.extend(
        Friend(id=f"friend {n}", distance=RALLY_WITHIN) for n in range(1, count + 1)
    )
    return True


HORDE_ASKS: dict[str, Ask[_Horde]] = {
    MELEE_STEP.id: _ask_melee,
    WOUNDED_STEP: _ask_wounded,
    "normal-1": _ask_wounded_friend,
    "normal-2": _ask_rally,
}
"""What each step of the horde card asks before its roll, by the step's id (a
frenzy or a scatter asks nothing before it). True: the step applies."""


def _rolled_target(w: Walker) -> Situation:
    """The enemy a rolled row moves toward (the one that hurt it, or the
    nearest), how far, and whether it is seen."""
    w.some_enemy()
    trial = w.trial(w.situation())
    if sight_for_order(w, trial):
        trial = w.trial(w.situation())
    if trial.action not in ROLLED:
        return w.situation()
    w.preview.append(trial.log[0].describe())
    w.foes.pop("?", None)
    if trial.step in HURT_STEPS:
        target = w.who(
            "hurt_by",
            f"Which enemy that hurt {w.name} this round is closest to it?",
            w.enemies,
            help="If only one enemy hurt it, that one.",
        )
        facts: dict[str, Any] = {"hurt_me": True}
        prefix = "hurt_by"
    else:
        target = w.who("near", f"Which enemy is nearest to {w.name}?", w.enemies)
        facts = {}
        prefix = "near"
    if target is None:
        return w.situation()
    distance = w.inches(
        f"{prefix}_in",
        f"How far is {target.label} from {w.name}?",
        also=(w.sees_too(f"{prefix}_seen", target),) if w.fighter.can_shoot else (),
    )
    sees = False
    if w.fighter.can_shoot and distance <= w.reach and w.visible(distance):
        sees = w.yes(
            f"{prefix}_seen", f"Can {w.name} see {target.label}?", w.sight_help()
        )
    w.foe(target, distance=distance, in_sight=sees, **facts)
    return w.situation()


__all__ = ["HORDE_ASKS", "horde_flow", "horde_steps"]
