"""What an AI character knows when it activates, and what it decides (RULES §5).

A :class:`Situation` is the abstract table around one AI character: distances in
inches (base edge to base edge) to each enemy and objective, sight, melee
contacts, cover it can reach, what it carries, its wounds and move. Every
doctrine decides from it alone (plus the card or dice drawn) and works out
"within trigger", "within move" and "within range" itself: *within X* means the
distance is at most X (§0).

A :class:`Decision` records what the doctrine decided, the step of the printed
procedure that fired (and every step that applied on the way), a reason a
player can read, and the dice or cards it took.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engines.cards import Card
from engines.dice import Dice, DiceLog, Modifier
from engines.doctrines.steps import Step
from engines.enums import Action, Cover, HordeMode, ObjectiveKind

# --- the situation --------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Enemy:
    """An enemy (player) character as this AI character sees it.

    A situation lists its enemies in the player's card order (§5.1 numbers
    several melee opponents in that order).
    """

    id: str
    distance: float
    """Inches, base edge to base edge; 0 when in base contact."""
    in_sight: bool = True
    in_contact: bool = False
    """In base contact with this character: they are in melee."""
    engaged: bool = False
    """In base contact with any model (the opposite of *unengaged*, §0)."""
    hurt_me: bool = False
    """It wounded this character this round (§5.3 charges the enemy that hurt it)."""


@dataclass(frozen=True, kw_only=True)
class Objective:
    id: str
    distance: float
    in_sight: bool = True
    kind: ObjectiveKind = ObjectiveKind.CARRIABLE


@dataclass(frozen=True, kw_only=True)
class Friend:
    """Another character of the same (horde) company."""

    id: str
    distance: float
    wounded: bool = False


@dataclass(frozen=True, kw_only=True)
class Situation:
    """One AI character at the moment it activates (or is attacked)."""

    id: str = "ai"
    card_order: int = 0
    """Its place in the AI side's card order (company order, then card order)."""
    move: float = 6
    shooting_range: float | None = None
    """Inches; ``None``: it cannot shoot."""
    enemies: tuple[Enemy, ...] = ()
    objectives: tuple[Objective, ...] = ()
    friends: tuple[Friend, ...] = ()
    cover_toward: Cover = Cover.NONE
    """The best cover it can end a move in, moving toward the nearest enemy."""
    cover_away: Cover = Cover.NONE
    """The best cover it can end a move in, moving away from the enemy."""
    carrying: str | None = None
    """The objective it carries."""
    wounded: bool = False
    """No free wound slot: the next wound fells it (§5.3)."""
    hurt_this_round: bool = False
    attacked_before_activating: bool = False
    """It is being attacked and has not activated this round (§5.2 defensive draw)."""
    routing: bool = False
    follow_up: bool = False
    """The extra half-move activation of §4 after felling its enemy in melee."""
    mode: HordeMode = HordeMode.NORMAL
    """Its company's horde mode (§5.3)."""

    @property
    def can_shoot(self) -> bool:
        return self.shooting_range is not None

    @property
    def in_melee(self) -> bool:
        return any(enemy.in_contact for enemy in self.enemies)

    @property
    def contacts(self) -> tuple[Enemy, ...]:
        """The enemies in base contact, in card order."""
        return tuple(enemy for enemy in self.enemies if enemy.in_contact)

    @property
    def in_sight(self) -> tuple[Enemy, ...]:
        return tuple(enemy for enemy in self.enemies if enemy.in_sight)

    @property
    def nearest_enemy(self) -> Enemy | None:
        return nearest(self.enemies)


# --- small readings every doctrine shares ---------------------------------------------

Near = TypeVar("Near", Enemy, Objective, Friend)


def within(distance: float, limit: float) -> bool:
    """§0: *within X* — the distance between base edges is at most X."""
    return distance <= limit


def nearest(items: Iterable[Near]) -> Near | None:
    """The closest; a tie goes to the first listed (card order)."""
    return min(items, key=lambda item: item.distance, default=None)


def inches(value: float) -> str:
    """A distance as a card prints it: 6", 3.5"."""
    return f'{value:g}"'


# --- the decision ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Decision:
    """What a doctrine decided for one character, and why.

    ``step`` is the id of the printed step that fired; ``steps`` every step
    that applied on the way, in order, ending with ``step`` (a pre-activation
    pick-up, a joker, a non-shooter's reading...). ``reason`` is the printed
    line of ``step``; ``detail`` the particulars (who, how far, the roll).
    """

    action: Action
    step: str
    steps: tuple[str, ...]
    reason: str
    detail: str = ""
    target: str | None = None
    """The enemy or objective id it acts on."""
    inches: float | None = None
    """How far it moves, where the rule fixes it (full move, half move)."""
    cover: Cover | None = None
    """The cover it ends its move in, where the rule asks for cover."""
    direction: int | None = None
    """A clock direction 1–12, for a wander (§5.3)."""
    card: Card | None = None
    """The card that decided it (§5.2), jokers aside."""
    modifiers: tuple[Modifier, ...] = ()
    """Modifiers to the attack it suffers (defensive draw: brace, dive for cover)."""
    counts_as_activated: bool = False
    log: DiceLog = ()


@dataclass
class Turn:
    """The working state of one decision while a doctrine walks its steps."""

    situation: Situation
    dice: Dice
    move: float = field(init=False)
    """The move this decision may use (half of it in a §4 follow-up)."""
    carrying: str | None = field(init=False)
    path: list[str] = field(default_factory=list)
    card: Card | None = None
    start: int = field(init=False)

    def __post_init__(self) -> None:
        self.move = self.situation.move
        self.carrying = self.situation.carrying
        self.start = len(self.dice.log)

    def decide(
        self,
        step: Step,
        action: Action,
        *,
        detail: str = "",
        target: str | None = None,
        inches: float | None = None,
        cover: Cover | None = None,
        direction: int | None = None,
        modifiers: Sequence[Modifier] = (),
        counts_as_activated: bool = False,
    ) -> Decision:
        return Decision(
            action=action,
            step=step.id,
            steps=(*self.path, step.id),
            reason=step.text,
            detail=detail,
            target=target,
            inches=inches,
            cover=cover,
            direction=direction,
            card=self.card,
            modifiers=tuple(modifiers),
            counts_as_activated=counts_as_activated,
            log=tuple(self.dice.log[self.start :]),
        )

    def charge(self, step: Step, enemy: Enemy | None, detail: str = "") -> Decision:
        """*Charge* (§5.2, §5.3): move into melee if within move, else full move toward.

        With no enemy left on the table there is nobody to charge: it holds.
        """
        if enemy is None:
            return self.decide(step, Action.HOLD, detail="no enemy on the table")
        prefix = f"{detail}; " if detail else ""
        if within(enemy.distance, self.move):
            return self.decide(
                step,
                Action.MOVE_INTO_MELEE,
                target=enemy.id,
                detail=f"{prefix}charges {enemy.id} at {inches(enemy.distance)}, "
                f"within its move of {inches(self.move)}",
            )
        return self.decide(
            step,
            Action.MOVE_TOWARD_ENEMY,
            target=enemy.id,
            inches=self.move,
            detail=f"{prefix}charges {enemy.id} at {inches(enemy.distance)}: "
            f"full move of {inches(self.move)} toward it",
        )


# --- §4 pre-activation, as every doctrine prints it -----------------------------------


def rout(turn: Turn, step: Step) -> Decision | None:
    """A routing character moves its full move toward the nearest table edge."""
    if not turn.situation.routing:
        return None
    return turn.decide(step, Action.ROUT, inches=turn.move)


def continue_melee(turn: Turn, step: Step) -> Decision | None:
    """A character in melee must continue the melee."""
    contacts = turn.situation.contacts
    if not contacts:
        return None
    return turn.decide(
        step,
        Action.CONTINUE_MELEE,
        target=contacts[0].id if len(contacts) == 1 else None,
        detail="in melee with " + ", ".join(enemy.id for enemy in contacts),
    )


ROUT_STEP = Step(
    "pre-rout",
    "R",
    "Routing",
    "Full move toward the nearest table edge; nothing else.",
    rule=rout,
)
MELEE_STEP = Step(
    "pre-melee", "M", "In melee", "Continue the melee.", rule=continue_melee
)
"""§4's pre-activation lines, as the doctrines print (and walk) them."""


# --- walking the steps ----------------------------------------------------------------


def first(turn: Turn, steps: Iterable[Step]) -> Decision | None:
    """The decision of the first step whose rule applies, if one does."""
    for step in steps:
        assert step.rule is not None, f"step {step.id} has no rule"
        decision = step.rule(turn, step)
        if decision is not None:
            return decision
    return None


def walk(turn: Turn, steps: Iterable[Step]) -> Decision:
    """The first step whose rule applies decides (a list's last step always does)."""
    decision = first(turn, steps)
    if decision is None:
        raise AssertionError("a procedure's last step always applies")
    return decision
