"""Exact odds for a tiny battle, to prove the playtest right (RULES §4, §7).

Two characters in base contact fight to a fall: each round the initiative
roll sends one first (the side that wins it goes first, an enemy being in
sight, §4), it continues the melee with one attack, and the other, if it still
stands, attacks back. :func:`duel_odds` works out the exact chance of each
outcome by walking every state of the fight; the chance that one attack
wounds comes from :func:`engines.combat.attack` itself, rolled once on each
die face (:func:`wound_chance`), and the initiative's from
:func:`engines.combat.initiative_for`, so no table is typed here twice.
:func:`duel_battle` fights the same duel through the same combat functions
with a seeded random source, for the estimate the exact odds check.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engines.combat import attack, initiative_for, roll_initiative, take_wound
from engines.dice import Dice, RandomSource
from engines.enums import Outcome, Side
from engines.playtest.report import Battle

FACES = range(1, 7)
LAST_LOST = "last character lost"
LENGTH = "the battle's length"
PLAYER, AI = "player", "ai"


class _Face:
    """A random source that rolls one face, for reading a rule over every face."""

    def __init__(self, face: int) -> None:
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return self.face

    def shuffle(self, x: list[Any]) -> None:
        raise AssertionError("an attack never shuffles")


def wound_chance(attack_mod: int, defence_mod: int) -> Fraction:
    """The exact chance that one attack wounds (§4's attack, on every face)."""
    wounds = sum(
        attack(attack_mod, defence_mod, dice=Dice(_Face(face))).wounds for face in FACES
    )
    return Fraction(wounds, len(FACES))


def first_chance(side: Side) -> Fraction:
    """The exact chance that ``side`` wins the initiative (and so goes first)."""
    return Fraction(sum(initiative_for(face) is side for face in FACES), len(FACES))


@dataclass(frozen=True, kw_only=True)
class Duellist:
    """One side's character in the duel."""

    name: str
    attack: int = 0
    defence: int = 0
    slots: int = 1
    """Wound slots; a wound with none free fells it."""
    filled: int = 0

    @property
    def to_fall(self) -> int:
        """Wounds it takes to fall."""
        return self.slots - self.filled + 1


@dataclass(frozen=True, kw_only=True)
class Duel:
    player: Duellist
    ai: Duellist
    length: int | None = None
    """Rounds before it ends undecided (a draw); None: to a fall."""


@dataclass(frozen=True)
class Odds:
    victory: Fraction
    draw: Fraction
    defeat: Fraction


LONG = 10_000
"""Rounds after which an endless duel's remaining chance is left as a draw
(by then it is far below any float's precision)."""


def duel_odds(duel: Duel) -> Odds:
    """The exact chances of victory, draw and defeat for the player."""
    hit_ai = wound_chance(duel.player.attack, duel.ai.defence)
    hit_player = wound_chance(duel.ai.attack, duel.player.defence)
    player_first = first_chance(Side.PLAYER)
    states: dict[tuple[int, int], Fraction] = {
        (duel.player.to_fall, duel.ai.to_fall): Fraction(1)
    }
    won = lost = Fraction(0)
    rounds = duel.length if duel.length is not None else LONG
    for _ in range(rounds):
        after: dict[tuple[int, int], Fraction] = {}
        for (mine, theirs), chance in states.items():
            for first, share in ((PLAYER, player_first), (AI, 1 - player_first)):
                for end, p in _exchange(mine, theirs, first, hit_ai, hit_player):
                    weight = chance * share * p
                    if end == "victory":
                        won += weight
                    elif end == "defeat":
                        lost += weight
                    else:
                        assert isinstance(end, tuple)
                        after[end] = after.get(end, Fraction(0)) + weight
        states = after
        if not states:
            break
        if duel.length is None and float(sum(states.values())) < 1e-15:
            break
        states = {k: v.limit_denominator(10**30) for k, v in states.items()}
    return Odds(victory=won, draw=1 - won - lost, defeat=lost)


def _exchange(
    mine: int, theirs: int, first: str, hit_ai: Fraction, hit_player: Fraction
) -> list[tuple[object, Fraction]]:
    """The ends of one round: the first attacks, the other (if standing) back."""
    out: list[tuple[object, Fraction]] = []
    order = ((PLAYER, hit_ai), (AI, hit_player))
    if first == AI:
        order = order[::-1]
    (one, p_one), (two, p_two) = order
    # each branch: (the first wounds?, the second wounds?)
    for wounds_first, p1 in ((True, p_one), (False, 1 - p_one)):
        left = {PLAYER: mine, AI: theirs}
        if wounds_first:
            victim = AI if one == PLAYER else PLAYER
            left[victim] -= 1
            if left[victim] == 0:
                out.append(("victory" if victim == AI else "defeat", p1))
                continue
        for wounds_second, p2 in ((True, p_two), (False, 1 - p_two)):
            now = dict(left)
            if wounds_second:
                victim = AI if two == PLAYER else PLAYER
                now[victim] -= 1
                if now[victim] == 0:
                    out.append(("victory" if victim == AI else "defeat", p1 * p2))
                    continue
            out.append(((now[PLAYER], now[AI]), p1 * p2))
    return out


def duel_battle(duel: Duel, *, rng: RandomSource) -> Battle:
    """The duel fought once through the engine's combat functions."""
    dice = Dice(rng)
    filled = {PLAYER: duel.player.filled, AI: duel.ai.filled}
    sides = {PLAYER: duel.player, AI: duel.ai}
    rounds = 0
    while duel.length is None or rounds < duel.length:
        rounds += 1
        first = roll_initiative(dice=dice, round_number=rounds)
        order = (PLAYER, AI) if first is Side.PLAYER else (AI, PLAYER)
        for who in order:
            other = AI if who == PLAYER else PLAYER
            me, them = sides[who], sides[other]
            if not attack(me.attack, them.defence, dice=dice).wounds:
                continue
            wound = take_wound(filled=filled[other], slots=them.slots)
            if wound.falls:
                if other == AI:
                    return Battle(
                        outcome=Outcome.VICTORY,
                        rounds=rounds,
                        way=LAST_LOST,
                        wounded=_wounded(duel, filled),
                    )
                return Battle(
                    outcome=Outcome.DEFEAT,
                    rounds=rounds,
                    way=LAST_LOST,
                    fell=(duel.player.name,),
                )
            filled[other] += 1
    return Battle(
        outcome=Outcome.DRAW, rounds=rounds, way=LENGTH, wounded=_wounded(duel, filled)
    )


def _wounded(duel: Duel, filled: dict[str, int]) -> tuple[str, ...]:
    return (duel.player.name,) if filled[PLAYER] > 0 else ()
