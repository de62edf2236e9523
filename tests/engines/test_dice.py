"""The dice and the dice log (engines/dice.py)."""

from __future__ import annotations

import json
import random

import pytest

from engines.dice import (
    Dice,
    LogEntry,
    log_from_data,
    log_to_data,
)


class Loaded:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)

    def shuffle(self, x: list[object]) -> None:
        raise AssertionError


def some_rolls(seed: int) -> tuple[LogEntry, ...]:
    dice = Dice(random.Random(seed))
    dice.d6("stance", modifiers=[("Rash commander", 1), ("Bold", 0)], outcome="x")
    dice.two_d6("distance", outcome=lambda _d, total: f'{total}"')
    dice.direction("wander")
    dice.record(LogEntry("event", card="Q♠", outcome="ambush"))
    return dice.entries()


def test_log_round_trips_through_data() -> None:
    log = some_rolls(7)
    data = json.loads(json.dumps(log_to_data(log)))
    assert log_from_data(data) == log


def test_the_same_seed_gives_the_same_rolls() -> None:
    assert some_rolls(42) == some_rolls(42)


def test_zero_modifiers_are_left_out() -> None:
    assert some_rolls(1)[0].modifiers == (("Rash commander", 1),)


@pytest.mark.parametrize(
    ("first", "second", "clock", "text"),
    [
        (5, 1, 5, "wander: 5, 1 (odd) → 5 o'clock"),
        (5, 2, 11, "wander: 5, 2 (even, +6) → 11 o'clock"),
        (6, 6, 12, "wander: 6, 6 (even, +6) → 12 o'clock"),
        (1, 3, 1, "wander: 1, 3 (odd) → 1 o'clock"),
    ],
)
def test_direction_roll_adds_six_on_an_even_second_die(
    first: int, second: int, clock: int, text: str
) -> None:
    entry = Dice(Loaded(first, second)).direction("wander")
    assert entry.total == clock
    assert entry.describe() == text


def test_direction_roll_description_survives_the_round_trip() -> None:
    entry = Dice(Loaded(5, 1)).direction("wander")
    assert log_from_data(json.loads(json.dumps(log_to_data([entry]))))[
        0
    ].describe() == ("wander: 5, 1 (odd) → 5 o'clock")


def test_a_plain_roll_reads_with_its_modifiers() -> None:
    entry = Dice(Loaded(4)).d6(
        "AI stance", modifiers=[("Rash commander", 1)], outcome="Attack"
    )
    assert entry.describe() == "AI stance: D6 4, Rash commander +1 = 5 → Attack"


def test_two_dice_read_with_their_total() -> None:
    entry = Dice(Loaded(3, 4)).two_d6("distance", outcome='7"')
    assert entry.describe() == 'distance: 2D6 3+4 = 7 → 7"'


@pytest.mark.parametrize("seed", [0, 1, 7, 42, 2026, 2**40 + 3])
def test_a_face_on_pythons_random_is_the_face_randint_gives(seed: int) -> None:
    """The fast face draws as ``randint(1, 6)`` does: the same seed gives the
    same faces, and leaves the source where randint would have left it."""
    fast, plain = random.Random(seed), random.Random(seed)
    dice = Dice(fast)
    faces = [dice.face() for _ in range(500)]
    assert faces == [plain.randint(1, 6) for _ in range(500)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert fast.random() == plain.random()


def test_a_face_from_another_source_is_its_randint() -> None:
    """Any other source (a loaded die, a subclass) is asked for randint(1, 6)."""
    dice = Dice(Loaded(6, 1, 3))
    assert [dice.face(), dice.face(), dice.face()] == [6, 1, 3]

    class Counted(random.Random):
        calls = 0

        def randint(self, a: int, b: int) -> int:
            Counted.calls += 1
            return super().randint(a, b)

    Dice(Counted(3)).face()
    assert Counted.calls == 1
