"""The pursuit's questions (RULES §5.4), in its card's own order: the
pre-activation steps, then the dice (shown, not asked), then the steps of its
card (:func:`pursuit_steps`), each asking what its condition needs
(:data:`PURSUIT_ASKS`). The steps measured where the pursuer stands before it
moves (:data:`MEASURED_FIRST`: the quarry along the route, whether it starts
behind your rearmost model) are asked first, on one screen; then the steps of
where its move takes it (its drift, whom it reaches). Within each, the card's
order; reorder the card's steps and the questions follow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.doctrines import Pursuer
from engines.doctrines.pursuit import CONTACT, LEVER, Ahead, PursuitDecision
from engines.doctrines.pursuit import card as pursuit_card
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.situation import MELEE_STEP, ROUT_STEP
from engines.doctrines.steps import PRE_ACTIVATION, Step
from engines.enums import Action, Drift
from engines.table.flow_steps import Ask, steps_walk
from engines.table.questions import FAR, NO, WITH, YES, Choice, Walker
from engines.table.state import Fighter
from engines.text import inches

PURSUIT_STEPS = "steps"
"""The pursuit card's section of numbered steps."""
MEASURED_FIRST = frozenset({"distance", LEVER})
"""Steps whose condition is measured where the pursuer stands, before it moves."""
BEHIND = "behind:"
"""The melee question's answer "not in melee, and behind your rearmost model
or not" (``behind:yes``, ``behind:no``): step 5's question, asked whenever it
is not in melee, on the same screen."""


def pursuit_flow(w: Walker) -> Pursuer:
    """The pursuit's questions, in its card's order of steps."""
    settings = w.company.settings
    fighter = w.fighter
    chase = _Chase(
        base={
            "id": fighter.label,
            "card_order": fighter.card_order,
            "routing": w.routing,
            "follow_up": w.follow_up,
            "distance": FAR,
        }
    )
    if steps_walk(pursuit_steps(settings, PRE_ACTIVATION), PURSUIT_ASKS, w, chase):
        return chase.pursuer()
    dice = chase.rolled = _trial(w, chase)
    w.preview.extend(entry.describe() for entry in dice.log)
    steps = pursuit_steps(settings, PURSUIT_STEPS)
    first = [s for s in steps if s.id in MEASURED_FIRST]
    steps_walk(first, PURSUIT_ASKS, w, chase)
    if chase.target is None:
        return chase.pursuer()
    then = [s for s in steps if s.id not in MEASURED_FIRST]
    steps_walk(then, PURSUIT_ASKS, w, chase)
    return chase.pursuer()


def pursuit_steps(settings: DoctrineSettings, section: str) -> tuple[Step, ...]:
    """A section of the pursuit card, in the order the engine walks it."""
    return pursuit_card(settings).section(section).steps


@dataclass
class _Chase:
    """What one activation's questions have learnt: the pursuer's inputs so
    far, its quarry, and the engine's trial once the drift is known."""

    base: dict[str, Any]
    target: Fighter | None = None
    trial: PursuitDecision | None = None
    rolled: PursuitDecision | None = None
    """The dice, shown before the questions: its drift is known from them."""

    def pursuer(self) -> Pursuer:
        return Pursuer(**self.base)


def _trial(w: Walker, chase: _Chase) -> PursuitDecision:
    """The pursuer's decision on what is known so far (nothing drawn)."""
    trial = w.trial(chase.pursuer())
    assert isinstance(trial, PursuitDecision)
    return trial


# --- pre-activation -------------------------------------------------------------------


def _ask_rout(w: Walker, chase: _Chase) -> bool:
    return w.routing


def _ask_melee(w: Walker, chase: _Chase) -> bool:
    if not w.enemies:
        return False
    value = w.pick(*_melee_question(w))
    if value.startswith(BEHIND):
        w.answers.setdefault("behind", value.removeprefix(BEHIND))
    if value.startswith(WITH):
        w.answers.setdefault("fighting", value.removeprefix(WITH))
    elif value != YES:
        return False
    target = w.who("fighting", f"Which enemy is {w.name} fighting?", w.enemies)
    chase.base.update(in_melee=True, quarry=target.label if target else None)
    return True


def _melee_question(w: Walker) -> tuple[str, str, list[Choice], str]:
    """Whether it is in melee (and with whom, where there are several), and
    if not, whether it stands behind your rearmost model (a battle with a
    lever): one tap for both. An answer of the older form (yes or no) is read
    with the plain question."""
    text = f"Is {w.name} in base contact with an enemy?"
    plain = [Choice(YES, "Yes"), Choice(NO, "No")]
    lever = w.company.settings.pursuit_lever
    if w.answers.get("melee") in (YES, NO) or (not lever and len(w.enemies) < 2):
        return "melee", text, plain, ""
    yes = [Choice(YES, "Yes")]
    if len(w.enemies) > 1:
        with_one = [
            Choice(f"{WITH}{e.key}", f"Yes — with {e.label}") for e in w.enemies
        ]
        yes = [*with_one, Choice(YES, "Yes — with several")]
    if not lever:
        return "melee", text, [*yes, Choice(NO, "No")], ""
    return (
        "melee",
        f"{text} If not, is it behind your rearmost model?",
        [
            *yes,
            Choice(f"{BEHIND}{YES}", "No — it is behind your rearmost model"),
            Choice(f"{BEHIND}{NO}", "No — it is not behind it"),
        ],
        _behind_help(w),
    )


def _behind_help(w: Walker) -> str:
    return (
        "Your rearmost model: the one of yours furthest back along the route. "
        f"A pursuer behind it moves {inches(w.company.settings.pursuit_lever)} more."
    )


# --- measured where it stands ---------------------------------------------------------


def _ask_quarry(w: Walker, chase: _Chase) -> bool:
    """Step 2: which of the quarry is nearest, and how far along the route.
    True (no more to ask) when none of the quarry is on the table."""
    names = set(w.company.settings.quarry)
    quarry = [e for e in w.enemies if e.name in names] or w.enemies
    target = chase.target = w.who(
        "quarry",
        f"Which of the quarry is nearest to {w.name}?",
        quarry,
        help="The pursuers hunt " + ", ".join(f.label for f in quarry) + ".",
    )
    if target is None:
        return True
    chase.base["quarry"] = target.label
    route = w.company.settings.route
    chase.base["distance"] = w.inches(
        "quarry_in",
        f"How far is {target.label} from {w.name}, along the route?",
        "The route: the way the chase runs"
        + (f" ({route})" if route else "")
        + "; measure along it, not straight across.",
        also=_beside_quarry(w, chase, target),
    )
    return False


def _beside_quarry(
    w: Walker, chase: _Chase, target: Fighter
) -> tuple[tuple[str, str, bool], ...]:
    """Asked beside the quarry's distance: whether it starts behind your
    rearmost model (unless the melee question said), and whether its drift,
    known from its dice, keeps it on the table (both ticked at first: pursuers
    mostly chase from behind, with room to drift)."""
    also = []
    if w.company.settings.pursuit_lever and "behind" not in w.answers:
        also.append(("behind", f"{w.name} is behind your rearmost model", True))
    rolled = chase.rolled
    if rolled is not None and rolled.drift:
        way, _room = _drift_way(rolled)
        words = f"{w.name} can drift {inches(rolled.drift)} {way} {target.label}'s line"
        also.append(("room_ok", f"{words} and stay on the table", True))
    return tuple(also)


def _drift_way(trial: PursuitDecision) -> tuple[str, str]:
    """Which way it drifts, in words, and the room that answer gives."""
    if trial.drift_side is Drift.WIDE:
        return "wide, away from", "room_wide"
    return "in, toward", "room_in"


def _ask_behind(w: Walker, chase: _Chase) -> bool:
    """Step 5: whether it starts behind your rearmost model (where the battle
    has a lever)."""
    lever = w.company.settings.pursuit_lever
    if lever:
        chase.base["behind_rearmost"] = w.yes(
            "behind", f"Is {w.name} behind your rearmost model?", _behind_help(w)
        )
    return False


# --- where its move takes it ----------------------------------------------------------


def _ask_drift(w: Walker, chase: _Chase) -> bool:
    """Steps 3 and 4: whether its drift keeps it on the table (else how far
    it can drift), asked once."""
    if chase.trial is not None or chase.target is None:
        return False
    target = chase.target
    trial = _trial(w, chase)
    if trial.drift:
        way, room_key = _drift_way(trial)
        if not w.yes(
            "room_ok",
            f"Can {w.name} drift {inches(trial.drift)} {way} {target.label}'s line "
            "and stay on the table?",
            "Drift: the sideways part of its move, from the gap between its two "
            "dice. The quarry's line: the line along the route through the quarry.",
        ):
            chase.base[room_key] = w.inches(
                "room", f"How many inches can it drift {way.split(',')[0]}?"
            )
        trial = _trial(w, chase)
    chase.trial = trial
    return False


def _ask_contact(w: Walker, chase: _Chase) -> bool:
    """Step 6: where its move ends — beside the quarry's line (its offset), and
    touching any of yours, who is then fought."""
    target = chase.target
    if target is None:
        return True
    base = chase.base
    trial = chase.trial or _trial(w, chase)
    others = [e for e in w.enemies if e is not target]
    touching = [(f"touch_{e.key}", e) for e in others]
    if trial.forward >= base["distance"]:
        base["offset"] = w.inches(
            "offset",
            f"How far to the side of {target.label}'s line is {w.name}?",
            "The line along the route through the quarry: 0 when it is straight "
            "behind it.",
            # Whom its move ends touching, on the same screen: one tap fewer.
            also=tuple(
                (name, f"Its move ends touching {e.label}", False)
                for name, e in touching
            ),
        )
        trial = _trial(w, chase)
    if not others or trial.action is Action.MOVE_INTO_MELEE:
        return True
    # Any of yours it ends its move touching is fought, not only the quarry
    # (the engine reads it as one ahead, where the move ends).
    if "offset" in base:
        touched = next(
            (e for name, e in touching if w.yes(name, f"Does it touch {e.label}?")),
            None,
        )
    else:
        touched = w.who(
            "contact",
            f"After its move ({trial.detail}), does {w.name} end in base "
            "contact with one of yours?",
            others,
            none="No, with none of them",
            help="If it does, it fights that one.",
        )
    if touched is not None:
        base["others"] = (
            Ahead(id=touched.label, along=trial.forward, offset=trial.lateral),
        )
    return True


PURSUIT_ASKS: dict[str, Ask[_Chase]] = {
    ROUT_STEP.id: _ask_rout,
    MELEE_STEP.id: _ask_melee,
    "distance": _ask_quarry,
    LEVER: _ask_behind,
    "drift-wide": _ask_drift,
    "drift-in": _ask_drift,
    "edge": _ask_drift,
    CONTACT: _ask_contact,
}
"""What each step of the pursuit card asks, by the step's id (the position
is ranked at the round's start, the balance of the dice asks nothing). True:
the step applies and ends the questions."""


__all__ = ["PURSUIT_ASKS", "pursuit_flow", "pursuit_steps"]
