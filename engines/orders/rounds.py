"""Each-round orders, resolved at their moment in the round (RULES §5).

Every die an order calls for is rolled with the battle's dice and logged; an
attack says whether it wounds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.cards import Deck
from engines.combat import AttackResult, attack
from engines.dice import Dice, DiceLog
from engines.orders.kinds import SCENE_ORDER, EachRound, Moment, Order, Victim

# --- each round (§5: at its moment in the round) -------------------------------------


@dataclass(frozen=True)
class RoundAttack:
    victim: str
    result: AttackResult


@dataclass(frozen=True)
class RoundOrderResult:
    """What an each-round order did this time: whether it acted, the attacks
    it rolled (each saying whether it wounds), the effect, and the dice log."""

    order: str
    acted: bool
    detail: str
    attacks: tuple[RoundAttack, ...] = ()
    effect: str = ""
    log: DiceLog = field(default=())


def due_orders(
    orders: Iterable[Order], *, moment: Moment | str, round_number: int
) -> tuple[EachRound, ...]:
    """The each-round orders that act at this moment of this round."""
    moment = Moment(moment)
    return tuple(
        order
        for order in orders
        if isinstance(order, EachRound) and order.due(moment, round_number)
    )


def each_round(
    order: EachRound,
    *,
    dice: Dice,
    defences: Mapping[str, int],
    condition_holds: bool = True,
    candidates: Sequence[str] = (),
    chosen: Sequence[str] = (),
    deck: Deck | None = None,
) -> RoundOrderResult:
    """Resolve one each-round order with the battle's dice (every roll logged).

    ``defences`` maps each character on the table that may be struck to its
    defence modifier; ``candidates`` are the named company's characters on the
    table (a dealt victim), ``chosen`` the characters the player generals chose.
    """
    start = len(dice.log)
    label = order.words()

    def done(acted: bool, detail: str, **kw: Any) -> RoundOrderResult:
        return RoundOrderResult(
            order=label, acted=acted, detail=detail, log=tuple(dice.log[start:]), **kw
        )

    if order.condition and not condition_holds:
        return done(False, f"not {order.condition}: nothing happens")
    if order.gate is not None:
        gate = order.gate

        def read(faces: tuple[int, ...], total: int) -> str:
            return "it acts" if total >= gate else "nothing happens"

        entry = dice.d6(f"{SCENE_ORDER}: D6 {gate}+", outcome=read)
        assert entry.total is not None
        if entry.total < gate:
            return done(False, f"rolled {entry.total}, needed {gate}: nothing happens")
    if order.attack_bonus is None:
        return done(True, order.effect, effect=order.effect)
    victims: list[str]
    match order.victim:
        case Victim.DEALT:
            if not candidates:
                return done(False, f"none of {order.victim_name} on the table")
            deck = deck or Deck(dice=dice, name="deck for a scene order")
            victims = [
                deck.select(candidates, purpose=f"{SCENE_ORDER}: who is struck").winner
            ]
        case Victim.CHOSEN:
            victims = list(chosen)
        case _:
            victims = [order.victim_name] if order.victim_name in defences else []
    victims = [v for v in victims if v in defences]
    if not victims:
        return done(False, "nobody to strike on the table")
    attacks = tuple(
        RoundAttack(
            victim,
            attack(
                order.attack_bonus,
                defences[victim],
                dice=dice,
                purpose=f"{SCENE_ORDER}: attack on {victim}",
            ),
        )
        for victim in victims
    )
    detail = "; ".join(
        f"{a.victim}: {'wounds' if a.result.wounds else 'misses'} ({a.result.reason})"
        for a in attacks
    )
    return done(True, detail, attacks=attacks, effect=order.effect)
