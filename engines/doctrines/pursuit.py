"""§5.4 Pursuit (003) — two dice for chases.

For scenes where the AI hunts a quarry along a route. Each pursuer rolls two
dice of different colours, Movement (M) and Control (C). Its position (1 =
closest to the quarry, capped at 6) is the least M can be; it moves M × 2 inches
along the route (adaptation: the source moves track spaces) and drifts
|M − C| × 2 inches sideways, wide when C is higher, in when C is lower; equal
dice are balanced: no drift and +2 inches (adaptation: the source's "movement
bonus"). A drift that would leave the table becomes forward movement (003).
Pursuers ignore difficult terrain; only other models stop them (003).

A pursuer ends in base contact with a player character — the quarry or any
other — and fights it, when its forward move reaches that character and its
drift leaves it on the character's line along the route (the quarry's line for
the quarry); the first it reaches stops it. A follow-up activation (§4) halves
every distance: M × 2, the drift, the bonus and the lever.

:func:`build` makes the printed card for a battle's settings;
:func:`pursuit_decide` applies its steps in order with the same settings.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from mypy_extensions import mypyc_attr

from engines.combat import AI_INITIATIVE_CHOICE
from engines.dice import Dice, RandomSource
from engines.doctrines.orders import Cards
from engines.doctrines.pursuit_contact import first_reached
from engines.doctrines.pursuit_move import (
    BALANCED_BONUS,
    INCHES_PER_PIP,
    drift_of,
    lateral_offset,
    movement_and_control,
    pursuit_detail,
)
from engines.doctrines.rules import (
    FOLLOW_UP,
    FOLLOW_UP_SHARE,
    ORDER_RULES,
    share_word,
)
from engines.doctrines.settings import DEFAULT_SETTINGS, LEVERS, DoctrineSettings
from engines.doctrines.situation import (
    MELEE_STEP,
    ROUT_STEP,
    Decision,
    follow_up_section,
    inches,
)
from engines.doctrines.steps import PRE_ACTIVATION, Procedure, Row, Section, Step, Table
from engines.enums import Action, Doctrine, Drift
from engines.text import words

POSITION_CAP = 6
"""Positions count 1 (closest to the quarry) to 6; further back is still 6."""

DISTANCE_TABLE = Table(
    "Movement die (M, after raising)",
    tuple(
        Row(str(m), f"{inches(m * INCHES_PER_PIP)} along the route")
        for m in range(1, 7)
    ),
    columns=("M", "Distance"),
)
DRIFT_TABLE = Table(
    "Drift",
    (
        Row("0", f"balanced: no drift, +{inches(BALANCED_BONUS)}"),
        *(
            Row(str(gap), f"{inches(gap * INCHES_PER_PIP)} sideways")
            for gap in range(1, 6)
        ),
    ),
    columns=("|M − C|", "Drift"),
)
POSITION_TABLE = Table(
    "Position (by distance to the quarry)",
    tuple(
        Row(f"{p}+" if p == POSITION_CAP else str(p), f"M at least {p}")
        for p in range(1, POSITION_CAP + 1)
    ),
    columns=("Position", "Movement die"),
)


@dataclass(frozen=True, kw_only=True)
class Ahead:
    """Another player character ahead of a pursuer (§5.4: any player character a
    pursuer ends in base contact with is fought, not only the quarry)."""

    id: str
    along: float
    """Inches ahead of the pursuer, along the route."""
    offset: float = 0
    """Inches sideways of the quarry's line, measured as the pursuer's offset."""


@dataclass(frozen=True, kw_only=True)
class Pursuer:
    """One AI pursuer at the start of its activation."""

    id: str
    distance: float
    """Inches to the nearest quarry character."""
    card_order: int = 0
    room_wide: float = math.inf
    """Inches it can drift wide before leaving the table."""
    room_in: float = math.inf
    """Inches it can cut in before leaving the table."""
    behind_rearmost: bool = False
    """It starts behind the player's rearmost model (difficulty lever)."""
    quarry: str | None = None
    """The quarry character it is nearest to (its target)."""
    offset: float = 0
    """Inches sideways of the quarry's line (the line along the route through
    the quarry); 0: straight behind it."""
    others: tuple[Ahead, ...] = ()
    """The other player characters ahead of it that its move could reach."""
    in_melee: bool = False
    routing: bool = False
    follow_up: bool = False
    """The half-move follow-up activation of §4 after felling its enemy."""


@mypyc_attr(native_class=False)  # as Decision, its base
@dataclass(frozen=True, kw_only=True)
class PursuitDecision(Decision):
    """A pursuer's move: the dice, its position, how far forward and sideways.

    ``inches`` is the whole forward move: M × 2, the balanced bonus, drift
    turned forward at the table edge and the difficulty lever (all halved in a
    follow-up). A forward move that reaches the quarry and ends on its line
    stops there, in base contact, and fights (step 6): ``inches`` is then the
    distance to the quarry.
    """

    position: int | None = None
    movement: int | None = None
    """The Movement die as rolled."""
    control: int | None = None
    speed: int | None = None
    """M after raising to the position."""
    drift: float = 0
    """Inches sideways actually drifted."""
    drift_side: Drift | None = None
    converted: float = 0
    """Inches of drift that became forward movement at the table edge."""
    lever: float = 0
    forward: float = 0
    """Its whole forward move, before the quarry stops it."""
    lateral: float = 0
    """Inches sideways of the quarry's line where it ends."""

    def to_data(self) -> dict[str, object]:
        return super().to_data() | {
            "position": self.position,
            "movement": self.movement,
            "control": self.control,
            "speed": self.speed,
            "drift": self.drift,
            "drift_side": None if self.drift_side is None else self.drift_side.value,
            "converted": self.converted,
            "lever": self.lever,
            "forward": self.forward,
            "lateral": self.lateral,
        }


# --- the card -------------------------------------------------------------------------

LEVER = "lever"
CONTACT = "contact"
REARMOST = (
    "At the start of its activation it is behind the players' rearmost model "
    "(measured along the route)"
)
ROUTE_RULE = (
    "The route: a pursuer follows it while the quarry is on it; once the quarry "
    "has left the route, the pursuer moves straight toward the quarry."
)
QUARRY_LINE = (
    "The quarry's line: the straight line from the pursuer to the quarry at the "
    "start of its move; a drift moves the pursuer sideways, square to that line."
)


def _lever_texts(settings: DoctrineSettings | None) -> tuple[str, str]:
    if settings is None:
        boosts = words((f"+{lever}" for lever in LEVERS if lever), last="or")
        return (REARMOST, f"{boosts} inches to its move, as the scene sets it.")
    if not settings.pursuit_lever:
        return (REARMOST, "Nothing more in this battle.")
    return (REARMOST, f"+{inches(settings.pursuit_lever)} to its move in this battle.")


def _summary(settings: DoctrineSettings | None) -> str:
    dice = (
        "Each pursuer rolls two dice of different colours: Movement (M) and "
        "Control (C)."
    )
    if settings is None or not (settings.quarry or settings.route):
        return (
            "The scene names the quarry (the player character(s) hunted; the "
            f"nearest one counts) and the route in words. {dice}"
        )
    parts = []
    if len(settings.quarry) > 1:
        parts.append(f"The quarry: {words(settings.quarry)} (the nearest one counts).")
    elif settings.quarry:
        parts.append(f"The quarry: {words(settings.quarry)}.")
    if settings.route:
        parts.append(f"The route: {settings.route.rstrip().rstrip('.')}.")
    return " ".join((*parts, dice))


def build(settings: DoctrineSettings | None = None) -> Procedure:
    """The pursuit card: generic without settings, else with this battle's values."""
    lever_when, lever_then = _lever_texts(settings)
    return Procedure(
        doctrine=Doctrine.PURSUIT,
        title="Pursuit",
        source="003",
        summary=_summary(settings),
        tables=(POSITION_TABLE, DISTANCE_TABLE, DRIFT_TABLE),
        order=ORDER_RULES[Doctrine.PURSUIT],
        initiative=AI_INITIATIVE_CHOICE,
        settings=settings,
        notes=(
            ROUTE_RULE,
            QUARRY_LINE,
            "Pursuers ignore difficult terrain; only other models stop them.",
            *(() if settings else ("A scene may also start the quarry further back.",)),
        ),
        sections=(
            Section(
                id=PRE_ACTIVATION,
                title="Pre-activation (no dice)",
                steps=(ROUT_STEP, MELEE_STEP),
            ),
            Section(
                id="steps",
                title="Then, in order",
                steps=(
                    Step(
                        "position",
                        "1",
                        "Position: pursuers ranked by distance to the quarry, 1 = "
                        f"closest, capped at {POSITION_CAP}",
                        "M is raised to at least its position (stragglers catch up).",
                        actions=(Action.PURSUE,),
                    ),
                    Step(
                        "distance",
                        "2",
                        "",
                        f"Move M × {INCHES_PER_PIP} inches toward the quarry along "
                        "the route.",
                        actions=(Action.PURSUE,),
                    ),
                    Step(
                        "drift-wide",
                        "3a",
                        "C > M",
                        f"Drift |M − C| × {INCHES_PER_PIP} inches wide, away from "
                        "the quarry's line, during the move (M after raising).",
                        actions=(Action.PURSUE,),
                    ),
                    Step(
                        "drift-in",
                        "3b",
                        "C < M",
                        f"Cut in |M − C| × {INCHES_PER_PIP} inches, toward the "
                        "quarry's line (not past it), during the move (M after "
                        "raising).",
                        actions=(Action.PURSUE,),
                    ),
                    Step(
                        "balanced",
                        "3c",
                        "C = M",
                        f"Balanced: no drift and +{inches(BALANCED_BONUS)}.",
                        actions=(Action.PURSUE,),
                    ),
                    Step(
                        "edge",
                        "4",
                        "A drift that would leave the table",
                        "Becomes forward movement, inch for inch.",
                        actions=(Action.PURSUE,),
                    ),
                    Step(
                        LEVER,
                        "5",
                        lever_when,
                        lever_then,
                        actions=(Action.PURSUE,),
                    ),
                    Step(
                        CONTACT,
                        "6",
                        "Its forward move reaches a player character (the quarry "
                        "or any other) and its drift leaves it on that character's "
                        "line",
                        "It stops in base contact with the first it reaches and "
                        "fights it in melee.",
                        actions=(Action.MOVE_INTO_MELEE,),
                    ),
                ),
            ),
            follow_up_section(
                f"M × {INCHES_PER_PIP}, the drift, the balanced bonus and the inches "
                f"for starting behind are all {share_word(verb=True)}."
            ),
        ),
    )


PROCEDURE = build()
"""The generic pursuit card (no battle's settings)."""


card = Cards(PROCEDURE, build)
"""The card for these settings (the generic one for None), built once."""


# --- deciding -------------------------------------------------------------------------


def pursuit_positions(pursuers: Iterable[Pursuer]) -> dict[str, int]:
    """Each pursuer's position: 1 = closest to the quarry (ties: card order), max 6."""
    ranked = sorted(pursuers, key=lambda p: (p.distance, p.card_order))
    return {p.id: min(rank, POSITION_CAP) for rank, p in enumerate(ranked, start=1)}


def _pre_activation(
    step: Step, action: Action, path: list[str], pursuer: Pursuer
) -> PursuitDecision:
    return PursuitDecision(
        action=action,
        step=step.id,
        steps=(*path, step.id),
        reason=step.text,
        target=pursuer.quarry if action == Action.CONTINUE_MELEE else None,
        follow_up=pursuer.follow_up,
    )


def pursuit_decide(
    pursuer: Pursuer,
    *,
    position: int,
    rng: RandomSource,
    settings: DoctrineSettings | None = None,
) -> PursuitDecision:
    """One pursuer's activation: roll M and C, then apply the steps in order.

    The difficulty lever is this battle's (``settings.pursuit_lever``). A
    follow-up (``pursuer.follow_up``) halves every distance.
    """
    procedure = card(settings)
    lever = (settings or DEFAULT_SETTINGS).pursuit_lever
    path: list[str] = []
    share = 1.0
    if pursuer.follow_up:
        path.append(FOLLOW_UP)
        share = FOLLOW_UP_SHARE
    if pursuer.routing:
        return _pre_activation(procedure.step(ROUT_STEP.id), Action.ROUT, path, pursuer)
    if pursuer.in_melee:
        return _pre_activation(MELEE_STEP, Action.CONTINUE_MELEE, path, pursuer)
    position = min(max(position, 1), POSITION_CAP)
    dice = Dice(rng)

    movement, speed, control = movement_and_control(pursuer, dice, rng, position, share)
    if speed > movement:
        path.append("position")
    path.append("distance")
    forward: float = speed * INCHES_PER_PIP * share
    parts = [inches(forward)]  # what the forward move adds up from, in words
    gap = abs(speed - control) * INCHES_PER_PIP * share
    side, drift, converted, added = drift_of(
        pursuer, speed=speed, control=control, gap=gap, share=share, path=path,
        parts=parts,
    )  # fmt: skip
    forward += added
    boost = lever * share if pursuer.behind_rearmost else 0
    if boost:
        path.append(LEVER)
        forward += boost
        parts.append(f"{inches(boost)} behind the rearmost model")
    lateral = lateral_offset(pursuer.offset, side, drift)
    action, moves, target = Action.PURSUE, forward, pursuer.quarry
    reached = first_reached(pursuer, forward=forward, lateral=lateral)
    if reached is not None:
        path.append(CONTACT)
        action = Action.MOVE_INTO_MELEE
        moves, target = reached

    step = procedure.step(path[-1])
    decision = PursuitDecision(
        action=action,
        step=step.id,
        steps=tuple(path),
        reason=step.text,
        detail="",
        target=target,
        inches=moves,
        follow_up=pursuer.follow_up,
        position=position,
        movement=movement,
        control=control,
        speed=speed,
        drift=drift,
        drift_side=side,
        converted=converted,
        lever=boost,
        forward=forward,
        lateral=lateral,
        log=dice.entries(),
    )
    detail = pursuit_detail(
        decision, pursuer, share=share, gap=gap, parts=parts, reached=bool(reached)
    )
    return replace(decision, detail=detail)


def pursuit_round(
    pursuers: Sequence[Pursuer],
    *,
    rng: RandomSource,
    settings: DoctrineSettings | None = None,
) -> tuple[PursuitDecision, ...]:
    """Every pursuer, closest to the quarry first, each with its position."""
    positions = pursuit_positions(pursuers)
    ordered = sorted(pursuers, key=lambda p: (p.distance, p.card_order))
    return tuple(
        pursuit_decide(p, position=positions[p.id], rng=rng, settings=settings)
        for p in ordered
    )
