"""What each kind of log entry does: the engine called with the battle's random
source at the log's point, and the entry it makes.

Every function here is pure: it takes the battle's :class:`Context`, the
:class:`State` the log has reached and the player's inputs, and returns a
:class:`Draft` — the entry's one line, its data (the inputs, the engine's
answer, every roll and draw) and the random state after it. The log service
saves it; :func:`engines.table.moves.entry_compute` makes the same draft from
an entry's stored inputs, so a log replayed from its seed gives every answer
again.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engines.combat import initiative
from engines.dice import Dice, LogEntry
from engines.doctrines import (
    Enemy,
    Pursuer,
    Situation,
    activation_order,
    ai_sees_an_enemy,
    deck_defend,
    deck_return_fire,
    pursuit_positions,
)
from engines.enums import Doctrine, Side
from engines.events import event_draw
from engines.roles import DISORGANIZED_RULE
from engines.table.decide import doctrine_decide, step_words, table_deck
from engines.table.draft import Draft, entry_draft, table_refusal, table_source
from engines.table.entries import Initiative, RoundEvent, Sighting
from engines.table.errors import UNANSWERED, TableRefused
from engines.table.flows import activation_walk, defence_walk
from engines.table.horde_end import round_end
from engines.table.inches import parse_inches
from engines.table.keeping import limits_kept
from engines.table.last_seen import with_last_seen
from engines.table.obeying import orders_binding
from engines.table.questions import REORGANIZE
from engines.table.round_orders import (
    OrderAnswers,
    answers_clean,
    round_orders_end,
    round_orders_resolve,
    round_orders_words,
    start_orders_due,
)
from engines.table.round_sight import round_context, sight_narrowed
from engines.table.state import Context, Fighter, State
from engines.table.taps import TAPS, battle_end, tap_record
from engines.table.written import (
    ActivationWritten,
    DefenceWritten,
    FirstWritten,
    OrderDone,
    Plain,
    PrintedStep,
    Reorganized,
    RoundWritten,
    SelectionWritten,
)

# --- the round ------------------------------------------------------------------------


def round_begin(
    context: Context,
    state: State,
    *,
    sightings: Mapping[str, Mapping[str, Any]],
    orders: OrderAnswers | None = None,
    picked: bool = False,
) -> Draft:
    """Begin the next round: the AI deck shuffled at battle start, the start
    orders, the random event, the initiative and the AI's choice, the order.

    ``sightings``: whether each AI character sees an enemy, how far the
    nearest is (a pursuer: its quarry); ``orders``: the answers to the start
    orders' questions (None, before the page asked them); ``picked``: the
    order is picked as the round goes (table/begin.py), the sightings only
    what the AI's choice needs."""
    _round_may_begin(context, state)
    number = state.round + 1
    given = answers_clean(orders)
    rng = table_source(context, state)
    deck = table_deck(rng, state.deck)
    log: list[LogEntry] = list(deck.dice.log)
    deck.dice.log.clear()
    arriving = [
        f.key
        for f in state.all_fighters(context)
        if f.side is Side.AI and f.arrives == number > 1 and _fighting(state, f)
    ]
    # §5: each-round orders act before the round's random event.
    orders_done, orders_log = round_orders_resolve(
        context,
        state,
        Dice(rng),
        start_orders_due(context, round_number=number),
        round_number=number,
        answers=given,
    )
    log.extend(orders_log)
    event = _round_event(context, deck, log)
    # The round's event may limit sight: the activation order reads it too.
    context = sight_narrowed(context, None if event is None else event.sight_limit)
    felled = {w.key for d in orders_done for w in d.wounds if w.falls}
    present = [
        f
        for f in state.all_fighters(context)
        if f.side is Side.AI
        and f.arrives <= number
        and _fighting(state, f)
        and f.key not in felled
    ]
    seen = _sightings(context, present, sightings)
    characters = [_order_subject(context, f, seen[f.key]) for f in present]
    sees = ai_sees_an_enemy(characters, context.order_settings)
    ini = _round_initiative(context, Dice(rng), number, sees, log)
    order, positions = _round_order(context, characters, picked=picked)
    labels = {f.key: f.label for f in present}
    words = _round_words(number, labels, arriving, orders_done, event, ini, order)
    written = RoundWritten(
        sightings_given=sightings,
        orders_given=given,
        picked=picked,
        round=number,
        arrived=tuple(arriving),
        event=event,
        scene_orders=tuple(orders_done),
        initiative=ini,
        sees=sees,
        order=tuple(order),
        positions=positions,
        # Picked: only the sight answers given (the rest are not known).
        sightings={k: v for k, v in seen.items() if k in sightings or not picked},
        log=tuple(log),
    )
    return entry_draft(
        written, state, text=words, rng=rng, deck=deck, round_number=number
    )


def _round_order(
    context: Context, characters: Sequence[Situation | Pursuer], *, picked: bool
) -> tuple[list[str], dict[str, int]]:
    """The AI's activation order and the pursuers' positions (none while
    the order is picked as the round goes: engines/table/begin.py)."""
    if picked:
        return [], {}
    order = [c.id for c in activation_order(characters, context.order_settings)]
    pursuers = [c for c in characters if isinstance(c, Pursuer)]
    return order, pursuit_positions(pursuers) if pursuers else {}


def _round_words(
    number: int,
    labels: Mapping[str, str],
    arriving: Sequence[str],
    orders_done: Sequence[OrderDone],
    event: RoundEvent | None,
    ini: Initiative,
    order: Sequence[str],
) -> str:
    """The round's entry in one line."""
    words = [f"Round {number} begins."]
    if arriving:
        words.append(
            "Comes on now: " + ", ".join(labels.get(k, k) for k in arriving) + "."
        )
    words.extend(round_orders_words(orders_done))
    if event is not None:
        title = (event.title or event.reason).rstrip(".")
        words.append(f"Random event: {event.card} — {title}.")
    words.append(f"Initiative: {_initiative_words(ini)}.")
    if order:
        words.append("AI order: " + ", ".join(labels[k] for k in order) + ".")
    return " ".join(words)


def _round_may_begin(context: Context, state: State) -> None:
    """Refused: the battle is over or long enough, or the round before has its
    horde's end or its end orders still to come."""
    if state.ended:
        raise table_refusal("The battle is over: undo its end to play on.")
    if state.round >= context.length:
        raise table_refusal(
            f"The battle lasts {context.length} rounds: end it, or undo to play on."
        )
    if state.round and context.hordes and not state.round_ended:
        raise table_refusal("End this round first: the horde bleeds and gathers.")
    if state.end_orders_pending(context):
        raise table_refusal(
            f"Roll the scene orders of round {state.round}'s end first."
        )


def _round_event(context: Context, deck: Any, log: list[LogEntry]) -> RoundEvent | None:
    """The round's random event, drawn from the AI deck (None: no events)."""
    if not context.events:
        return None
    drawn = event_draw(deck=deck, events=context.events)
    log.extend(drawn.log)
    return RoundEvent(
        card=str(drawn.card),
        step=drawn.step,
        reason=drawn.reason,
        title=drawn.event.title if drawn.event else "",
        text=drawn.event.text if drawn.event else "",
        sight_limit=drawn.event.sight_limit if drawn.event else None,
        toward_last_seen=bool(drawn.event and drawn.event.toward_last_seen),
    )


def _round_initiative(
    context: Context, dice: Dice, number: int, sees: bool, log: list[LogEntry]
) -> Initiative:
    """The round's initiative: the scenario's fixed first activation in round
    1, else the roll and the AI's choice."""
    first = context.first_activation
    if number == 1 and first is not None:
        return Initiative(
            winner=None,
            first=first,
            fixed=True,
            reason="the scenario gives the "
            + ("AI" if first is Side.AI else "humans")
            + " the first activation, without a roll",
        )
    result = initiative(dice=dice, ai_enemy_in_sight=sees, round_number=number)
    log.extend(result.log)
    return Initiative(
        winner=result.winner,
        first=result.first,
        fixed=False,
        reason=result.reason,
        roll=result.log[0].dice[0],
    )


def _fighting(state: State, fighter: Fighter) -> bool:
    mine = state.fighters[fighter.key]
    return not (mine.fallen or mine.left)


def _initiative_words(ini: Initiative) -> str:
    if ini.fixed:
        return ini.reason
    return f"D6 {ini.roll}, {ini.reason}"


def _sightings(
    context: Context, present: Sequence[Fighter], given: Mapping[str, Mapping[str, Any]]
) -> dict[str, Sighting]:
    """Each present AI character's answer: sees an enemy, nearest in inches."""
    result = {}
    for fighter in present:
        raw = given.get(fighter.key, {})
        distance = raw.get("distance")
        if isinstance(distance, str):
            distance = parse_inches(distance) if distance.strip() else None
            if distance is None and str(raw.get("distance")).strip():
                raise table_refusal(
                    f"{fighter.label}: give the distance in inches, like 6 or 7.5."
                )
        result[fighter.key] = Sighting(
            sees=bool(raw.get("sees")),
            distance=None if distance is None else float(distance),
        )
    return result


def _order_subject(
    context: Context, fighter: Fighter, seen: Sighting
) -> Situation | Pursuer:
    """What the activation order reads of a character: whether it sees an
    enemy and how far the nearest is (an unknown distance sorts last)."""
    distance = seen.distance
    if context.company(fighter.company).doctrine is Doctrine.PURSUIT:
        return Pursuer(
            id=fighter.key,
            distance=math.inf if distance is None else distance,
            card_order=fighter.card_order,
        )
    if distance is None:
        # Unmeasured: after those measured; one that sees stays in sight.
        limit = context.sight_limit
        distance = limit if seen.sees and limit else math.inf
    return Situation(
        id=fighter.key,
        card_order=fighter.card_order,
        enemies=(Enemy(id="nearest", distance=distance, in_sight=seen.sees),),
    )


def first_choose(context: Context, state: State, *, first: str) -> Draft:
    """The humans won the initiative and say who activates first."""
    if state.round == 0 or state.winner is not Side.PLAYER or state.first is not None:
        raise table_refusal("Nobody needs to choose who goes first now.")
    side = Side(first)
    who = "the humans go first" if side is Side.PLAYER else "the AI goes first"
    return entry_draft(
        FirstWritten(first=side),
        state,
        text=f"Round {state.round}: you won the initiative; {who}.",
    )


# --- an activation --------------------------------------------------------------------


def activation_decide(
    context: Context,
    state: State,
    *,
    key: str,
    answers: Mapping[str, str],
    follow_up: bool = False,
) -> Draft:
    """One AI character's activation, from the page's answers."""
    context = round_context(context, state)  # an event may limit sight
    fighter = _ai_fighter(context, state, key)
    if follow_up and state.follow_up != key:
        raise table_refusal(
            f"{fighter.label} takes a follow-up only right after felling its enemy "
            "in melee, once per activation."
        )
    walk = activation_walk(context, state, fighter, answers, follow_up=follow_up)
    if not walk.ready:
        raise TableRefused(
            f"Answer every question for {fighter.label} first.", code=UNANSWERED
        )
    context = with_last_seen(context, state, fighter, walk.answers)  # the event's
    rng = table_source(context, state)
    deck = table_deck(rng, state.deck)
    decision: Plain
    if walk.subject == REORGANIZE:
        decision = Reorganized(
            action=REORGANIZE,
            label="Reorganize",
            step="disorganized",
            reason=DISORGANIZED_RULE,
            detail="its first activation only removes the disorganization",
        )
        line = f"{fighter.label} — Reorganize: {decision.detail}."
        step = PrintedStep(
            section="Disorganized",
            label="",
            short="Disorganized",
            text=DISORGANIZED_RULE,
        )
    else:
        assert isinstance(walk.subject, Situation | Pursuer)
        if state.return_fire == key and not follow_up:
            assert isinstance(walk.subject, Situation)
            made = deck_return_fire(
                walk.subject,
                attacker=walk.subject.enemies[0].id,
                settings=context.company(fighter.company).settings,
            )
        else:
            subject = walk.subject  # the page's answers say which shuns hold
            made = doctrine_decide(
                context, state, fighter, subject, rng=rng, deck=deck, answers=answers
            )
        binds = orders_binding(context, state, fighter)
        made = limits_kept(made, binds, walk.answers)  # where its move stops
        decision = made
        step = step_words(context, fighter, made.step)
        if made.order:
            # A decision a scene order made names the order as its step.
            step = replace(step, short=made.order)
        line = f"{fighter.label} — {made.describe()}"
        if state.fighters[key].disorganized and not follow_up:
            line += " (reorganized afterwards)"
        line += f" [{_step_label(step)}]"
    if follow_up:
        line = f"Follow-up at half move: {line}"
    written = ActivationWritten(
        answers=walk.answers,
        follow_up=follow_up,
        decision=decision,
        printed=step,
        asked=tuple((a.question.text, a.shown) for a in walk.asked),
        doctrine=context.company(fighter.company).doctrine,
    )
    return entry_draft(written, state, text=line, rng=rng, deck=deck, subject=key)


def _step_label(step: PrintedStep) -> str:
    return step.short or step.section


def _ai_fighter(context: Context, state: State, key: str) -> Fighter:
    try:
        fighter = context.fighter(key, state)
    except KeyError:
        raise table_refusal("No such AI character in this battle.") from None
    if fighter.side is not Side.AI or state.round == 0 or state.ended:
        raise table_refusal("Only an AI character on the table acts, during a round.")
    if not state.on_table(fighter):
        raise table_refusal(f"{fighter.label} is not on the table.")
    return fighter


def defence_draw(
    context: Context, state: State, *, key: str, answers: Mapping[str, str]
) -> Draft:
    """The defensive draw of a deck character attacked before it activates."""
    context = round_context(context, state)  # an event may limit sight
    fighter = _ai_fighter(context, state, key)
    company = context.company(fighter.company)
    if company.doctrine is not Doctrine.DECK:
        raise table_refusal("Only a character of the deck doctrine draws to defend.")
    if key in state.activated:
        raise table_refusal(
            f"{fighter.label} has activated this round: no defensive draw."
        )
    walk = defence_walk(context, state, fighter, answers)
    if not walk.ready or not walk.notes:
        raise TableRefused("Say who is attacking first.", code=UNANSWERED)
    attacker = walk.notes[0]
    rng = table_source(context, state)
    deck = table_deck(rng, state.deck)
    assert isinstance(walk.subject, Situation)
    made = deck_defend(
        walk.subject, attacker=attacker, deck=deck, settings=company.settings
    )
    step = step_words(context, fighter, made.step)
    return entry_draft(
        DefenceWritten(answers=walk.answers, decision=made, printed=step),
        state,
        text=f"{fighter.label}, attacked by {attacker} — {made.describe()} "
        f"[{_step_label(step)}]",
        rng=rng,
        deck=deck,
        subject=key,
    )


def random_select(
    context: Context, state: State, *, keys: Sequence[str], purpose: str = ""
) -> Draft:
    """Random selection: one card dealt to each candidate, the highest wins."""
    if state.round == 0:
        raise table_refusal("Begin the first round before dealing cards.")
    fighters = []
    for key in dict.fromkeys(keys):
        try:
            fighters.append(context.fighter(key, state))
        except KeyError:
            raise table_refusal("Choose among the characters of this battle.") from None
    if len(fighters) < 2:
        raise table_refusal("Tick at least two characters to choose among.")
    purpose = purpose.strip()
    rng = table_source(context, state)
    deck = table_deck(rng, state.deck)
    title = f"random selection: {purpose}" if purpose else "random selection"
    selection = deck.select([f.label for f in fighters], purpose=title)
    winner = next(f for f in fighters if f.label == selection.winner)
    dealt = ", ".join(f"{name} {card}" for name, card in selection.dealt)
    written = SelectionWritten(
        keys=tuple(f.key for f in fighters),
        purpose=purpose,
        winner=winner.key,
        dealt=tuple((name, str(card)) for name, card in selection.dealt),
        log=tuple(selection.log),
    )
    return entry_draft(
        written,
        state,
        text=f"{title[:1].upper()}{title[1:]}: {dealt} — {winner.label} selected.",
        rng=rng,
        deck=deck,
        subject=winner.key,
    )


__all__ = [
    "TAPS",
    "Draft",
    "activation_decide",
    "battle_end",
    "defence_draw",
    "first_choose",
    "random_select",
    "round_begin",
    "round_end",
    "round_orders_end",
    "tap_record",
]
