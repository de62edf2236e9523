"""What an AI character knows when it activates, and what it decides (RULES §5).

A :class:`Situation` is the abstract table around one AI character: distances in
inches (base edge to base edge) to each enemy and objective, sight, melee
contacts, cover it can reach, what it carries, its wounds and move. Every
doctrine decides from it alone (plus the card or dice drawn) and works out
"within trigger", "within move" and "within range" itself: *within X* means the
distance is at most X (§0).

A :class:`Decision` records what the doctrine decided, the step of the printed
procedure that fired (and every step that applied on the way), a reason a
player can read, its numbers (how far, at whom, which way) and the dice or
cards it took.

A situation with ``follow_up`` set is the extra activation of §4 after felling
an enemy in melee: the whole procedure again, every distance that uses the
move halved (:data:`~engines.doctrines.rules.FOLLOW_UP_SHARE`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from engines.built import built
from engines.cards import Card
from engines.combat import DEFAULT_MOVE
from engines.dice import Dice, DiceLog, Modifier, log_to_data
from engines.doctrines.edges import Edges as Edges
from engines.doctrines.enemy import Enemy as Enemy
from engines.doctrines.obeying import ATTACKS, MOVES, Obeying
from engines.doctrines.obeying import hunted_by as hunted_by
from engines.doctrines.obeying import nearest as nearest
from engines.doctrines.rules import (
    FOLLOW_UP,
    FOLLOW_UP_RULE,
    FOLLOW_UP_SHARE,
    FOLLOW_UP_WHEN,
)
from engines.doctrines.settings import DEFAULT_SETTINGS, DoctrineSettings
from engines.doctrines.steps import Section, Step
from engines.enums import Action, Cover, HordeMode, ObjectiveKind
from engines.once import once
from engines.orders.kinds import LIMIT_KINDS, Hunt, Order, RoutToward, active, of_kind
from engines.text import inches as inches

# --- the situation --------------------------------------------------------------------


@mypyc_attr(native_class=False)
@dataclass(frozen=True, kw_only=True)
class Objective:
    id: str
    distance: float
    in_sight: bool = True
    kind: ObjectiveKind = ObjectiveKind.CARRIABLE


@mypyc_attr(native_class=False)
@dataclass(frozen=True, kw_only=True)
class Friend:
    """Another character of the same (horde) company."""

    id: str
    distance: float
    wounded: bool = False


@mypyc_attr(native_class=False)
@dataclass(frozen=True, kw_only=True)
class Situation:
    """One AI character at the moment it activates (or is attacked)."""

    id: str = "ai"
    card_order: int = 0
    """Its place in the AI side's card order (company order, then card order)."""
    move: float = DEFAULT_MOVE
    shooting_range: float | None = None
    """Inches; ``None``: it cannot shoot."""
    enemies: tuple[Enemy, ...] = ()
    objectives: tuple[Objective, ...] = ()
    friends: tuple[Friend, ...] = ()
    cover_toward: Cover = Cover.NONE
    """The best cover it can end a move in, moving toward the nearest enemy."""
    cover_away: Cover = Cover.NONE
    """The best cover it can end a move in, moving away from the enemy."""
    in_furthest_cover: bool = False
    """It already stands in the cover furthest from the enemy on the table (§5.2 ♦)."""
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
    edges: Edges | None = None
    """Inches to each table edge (§5.3: a wander stops there, a scatter leaves
    there); None when not measured: the decision then leaves it to the player."""
    edge_away: float | None = None
    """Inches to the table edge straight away from the nearest enemy (§5.3: a
    fleeing character that reaches it leaves the battle); None: not measured."""
    round: int | None = None
    """The battle round (scene orders may hold from or until a round); None:
    unknown, every order holds."""

    @property
    def can_shoot(self) -> bool:
        return self.shooting_range is not None

    @once  # worked out once: a situation never changes
    def in_melee(self) -> bool:
        return any(enemy.in_contact for enemy in self.enemies)

    @once
    def contacts(self) -> tuple[Enemy, ...]:
        """The enemies in base contact, in card order."""
        return tuple(enemy for enemy in self.enemies if enemy.in_contact)

    @once
    def in_sight(self) -> tuple[Enemy, ...]:
        return tuple(enemy for enemy in self.enemies if enemy.in_sight)

    @once
    def nearest_enemy(self) -> Enemy | None:
        return nearest(self.enemies)


# --- small readings every doctrine shares ---------------------------------------------


def within(distance: float, limit: float) -> bool:
    """§0: *within X* — the distance between base edges is at most X."""
    return distance <= limit


# --- the decision ---------------------------------------------------------------------


@mypyc_attr(native_class=False)  # built by Turn.decide (engines.built)
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
    """How far it moves at most (its move, a rolled distance, the distance to
    the enemy it reaches); None when it does not move."""
    cover: Cover | None = None
    """The cover it ends its move in, where the rule asks for cover."""
    direction: int | None = None
    """A clock direction 1–12, for a wander (§5.3)."""
    card: Card | None = None
    """The card that decided it (§5.2), jokers aside."""
    attack_roll_modifiers: tuple[Modifier, ...] = ()
    """Modifiers added to the roll of the attack this character suffers (the
    defensive draw: brace is +1 defence, so −1 here; dive for cover −1). Pass
    them to :func:`engines.combat.attack` as ``modifiers``."""
    counts_as_activated: bool = False
    rolled_inches: int | None = None
    """The distance its dice rolled (§5.3), before halving or the table edge."""
    leaves_battle: bool = False
    """It reaches the table edge fleeing or scattering: it leaves the battle."""
    stops_at_edge: bool = False
    """Its move stops at the table edge, short of the distance rolled."""
    follow_up: bool = False
    """This is the half-move follow-up activation (§4)."""
    order: str = ""
    """The scene order that made this decision ("scene order: hunts Frodo")."""
    limits: tuple[str, ...] = ()
    """The scene orders that limit its move (keep out, stay within…)."""
    attack_modifiers: tuple[Modifier, ...] = ()
    """Modifiers to its own attack on its target (a hunt's attack modifier)."""
    log: DiceLog = ()

    def describe(self) -> str:
        """The decision in one line: 'Shoot: sam in sight at 4"'."""
        return (
            f"{self.action.label}: {self.detail}"
            if self.detail
            else (self.action.label)
        )

    def to_data(self) -> dict[str, Any]:
        """Plain data (for a page or a stored battle log)."""
        return {
            "action": self.action.value,
            "label": self.action.label,
            "step": self.step,
            "steps": list(self.steps),
            "reason": self.reason,
            "detail": self.detail,
            "target": self.target,
            "inches": self.inches,
            "cover": None if self.cover is None else self.cover.value,
            "direction": self.direction,
            "card": None if self.card is None else str(self.card),
            "attack_roll_modifiers": [
                [reason, value] for reason, value in self.attack_roll_modifiers
            ],
            "counts_as_activated": self.counts_as_activated,
            "rolled_inches": self.rolled_inches,
            "leaves_battle": self.leaves_battle,
            "stops_at_edge": self.stops_at_edge,
            "follow_up": self.follow_up,
            "order": self.order,
            "limits": list(self.limits),
            "attack_modifiers": [
                [reason, value] for reason, value in self.attack_modifiers
            ],
            "log": log_to_data(self.log),
        }


class Turn(Obeying):
    """The working state of one decision while a doctrine walks its steps.

    The situation is read as the settings let it be seen (the sight limit).
    A plain class, not a dataclass: the compiled engine makes one per decision
    and compiles a class's own ``__init__`` (a dataclass's is generated).
    """

    def __init__(
        self,
        situation: Situation,
        dice: Dice,
        settings: DoctrineSettings = DEFAULT_SETTINGS,
    ) -> None:
        self.situation = settings.seen(situation)
        self.dice = dice
        self.settings = settings
        self.share = 1.0
        """The share of every move-based distance it may use: ½ in a follow-up."""
        self.move = self.situation.move
        """The move this decision may use (half of it in a §4 follow-up)."""
        self.carrying = self.situation.carrying
        self.path: list[str] = []
        self.card: Card | None = None
        self.start = len(dice.log)
        self.orders = active(
            settings.orders,
            character=self.situation.id,
            round_number=self.situation.round,
        )
        """The scene orders binding this character this round."""
        self.order: Order | None = None
        """The order that picked the target (a hunt), once one has."""

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
        attack_roll_modifiers: Sequence[Modifier] = (),
        counts_as_activated: bool = False,
        rolled_inches: int | None = None,
        leaves_battle: bool = False,
        stops_at_edge: bool = False,
    ) -> Decision:
        order = self.order
        if isinstance(order, Hunt) and target is None:
            # A hunt picked a target, but the decision goes to no one (the
            # horde's roll came to a wander or a hold): the hunt did not make it.
            order = None
        own: tuple[Modifier, ...] = ()
        if isinstance(order, Hunt) and order.attack_modifier and target is not None:
            if action in ATTACKS:
                own = ((order.label, order.attack_modifier),)
        moves = inches is not None and inches > 0 or action in MOVES
        limits = tuple(o.words() for o in self.orders if o.kind in LIMIT_KINDS)
        if order is not None and order.label not in detail:
            detail = f"{order.label}; {detail}" if detail else order.label
        return built(  # Decision(...), every field given, without its __init__
            Decision,
            {
                "action": action,
                "step": step.id,
                "steps": (*self.path, step.id),
                "reason": step.text,
                "detail": detail,
                "target": target,
                "inches": inches,
                "cover": cover,
                "direction": direction,
                "card": self.card,
                "attack_roll_modifiers": tuple(attack_roll_modifiers),
                "counts_as_activated": counts_as_activated,
                "rolled_inches": rolled_inches,
                "leaves_battle": leaves_battle,
                "stops_at_edge": stops_at_edge,
                "follow_up": self.share != 1,
                "order": "" if order is None else order.label,
                "limits": limits if moves else (),
                "attack_modifiers": own,
                "log": tuple(self.dice.log[self.start :]),
            },
        )

    @property
    def move_words(self) -> str:
        """'full move of 6"' or, in a follow-up, 'half move of 3"'."""
        return f"{'full' if self.share == 1 else 'half'} move of {inches(self.move)}"

    def no_enemy(self, step: Step) -> Decision:
        """No enemy on the table: nobody to move toward, away from or charge."""
        self.path.append(step.id)
        return self.decide(NO_ENEMY_STEP, Action.HOLD, detail="no enemy on the table")

    def charge(self, step: Step, enemy: Enemy | None, detail: str = "") -> Decision:
        """*Charge* (§5.2): move into melee if within move, else full move toward.

        With no enemy left on the table there is nobody to charge: it holds.
        """
        if enemy is None:
            return self.no_enemy(step)
        prefix = f"{detail}; " if detail else ""
        if within(enemy.distance, self.move):
            return self.decide(
                step,
                Action.MOVE_INTO_MELEE,
                target=enemy.id,
                inches=enemy.distance,
                detail=f"{prefix}charges {enemy.id} at {inches(enemy.distance)}, "
                f"within its move of {inches(self.move)}",
            )
        return self.decide(
            step,
            Action.MOVE_TOWARD_ENEMY,
            target=enemy.id,
            inches=self.move,
            detail=f"{prefix}charges {enemy.id} at {inches(enemy.distance)}: "
            f"{self.move_words} toward it",
        )


# --- §4 pre-activation, as every doctrine prints it -----------------------------------


def rout(turn: Turn, step: Step) -> Decision | None:
    """A routing character moves its full move toward the nearest table edge."""
    if not turn.situation.routing:
        return None
    toward = of_kind(turn.orders, RoutToward)
    if isinstance(toward, RoutToward):
        turn.order = toward
        return turn.decide(
            step,
            Action.ROUT,
            inches=turn.move,
            target=toward.edge.value,
            detail=f"{turn.move_words} toward the {toward.edge.value} edge",
        )
    return turn.decide(
        step, Action.ROUT, inches=turn.move, detail=f"{turn.move_words} to the edge"
    )


def continue_melee(turn: Turn, step: Step) -> Decision | None:
    """A character in melee must continue the melee."""
    contacts = turn.situation.contacts
    if not contacts:
        return None
    hunt = turn.hunt(shot=False)
    fought = turn.unshunned(contacts, contact=True)  # §5 shun: the others
    target = fought[0].id if len(fought) == 1 else None
    if hunt is not None and any(hunted_by(hunt, e) for e in fought):
        picked = turn.pick(fought, contact=True)  # §5: the hunted among several
        target = None if picked is None else picked.id
    return turn.decide(
        step,
        Action.CONTINUE_MELEE,
        target=target,
        detail="in melee with " + ", ".join(enemy.id for enemy in contacts),
    )


ROUT_STEP = Step(
    "pre-rout",
    "R",
    "Routing",
    "Full move toward the nearest table edge; nothing else.",
    rule=rout,
    actions=(Action.ROUT,),
)
MELEE_STEP = Step(
    "pre-melee",
    "M",
    "In melee",
    "Continue the melee.",
    rule=continue_melee,
    actions=(Action.CONTINUE_MELEE,),
)
"""§4's pre-activation lines, as the doctrines print (and walk) them."""

NO_ENEMY = "no-enemy"
NO_ENEMY_STEP = Step(
    NO_ENEMY,
    "–",
    "No enemy on the table",
    "Hold: there is nobody to move toward, away from or charge.",
    actions=(Action.HOLD,),
)
"""What a move toward or away from the enemy, or a charge, reads with no enemy."""


# --- §4 the follow-up activation ----------------------------------------------------


def follow_up(turn: Turn, step: Step) -> Decision | None:
    """A follow-up: every distance that uses the move is halved; then on as usual."""
    if not turn.situation.follow_up:
        return None
    turn.path.append(step.id)
    turn.share = FOLLOW_UP_SHARE
    turn.move = turn.situation.move * FOLLOW_UP_SHARE
    return None


def follow_up_section(*halving: str) -> Section:
    """The follow-up as a card prints it; ``halving`` says what else is halved."""
    return Section(
        id=FOLLOW_UP,
        title="Follow-up activation",
        steps=(
            Step(
                FOLLOW_UP,
                "F",
                FOLLOW_UP_WHEN,
                " ".join((FOLLOW_UP_RULE, *halving)),
                rule=follow_up,
            ),
        ),
    )
