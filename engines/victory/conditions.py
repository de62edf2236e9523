"""A fixed scene's ways to win, as data (RULES §1 "Victory as data").

A :class:`WayToWin` is one condition or several joined by *and* (any may be
negated), names the side it wins for and whether it ends the battle at once.
A scene's :class:`Victory` lists its ways in the scene's order (the first
listed wins when two are met by the same event), the battle's length, the side
that wins at time-out (none: a draw) and whether a side that routs or loses its
last character loses (§4).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.enums import Edge, RuleEnum, Side


class ConditionKind(RuleEnum):
    LEAVE = "leave"
    CARRY_OFF = "carry_off"
    FELL = "fell"
    HOLD = "hold"
    HOLD_OUT = "hold_out"
    ROUT = "rout"

    __labels__ = {
        "leave": "Leave",
        "carry_off": "Carry off",
        "fell": "Fell",
        "hold": "Hold",
        "hold_out": "Hold out",
        "rout": "Rout",
    }


class HoldWhen(RuleEnum):
    """When a *hold* counts: at the end of any round, the last, or round N."""

    ANY = "any"
    LAST = "last"
    ROUND = "round"

    __labels__ = {
        "any": "At the end of any round",
        "last": "At the end of the last round",
        "round": "At the end of round N",
    }


SIDE_WORDS = {Side.PLAYER: "the player side", Side.AI: "the AI side"}


@dataclass(frozen=True)
class Condition:
    """One condition of a way to win. Which fields a kind reads:

    - *leave*: ``character``, or ``company`` with ``count`` (at least N) or
      ``half`` (at least half of those who took part); ``edge`` or ``feature``
      (neither: any edge); optionally ``objective`` carried;
    - *carry off*: ``objective``, optionally ``edge`` and ``side`` (by whom);
    - *fell*: ``character``, or every character of ``company`` (fallen or left);
    - *hold*: ``objective`` (fixed), held by ``side`` or ``character``, ``when``
      (with ``round`` for round N);
    - *hold out*: ``side`` or ``character`` still on the table at the end of
      the last round;
    - *rout*: ``side`` (all its companies), or ``company`` (a horde scatters).
    """

    kind: ConditionKind
    negated: bool = False
    character: str = ""
    company: str = ""
    side: Side | None = None
    count: int | None = None
    half: bool = False
    edge: Edge | None = None
    feature: str = ""
    objective: str = ""
    when: HoldWhen = HoldWhen.ANY
    round: int | None = None

    @property
    def key(self) -> str:
        """Names the fact (negation aside): a player's answer is kept under it."""
        parts = (
            self.kind.value,
            self.character,
            self.company,
            self.side.value if self.side else "",
            "" if self.count is None else str(self.count),
            "half" if self.half else "",
            self.edge.value if self.edge else "",
            self.feature,
            self.objective,
            self.when.value if self.kind == ConditionKind.HOLD else "",
            "" if self.round is None else str(self.round),
        )
        return "|".join(parts)

    def words(self) -> str:
        """The condition as words: "Frodo has not fallen or left the table"."""
        subject, verb, rest = self._parts()
        verb = _negated(verb) if self.negated else verb
        return " ".join(part for part in (subject, verb, rest) if part)

    def question(self) -> str:
        """The yes/no question a player answers when the log cannot tell."""
        subject, verb, rest = self._parts()
        return _asked(subject, verb, rest)

    def _parts(self) -> tuple[str, str, str]:
        """(subject, verb, rest) of the condition said positively."""
        match self.kind:
            case ConditionKind.LEAVE:
                return self._leavers(), self._have("left"), self._leave_rest()
            case ConditionKind.CARRY_OFF:
                by = f" by {SIDE_WORDS[self.side]}" if self.side else ""
                edge = f" by the {self.edge.value} edge" if self.edge else ""
                return self.objective, "has been", f"carried off the table{edge}{by}"
            case ConditionKind.FELL:
                if self.character:
                    return self.character, "has", "fallen or left the table"
                return (
                    f"every character of {self.company}",
                    "has",
                    "fallen or left the table",
                )
            case ConditionKind.HOLD:
                return self._holder(), "holds", f"{self.objective} {self._hold_when()}"
            case ConditionKind.HOLD_OUT:
                if self.character:
                    return (
                        self.character,
                        "is still",
                        "on the table at the end of the last round",
                    )
                side = SIDE_WORDS[self.side] if self.side else "the side"
                return (
                    side,
                    "still has",
                    "a character on the table at the end of the last round",
                )
            case ConditionKind.ROUT:
                who = self.company or (SIDE_WORDS[self.side] if self.side else "")
                return who, "has", "routed" + (" (scattered)" if self.company else "")
        raise ValueError(self.kind)  # pragma: no cover

    def _leavers(self) -> str:
        if self.character:
            return self.character
        if self.half:
            return f"at least half of {self.company} who took part"
        return f"at least {self.count or 1} of {self.company}"

    def _have(self, participle: str) -> str:
        plural = not self.character and (self.half or (self.count or 1) > 1)
        return f"{'have' if plural else 'has'} {participle}"

    def _leave_rest(self) -> str:
        if self.feature:
            way = f"the table through {self.feature}"
        elif self.edge:
            way = f"the table by the {self.edge.value} edge"
        else:
            way = "the table"
        return way + (f" carrying {self.objective}" if self.objective else "")

    def _holder(self) -> str:
        if self.character:
            return self.character
        return SIDE_WORDS[self.side] if self.side else "the side"

    def _hold_when(self) -> str:
        match self.when:
            case HoldWhen.LAST:
                return "at the end of the last round"
            case HoldWhen.ROUND:
                return f"at the end of round {self.round}"
        return "at the end of a round"


NEGATED = {
    "holds": "does not hold",
    "still has": "no longer has",
    "is still": "is no longer",
}
"""Verbs whose negation is not "<auxiliary> not …"."""

ASKED = {"holds": ("Does", "hold"), "still has": ("Does", "still have")}
"""Verbs whose question is "Does … <bare verb>"."""


def _negated(verb: str) -> str:
    if verb in NEGATED:
        return NEGATED[verb]
    first, _, rest = verb.partition(" ")
    return f"{first} not {rest}".strip()


def _asked(subject: str, verb: str, rest: str) -> str:
    if verb in ASKED:
        auxiliary, bare = ASKED[verb]
        text = f"{auxiliary} {subject} {bare} {rest}"
    else:
        first, _, more = verb.partition(" ")
        text = f"{first.capitalize()} {subject} {more} {rest}"
    return " ".join(text.split()) + "?"


@dataclass(frozen=True)
class WayToWin:
    """One way a side wins: every condition holds (each negated where marked)."""

    side: Side
    conditions: tuple[Condition, ...]
    at_once: bool = False

    def words(self) -> str:
        text = " and ".join(c.words() for c in self.conditions) or "(no condition)"
        return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Victory:
    """A fixed scene's ways to win and what happens when none is met."""

    ways: tuple[WayToWin, ...]
    battle_length: int
    time_out: Side | None = None
    rout_loses: bool = True
