"""The random source of a battle's table log: a seed and a count.

The engine takes any random source with ``randint`` and ``shuffle``
(:class:`engines.dice.RandomSource`). Table mode needs one whose whole state
fits in a column, so the log can store it after every entry and an undo can put
it back exactly: :class:`TableRandom`'s n-th number is read from the SHA-256 of
the seed and n, so its state is the seed and how many numbers it has given
(``draws``). Replaying a log from its seed gives every number again, in order;
the same seed always gives the same battle, on any machine and Python version.
"""

from __future__ import annotations

import hashlib
from typing import Any


class TableRandom:
    """A seeded random source whose state is one number: ``draws``."""

    def __init__(self, seed: int, draws: int = 0) -> None:
        if draws < 0:
            raise ValueError("a random source has given no fewer than 0 numbers")
        self.seed = int(seed)
        self.draws = int(draws)

    def _number(self) -> int:
        digest = hashlib.sha256(f"table:{self.seed}:{self.draws}".encode()).digest()
        self.draws += 1
        return int.from_bytes(digest, "big")

    def randint(self, a: int, b: int) -> int:
        """A whole number from ``a`` to ``b``, both included (one draw).

        256 bits taken modulo a die's few faces: the bias is far below 2⁻²⁴⁰.
        """
        if b < a:
            raise ValueError(f"empty range {a}..{b}")
        return a + self._number() % (b - a + 1)

    def shuffle(self, x: list[Any]) -> None:
        """Fisher–Yates, in place: ``len(x) - 1`` draws."""
        for i in range(len(x) - 1, 0, -1):
            j = self.randint(0, i)
            x[i], x[j] = x[j], x[i]

    def copy(self) -> TableRandom:
        """The same source at the same point: what it gives next, the copy gives."""
        return TableRandom(self.seed, self.draws)
