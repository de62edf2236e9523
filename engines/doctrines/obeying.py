"""How a doctrine's turn obeys the scene orders (RULES §5 "Scene orders in every
doctrine").

:class:`Obeying` is the part of a doctrine's :class:`~engines.doctrines.situation.Turn`
that reads the orders binding the character this round: a hunt picks its
target wherever a step picks "the nearest" and could pick it, and moves toward
it out of sight where it may; a shun passes over the shunned character
wherever a step picks an enemy to charge, to fight among several in contact or
to move toward (never a shot; alone in contact, it fights on); a
no-enemy-in-sight order replaces the doctrine's last branch while the character
is unengaged, carries nothing and sees no enemy.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol, TypeVar

from mypy_extensions import trait

from engines.enums import Action
from engines.orders.kinds import (
    Hunt,
    NoEnemyInSight,
    Order,
    PlaceKind,
    Shun,
    TargetKind,
    of_kind,
)

if TYPE_CHECKING:
    from engines.doctrines.situation import Decision, Enemy, Situation
    from engines.doctrines.steps import Step

ATTACKS = (
    Action.SHOOT,
    Action.MOVE_AND_SHOOT,
    Action.MOVE_INTO_MELEE,
    Action.CONTINUE_MELEE,
    Action.RETURN_FIRE,
)
"""Actions that attack their target (a hunt's attack modifier applies)."""
MOVES = (
    Action.ROUT,
    Action.MOVE_TO_EDGE,
    Action.MOVE_AND_SHOOT,
    Action.MOVE_INTO_MELEE,
    Action.MOVE_TO_OBJECTIVE,
    Action.MOVE_TOWARD_OBJECTIVE,
    Action.MOVE_TOWARD_ENEMY,
    Action.MOVE_TOWARD,
    Action.MOVE_AWAY,
    Action.FLEE,
    Action.WANDER,
    Action.PURSUE,
    Action.SCATTER,
    Action.DIVE_FOR_COVER,
)
"""Actions that move the character (a limit order applies to the move)."""


def hunted_by(hunt: Hunt, enemy: Enemy) -> bool:
    """Whether this enemy is the hunt's target (§1 "Scene orders")."""
    match hunt.target_kind:
        case TargetKind.CARRIER:
            return enemy.carrying == hunt.target
        case TargetKind.COMPANY:
            return enemy.company == hunt.target
    return enemy.id == hunt.target


@trait
class Obeying:
    """The scene-order readings of a turn (mixed into ``Turn``)."""

    # Quoted for the compiled engine (mypyc reads it before Situation is made).
    situation: "Situation"  # noqa: UP037
    orders: tuple[Order, ...]
    order: Order | None
    carrying: str | None
    move: float

    # -- scene orders (§1, §5) --

    def hunt(self, *, shot: bool) -> Hunt | None:
        """The hunt that binds this step: shooting-only hunts bind only shots."""
        hunt = of_kind(self.orders, Hunt)
        if not isinstance(hunt, Hunt) or (hunt.shooting_only and not shot):
            return None
        return hunt

    def unshunned(
        self, candidates: Iterable[Enemy], *, contact: bool = False
    ) -> tuple[Enemy, ...]:
        """§5 shun: the candidates without the shunned; among enemies already in
        contact, all of them if only the shunned are left (it fights on)."""
        candidates = tuple(candidates)
        shuns = [o for o in self.orders if isinstance(o, Shun)]
        if not shuns:
            return candidates  # nobody shunned: every candidate kept
        kept = tuple(e for e in candidates if not any(o.target == e.id for o in shuns))
        if contact and not kept:
            return candidates
        if len(kept) < len(candidates):
            passed = {e.id for e in candidates} - {e.id for e in kept}
            self.order = next(o for o in shuns if o.target in passed)
        return kept

    def pick(
        self, candidates: Iterable[Enemy], *, shot: bool = False, contact: bool = False
    ) -> Enemy | None:
        """§5 hunt: the hunted target if this step could pick it, else the
        nearest; never a shunned one but for a shot (a non-shooter charges
        instead: then never) (``contact``: the enemies in contact, where a
        shunned one alone is fought on)."""
        candidates = tuple(candidates)
        if shot and self.situation.can_shoot:  # a non-shooter's shot charges
            return self._chosen(candidates, shot=shot)
        before = self.order
        kept = self.unshunned(candidates, contact=contact)
        if kept == candidates:
            return self._chosen(candidates, shot=shot)
        shun, self.order = self.order, before
        without = self._chosen(candidates, shot=shot)
        self.order = before
        chosen = self._chosen(kept, shot=shot)
        if without is not None and (chosen is None or chosen.id != without.id):
            self.order = shun  # the shun changed the pick: it names the decision
        return chosen

    def _chosen(self, candidates: tuple[Enemy, ...], *, shot: bool) -> Enemy | None:
        hunt = self.hunt(shot=shot)
        if hunt is not None:
            hunted = nearest(e for e in candidates if hunted_by(hunt, e))
            if hunted is not None:
                self.order = hunt
                return hunted
        return nearest(candidates)

    def unseen_hunted(self) -> tuple[Enemy, ...]:
        """A hunt *even out of sight*: its targets out of sight, to move toward."""
        hunt = self.hunt(shot=False)
        if hunt is None or not hunt.out_of_sight:
            return ()
        return tuple(
            e for e in self.situation.enemies if not e.in_sight and hunted_by(hunt, e)
        )

    def no_enemy_order(self) -> NoEnemyInSight | None:
        """§5: the no-enemy-in-sight order, while it is unengaged, carries
        nothing and sees no enemy."""
        order = of_kind(self.orders, NoEnemyInSight)
        situation = self.situation
        if (
            not isinstance(order, NoEnemyInSight)
            or self.carrying is not None
            or situation.in_melee
            or situation.in_sight
            or any(e.in_contact for e in situation.enemies)
        ):
            return None
        place = order.place
        if place is not None and place.kind is PlaceKind.CHARACTER:
            if not any(e.id == place.name for e in situation.enemies):
                return None  # that character is not on the table
        return order

    def follow_order(self, step: Step, order: NoEnemyInSight) -> Decision:
        """Hold, or a full move toward the order's place."""
        self.order = order
        if order.place is None:
            return self.decide(step, Action.HOLD, detail=order.label)
        return self.decide(
            step,
            Action.MOVE_TOWARD,
            target=order.place.name,
            inches=self.move,
            detail=f"{order.label}: {self.move_words}",
        )

    def decide(
        self,
        step: Step,
        action: Action,
        *,
        detail: str = "",
        target: str | None = None,
        inches: float | None = None,
    ) -> Decision:
        """The decision of this step (provided by ``Turn``)."""
        raise NotImplementedError

    @property
    def move_words(self) -> str:
        raise NotImplementedError


class Measured(Protocol):
    """Anything read at a distance: an enemy, an objective, a friend."""

    @property
    def distance(self) -> float: ...


Near = TypeVar("Near", bound=Measured)


def nearest(items: Iterable[Near]) -> Near | None:
    """The closest; a tie goes to the first listed (card order). A plain loop,
    as ``min(items, key=...)`` chooses, which the compiled engine runs
    without calling a key for each."""
    best: Near | None = None
    for item in items:
        if best is None or item.distance < best.distance:
            best = item
    return best
