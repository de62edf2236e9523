"""When the table page ends the battle by its scene's rules (RULES §1 "Victory
as data", §3.12, §4 "End"), read from the table log's state.

A fixed scene with ways to win is judged by :func:`engines.victory.judge`
(the function the result form and the playtest call): :func:`table_facts`
builds its facts from the state — the characters come on so far, who fell,
who left the table (carrying what), which companies routed — and the players'
answers to :func:`table_questions`, the facts the log does not hold (by which
edge or feature a character left, who held what, who held out). A generated
scenario ends when a side has nobody left on the table
(:func:`engines.battlefield.exits.side_end`).

:func:`table_ending` says whether the battle ends now, why in words, and how
the log's end entry records it; undoing the entry that caused it judges again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engines.battlefield.exits import Whereabouts, side_end
from engines.battlefield.numbers import CHARACTER_VP
from engines.enums import EndReason, Side
from engines.table.entries import EndData, Stored, entry_parse
from engines.table.kinds import EntryKind, Phase
from engines.table.state import Context, Fighter, State
from engines.victory import (
    BattleFacts,
    Ending,
    Exit,
    Question,
    Verdict,
    Victory,
    judge,
    questions,
)
from engines.victory import Fighter as VictoryFighter
from engines.victory.conditions import ConditionKind

TOLD_BY_THE_TABLE = frozenset({ConditionKind.FELL, ConditionKind.ROUT})
"""What the table log holds already: who fell (or left), who routed."""

LOST = frozenset(
    {Whereabouts.FALLEN, Whereabouts.ROUTED_OFF, Whereabouts.SCATTERED_OFF}
)
"""Where a lost character is (§3.12: fallen, or routed or scattered off)."""

SIDE_NAMES = {Side.PLAYER: "your side", Side.AI: "the AI side"}


@dataclass(frozen=True, kw_only=True)
class TableEnding:
    """The battle ends now: why, in the players' words, and what the log's
    end entry records: an EndReason, and the side it names (the one that won
    by its way; for a last character lost, the side that lost it)."""

    text: str
    reason: EndReason
    side: Side | None = None
    at_once: bool = False
    """A way to win that ends the battle at once (not the end of the last round)."""


def table_questions(victory: Victory) -> tuple[Question, ...]:
    """The yes/no questions the scene's ways need that the log cannot answer."""
    return questions(victory, told=TOLD_BY_THE_TABLE)


def round_over(context: Context, state: State) -> bool:
    """The round being fought is over: every activation and end of round done."""
    return state.round > 0 and state.question().phase in (Phase.BEGIN, Phase.OVER)


def table_facts(
    context: Context, state: State, *, answers: Mapping[str, bool] | None = None
) -> BattleFacts:
    """The battle's facts as the log holds them, with the players' answers."""
    came = [f for f in state.all_fighters(context) if _came(f, state)]
    fallen = frozenset(f.name for f in came if state.fighters[f.key].fallen)
    exits = tuple(
        Exit(
            character=f.name,
            carrying=(state.carried[f.key],) if f.key in state.carried else (),
        )
        for f in came
        if state.fighters[f.key].left
        and not (state.fighters[f.key].fallen or state.fighters[f.key].lurked)
    )
    routed = frozenset(
        c.name for c in context.companies if state.companies[c.order].routed
    )
    return BattleFacts(
        fighters=tuple(
            VictoryFighter(
                name=f.name, company=context.company(f.company).name, side=f.side
            )
            for f in came
        ),
        round=max(state.round, 1),
        round_over=round_over(context, state),
        fallen=fallen,
        exits=exits,
        routed=routed,
        answers=dict(answers or {}),
    )


def _came(fighter: Fighter, state: State) -> bool:
    return fighter.arrives <= max(state.round, 1)


def table_ending(
    context: Context,
    state: State,
    victory: Victory | None,
    *,
    answers: Mapping[str, bool] | None = None,
    scores_exits: bool = False,
) -> TableEnding | None:
    """Whether the battle ends now by its scene's rules (None: it goes on, or
    the log already ended it). ``victory``: the fixed scene's ways to win (None
    for a generated scenario or a scene without them); ``scores_exits``: the
    generated scenario scores characters leaving by an edge (§3.12)."""
    if state.ended or state.round == 0:
        return None
    if victory is not None and victory.ways:
        verdict = judge(victory, table_facts(context, state, answers=answers))
        return _from_verdict(verdict) if verdict.ended else None
    return _side_ending(context, state, scores_exits=scores_exits)


def _from_verdict(verdict: Verdict) -> TableEnding:
    if verdict.way is not None:
        reason = EndReason.OBJECTIVE
    elif verdict.ending is Ending.ROUT:
        reason = EndReason.ROUT
    elif verdict.ending is Ending.LAST_LOST:
        reason = EndReason.LAST_CHARACTER_LOST
    else:
        reason = EndReason.OBJECTIVE
    side = verdict.winner if verdict.way is not None else None
    if reason is EndReason.LAST_CHARACTER_LOST and verdict.winner is not None:
        side = _other(verdict.winner)  # the entry names the side that lost
    return TableEnding(
        text=verdict.reason,
        reason=reason,
        side=side,
        at_once=verdict.ending is not Ending.TIME_OUT,
    )


def _other(side: Side) -> Side:
    return Side.AI if side is Side.PLAYER else Side.PLAYER


def _side_ending(
    context: Context, state: State, *, scores_exits: bool
) -> TableEnding | None:
    """§3.12, §4: a side with nobody left on the table or still to come ends
    the battle; it loses unless its characters left by the scoring edge."""
    ends = {}
    for side in Side:
        places = [
            _whereabouts(f, state, scores_exits)
            for f in state.all_fighters(context)
            if f.side is side
        ]
        if places:
            end = side_end(places)
            if end.ends:
                ends[side] = end
    if not ends:
        return None
    if len(ends) == 2 or not any(e.loses for e in ends.values()):
        who = " and ".join(SIDE_NAMES[s] for s in ends)
        return TableEnding(
            text=f"Nobody of {who} is left on the table: the victory points decide.",
            reason=EndReason.OBJECTIVE,
            at_once=True,
        )
    ((loser, _),) = ends.items()
    winner = _other(loser)
    return TableEnding(
        text=f"{_capital(SIDE_NAMES[loser])} lost its last character: "
        f"{SIDE_NAMES[winner]} wins.",
        reason=EndReason.LAST_CHARACTER_LOST,
        side=loser,
        at_once=True,
    )


def scored_exit(fighter: Fighter, state: State, scores_exits: bool) -> bool:
    """§3.12: it left by the edge its scenario scores at (left, not fallen,
    not routing)."""
    return _whereabouts(fighter, state, scores_exits) is Whereabouts.LEFT


def log_points(
    context: Context,
    state: State,
    *,
    worths: Mapping[str, int],
    scores_exits: bool = False,
    beyond: Mapping[Side, int] | None = None,
) -> dict[Side, int]:
    """§3.12's victory points as far as the log holds them: each carriable
    objective a side carried off or still carries (its worth in ``worths``),
    each of a side's characters that left by the scoring edge or, in a River
    Crossing, stands beyond the river at the end (``beyond``, as the players
    counted them when the battle ended), each enemy character lost (fallen,
    or routed or scattered off the table). Objectives held are not in the
    log: the players add them."""
    points = {side: CHARACTER_VP * (beyond or {}).get(side, 0) for side in Side}
    for fighter in state.all_fighters(context):
        if not _came(fighter, state):
            continue
        mine = state.fighters[fighter.key]
        enemy = Side.AI if fighter.side is Side.PLAYER else Side.PLAYER
        place = _whereabouts(fighter, state, scores_exits)
        if place is Whereabouts.LEFT:
            points[fighter.side] += CHARACTER_VP
        elif place in LOST:
            points[enemy] += CHARACTER_VP
        carried = state.carried.get(fighter.key) or (
            mine.carrying if place is Whereabouts.ON_TABLE else None
        )
        if carried:
            points[fighter.side] += worths.get(carried, 0)
    return points


BEYOND_QUESTION = (
    "How many of {whose} characters stand beyond the river now? Each scores "
    f"{CHARACTER_VP} VP; the result form adds them."
)


def beyond_question(side: Side | None) -> str:
    """River Crossing: what the battle's end asks of the attacker ``side``."""
    if side is None:
        return ""
    return BEYOND_QUESTION.format(
        whose="your" if side is Side.PLAYER else "the AI side's"
    )


def end_beyond(rows: Sequence[Stored], side: Side | None) -> dict[Side, int]:
    """River Crossing: the attacker ``side``'s characters the players counted
    beyond the river when they ended the battle (the log's last end entry)."""
    end = next((r for r in reversed(rows) if r.kind == EntryKind.END), None)
    if side is None or end is None:
        return {}
    data = entry_parse(end).data
    if not isinstance(data, EndData) or data.beyond is None:
        return {}
    return {side: data.beyond}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _whereabouts(fighter: Fighter, state: State, scores_exits: bool) -> Whereabouts:
    mine = state.fighters[fighter.key]
    if mine.fallen:
        return Whereabouts.FALLEN
    if mine.lurked:
        return Whereabouts.LURKED
    if mine.left:
        if mine.routed or state.routing(fighter):
            return Whereabouts.ROUTED_OFF
        return Whereabouts.LEFT if scores_exits else Whereabouts.SCATTERED_OFF
    if fighter.arrives > state.round:
        return Whereabouts.TO_COME
    return Whereabouts.ON_TABLE


__all__ = [
    "TOLD_BY_THE_TABLE",
    "TableEnding",
    "beyond_question",
    "end_beyond",
    "log_points",
    "round_over",
    "scored_exit",
    "table_ending",
    "table_facts",
    "table_questions",
]
