"""The narrative layer (RULES §1): what a scene's outcome is made of.

A larger battle is a container of sub-scenes fought one after another; it is
resolved when all of them are, with more victories than defeats among them a
victory, fewer a defeat, and otherwise a draw.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.enums import Outcome

LARGER_BATTLE_RULE = (
    "The larger battle is a victory with more victories than defeats among them, "
    "a defeat with fewer, otherwise a draw."
)
"""§1 in the words a scene page prints."""


def larger_battle_outcome(sub_outcomes: Iterable[Outcome | str]) -> Outcome:
    """§1: more victories than defeats → victory, fewer → defeat, else a draw.

    ``sub_outcomes`` are the player's outcomes of the resolved sub-scenes.
    """
    outcomes = [Outcome(outcome) for outcome in sub_outcomes]
    victories = outcomes.count(Outcome.VICTORY)
    defeats = outcomes.count(Outcome.DEFEAT)
    if victories > defeats:
        return Outcome.VICTORY
    if victories < defeats:
        return Outcome.DEFEAT
    return Outcome.DRAW
