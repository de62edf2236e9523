"""The deck card's step rules for each suit (RULES §5.2): what a step measures
(trigger, range after the move) and what it decides."""

from __future__ import annotations

import math

from engines.doctrines.deck.meaning import (
    CANNOT_SHOOT,
    MOVE_LIMITS,
    MoveLimit,
    trigger_distance,
)
from engines.doctrines.situation import Decision, Enemy, Turn, inches, within
from engines.doctrines.steps import Step
from engines.enums import Action, Cover

# --- what the steps measure -----------------------------------------------------------


def _range(turn: Turn) -> float:
    """Its shooting range; a character that cannot shoot has none to measure."""
    reach = turn.situation.shooting_range
    return math.inf if reach is None else reach


def _triggered(turn: Turn, *, in_sight: bool) -> list[Enemy]:
    """Enemies (in sight, or not) within the card's trigger; none for J Q K."""
    assert turn.card is not None
    trigger = trigger_distance(turn.card)
    if trigger is None:
        return []
    return [
        enemy
        for enemy in turn.situation.enemies
        if enemy.in_sight == in_sight and within(enemy.distance, trigger)
    ]


def _act(
    turn: Turn,
    step: Step,
    action: Action,
    enemy: Enemy | None,
    *,
    detail: str = "",
    cover: Cover | None = None,
    inches: float | None = None,
) -> Decision:
    """Decide, reading Shoot / Move and shoot / Overwatch for a non-shooter."""
    if not turn.situation.can_shoot and action in (
        Action.SHOOT,
        Action.MOVE_AND_SHOOT,
        Action.OVERWATCH,
    ):
        turn.path.append(CANNOT_SHOOT)
        if action == Action.OVERWATCH:
            return turn.decide(step, Action.HOLD, detail="cannot shoot: holds")
        return turn.charge(step, enemy, detail=f"cannot shoot: {action.label} → Charge")
    target = None if enemy is None else enemy.id
    return turn.decide(
        step, action, target=target, detail=detail, cover=cover, inches=inches
    )


def _moves(turn: Turn) -> tuple[MoveLimit, Cover | None]:
    """The suit's movement limit and the cover it may end in (None: it stays)."""
    assert turn.card is not None and turn.card.suit is not None
    limit = MOVE_LIMITS[turn.card.suit]
    return limit, limit.cover(turn.situation)


def _distance_after_move(turn: Turn, enemy: Enemy) -> float:
    """Where it would end its move: up to its move closer, or a move further away."""
    limit, cover = _moves(turn)
    if cover is None:
        return enemy.distance
    if limit.away:
        return enemy.distance + turn.move
    return max(0.0, enemy.distance - turn.move)


def _move_and_shoot(turn: Turn, step: Step, target: Enemy) -> Decision:
    limit, cover = _moves(turn)
    if cover is None:
        moves = "does not move (no such cover)"
    else:
        way = "away from the enemy" if limit.away else f"toward {target.id}"
        moves = f"moves up to {inches(turn.move)} {way} into {cover.label.lower()}"
    return _act(
        turn,
        step,
        Action.MOVE_AND_SHOOT,
        target,
        cover=cover,
        inches=0 if cover is None else turn.move,
        detail=f"{moves}, then shoots {target.id} at {inches(target.distance)}",
    )


# --- ♠ harm ---------------------------------------------------------------------------


def spade_shoot(turn: Turn, step: Step) -> Decision | None:
    reach = _range(turn)
    target = turn.pick(
        (e for e in _triggered(turn, in_sight=True) if within(e.distance, reach)),
        shot=True,
    )
    if target is None:
        return None
    return _act(
        turn,
        step,
        Action.SHOOT,
        target,
        detail=f"{target.id} in sight at {inches(target.distance)}",
    )


def spade_charge_unseen(turn: Turn, step: Step) -> Decision | None:
    target = turn.pick(_triggered(turn, in_sight=False))
    if target is None:
        return None
    return turn.charge(step, target, detail=f"{target.id} out of sight")


def _closest_in_range(turn: Turn) -> Enemy | None:
    """J Q K: the closest enemy in sight within shooting range."""
    assert turn.card is not None
    if not turn.card.is_picture:
        return None
    reach = _range(turn)
    return turn.pick(
        (e for e in turn.situation.in_sight if within(e.distance, reach)), shot=True
    )


def spade_picture(turn: Turn, step: Step) -> Decision | None:
    target = _closest_in_range(turn)
    if target is None:
        return None
    return _act(
        turn,
        step,
        Action.SHOOT,
        target,
        detail=f"closest in sight and range: {target.id} at {inches(target.distance)}",
    )


def spade_otherwise(turn: Turn, step: Step) -> Decision:
    enemy = turn.pick(turn.situation.enemies)
    if enemy is None:
        return turn.no_enemy(step)
    cover = turn.situation.cover_toward
    return turn.decide(
        step,
        Action.MOVE_TOWARD_ENEMY,
        target=enemy.id,
        inches=turn.move,
        cover=cover,
        detail=f"{turn.move_words} toward {enemy.id}, ending in {cover.label.lower()}",
    )


# --- ♥ ♣ ♦: Move and shoot within trigger, or with a picture card ---------------------


def move_and_shoot_triggered(turn: Turn, step: Step) -> Decision | None:
    reach = _range(turn)
    target = turn.pick(
        (
            e
            for e in _triggered(turn, in_sight=True)
            if within(_distance_after_move(turn, e), reach)
        ),
        shot=True,
    )
    if target is None:
        return None
    return _move_and_shoot(turn, step, target)


def move_and_shoot_picture(turn: Turn, step: Step) -> Decision | None:
    """J Q K of ♥ ♣ ♦: the closest enemy in sight within range where the suit's
    move ends (§5.2 "Picture cards")."""
    assert turn.card is not None
    if not turn.card.is_picture:
        return None
    reach = _range(turn)
    target = turn.pick(
        (
            e
            for e in turn.situation.in_sight
            if within(_distance_after_move(turn, e), reach)
        ),
        shot=True,
    )
    if target is None:
        return None
    return _move_and_shoot(turn, step, target)


# --- the suits' "otherwise" -----------------------------------------------------------


def heart_move_to_cover(turn: Turn, step: Step) -> Decision | None:
    enemy = turn.pick(turn.situation.enemies)
    cover = turn.situation.cover_toward
    if enemy is None or cover == Cover.NONE:
        return None
    return turn.decide(
        step,
        Action.MOVE_TOWARD_ENEMY,
        target=enemy.id,
        inches=turn.move,
        cover=cover,
        detail=f"up to {inches(turn.move)} toward {enemy.id}, ending in "
        f"{cover.label.lower()}",
    )


def diamond_stays(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.in_furthest_cover:
        return None
    return _act(turn, step, Action.OVERWATCH, None, detail="stays put")


def diamond_move_away(turn: Turn, step: Step) -> Decision:
    if turn.situation.nearest_enemy is None:
        return turn.no_enemy(step)
    cover = turn.situation.cover_away
    return turn.decide(
        step,
        Action.MOVE_AWAY,
        inches=turn.move,
        cover=cover,
        detail=f"{turn.move_words} away from the enemy, ending in "
        f"{cover.label.lower()}",
    )


def overwatch(turn: Turn, step: Step) -> Decision:
    return _act(turn, step, Action.OVERWATCH, None)
