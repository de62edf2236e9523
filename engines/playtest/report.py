"""A playtest's report (RULES §7, SITE.md's JSON shape), from its battles' outcomes.

Each battle the playtest fights gives one :class:`Battle`: the outcome for
the players, how many rounds it lasted, which player characters fell and
which ended wounded, the way it ended, and — when it could not be played to
its end — why, in a builder's words. :func:`report` folds them into a
:class:`Report`: victory, draw and defeat as fractions of one with 95 % Wilson
intervals, the rounds histogram, each player character's fell and wounded
fractions, the ends by way, and the warnings. :meth:`Report.to_data` is the
JSON of ``manage.py playtest --json``; :func:`report_text` its plain words.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.enums import Outcome

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""
OUTCOMES = (Outcome.VICTORY, Outcome.DRAW, Outcome.DEFEAT)
ROBOT = (
    "The players' side was played by a plain, honest robot (the priority list "
    "with the scene's ways to win as its objectives): a thinking player does "
    "better."
)
"""The one sentence every report says of the players' robot (§7)."""


@dataclass(frozen=True, slots=True)
class Battle:
    """What one playtest battle came to."""

    outcome: Outcome
    rounds: int
    way: str
    """How it ended: "routed", "last character lost", "VP", a way to win's name."""
    fell: tuple[str, ...] = ()
    """The player characters that fell."""
    wounded: tuple[str, ...] = ()
    """The player characters that ended it wounded (and standing)."""
    unfinished: str = ""
    """Why it could not be played to its end, in a builder's words ("" if it was)."""


def battle_seed(seed: int, index: int) -> int:
    """The seed of a playtest's ``index``-th battle: the same whichever
    process fights it, so a report does not depend on ``--jobs``."""
    mixed = (seed * 0x9E3779B97F4A7C15 + index * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    mixed ^= mixed >> 31
    return (mixed * 0x94D049BB133111EB) & (2**64 - 1)


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, kw_only=True)
class Report:
    """A playtest's report: what SITE.md's JSON holds, and the robot's sentence."""

    battles: int
    seed: int
    victory: float
    draw: float
    defeat: float
    interval: Mapping[str, tuple[float, float]]
    rounds: Mapping[int, int]
    characters: Mapping[str, Mapping[str, float]]
    ends: Mapping[str, int]
    warnings: tuple[str, ...]
    robot: str = ROBOT

    def share(self, outcome: Outcome) -> float:
        return {
            Outcome.VICTORY: self.victory,
            Outcome.DRAW: self.draw,
            Outcome.DEFEAT: self.defeat,
        }[outcome]

    def to_data(self) -> dict[str, Any]:
        return {
            "battles": self.battles,
            "seed": self.seed,
            "victory": self.victory,
            "draw": self.draw,
            "defeat": self.defeat,
            "interval": {k: [low, high] for k, (low, high) in self.interval.items()},
            "rounds": {str(k): v for k, v in sorted(self.rounds.items())},
            "characters": {k: dict(v) for k, v in self.characters.items()},
            "ends": dict(self.ends),
            "warnings": list(self.warnings),
            "robot": self.robot,
        }


def report(
    battles: Sequence[Battle],
    *,
    seed: int,
    characters: Iterable[str] = (),
) -> Report:
    """The report of these battles (``characters``: the player characters
    taking part, so one that never fell still has its line)."""
    n = len(battles)
    counts = Counter(b.outcome for b in battles)
    shares = _shares(counts, n)
    names = list(dict.fromkeys([*characters, *(c for b in battles for c in b.fell)]))
    fell = Counter(c for b in battles for c in set(b.fell))
    hurt = Counter(c for b in battles for c in set(b.wounded))
    return Report(
        battles=n,
        seed=seed,
        victory=shares[Outcome.VICTORY],
        draw=shares[Outcome.DRAW],
        defeat=shares[Outcome.DEFEAT],
        interval={o.value: wilson(counts[o], n) for o in OUTCOMES},
        rounds=dict(sorted(Counter(b.rounds for b in battles).items())),
        characters={
            name: {"fell": _share(fell[name], n), "wounded": _share(hurt[name], n)}
            for name in names
        },
        ends=dict(Counter(b.way for b in battles if not b.unfinished).most_common()),
        warnings=warnings(battles),
    )


def _share(count: int, n: int) -> float:
    return count / n if n else 0.0


def _shares(counts: Mapping[Outcome, int], n: int) -> dict[Outcome, float]:
    """Fractions that sum to exactly one (the defeat share takes the rest)."""
    if not n:
        return {o: 0.0 for o in OUTCOMES}
    victory = counts.get(Outcome.VICTORY, 0) / n
    draw = counts.get(Outcome.DRAW, 0) / n
    defeat = max(0.0, 1.0 - victory - draw)
    return {Outcome.VICTORY: victory, Outcome.DRAW: draw, Outcome.DEFEAT: defeat}


def warnings(battles: Sequence[Battle]) -> tuple[str, ...]:
    """§7's warnings: never won, always won, could not be played to its end."""
    if not battles:
        return ("No battle was played.",)
    said: list[str] = []
    n = len(battles)
    wins = sum(b.outcome is Outcome.VICTORY for b in battles)
    if wins == 0:
        said.append(f"The players never won in {n} battles{_why(battles)}.")
    elif wins == n:
        said.append(f"The players won every one of {n} battles{_why(battles)}.")
    causes = Counter(b.unfinished for b in battles if b.unfinished)
    for cause, count in causes.most_common():
        said.append(f"{count} of {n} battles could not be played to the end: {cause}")
    return tuple(said)


def _why(battles: Sequence[Battle]) -> str:
    """What a builder can act on when every battle went one way: the
    commonest end, and the player character that fell most often."""
    n = len(battles)
    ends = Counter(b.way for b in battles if not b.unfinished and b.way)
    fell = Counter(c for b in battles for c in set(b.fell))
    said = ""
    if ends:
        way, count = ends.most_common(1)[0]
        said += f": the commonest end, “{way}” ({count} of {n})"
    if fell:
        name, count = fell.most_common(1)[0]
        said += f"{';' if said else ':'} {name} fell in {count} of {n}"
    return said


def percent(share: float) -> str:
    return f"{100 * share:.1f} %"


def report_text(result: Report) -> str:
    """The report in plain words, as the command prints it."""
    lines = [f"{result.battles} battles, seed {result.seed}."]
    for outcome in OUTCOMES:
        low, high = result.interval[outcome.value]
        lines.append(
            f"{outcome.label}: {percent(result.share(outcome))} "
            f"(95 % interval {percent(low)} to {percent(high)})"
        )
    if result.rounds:
        lines.append(
            "Rounds: "
            + ", ".join(f"{k}: {v}" for k, v in sorted(result.rounds.items()))
        )
    for name, rates in result.characters.items():
        lines.append(
            f"{name}: fell in {percent(rates['fell'])}, "
            f"ended wounded in {percent(rates['wounded'])}"
        )
    if result.ends:
        lines.append(
            "Ends: " + ", ".join(f"{way} {count}" for way, count in result.ends.items())
        )
    lines.extend(f"Warning: {w}" for w in result.warnings)
    lines.append(result.robot)
    return "\n".join(lines)
