"""Each-round scene orders resolved by the table (RULES §5 "Each round"): at
the start of a round, before its random event (and before round 1), in the
round's own entry, every die drawn from the battle's source and logged, so an
undo takes them back and a replay rolls them again.

The table resolves what needs no answer from the players: an order with a
condition (a yes/no question) or with victims the player generals choose is
shown at its moment for them to roll as the AI card says
(:func:`engines.table.obeying.round_order_lines`).
"""

from __future__ import annotations

from typing import Any

from engines.dice import Dice, DiceLog
from engines.orders.kinds import EachRound, Moment, Victim
from engines.orders.rounds import due_orders, each_round
from engines.table.state import Context, State


def automatic(order: EachRound) -> bool:
    """Whether the table resolves it without asking the players."""
    return not order.condition and order.victim is not Victim.CHOSEN


def round_orders_due(
    context: Context, state: State, *, round_number: int
) -> list[tuple[str, EachRound]]:
    """(company name, order) of the orders the table resolves as round
    ``round_number`` begins: those before round 1 first, then the start's."""
    moments = [Moment.START]
    if round_number == 1:
        moments.insert(0, Moment.BEFORE_FIRST)
    due = []
    for moment in moments:
        for company in context.ai_companies:
            due += [
                (company.name, order)
                for order in due_orders(
                    company.settings.orders, moment=moment, round_number=round_number
                )
                if automatic(order)
            ]
    return due


def round_orders_resolve(
    context: Context, state: State, dice: Dice, *, round_number: int
) -> tuple[list[dict[str, Any]], DiceLog]:
    """Resolve the due orders with ``dice`` (the battle's source at the log's
    point): what each did, in words, and every roll."""
    # On the table as the round begins: those come on by now, still there.
    on_table = [
        f
        for f in state.all_fighters(context)
        if f.arrives <= round_number
        and not (state.fighters[f.key].fallen or state.fighters[f.key].left)
    ]
    defences = {f.name: f.defence for f in on_table}
    start = len(dice.log)
    done = []
    for company, order in round_orders_due(context, state, round_number=round_number):
        candidates = [
            f.name
            for f in on_table
            if context.company(f.company).name == order.victim_name
        ]
        result = each_round(order, dice=dice, defences=defences, candidates=candidates)
        done.append(
            {
                "company": company,
                "order": result.order,
                "acted": result.acted,
                "detail": result.detail,
                "wounded": [a.victim for a in result.attacks if a.result.wounds],
            }
        )
    return done, tuple(dice.log[start:])


def round_orders_words(done: list[dict[str, Any]]) -> list[str]:
    """One sentence per order resolved, for the round's log line."""
    return [f"Scene order — {d['order']}: {d['detail']}." for d in done]
