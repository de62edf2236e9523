"""What the table page asks before an AI character acts: only what its doctrine
needs for that character, one question at a time.

Each doctrine's questions are plain code (:func:`_priority`, :func:`_deck`,
:func:`_horde`, :func:`_pursuit`) that asks through a :class:`Walker`: an
answer the player has given is read, the first one missing stops the walk and
becomes the page's question. When nothing is missing the walk returns the
engine's input (a :class:`~engines.doctrines.Situation` or a
:class:`~engines.doctrines.Pursuer`) built from the answers alone.

Some questions depend on what the robot draws or rolls: a deck character's
card says which enemies matter, a horde character's D6 says whether it needs a
target at all, a pursuer's two dice say whether its drift can leave the table.
The page shows that card or those dice before it asks (as the player would
draw or roll first at the table), reading them from a trial run of the engine
on a copy of the battle's random source: the activation itself, when it is
sent, draws and rolls the very same ones.

The answers are strings, as the players gave them: ``yes``/``no``, a
character's key, ``none``, a number of inches, or keys joined by commas.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from engines.doctrines import (
    FOLLOW_UP_SHARE,
    Decision,
    Enemy,
    Friend,
    Objective,
    Pursuer,
    Situation,
)
from engines.enums import Cover, Side
from engines.sight import sight_line
from engines.table.decide import doctrine_decide, table_deck
from engines.table.dice import TableRandom
from engines.table.inches import parse_inches
from engines.table.limits import cover_label, distance_help
from engines.table.state import Context, Fighter, State
from engines.text import inches

YES, NO, NONE = "yes", "no", "none"
CHOICE, NUMBER, MANY = "choice", "number", "many"
QUICK_INCHES = (0.5, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 24)
"""Distances offered as one tap beside the number field (½″: an enemy just
short of base contact, the nearest enemy's distance most often after a move)."""
FAR = 1_000.0
"""A distance no rule reaches: an enemy the decision only needs to exist."""

COVER_CHOICES = (
    (Cover.NONE.value, "No cover"),
    (Cover.SOFT.value, "Soft cover (hedges, fences, brush)"),
    (Cover.HARD.value, "Hard cover (walls, rocks, buildings)"),
)


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class Question:
    """One question: its answer's name, the words, and how it is answered."""

    name: str
    text: str
    ask: str
    """``choice`` (one of the choices), ``number`` (inches) or ``many``."""
    choices: tuple[Choice, ...] = ()
    help: str = ""
    error: str = ""
    """Why the answer given could not be read (the page shows it)."""
    also: tuple[tuple[str, str, bool], ...] = ()
    """Yes-or-no questions asked on the same screen as a distance, as tick
    boxes (each answer's name, its words, ticked or not at first): whether
    the character sees the one measured, as the round's start said; whether
    that enemy is free."""

    @property
    def quick(self) -> tuple[float, ...]:
        return QUICK_INCHES if self.ask == NUMBER else ()


@dataclass(frozen=True)
class Asked:
    """A question already answered: the answer as sent and in words."""

    question: Question
    value: str
    shown: str


NEAREST = "near:"
"""The melee question's answer "not in melee, and this one is nearest"."""

WITH = "with:"
"""The melee question's answer "in base contact with this one alone"."""

REORGANIZE = "reorganize"
"""What a disorganized character's first activation out of melee does."""


@dataclass(frozen=True)
class Walk:
    """Where the questions stand for one activation."""

    fighter: Fighter
    asked: tuple[Asked, ...]
    question: Question | None
    preview: tuple[str, ...] = ()
    """The card or dice this activation takes, where the questions depend on them."""
    subject: Situation | Pursuer | str | None = None
    """The engine's input once every answer is in (``REORGANIZE`` for a
    disorganized character's first activation out of melee)."""
    notes: tuple[str, ...] = ()

    @property
    def ready(self) -> bool:
        return self.question is None

    @property
    def answers(self) -> dict[str, str]:
        return {a.question.name: a.value for a in self.asked}


class Need(Exception):
    def __init__(self, question: Question) -> None:
        super().__init__(question.name)
        self.question = question


# --- the walker -----------------------------------------------------------------------


@dataclass
class Walker:
    """Asks for one character's activation and gathers the engine's inputs."""

    context: Context
    state: State
    fighter: Fighter
    answers: dict[str, str]
    follow_up: bool = False
    asked: list[Asked] = field(default_factory=list)
    preview: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    foes: dict[str, dict[str, Any]] = field(default_factory=dict)
    objectives: list[Objective] = field(default_factory=list)
    friends: list[Friend] = field(default_factory=list)
    cover_toward: Cover = Cover.NONE
    cover_away: Cover = Cover.NONE
    in_furthest_cover: bool = False
    near: Fighter | None = None
    seen: Fighter | None = None
    _melee: bool | None = None
    passed_over: list[Fighter] = field(default_factory=list)
    """Enemies a shun passes over, asked of apart and left out of the
    questions after (:func:`engines.table.obeying.ask_shunned`)."""
    offer_nearest: bool = False
    """The melee question also asks which enemy is nearest (a doctrine that
    asks it next whenever it is not in melee)."""

    def __post_init__(self) -> None:
        self.company = self.context.company(self.fighter.company)
        self.mine = self.state.fighters[self.fighter.key]
        self.name = self.fighter.label
        self.enemies = sorted(
            self.state.fighters_on_table(self.context, Side.PLAYER),
            key=lambda f: f.card_order,
        )
        self.answers = dict(self.answers)
        share = FOLLOW_UP_SHARE if self.follow_up else 1
        self.move = self.fighter.move * share
        self.carrying = self.mine.carrying

    # -- asking --

    def _given(self, question: Question) -> str:
        value = self.answers.get(question.name, "")
        if value == "":
            raise Need(question)
        return value

    def _record(self, question: Question, value: str, shown: str) -> None:
        self.asked.append(Asked(question, value, shown))

    def pick(self, name: str, text: str, choices: list[Choice], help: str = "") -> str:
        question = Question(name, text, CHOICE, tuple(choices), help)
        value = self._given(question)
        chosen = next((c for c in choices if c.value == value), None)
        if chosen is None:
            raise Need(replace(question, error="Tap one of the answers."))
        self._record(question, value, chosen.label)
        return value

    def yes(self, name: str, text: str, help: str = "") -> bool:
        return (
            self.pick(name, text, [Choice(YES, "Yes"), Choice(NO, "No")], help) == YES
        )

    def who(
        self,
        name: str,
        text: str,
        candidates: list[Fighter],
        *,
        none: str | None = None,
        help: str = "",
    ) -> Fighter | None:
        """One of ``candidates`` (or None, offered as ``none``); the only one
        without asking when there is no "none"."""
        if not candidates:
            return None
        if len(candidates) == 1 and none is None:
            return candidates[0]
        choices = [Choice(f.key, f.label) for f in candidates]
        if none is not None:
            choices.append(Choice(NONE, none))
        value = self.pick(name, text, choices, help)
        return next((f for f in candidates if f.key == value), None)

    def inches(
        self,
        name: str,
        text: str,
        help: str = "",
        *,
        also: tuple[tuple[str, str, bool], ...] = (),
    ) -> float:
        question = Question(
            name,
            text,
            NUMBER,
            help=help or "Base edge to base edge, in inches.",
            also=also,
        )
        value = parse_inches(self._given(question))
        if value is None:
            raise Need(
                replace(question, error="Give a distance in inches, like 6 or 7.5.")
            )
        self._record(question, f"{value:g}", inches(value))
        return value

    def many(self, name: str, text: str, candidates: list[Fighter]) -> list[Fighter]:
        question = Question(
            name, text, MANY, tuple(Choice(f.key, f.label) for f in candidates)
        )
        keys = [k for k in self._given(question).split(",") if k]
        chosen = [f for f in candidates if f.key in keys]
        if not chosen or len(chosen) != len(set(keys)):
            raise Need(replace(question, error="Tick at least one of them."))
        self._record(question, ",".join(f.key for f in chosen), _names(chosen))
        return chosen

    def cover(self, name: str, text: str) -> Cover:
        value = self.pick(
            name,
            text,
            [
                Choice(value, cover_label(value, label, self.context))
                for value, label in COVER_CHOICES
            ],
            "The best cover it can end its move in.",
        )
        return Cover(value)

    # -- the facts every doctrine reads --

    @property
    def routing(self) -> bool:
        return self.state.routing(self.fighter)

    @property
    def reach(self) -> float:
        """Its shooting range; a character that cannot shoot has none to measure."""
        value = self.fighter.shooting_range
        return math.inf if value is None else value

    def foe(self, enemy: Fighter, **facts: Any) -> None:
        known = self.foes.setdefault(enemy.key, {"engaged": True})
        known.pop("unasked", None)
        known.update(facts)

    def distance(self, enemy: Fighter | None) -> float:
        if enemy is None:
            return math.inf
        return float(self.foes[enemy.key]["distance"])

    def sight_help(self) -> str:
        """The sight question's help: the limit and its lit exceptions."""
        limit = self.context.sight_limit
        return (
            sight_line(limit, self.context.lit, span=self.context.sight_span)
            if limit
            else "A clear line of sight between the two models."
        )

    def melee(self) -> bool:
        """In base contact with an enemy? Then with whom."""
        if self._melee is not None:
            return self._melee
        if not self.enemies:
            self._melee = False
            return False
        text = f"Is {self.name} in base contact with an enemy?"
        choices = [Choice(YES, "Yes")]
        if len(self.enemies) > 1:
            # One tap for the usual melee: in contact with one enemy.
            choices = [
                *(
                    Choice(f"{WITH}{e.key}", f"Yes — with {e.label}")
                    for e in self.enemies
                ),
                Choice(YES, "Yes — with several"),
            ]
        if self.offer_nearest and len(self.enemies) > 1:
            # One tap for "not in melee" and the nearest enemy, asked next anyway.
            text += " If not, which enemy is nearest to it, seen or not?"
            choices += [
                Choice(f"{NEAREST}{e.key}", f"No — {e.label} is nearest")
                for e in self.enemies
            ]
        choices.append(Choice(NO, "No"))
        value = self.pick(
            "melee", text, choices, "In melee it must continue the melee."
        )
        self._melee = value == YES or value.startswith(WITH)
        if value.startswith(NEAREST):
            self.answers.setdefault("near", value.removeprefix(NEAREST))
        if value.startswith(WITH):
            self.answers.setdefault("contacts", value.removeprefix(WITH))
        if self._melee:
            contacts = (
                self.many(
                    "contacts",
                    f"Which enemies are in base contact with {self.name}?",
                    self.enemies,
                )
                if len(self.enemies) > 1
                else self.enemies
            )
            for enemy in contacts:
                self.foe(enemy, distance=0.0, in_sight=True, in_contact=True)
        return self._melee

    def nearest(
        self, *, free_too: bool = False, also: tuple[tuple[str, str, bool], ...] = ()
    ) -> Fighter | None:
        """The nearest enemy, how far, whether it is seen; if not, the nearest
        seen (``also``: more tick boxes for its distance's screen)."""
        near = self.who(
            "near",
            f"Which enemy is nearest to {self.name}?",
            self.enemies,
            help="Whether it can see it or not.",
        )
        if near is None:
            return None
        known = self.foes.get(near.key, {})
        # Asked already (a hunt), not a placeholder the orders listed.
        if "distance" in known and "in_sight" in known and not known.get("unasked"):
            distance, sees = float(known["distance"]), bool(known["in_sight"])
        else:
            distance = self.inches(
                "near_in",
                f"How far is {near.label} from {self.name}?",
                distance_help(self.context, self.state, self.fighter),
                also=(
                    self.sees_too("near_seen", near),
                    *([self.free_too("near_free", near)] if free_too else []),
                    *also,
                ),
            )
            sees = self.visible(distance) and self.yes(
                "near_seen", f"Can {self.name} see {near.label}?", self.sight_help()
            )
            self.foe(near, distance=distance, in_sight=sees)
        self.near = near
        # Every other enemy is further: beyond the sight limit, none is seen.
        far = not self.visible(distance)
        self.seen = near if sees else None if far else self.nearest_seen(exclude=near)
        return near

    def sees_too(self, name: str, enemy: Fighter) -> tuple[str, str, bool]:
        """Whether it sees ``enemy``, asked beside the distance: ticked as
        the round's start said it sees an enemy."""
        seen = self.state.sightings.get(self.fighter.key)
        said = True if seen is None else seen.sees
        return (name, f"{self.name} can see {enemy.label}", bool(said))

    def free_too(self, name: str, enemy: Fighter) -> tuple[str, str, bool]:
        """Whether ``enemy`` is in base contact with no one, asked beside the
        distance (ticked: most enemies are)."""
        return (name, f"{enemy.label} is free: in base contact with no one", True)

    def nearest_seen(self, exclude: Fighter | None = None) -> Fighter | None:
        others = [e for e in self.enemies if e is not exclude]
        seen = self.who(
            "seen",
            f"Which enemy that {self.name} can see is nearest?",
            others,
            none="None in sight",
            help=self.sight_help(),
        )
        if seen is not None:
            distance = self.inches(
                "seen_in", f"How far is {seen.label} from {self.name}?"
            )
            self.foe(seen, distance=distance, in_sight=True)
            if not self.visible(distance):
                # Beyond the sight limit: nothing that far is in sight.
                self.foes[seen.key]["in_sight"] = False
                seen = None
        self.seen = seen
        return seen

    def visible(self, distance: float) -> bool:
        """Within the battle's sight limit (if it has one); with lit features
        any distance may be in sight: the players' answer says (RULES §1)."""
        limit = self.context.sight_limit
        return limit is None or distance <= limit or bool(self.context.lit)

    def some_enemy(self) -> None:
        """A decision that only needs an enemy to exist (to move away from)."""
        if self.enemies and not self.foes:
            self.foes["?"] = {"distance": FAR, "in_sight": False, "engaged": True}

    # -- the engine's input --

    def situation(self) -> Situation:
        everyone = [*self.enemies, *self.passed_over]
        labels = {e.key: e for e in everyone}
        order = {e.key: e.card_order for e in everyone}
        enemies = tuple(
            Enemy(
                id=labels[key].label if key in labels else "the enemy",
                distance=facts.get("distance", FAR),
                in_sight=facts.get("in_sight", False),
                in_contact=facts.get("in_contact", False),
                engaged=facts.get("engaged", True),
                hurt_me=facts.get("hurt_me", False),
                company=self.context.company(labels[key].company).name
                if key in labels
                else "",
                carrying=self.state.fighters[key].carrying if key in labels else None,
                lit=facts.get(
                    "lit", bool(self.context.lit) and facts.get("in_sight", False)
                ),
            )
            for key, facts in sorted(
                self.foes.items(), key=lambda item: order.get(item[0], math.inf)
            )
        )
        fighter, state = self.fighter, self.state
        return Situation(
            id=fighter.label,
            card_order=fighter.card_order,
            move=fighter.move,
            shooting_range=fighter.shooting_range,
            enemies=enemies,
            objectives=tuple(self.objectives),
            friends=tuple(self.friends),
            cover_toward=self.cover_toward,
            cover_away=self.cover_away,
            in_furthest_cover=self.in_furthest_cover,
            carrying=self.carrying,
            wounded=state.wounded(fighter),
            hurt_this_round=state.hurt(fighter),
            routing=self.routing,
            follow_up=self.follow_up,
            mode=state.mode(self.company),
            round=state.round or None,
        )

    def trial(self, subject: Situation | Pursuer) -> Decision:
        """The engine's decision on a copy of the battle's random source: what
        the activation would draw and roll, without drawing or rolling it."""
        rng = TableRandom(self.context.seed, self.state.draws)
        return doctrine_decide(
            self.context,
            self.state,
            self.fighter,
            subject,
            rng=rng,
            deck=table_deck(rng, self.state.deck),
            answers=self.answers,
        )


def _names(fighters: list[Fighter]) -> str:
    return ", ".join(f.label for f in fighters)
