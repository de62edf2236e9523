"""One horde character's activation: what each step measures and rolls (§5.3)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.dice import Modifier, RolledDistance
from engines.doctrines.horde.tables import (
    CHARGE,
    CHARGE_ACTIONS,
    FRENZY_HURT_TABLE,
    HURT_TABLE,
    NORMAL_TABLE,
    RALLY_WITHIN,
    SCATTER,
    WOUNDED_FRIEND_TABLE,
    WOUNDED_FRIEND_WITHIN,
)
from engines.doctrines.rules import share_word
from engines.doctrines.situation import (
    Decision,
    Enemy,
    Turn,
    inches,
    nearest,
    within,
)
from engines.doctrines.steps import Row, Step, Table
from engines.enums import Action

# --- what the steps measure -----------------------------------------------------------

SHOOT_INSTEAD = "shoot-instead"


def _roll(
    turn: Turn, step: Step, table: Table, modifiers: Sequence[Modifier] = ()
) -> Row:
    """Roll D6 on a step's table, logged with the step's condition."""
    entry = turn.dice.d6(
        f"{turn.situation.id} ({turn.situation.mode.value}): {step.when.lower()}",
        modifiers=modifiers,
        outcome=lambda dice, total: table.read(total).result,
    )
    assert entry.total is not None
    return table.read(entry.total)


def _distance(turn: Turn, distance: RolledDistance, what: str) -> tuple[int, float]:
    """Roll a move's distance: the total rolled, and how far it goes (halved in a
    follow-up)."""
    entry = distance.roll(turn.dice, f"{turn.situation.id}: {what} {distance.text}")
    assert entry.total is not None
    return entry.total, entry.total * turn.share


def _hurt_by(turn: Turn) -> Enemy | None:
    """The enemy that hurt it (the nearest, if several); else the nearest enemy
    (a shunned one passed over, §5)."""
    enemies = turn.unshunned(turn.situation.enemies)
    return nearest(e for e in enemies if e.hurt_me) or nearest(enemies)


def _halved(turn: Turn, rolled: int) -> str:
    return f" ({share_word(turn.share)} in a follow-up)" if turn.share != 1 else ""


def _charge(
    turn: Turn, step: Step, enemy: Enemy | None, distance: RolledDistance
) -> Decision:
    """Charge — or shoot instead, for a shooter with the target in sight and range.

    A charge rolls its distance and goes into melee if that reaches the enemy.
    """
    if enemy is None:
        return turn.no_enemy(step)
    reach = turn.situation.shooting_range
    if reach is not None and enemy.in_sight and within(enemy.distance, reach):
        turn.path.append(SHOOT_INSTEAD)
        return turn.decide(
            step,
            Action.SHOOT,
            target=enemy.id,
            detail=f"shoots {enemy.id} at {inches(enemy.distance)} instead of charging",
        )
    rolled, goes = _distance(turn, distance, f"charge toward {enemy.id}")
    halved = _halved(turn, rolled)
    if within(enemy.distance, goes):
        return turn.decide(
            step,
            Action.MOVE_INTO_MELEE,
            target=enemy.id,
            inches=enemy.distance,
            rolled_inches=rolled,
            detail=f"rolls {inches(rolled)}{halved}: reaches {enemy.id} at "
            f"{inches(enemy.distance)}, melee",
        )
    return turn.decide(
        step,
        Action.MOVE_TOWARD_ENEMY,
        target=enemy.id,
        inches=goes,
        rolled_inches=rolled,
        detail=f"rolls {inches(rolled)}{halved}: {inches(goes)} toward {enemy.id} "
        f"at {inches(enemy.distance)}",
    )


def _flee_move(turn: Turn, step: Step, distance: RolledDistance) -> Decision:
    """Flee straight away from the nearest enemy; at the edge it leaves the battle."""
    if turn.situation.nearest_enemy is None:
        return turn.no_enemy(step)
    rolled, goes = _distance(turn, distance, "flee")
    halved = _halved(turn, rolled)
    edge = turn.situation.edge_away
    if edge is not None and within(edge, goes):
        return turn.decide(
            step,
            Action.FLEE,
            inches=edge,
            rolled_inches=rolled,
            leaves_battle=True,
            detail=f"rolls {inches(rolled)}{halved}: reaches the table edge "
            f"{inches(edge)} away and leaves the battle",
        )
    return turn.decide(
        step,
        Action.FLEE,
        inches=goes,
        rolled_inches=rolled,
        detail=f"rolls {inches(rolled)}{halved}: {inches(goes)} straight away from "
        "the nearest enemy"
        + ("" if edge is not None else "; it leaves the battle if it reaches an edge"),
    )


def _wander(turn: Turn, step: Step, distance: RolledDistance) -> Decision:
    """Wander: a direction roll, then the distance; it stops at the table edge.

    With a no-enemy-in-sight order (§5) it goes the rolled distance toward the
    order's place instead (or holds), with no direction roll.
    """
    order = turn.no_enemy_order()
    if order is not None:
        turn.order = order
        if order.place is None:
            return turn.decide(step, Action.HOLD)
        rolled, goes = _distance(turn, distance, "wander")
        return turn.decide(
            step,
            Action.MOVE_TOWARD,
            target=order.place.name,
            inches=goes,
            rolled_inches=rolled,
            detail=f"rolls {inches(rolled)}{_halved(turn, rolled)}: {inches(goes)} "
            f"toward {order.place.words()}",
        )
    clock = turn.dice.direction(f"{turn.situation.id}: wander direction").total
    assert clock is not None
    rolled, goes = _distance(turn, distance, "wander")
    halved = _halved(turn, rolled)
    edges = turn.situation.edges
    room = None if edges is None else edges.along(clock)
    if room is not None and room < goes:
        return turn.decide(
            step,
            Action.WANDER,
            direction=clock,
            inches=room,
            rolled_inches=rolled,
            stops_at_edge=True,
            detail=f"rolls {inches(rolled)}{halved} toward {clock} o'clock: stops "
            f"at the table edge after {inches(room)}",
        )
    return turn.decide(
        step,
        Action.WANDER,
        direction=clock,
        inches=goes,
        rolled_inches=rolled,
        detail=f"rolls {inches(rolled)}{halved}: {inches(goes)} toward {clock} "
        "o'clock" + ("" if edges is not None else ", stopping at the table edge"),
    )


def _act(turn: Turn, step: Step, row: Row, enemy: Enemy | None) -> Decision:
    """Do what a table row says."""
    match row.action:
        case Action.CHARGE:
            assert row.distance is not None
            return _charge(turn, step, enemy, row.distance)
        case Action.FLEE:
            assert row.distance is not None
            return _flee_move(turn, step, row.distance)
        case Action.WANDER:
            assert row.distance is not None
            return _wander(turn, step, row.distance)
        case Action.HOLD:
            return turn.decide(step, Action.HOLD)
    raise ValueError(f"{step.id}: a horde table has no row for {row.action}")


def row_actions(*tables: Table) -> tuple[Action, ...]:
    """What a step's table rows come to, charges read as melee or a move toward."""
    found: dict[Action, None] = {}
    for table in tables:
        for row in table.rows:
            if row.action == Action.CHARGE:
                found.update(dict.fromkeys(CHARGE_ACTIONS))
            elif row.action is not None:
                found[row.action] = None
    return tuple(found)


# --- pre-activation -------------------------------------------------------------------


def wounded_rule(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.wounded:
        return None
    return turn.decide(step, Action.NO_ACTION)


# --- normal ---------------------------------------------------------------------------


def wounded_friend_near(turn: Turn, step: Step) -> Decision | None:
    if not any(
        f.wounded and within(f.distance, WOUNDED_FRIEND_WITHIN)
        for f in turn.situation.friends
    ):
        return None
    row = _roll(turn, step, WOUNDED_FRIEND_TABLE)
    return _act(turn, step, row, turn.pick(turn.situation.enemies))


def hurt_rule(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.hurt_this_round:
        return None
    rallying = sum(
        1
        for f in turn.situation.friends
        if not f.wounded and within(f.distance, RALLY_WITHIN)
    )
    row = _roll(turn, step, HURT_TABLE, [("unwounded friends near", rallying)])
    return _act(turn, step, row, _hurt_by(turn))


def normal_otherwise(turn: Turn, step: Step) -> Decision:
    row = _roll(turn, step, NORMAL_TABLE)
    return _act(turn, step, row, turn.pick(turn.situation.enemies))


# --- frenzy ---------------------------------------------------------------------------


def frenzy_hurt(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.hurt_this_round:
        return None
    row = _roll(turn, step, FRENZY_HURT_TABLE)
    return _act(turn, step, row, _hurt_by(turn))


def frenzy_charge(turn: Turn, step: Step) -> Decision:
    return _charge(turn, step, turn.pick(turn.situation.enemies), CHARGE)


# --- scatter --------------------------------------------------------------------------


def scatter_rule(turn: Turn, step: Step) -> Decision:
    rolled, goes = _distance(turn, SCATTER, "scatter")
    halved = _halved(turn, rolled)
    edges = turn.situation.edges
    if edges is not None and within(edges.nearest, goes):
        return turn.decide(
            step,
            Action.SCATTER,
            inches=edges.nearest,
            rolled_inches=rolled,
            leaves_battle=True,
            detail=f"rolls {inches(rolled)}{halved}: reaches the nearest table edge "
            f"{inches(edges.nearest)} away and leaves the battle",
        )
    return turn.decide(
        step,
        Action.SCATTER,
        inches=goes,
        rolled_inches=rolled,
        detail=f"rolls {inches(rolled)}{halved}: {inches(goes)} toward the nearest "
        "table edge"
        + ("" if edges is not None else "; it leaves the battle if it reaches it"),
    )
