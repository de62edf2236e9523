"""A random source for exact tests: scripted dice, predictable shuffles."""

from __future__ import annotations

from engines.cards import FULL_DECK, Card, Deck, DeckState
from engines.dice import Dice


class ScriptedRandom:
    """Rolls the faces a test scripts, and no others; a shuffle keeps the order.

    ``reverse=True`` makes every shuffle reverse the pile instead, so a test can
    see that (and what) was shuffled. ``shuffled`` records each pile's length.
    """

    def __init__(self, *faces: int, reverse: bool = False) -> None:
        self.faces = list(faces)
        self.reverse = reverse
        self.shuffled: list[int] = []

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6), "the doctrines roll only D6"
        assert self.faces, "an unexpected roll"
        return self.faces.pop(0)

    def shuffle(self, x: list[object]) -> None:
        self.shuffled.append(len(x))
        if self.reverse:
            x.reverse()

    @property
    def done(self) -> bool:
        """Every scripted face was rolled."""
        return not self.faces


def deck_with(*top: str, rng: ScriptedRandom | None = None) -> Deck:
    """A deck whose draw pile starts with ``top`` (then FULL_DECK order, no shuffle)."""
    first = [Card.parse(text) for text in top]
    rest = list(FULL_DECK)
    for card in first:
        rest.remove(card)
    state = DeckState(draw_pile=tuple(first + rest))
    return Deck(dice=Dice(rng or ScriptedRandom()), state=state)


class Loaded(ScriptedRandom):
    """Scripted D6 faces for code that must never shuffle (setup, combat)."""

    def shuffle(self, x: list[object]) -> None:
        raise AssertionError("this rule never shuffles")


def loaded(*faces: int) -> Dice:
    """Dice that roll exactly ``faces``, in order."""
    return Dice(Loaded(*faces))
