"""Which side has won a fixed scene's battle, from the battle's state (RULES §1
"Victory as data", §4 "End").

:func:`judge` is the one function the table page (after each logged event and
at each round's end), the result form (with the battle's final facts) and the
playtest call, so the three cannot judge one battle differently. In order:

1. a way that ends the battle at once and is met wins now (two met by the same
   event: the first listed wins);
2. a side that routs or has lost its last character (fallen or left) ends the
   battle, unless the scene says otherwise: a way met then wins (first listed),
   else that side loses (both sides at once: a draw);
3. at the end of the last round (time-out), or when the facts are final, a way
   met wins (first listed), else the scene's time-out side, else a draw;
4. otherwise the battle goes on.

How each caller builds the facts:

- the table page, after each logged event (``round_over=False``) and at each
  round's end (``round_over=True``; at the last round's end this is the
  time-out): the fighters deployed or arrived so far, who fell, who left (by
  which edge, through which feature, carrying what), who held each fixed
  objective at each round's end, which companies routed; and the players'
  answers, by :attr:`Question.key`, to :func:`questions` (``told``: the kinds
  its log already holds). A verdict that ``ended`` ends the battle with its
  ``reason``; undoing the event that caused it judges again;
- the result form: the lines entered (who fell, who routed) with ``final=True``
  and the answers to :func:`questions`;
- the playtest: its simulated battle's facts, as the table page's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engines.enums import Edge, Outcome, RuleEnum, Side
from engines.victory.conditions import (
    SIDE_WORDS,
    Condition,
    ConditionKind,
    HoldWhen,
    Victory,
    WayToWin,
)


@dataclass(frozen=True)
class Fighter:
    """A character that took part (deployed or arrived)."""

    name: str
    company: str
    side: Side


@dataclass(frozen=True)
class Exit:
    """A character that left the table: by an edge and/or through a feature."""

    character: str
    edge: Edge | None = None
    feature: str = ""
    carrying: tuple[str, ...] = ()


@dataclass(frozen=True)
class Holding:
    """Who held a fixed objective at the end of a round."""

    round: int
    objective: str
    side: Side
    characters: tuple[str, ...] = ()


@dataclass(frozen=True)
class BattleFacts:
    """The battle's state as far as victory reads it.

    ``round`` is the round being fought; ``round_over`` says the facts are
    those at its end. ``final`` says the battle is over and these are its last
    facts (the result form): nothing more will happen. ``answers`` are the
    players' yes/no answers, by :attr:`Condition.key`, to what the log cannot
    tell; an answer overrides what the facts would give.
    """

    fighters: tuple[Fighter, ...]
    round: int = 1
    round_over: bool = False
    final: bool = False
    fallen: frozenset[str] = frozenset()
    exits: tuple[Exit, ...] = ()
    holdings: tuple[Holding, ...] = ()
    routed: frozenset[str] = frozenset()
    """Companies routed (a horde: scattered)."""
    answers: Mapping[str, bool] = field(default_factory=dict)


class Ending(RuleEnum):
    AT_ONCE = "at_once"
    ROUT = "rout"
    LAST_LOST = "last_lost"
    TIME_OUT = "time_out"

    __labels__ = {
        "at_once": "A way to win that ends the battle at once",
        "rout": "A side routed",
        "last_lost": "A side lost its last character",
        "time_out": "The last round ended",
    }


@dataclass(frozen=True)
class Verdict:
    """The judgement, and why: which way gave it (its index in the scene's
    list), or which rule of §4 or time-out."""

    ended: bool
    winner: Side | None = None
    ending: Ending | None = None
    way: int | None = None
    reason: str = ""

    @property
    def outcome(self) -> Outcome | None:
        """The outcome for the player side, once the battle has ended."""
        if not self.ended:
            return None
        if self.winner is None:
            return Outcome.DRAW
        return Outcome.VICTORY if self.winner == Side.PLAYER else Outcome.DEFEAT


GOES_ON = Verdict(ended=False, reason="No way to win is met yet: the battle goes on.")


def judge(victory: Victory, facts: BattleFacts) -> Verdict:
    """Who has won, whether the battle ends now, and why (see the module)."""
    time_out = _time_out(victory, facts)
    met = list(ways_met(victory, facts))
    at_once = [i for i in met if victory.ways[i].at_once]
    if at_once:
        return _won(victory, at_once[0], Ending.AT_ONCE)
    if victory.rout_loses:
        out = _sides_out(facts)
        if out:
            if met:
                ending = Ending.ROUT if any(out.values()) else Ending.LAST_LOST
                return _won(victory, met[0], ending)
            return _side_out(out)
    if time_out:
        if met:
            return _won(victory, met[0], Ending.TIME_OUT)
        if victory.time_out is not None:
            side = SIDE_WORDS[victory.time_out]
            return Verdict(
                ended=True,
                winner=victory.time_out,
                ending=Ending.TIME_OUT,
                reason=f"The last round ended with no way to win met: {side} wins.",
            )
        return Verdict(
            ended=True,
            ending=Ending.TIME_OUT,
            reason="The last round ended with no way to win met: a draw.",
        )
    return GOES_ON


def ways_met(victory: Victory, facts: BattleFacts) -> tuple[int, ...]:
    """Every way met by these facts (at time-out when they are final)."""
    time_out = _time_out(victory, facts)
    return tuple(
        i
        for i, way in enumerate(victory.ways)
        if _way_met(way, facts, victory, time_out)
    )


def _time_out(victory: Victory, facts: BattleFacts) -> bool:
    return facts.final or (facts.round_over and facts.round >= victory.battle_length)


def _won(victory: Victory, index: int, ending: Ending) -> Verdict:
    way = victory.ways[index]
    side = SIDE_WORDS[way.side]
    return Verdict(
        ended=True,
        winner=way.side,
        ending=ending,
        way=index,
        reason=f"{way.words()}: {side} wins.",
    )


def _side_out(out: dict[Side, bool]) -> Verdict:
    """§4: a side routed or lost to the last character loses (both: a draw)."""
    if len(out) == 2:
        return Verdict(
            ended=True,
            ending=Ending.ROUT if any(out.values()) else Ending.LAST_LOST,
            reason="Both sides routed or lost their last character: a draw.",
        )
    ((loser, routed),) = out.items()
    winner = Side.AI if loser == Side.PLAYER else Side.PLAYER
    what = "routed" if routed else "lost its last character"
    return Verdict(
        ended=True,
        winner=winner,
        ending=Ending.ROUT if routed else Ending.LAST_LOST,
        reason=f"{SIDE_WORDS[loser].capitalize()} {what}: {SIDE_WORDS[winner]} wins.",
    )


def _sides_out(facts: BattleFacts) -> dict[Side, bool]:
    """Each side that is out of the battle, and whether it routed (else it has
    no character left on the table)."""
    out: dict[Side, bool] = {}
    for side in (Side.PLAYER, Side.AI):
        ours = [f for f in facts.fighters if f.side == side]
        if not ours:
            continue
        if _side_routed(side, facts):
            out[side] = True
        elif not any(_on_table(f.name, facts) for f in ours):
            out[side] = False
    return out


# --- conditions ---------------------------------------------------------------------


def _way_met(way: WayToWin, facts: BattleFacts, victory: Victory, end: bool) -> bool:
    return bool(way.conditions) and all(
        _holds(c, facts, victory, end) != c.negated for c in way.conditions
    )


def _holds(c: Condition, facts: BattleFacts, victory: Victory, end: bool) -> bool:
    """Whether the condition (said positively) holds; ``end``: at time-out."""
    if c.key in facts.answers:
        return facts.answers[c.key]
    match c.kind:
        case ConditionKind.LEAVE:
            return _left(c, facts)
        case ConditionKind.CARRY_OFF:
            return any(
                c.objective in e.carrying
                and (c.edge is None or e.edge == c.edge)
                and (c.side is None or _side_of(e.character, facts) == c.side)
                for e in facts.exits
            )
        case ConditionKind.FELL:
            names = _names(c, facts)
            return bool(names) and all(not _on_table(n, facts) for n in names)
        case ConditionKind.HOLD:
            return any(_held(c, h, facts, victory) for h in facts.holdings)
        case ConditionKind.HOLD_OUT:
            return end and any(_on_table(n, facts) for n in _names(c, facts))
        case ConditionKind.ROUT:
            if c.company:
                return c.company in facts.routed
            return c.side is not None and _side_routed(c.side, facts)
    raise ValueError(c.kind)  # pragma: no cover


def _left(c: Condition, facts: BattleFacts) -> bool:
    leavers = [e for e in facts.exits if _by_the_way(c, e)]
    if c.character:
        ours = [e for e in leavers if e.character == c.character]
    else:
        members = {f.name for f in facts.fighters if f.company == c.company}
        ours = [e for e in leavers if e.character in members]
        took_part = len(members)
        enough = 2 * len(ours) >= took_part if c.half else len(ours) >= (c.count or 1)
        if not took_part or not enough:
            return False
    if not ours:
        return False
    return not c.objective or any(c.objective in e.carrying for e in ours)


def _by_the_way(c: Condition, e: Exit) -> bool:
    if c.feature:
        return e.feature == c.feature
    return c.edge is None or e.edge == c.edge


def _held(c: Condition, h: Holding, facts: BattleFacts, victory: Victory) -> bool:
    if h.objective != c.objective:
        return False
    if c.character:
        if c.character not in h.characters:
            return False
    elif h.side != c.side:
        return False
    done = facts.round if facts.round_over or facts.final else facts.round - 1
    match c.when:
        case HoldWhen.LAST:
            return h.round == victory.battle_length and h.round <= done
        case HoldWhen.ROUND:
            return h.round == c.round and h.round <= done
    return h.round <= done


def _names(c: Condition, facts: BattleFacts) -> list[str]:
    """The characters a condition is about: one named, a company's, a side's."""
    if c.character:
        return [c.character]
    if c.company:
        return [f.name for f in facts.fighters if f.company == c.company]
    return [f.name for f in facts.fighters if f.side == c.side]


def _on_table(name: str, facts: BattleFacts) -> bool:
    return name not in facts.fallen and all(e.character != name for e in facts.exits)


def _side_of(name: str, facts: BattleFacts) -> Side | None:
    return next((f.side for f in facts.fighters if f.name == name), None)


def _side_routed(side: Side, facts: BattleFacts) -> bool:
    companies = {f.company for f in facts.fighters if f.side == side}
    return bool(companies) and companies <= facts.routed


@dataclass(frozen=True)
class Question:
    """A fact a way to win needs that the log does not hold, asked yes or no;
    the answer goes into :attr:`BattleFacts.answers` under ``key``."""

    key: str
    text: str


TOLD_BY_THE_LOG = frozenset({ConditionKind.FELL, ConditionKind.ROUT})
"""What the table log and the result form's lines hold already: who fell, who
routed. Leaving, carrying off, holding and holding out are asked."""


def questions(
    victory: Victory, *, told: frozenset[ConditionKind] = TOLD_BY_THE_LOG
) -> tuple[Question, ...]:
    """The yes/no questions the scene's ways need answered, each once, in the
    order of the ways; ``told``: the kinds of fact the caller already holds."""
    asked: dict[str, Question] = {}
    for way in victory.ways:
        for c in way.conditions:
            if c.kind not in told and c.key not in asked:
                asked[c.key] = Question(key=c.key, text=c.question())
    return tuple(asked.values())
