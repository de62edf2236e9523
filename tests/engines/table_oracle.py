"""The truth about the table around one AI character, and a player who answers
the table page's questions from it.

A :class:`Truth` says everything the engine could read (each enemy's distance,
sight and contact, the cover, the friends, a pursuer's room); :func:`answer`
answers one question the way a player looking at that table would. Building
the engine's full :class:`~engines.doctrines.Situation` from the same truth
lets a test compare the page's decision (from the answers alone) with the
engine's decision on everything.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from engines.doctrines import Enemy, Friend, Objective, Pursuer, Situation
from engines.enums import Cover, ObjectiveKind
from engines.table.questions import COVER_CHOICES, NO, NONE, YES, Question


@dataclass(frozen=True)
class Foe:
    """One enemy as the AI character sees it."""

    label: str
    distance: float
    seen: bool = True
    contact: bool = False
    engaged: bool = True
    """In base contact with anyone (the opposite of *unengaged*)."""
    hurt_me: bool = False
    company: str = ""
    """Its company's name (a hunt may name a company)."""
    carrying: str | None = None
    lit: bool = False
    """Within a lit feature's reach: seen from any distance (RULES §1)."""


@dataclass
class Truth:
    foes: list[Foe] = field(default_factory=list)
    """In the player's card order."""
    cover_toward: str = "none"
    cover_away: str = "none"
    furthest: bool = False
    friends: list[tuple[float, bool]] = field(default_factory=list)
    """(distance, wounded) of the other characters of its horde."""
    offset: float = 0
    room_wide: float = math.inf
    room_in: float = math.inf
    behind: bool = False
    objectives: list[tuple[str, float, bool, str]] = field(default_factory=list)
    """(name, distance, seen, kind) of each objective on the table."""
    stay: float = 0
    """Inches from the character to the place a stay-within order names."""
    kept: bool = False
    """The one its move ends beside stands in the area a keep-out names."""
    last_seen: str | None = None
    """The enemy it last saw (None: none), for an event that moves an unseeing
    character toward it."""

    def situation(self, **facts) -> Situation:
        """The engine's full situation (``facts``: id, move, range, state)."""
        return Situation(
            enemies=tuple(
                Enemy(
                    id=f.label,
                    distance=0.0 if f.contact else f.distance,
                    in_sight=f.seen or f.contact,
                    in_contact=f.contact,
                    engaged=f.engaged or f.contact,
                    hurt_me=f.hurt_me,
                    company=f.company,
                    carrying=f.carrying,
                    lit=f.lit,
                )
                for f in self.foes
            ),
            friends=tuple(
                Friend(id=f"friend {n}", distance=d, wounded=w)
                for n, (d, w) in enumerate(self.friends, start=1)
            ),
            objectives=tuple(
                Objective(id=name, distance=d, in_sight=seen, kind=ObjectiveKind(kind))
                for name, d, seen, kind in self.objectives
            ),
            cover_toward=Cover(self.cover_toward),
            cover_away=Cover(self.cover_away),
            in_furthest_cover=self.furthest,
            **facts,
        )

    def pursuer(self, quarry: str, **facts) -> Pursuer:
        foe = next(f for f in self.foes if f.label == quarry)
        return Pursuer(
            quarry=quarry,
            distance=foe.distance,
            offset=self.offset,
            room_wide=self.room_wide,
            room_in=self.room_in,
            behind_rearmost=self.behind,
            in_melee=any(f.contact for f in self.foes),
            **facts,
        )


def _inches_in(text: str) -> float:
    found = re.findall(r"(\d+(?:\.\d+)?)\"", text)
    return float(found[-1]) if found else math.inf


def _key(question: Question, label: str | None) -> str:
    if label is None:
        return next(c.value for c in question.choices if c.value in (NONE, NO))
    return next(c.value for c in question.choices if c.label == label)


def _nearest(foes: list[Foe]) -> Foe | None:
    return min(foes, key=lambda f: f.distance, default=None)


def _yes(value: bool) -> str:
    return YES if value else NO


def answer(
    question: Question, truth: Truth, asked: dict[str, str], keys: dict[str, str]
) -> str:
    """What a player who sees ``truth`` answers (a choice's value or inches)."""
    labels = {c.value: c.label for c in question.choices}
    foes = [f for f in truth.foes if f.label in labels.values()]
    near = _nearest(truth.foes)
    match question.name:
        case "melee":
            contacts = [f for f in truth.foes if f.contact]
            alone = {c.label: c.value for c in question.choices}
            if len(contacts) == 1 and f"Yes — with {contacts[0].label}" in alone:
                return alone[f"Yes — with {contacts[0].label}"]
            if contacts:
                return YES
            behind = [
                c.value for c in question.choices if c.value.startswith("behind:")
            ]
            if behind:
                return f"behind:{_yes(truth.behind)}"
            nearest = {
                c.label: c.value
                for c in question.choices
                if c.value.startswith("near:")
            }
            if nearest:
                return nearest[f"No — {_nearest(truth.foes).label} is nearest"]
            return NO
        case "fighting":
            return _key(question, next(f.label for f in truth.foes if f.contact))
        case "contacts":
            return ",".join(_key(question, f.label) for f in truth.foes if f.contact)
        case "attacker_in" | "attacker_seen":
            label = re.search(
                r"(?:How far is|see) (.+?)(?:, its attacker,|\?)", question.text
            )[1]
            foe = next(f for f in truth.foes if f.label == label)
            if question.name == "attacker_in":
                return f"{0 if foe.contact else foe.distance:g}"
            return _yes(foe.seen or foe.contact)
        case "near" | "quarry" | "hunted":
            return _key(question, _nearest(foes).label)
        case "seen":
            return _key(
                question, getattr(_nearest([f for f in foes if f.seen]), "label", None)
            )
        case "unseen":
            unseen = [f for f in foes if not f.seen and not f.contact]
            return _key(question, getattr(_nearest(unseen), "label", None))
        case "free":
            free = [f for f in foes if not f.engaged and not f.contact]
            return _key(question, getattr(_nearest(free), "label", None))
        case "hurt_by":
            hurt = [f for f in foes if f.hurt_me]
            return _key(question, (_nearest(hurt) or _nearest(foes)).label)
        case "touch":
            touching = [
                n for n, d, _s, k in truth.objectives if d == 0 and k == "carriable"
            ]
            return touching[0] if touching else NONE
        case "objective":
            seen = [(d, n) for n, d, sees, _k in truth.objectives if sees]
            if {c.value for c in question.choices} <= {YES, NO}:
                # The battle's only objective: is it seen? (or its tick box)
                name = re.search(r"see (.+?)\??$", question.text)[1]
                return _yes(any(n == name for _d, n in seen))
            return min(seen)[1] if seen else NONE
        case "objective_in":
            chosen = asked["objective"]
            if chosen == YES:
                chosen = re.search(r"How far is (.+?) from ", question.text)[1]
            return f"{next(d for n, d, *_ in truth.objectives if n == chosen):g}"
        case "near_free":
            # The enemy the page named nearest (a shun leaves one out).
            label = re.search(r"Is (.+?) free", question.text)
            if label is not None:
                near = next(f for f in truth.foes if f.label == label[1])
            return _yes(not near.engaged)
        case "sees_enemy":
            return _yes(any(f.seen or f.contact for f in truth.foes))
        case "hunted_hurt":
            label = re.search(r"Did (.+?) hurt", question.text)[1]
            return _yes(next(f for f in truth.foes if f.label == label).hurt_me)
        case "hunted_free":
            label = keys[asked["hunted"]] if "hunted" in asked else None
            if label is None:
                label = re.search(r"Is (.+?) free", question.text)[1]
            return _yes(not next(f for f in truth.foes if f.label == label).engaged)
        case "shunned_free":
            label = re.search(r"Is (.+?) free", question.text)[1]
            return _yes(not next(f for f in truth.foes if f.label == label).engaged)
        case "cover":
            return truth.cover_toward
        case "cover_away":
            return truth.cover_away
        case "furthest":
            return _yes(truth.furthest)
        case "wounded_friend":
            return _yes(any(w and d <= 8 for d, w in truth.friends))
        case "rally":
            return str(sum(1 for d, w in truth.friends if not w and d <= 6))
        case "behind":
            return _yes(truth.behind)
        case "room_ok":
            gap = _inches_in(question.text.split(" wide")[0].split(" in,")[0])
            room = truth.room_wide if "wide" in question.text else truth.room_in
            return _yes(gap <= room)
        case "room":
            return f"{truth.room_wide if 'wide' in question.text else truth.room_in:g}"
        case "last_seen":
            return _key(question, truth.last_seen)
        case "stay_in":
            return f"{truth.stay:g}"
        case "kept_inside" | "near_kept":
            return _yes(truth.kept)
        case "offset":
            return f"{truth.offset:g}"
        case "contact":
            # The truth's pursuer has no other player character ahead of it.
            return NONE
        case name if name.startswith("touch_"):
            return NO
        case name if name.startswith("shun_"):
            # A shun's condition holds in the truth: the engine takes every order.
            return _yes(True)
    if question.name.endswith("_in") or question.name.endswith("_seen"):
        base = question.name.rsplit("_", 1)[0]
        if base in asked:
            label = keys[asked[base]]
        else:  # the only one there was: the page did not ask, it names it
            label = re.search(r"(?:How far is|see) (.+?)(?: from |\?)", question.text)[
                1
            ]
        foe = next(f for f in truth.foes if f.label == label)
        return f"{foe.distance:g}" if question.name.endswith("_in") else _yes(foe.seen)
    raise AssertionError(f"no answer for {question.name}")


def walk_with(truth: Truth, walk_of, keys: dict[str, str]):
    """Answer a walk's questions from ``truth`` until it is ready; ``keys``
    maps each enemy's key to its label. Returns the finished walk."""
    asked: dict[str, str] = {}
    for _ in range(40):
        walk = walk_of(asked)
        if walk.question is None:
            return walk
        asked[walk.question.name] = answer(walk.question, truth, asked, keys)
    raise AssertionError("a walk that never ends")


__all__ = ["COVER_CHOICES", "Foe", "Truth", "answer", "walk_with"]
