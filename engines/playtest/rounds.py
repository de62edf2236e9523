"""The scene's *each round* orders on the abstract table (RULES §4, §5).

At their moment — before round 1, at a round's start (after the arrivals,
before the random event) or at its end (after the horde's end of round) —
each AI company's due orders (:func:`engines.orders.rounds.due_orders`) are
resolved by :func:`engines.orders.rounds.each_round`, the function the card
and the table page use, with the battle's dice; each attack that wounds is a
wound like any other. What the players would answer, the robot answers
plainly: a yes/no condition holds (the scene asks it because it can), and the
character each player general chooses to be struck is the player character
with the most wound slots left (the one best able to take it).
"""

from __future__ import annotations

from engines.enums import Side
from engines.orders.kinds import Moment, Victim
from engines.orders.rounds import due_orders, each_round
from engines.playtest.fight import Fight, wound
from engines.playtest.table import Piece


def round_orders(state: Fight, moment: Moment) -> None:
    """Every AI company's each-round orders due now, in the scene's order."""
    for company in state.spec.companies:
        if company.side is not Side.AI:
            continue
        orders = state.settings[company.name].orders
        for order in due_orders(orders, moment=moment, round_number=state.round):
            pieces = state.table.pieces
            result = each_round(
                order,
                dice=state.dice,
                defences={p.key: state.character(p.key).defence for p in pieces},
                candidates=[
                    p.key
                    for p in pieces
                    if order.victim is Victim.DEALT and p.company == order.victim_name
                ],
                chosen=_chosen(state, state.table.of_side(Side.PLAYER)),
            )
            for struck in result.attacks:
                if struck.result.wounds and _on_table(state, struck.victim):
                    wound(state, struck.victim, by=company.name)
                if state.verdict is not None and state.verdict.ended:
                    return


def _chosen(state: Fight, players: tuple[Piece, ...]) -> list[str]:
    if not players:
        return []
    best = max(
        players,
        key=lambda p: (
            state.character(p.key).slots
            - state.filled.get(p.key, state.character(p.key).filled),
            -p.card_order,
        ),
    )
    return [best.key]


def _on_table(state: Fight, key: str) -> bool:
    return state.table.has(key)
