"""Each-round scene orders resolved by the table (RULES §5 "Each round"), at
their moment in the round: those of a round's start (and before round 1) in
the round's own entry, before its random event; those of a round's end in an
entry of their own once the round's activations are done (after the horde's
end-of-round steps). Every die is drawn from the battle's source and logged,
so an undo takes them back and a replay rolls them again.

An order with a condition asks the players whether it holds; an order whose
victim the player generals choose asks whom each chooses. An attack that
wounds fills its victim's next free slot (no free slot: it falls, and a fallen
AI character's company rolls its rout check, as a tap's fall does).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engines.combat import ROUTS_ON, rout_check, rout_check_due, take_wound
from engines.dice import Dice, DiceLog
from engines.enums import Side
from engines.orders.kinds import EachRound, Moment, Victim
from engines.orders.rounds import RoundOrderResult, due_orders, each_round
from engines.table.draft import Draft, entry_draft, table_refusal, table_source
from engines.table.entries import OrderWound
from engines.table.kinds import Phase
from engines.table.state import Context, Fighter, State
from engines.table.written import OrderDone, OrdersGiven, OrdersWritten

OrderAnswers = Mapping[str, Any]
"""The players' answers to the due orders' questions: ``holds``, the ids of the
orders whose condition holds; ``chosen``, each order id's chosen characters
(their keys). None: an entry made before the page asked (only the orders
needing no answer were rolled then)."""


ISOLATES = "\u2068\u2069"
"""FSI and PDI: what keeps a right-to-left name from turning its sentence."""


def bare(name: str) -> str:
    """A name without the isolates around it."""
    return name.strip(ISOLATES)


def automatic(order: EachRound) -> bool:
    """Whether the table resolves it without asking the players."""
    return not order.condition and order.victim is not Victim.CHOSEN


@dataclass(frozen=True)
class DueOrder:
    """An each-round order due now: its id on the page, its company and what it
    asks the players (its condition; whether they choose its victims)."""

    id: str
    company: str
    order: EachRound

    @property
    def words(self) -> str:
        return f"{self.company}: {self.order.words()}"

    @property
    def condition(self) -> str:
        return self.order.condition

    @property
    def chooses(self) -> bool:
        return (
            self.order.victim is Victim.CHOSEN and self.order.attack_bonus is not None
        )


def orders_due(
    context: Context, *, moment: Moment, round_number: int
) -> list[DueOrder]:
    """The orders due at ``moment`` of ``round_number``, company by company."""
    due: list[DueOrder] = []
    for company in context.ai_companies:
        for order in due_orders(
            company.settings.orders, moment=moment, round_number=round_number
        ):
            due.append(DueOrder(f"{moment.value}-{len(due)}", company.name, order))
    return due


def start_orders_due(context: Context, *, round_number: int) -> list[DueOrder]:
    """As round ``round_number`` begins: the orders before round 1 (round 1
    only), then the round's start orders."""
    due = []
    if round_number == 1:
        due += orders_due(context, moment=Moment.BEFORE_FIRST, round_number=0)
    return due + orders_due(context, moment=Moment.START, round_number=round_number)


def end_orders_due(context: Context, state: State) -> list[DueOrder]:
    """The current round's end orders."""
    if not state.round:
        return []
    return orders_due(context, moment=Moment.END, round_number=state.round)


def generals(context: Context) -> int:
    """How many player generals choose a victim each (co-op: one a player)."""
    return max(1, len(context.coop_players))


def choosable(
    context: Context, state: State, *, round_number: int
) -> tuple[tuple[str, str, str], ...]:
    """(key, label, side) of the characters on the table at ``round_number``
    that a general may choose: the players' first, then the AI's."""
    rows = [
        (f.key, f.label, f.side.value) for f in _on_table(context, state, round_number)
    ]
    return tuple(sorted(rows, key=lambda row: row[2] != Side.PLAYER.value))


def _on_table(context: Context, state: State, round_number: int) -> list[Fighter]:
    return [
        f
        for f in state.all_fighters(context)
        if f.arrives <= round_number
        and not (state.fighters[f.key].fallen or state.fighters[f.key].left)
    ]


@dataclass(frozen=True)
class OrderAsk:
    """What the page asks of one due order: whether its condition holds, and
    whom the generals choose (``choices``: key, label, side; at most ``most``)."""

    id: str
    words: str
    condition: str = ""
    choices: tuple[tuple[str, str, str], ...] = ()
    most: int = 1


def order_asks(context: Context, state: State, *, phase: str) -> tuple[OrderAsk, ...]:
    """The questions of the orders due at ``phase`` ("begin": the coming
    round's start; "orders": the round's end), for the players to answer."""
    if phase == Phase.BEGIN:
        number = state.round + 1
        due = start_orders_due(context, round_number=number)
    elif phase == Phase.ORDERS:
        number = state.round
        due = end_orders_due(context, state)
    else:
        return ()
    asks = []
    for item in due:
        if automatic(item.order):
            continue
        choices = choosable(context, state, round_number=number) if item.chooses else ()
        asks.append(
            OrderAsk(
                item.id, item.words, item.condition, choices, most=generals(context)
            )
        )
    return tuple(asks)


def round_orders_resolve(
    context: Context,
    state: State,
    dice: Dice,
    due: Sequence[DueOrder],
    *,
    round_number: int,
    answers: OrdersGiven | None,
) -> tuple[list[OrderDone], DiceLog]:
    """Resolve the ``due`` orders with ``dice`` (the battle's source at the
    log's point) and the players' ``answers``: what each did, in words, the
    wounds it dealt, and every roll."""
    if answers is None:  # an entry from before the page asked its questions
        due = [d for d in due if automatic(d.order)]
        answers = OrdersGiven()
    holds = set(answers.holds)
    picked: Mapping[str, Sequence[str]] = answers.chosen
    most = generals(context)
    if any(len(keys) > most for keys in picked.values()):
        raise table_refusal(
            "Each player general chooses one character: "
            + ("choose one." if most == 1 else f"choose at most {most}.")
        )
    on_table = _on_table(context, state, round_number)
    by_label = {f.label: f for f in on_table}
    defences = {f.label: f.defence for f in on_table}
    start = len(dice.log)
    filled = {f.key: state.fighters[f.key].wounds for f in on_table}
    fallen: set[str] = set()
    done = []
    for item in due:
        order = item.order
        named = bare(order.victim_name)
        candidates = [
            f.label
            for f in on_table
            if f.key not in fallen and bare(context.company(f.company).name) == named
        ]
        chosen = [
            f.label
            for key in picked.get(item.id, ())
            for f in on_table
            if f.key == key and f.key not in fallen
        ]
        standing = {k: v for k, v in defences.items() if by_label[k].key not in fallen}
        if order.victim is Victim.CHARACTER:
            # The named character by its label on the table (its first bearer).
            order = replace(order, victim_name=_label_of(on_table, named))
        result = each_round(
            order,
            dice=dice,
            defences=standing,
            condition_holds=item.id in holds or not order.condition,
            candidates=candidates,
            chosen=chosen,
        )
        wounds, notes = _wounds_dealt(
            context, state, dice, result, by_label, filled=filled, fallen=fallen
        )
        done.append(
            OrderDone(
                id=item.id,
                company=item.company,
                order=result.order,
                acted=result.acted,
                detail=result.detail,
                wounded=tuple(a.victim for a in result.attacks if a.result.wounds),
                wounds=tuple(wounds),
                notes=tuple(notes),
            )
        )
    return done, tuple(dice.log[start:])


def _wounds_dealt(
    context: Context,
    state: State,
    dice: Dice,
    result: RoundOrderResult,
    by_label: Mapping[str, Fighter],
    *,
    filled: dict[str, int],
    fallen: set[str],
) -> tuple[list[OrderWound], list[str]]:
    """The wounds an order's attacks dealt (a wound token, or a fall and its
    company's rout check), keeping ``filled`` slots and the ``fallen``."""
    wounds: list[OrderWound] = []
    notes: list[str] = []
    for struck in result.attacks:
        if not struck.result.wounds:
            continue
        fighter = by_label[struck.victim]
        wound = take_wound(filled=filled[fighter.key], slots=fighter.free_slots)
        wounds.append(OrderWound(key=fighter.key, falls=wound.falls))
        if not wound.falls:
            filled[fighter.key] += 1
            notes.append(f"{fighter.label} takes a wound token")
            continue
        fallen.add(fighter.key)
        notes.append(f"{fighter.label} has no free slot left and falls")
        notes += _rout_after(context, state, fighter, fallen, dice, wounds)
    return wounds, notes


def _label_of(on_table: Sequence[Fighter], named: str) -> str:
    """The label of the character on the table a victim's name names (its
    label, else its name, compared without isolates); the name if none."""
    for f in on_table:
        if bare(f.label) == named:
            return f.label
    for f in on_table:
        if bare(f.name) == named:
            return f.label
    return named


def _rout_after(
    context: Context,
    state: State,
    fighter: Fighter,
    fallen: set[str],
    dice: Dice,
    wounds: list[OrderWound],
) -> list[str]:
    """At a fall: the AI company's rout check, rolled now (its result kept on
    the wound); for the player's company, whether one is due (they roll it)."""
    company = context.company(fighter.company)
    if state.companies[company.order].routed:
        return []
    characters, lost = state.lost(context, company)
    lost += sum(
        1
        for key in fallen
        if context.fighter(key, state).company == company.order
        and not (state.fighters[key].fallen or state.fighters[key].left)
    )
    if company.side is Side.PLAYER:
        if rout_check_due(characters=characters, lost=lost):
            return [
                f"Rout check for {company.name}: lost {lost} of {characters} — roll "
                f"D6, on {ROUTS_ON} or less it routs (tap it if it does)"
            ]
        return []
    check = rout_check(
        company.name, characters=characters, lost=lost, horde=company.horde, dice=dice
    )
    if check.routs:
        wounds[-1] = replace(wounds[-1], routs=company.order)
        return [f"{company.name}: {check.reason}; all its characters rout from now on"]
    return [f"{company.name}: {check.reason}"] if check.due else []


def answers_clean(answers: OrderAnswers | None) -> OrdersGiven | None:
    """The answers as the entry keeps them (ids and keys as strings)."""
    return None if answers is None else OrdersGiven.from_answers(answers)


def round_orders_words(done: Sequence[OrderDone]) -> list[str]:
    """One sentence per order resolved, for the entry's line."""
    lines = []
    for d in done:
        notes = "".join(f" {note[0].upper()}{note[1:]}." for note in d.notes)
        lines.append(f"Scene order — {d.order}: {d.detail}.{notes}")
    return lines


def round_orders_end(context: Context, state: State, *, answers: OrderAnswers) -> Draft:
    """The round's end orders (RULES §5: after the horde's end-of-round
    steps), resolved once its activations are done."""
    if state.ended:
        raise table_refusal("The battle is over: undo its end to play on.")
    if not state.round:
        raise table_refusal("The battle has not begun.")
    if state.orders_ended:
        raise table_refusal(
            f"The orders of round {state.round}'s end are already rolled."
        )
    if context.hordes and not state.round_ended:
        raise table_refusal("End this round first: the horde bleeds and gathers.")
    due = end_orders_due(context, state)
    if not due:
        raise table_refusal(f"No scene order acts at the end of round {state.round}.")
    cleaned = OrdersGiven.from_answers(answers)
    rng = table_source(context, state)
    dice = Dice(rng)
    done, log = round_orders_resolve(
        context, state, dice, due, round_number=state.round, answers=cleaned
    )
    text = " ".join([f"End of round {state.round}.", *round_orders_words(done)])
    return entry_draft(
        OrdersWritten(orders=cleaned, scene_orders=tuple(done), log=log),
        state,
        text=text,
        rng=rng,
    )


__all__ = [
    "DueOrder",
    "OrderAsk",
    "answers_clean",
    "automatic",
    "choosable",
    "end_orders_due",
    "generals",
    "order_asks",
    "round_orders_end",
    "round_orders_resolve",
    "round_orders_words",
    "start_orders_due",
]
