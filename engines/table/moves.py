"""What a player may do to the log, typed, and which of those the battle takes
now: OpenSpiel's ``legal_actions()``.

Each action is a frozen dataclass naming its inputs (:data:`Action`); the app
reads a page's POST into one and hands it to the log service, which asks
:func:`action_take` for the entry. :func:`legal_actions` says what the battle
offers now — the phase's own action (begin a round, who goes first, the next AI
activation, the horde's end of round, the round's end orders), a follow-up
when one is open, and from the first round to the end the taps on the
characters on the table, a defensive draw, a random selection and the end of
the battle. An action the battle does not offer is refused, even one the
engine's own checks would take (a round begun while an AI character has still
to act, a tap for a character not on the table).

``skipping``: the players say the rest of the AI cannot act this round; the
actions that end the round are then offered with those activations left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engines.enums import Doctrine, Side
from engines.table.begin import ai_choices, begin_check
from engines.table.draft import Draft
from engines.table.errors import NOT_NOW, UNANSWERED, TableRefused
from engines.table.horde_end import round_end
from engines.table.kinds import GROUP_TAPS, ActionKind, EntryKind, Phase, TapKind
from engines.table.round_orders import OrderAnswers, round_orders_end
from engines.table.state import Context, Fighter, State
from engines.table.taps import battle_end, tap_record
from engines.table.turns import (
    activation_decide,
    defence_draw,
    first_choose,
    random_select,
    round_begin,
)
from engines.table.victory import TableEnding

# --- the actions ----------------------------------------------------------------------


@dataclass(frozen=True)
class BeginRound:
    """Begin the next round: each AI character's sighting, the start orders'
    answers."""

    kind: ClassVar[ActionKind] = ActionKind.BEGIN
    sightings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    orders: OrderAnswers | None = None
    skipping: bool = False
    picked: bool = False
    """The AI's order is picked as the round goes (engines/table/begin.py)."""


@dataclass(frozen=True)
class ChooseFirst:
    """The humans won the initiative: who activates first (a Side value)."""

    kind: ClassVar[ActionKind] = ActionKind.FIRST
    first: str


@dataclass(frozen=True)
class Activate:
    """An AI character's activation (or its follow-up), with the answers."""

    kind: ClassVar[ActionKind] = ActionKind.ACTIVATE
    key: str
    answers: Mapping[str, str] = field(default_factory=dict)
    follow_up: bool = False


@dataclass(frozen=True)
class Defend:
    """A deck character's defensive draw, attacked before it acts."""

    kind: ClassVar[ActionKind] = ActionKind.DEFEND
    key: str
    answers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SelectAtRandom:
    """Deal a card to each of ``keys`` (``everyone``: all on the table)."""

    kind: ClassVar[ActionKind] = ActionKind.SELECT
    keys: Sequence[str] = ()
    purpose: str = ""
    everyone: bool = False


@dataclass(frozen=True)
class TellTap:
    """What the players tell the log about a character, a company or a side."""

    kind: ClassVar[ActionKind] = ActionKind.TAP
    tap: str
    key: str = ""
    company: int | None = None
    side: str = ""
    objective: str = ""


@dataclass(frozen=True)
class EndRound:
    """The horde's end of round: the lurkers, and each reinforcement placed."""

    kind: ClassVar[ActionKind] = ActionKind.END_ROUND
    lurkers: Sequence[str] = ()
    placed: Mapping[str, str] = field(default_factory=dict)
    skipping: bool = False


@dataclass(frozen=True)
class RollRoundOrders:
    """The round's end orders, with the players' answers."""

    kind: ClassVar[ActionKind] = ActionKind.ROUND_ORDERS
    answers: OrderAnswers = field(default_factory=dict)
    skipping: bool = False


@dataclass(frozen=True)
class EndBattle:
    """The battle is over: how (an EndReason value), and which side."""

    kind: ClassVar[ActionKind] = ActionKind.END
    reason: str
    side: str = ""
    beyond: int | None = None
    """River Crossing: the attacker's characters standing beyond the river."""


Action = (
    BeginRound
    | ChooseFirst
    | Activate
    | Defend
    | SelectAtRandom
    | TellTap
    | EndRound
    | RollRoundOrders
    | EndBattle
)

# --- what is legal now ----------------------------------------------------------------


@dataclass(frozen=True)
class Legal:
    """One action the battle offers now: its kind, the character it is for
    (an activation, a draw, a tap) and, for a tap, which (None: any)."""

    kind: ActionKind
    key: str = ""
    follow_up: bool = False
    tap: TapKind | None = None


PHASE_ACTIONS = {
    Phase.BEGIN: ActionKind.BEGIN,
    Phase.CHOOSE: ActionKind.FIRST,
    Phase.END_ROUND: ActionKind.END_ROUND,
    Phase.ORDERS: ActionKind.ROUND_ORDERS,
}


def legal_actions(
    context: Context,
    state: State,
    *,
    skipping: bool = False,
    ending: TableEnding | None = None,
) -> tuple[Legal, ...]:
    """Every action the battle takes now, in the page's order. ``ending``: the
    battle's end by its scene's rules (:func:`engines.table.victory.table_ending`);
    one that ends it at once leaves only the taps (a slip to correct) and the
    end of the battle, as its page offers."""
    if state.ended:
        return ()
    if ended_at_once(ending):
        return (*_taps(context, state), Legal(ActionKind.END))
    nxt = state.question(skipping=skipping)
    legal: list[Legal] = []
    if nxt.phase == Phase.ACTIVATE:
        # While the AI order is picked as the round goes, any still to act.
        choices = [f.key for f in ai_choices(context, state)] or [nxt.key]
        legal.extend(Legal(ActionKind.ACTIVATE, key=key) for key in choices)
    elif nxt.phase in PHASE_ACTIONS:
        legal.append(Legal(PHASE_ACTIONS[Phase(nxt.phase)]))
    if not state.round:
        return tuple(legal)
    if state.follow_up and state.on_table(context.fighter(state.follow_up, state)):
        legal.append(Legal(ActionKind.ACTIVATE, key=state.follow_up, follow_up=True))
    legal.extend(Legal(ActionKind.DEFEND, key=f.key) for f in defenders(context, state))
    legal.append(Legal(ActionKind.SELECT))
    legal.extend(_taps(context, state))
    legal.append(Legal(ActionKind.END))
    return tuple(legal)


def _taps(context: Context, state: State) -> list[Legal]:
    """The taps on the characters on the table (one just come, only that it
    left), a company's, a side's and a newcomer's."""
    legal: list[Legal] = []
    for fighter in state.all_fighters(context):
        if state.on_table(fighter):
            legal.append(Legal(ActionKind.TAP, key=fighter.key))
        elif state.just_came(fighter):
            legal.append(Legal(ActionKind.TAP, key=fighter.key, tap=TapKind.LEFT))
    legal.extend(Legal(ActionKind.TAP, tap=tap) for tap in sorted(GROUP_TAPS))
    return legal


def ended_at_once(ending: TableEnding | None) -> bool:
    """The scene's rules end the battle now (a way to win met at once, a side
    out of the battle): its page offers only its end, the taps and an undo."""
    return ending is not None and ending.at_once


def defenders(context: Context, state: State) -> list[Fighter]:
    """Deck characters on the table that have not activated this round."""
    if state.round == 0 or state.ended:
        return []
    return [
        f
        for f in state.fighters_on_table(context, Side.AI)
        if context.company(f.company).doctrine is Doctrine.DECK
        and f.key not in state.activated
    ]


def selectable(context: Context, state: State) -> list[Fighter]:
    """Everyone on the table, your side first, in card order: whom a random
    selection deals to."""
    return [
        f
        for side in (Side.PLAYER, Side.AI)
        for f in sorted(
            state.fighters_on_table(context, side), key=lambda f: f.card_order
        )
    ]


def action_legal(
    context: Context,
    state: State,
    action: Action,
    *,
    ending: TableEnding | None = None,
) -> bool:
    """Whether the battle offers ``action`` now (``ending``: as
    :func:`legal_actions`)."""
    skipping = getattr(action, "skipping", False)
    legal = legal_actions(context, state, skipping=skipping, ending=ending)
    match action:
        case Activate(key=key, follow_up=follow_up):
            return Legal(action.kind, key=key, follow_up=follow_up) in legal
        case Defend(key=key):
            return Legal(action.kind, key=key) in legal
        case TellTap(tap=tap, key=key):
            if tap in GROUP_TAPS:
                return Legal(action.kind, tap=TapKind(tap)) in legal
            told = TapKind(tap) if tap in TapKind.__members__.values() else None
            return any(
                item.kind is ActionKind.TAP
                and item.key == key
                and item.tap in (None, told)
                for item in legal
            )
        case SelectAtRandom(keys=keys, everyone=everyone):
            on_table = {f.key for f in selectable(context, state)}
            return Legal(action.kind) in legal and (everyone or set(keys) <= on_table)
    return Legal(action.kind) in legal


def not_now(
    context: Context, state: State, *, ending: TableEnding | None = None
) -> str:
    """Why an action is refused: what the battle needs now, in words."""
    if not state.ended and ending is not None and ended_at_once(ending):
        return (
            "Not recorded: the battle is over by the scene's rules "
            f"({ending.text.rstrip('.')}). End it, or undo the last entry to play on."
        )
    nxt = state.question()
    match nxt.phase:
        case Phase.ENDED:
            need = "the battle is over (undo its end to play on)"
        case Phase.BEGIN:
            need = (
                "begin the first round" if not state.round else "begin the next round"
            )
        case Phase.CHOOSE:
            need = "say who goes first"
        case Phase.ACTIVATE:
            label = context.fighter(nxt.key, state).label
            need = (
                f"{label} acts next (or say the rest of the AI cannot act this round)"
            )
        case Phase.END_ROUND:
            need = "end the round: the horde bleeds and gathers"
        case Phase.ORDERS:
            need = f"roll the scene orders of round {state.round}'s end"
        case _:
            need = "all the rounds are played: end the battle"
    return f"Not recorded: the battle does not take that now. Now: {need}."


# --- the entry an action makes --------------------------------------------------------


def action_draft(context: Context, state: State, action: Action) -> Draft:
    """The entry ``action`` makes at this state (the engine's own checks
    only: :func:`action_take` checks it is legal too)."""
    match action:
        case BeginRound():
            if action.picked:
                begin_check(
                    context, state, sightings=action.sightings, orders=action.orders
                )
            return round_begin(
                context,
                state,
                sightings=action.sightings,
                orders=action.orders,
                picked=action.picked,
            )
        case ChooseFirst():
            try:
                return first_choose(context, state, first=action.first)
            except ValueError as error:
                raise TableRefused("Choose one of the answers offered.") from error
        case Activate():
            return activation_decide(
                context,
                state,
                key=action.key,
                answers=action.answers,
                follow_up=action.follow_up,
            )
        case Defend():
            return defence_draw(context, state, key=action.key, answers=action.answers)
        case SelectAtRandom():
            keys = action.keys
            if action.everyone:
                keys = [f.key for f in selectable(context, state)]
            return random_select(context, state, keys=keys, purpose=action.purpose)
        case TellTap():
            return tap_record(
                context,
                state,
                tap=action.tap,
                key=action.key,
                company=action.company,
                side=action.side,
                objective=action.objective,
            )
        case EndRound():
            return round_end(
                context, state, lurkers=action.lurkers, placed=action.placed
            )
        case RollRoundOrders():
            return round_orders_end(context, state, answers=action.answers)
        case EndBattle():
            return battle_end(
                context,
                state,
                reason=action.reason,
                side=action.side,
                beyond=action.beyond,
            )


ANYTIME = frozenset({ActionKind.TAP, ActionKind.SELECT, ActionKind.DEFEND})
"""Actions about a character, offered all round long: refused, the engine's
own check says why (not on the table, not come on yet, activated)."""


def action_take(
    context: Context,
    state: State,
    action: Action,
    *,
    ending: TableEnding | None = None,
) -> Draft:
    """The entry ``action`` makes now; :class:`TableRefused` when the battle
    does not take it: what it needs now (:func:`not_now`), or for a tap, a
    draw or a selection the engine's own reason where it has one.
    ``ending``: the battle's end by its scene's rules, as
    :func:`legal_actions` reads it."""
    if action_legal(context, state, action, ending=ending):
        return action_draft(context, state, action)
    playing = not state.ended and state.round and not ended_at_once(ending)
    if action.kind in ANYTIME and playing:
        try:
            action_draft(context, state, action)
        except TableRefused as refused:
            if refused.code != UNANSWERED:
                raise
    raise TableRefused(not_now(context, state, ending=ending), code=NOT_NOW)


# --- replaying ------------------------------------------------------------------------


def entry_action(kind: str, inputs: Mapping[str, Any], subject: str = "") -> Action:
    """The action an entry of ``kind`` with these stored ``inputs`` was made by."""
    match EntryKind(kind):
        case EntryKind.ROUND:
            return BeginRound(
                sightings=inputs["sightings"],
                orders=inputs.get("orders"),
                picked=inputs.get("picked", False),
            )
        case EntryKind.FIRST:
            return ChooseFirst(first=inputs["first"])
        case EntryKind.ACTIVATION:
            return Activate(
                key=subject,
                answers=inputs["answers"],
                follow_up=inputs.get("follow_up", False),
            )
        case EntryKind.DEFENCE:
            return Defend(key=subject, answers=inputs["answers"])
        case EntryKind.SELECTION:
            return SelectAtRandom(
                keys=tuple(inputs["keys"]), purpose=inputs.get("purpose", "")
            )
        case EntryKind.TAP:
            return TellTap(
                tap=inputs["tap"],
                key=inputs.get("key", ""),
                company=inputs.get("company"),
                side=inputs.get("side", ""),
                objective=inputs.get("objective", ""),
            )
        case EntryKind.END_ROUND:
            return EndRound(
                lurkers=tuple(inputs.get("lurkers", ())),
                placed=inputs.get("placed", {}),
            )
        case EntryKind.ORDERS:
            return RollRoundOrders(answers=inputs["orders"])
        case EntryKind.END:
            return EndBattle(
                reason=inputs["reason"],
                side=inputs.get("side", ""),
                beyond=inputs.get("beyond"),
            )


def entry_compute(
    context: Context,
    state: State,
    kind: str,
    inputs: Mapping[str, Any],
    subject: str = "",
) -> Draft:
    """The draft an entry of ``kind`` with these stored ``inputs`` makes at
    this state: what a replay of the log from its seed compares."""
    return action_draft(context, state, entry_action(kind, inputs, subject))


__all__ = [
    "NOT_NOW",
    "UNANSWERED",
    "Action",
    "Activate",
    "BeginRound",
    "ChooseFirst",
    "Defend",
    "EndBattle",
    "EndRound",
    "Legal",
    "RollRoundOrders",
    "SelectAtRandom",
    "TellTap",
    "action_draft",
    "action_legal",
    "action_take",
    "entry_action",
    "entry_compute",
    "defenders",
    "ended_at_once",
    "legal_actions",
    "not_now",
    "selectable",
]
