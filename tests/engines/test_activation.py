"""RULES §5: AI activation order — in sight first, closest first, then card order."""

from __future__ import annotations

from engines.doctrines.activation import activation_order
from engines.doctrines.situation import Enemy, Situation


def character(id: str, card_order: int, *enemies: tuple[float, bool]) -> Situation:
    """An AI character with enemies at (distance, in sight)."""
    return Situation(
        id=id,
        card_order=card_order,
        enemies=tuple(
            Enemy(id=f"e{n}", distance=d, in_sight=seen)
            for n, (d, seen) in enumerate(enemies)
        ),
    )


def order(*situations: Situation) -> list[str]:
    return [situation.id for situation in activation_order(situations)]


def test_characters_with_an_enemy_in_sight_activate_first() -> None:
    """Even a far character in sight goes before a near one that sees nobody."""
    assert order(
        character("blind", 1, (2, False)),
        character("seeing", 2, (20, True)),
    ) == ["seeing", "blind"]


def test_each_group_goes_closest_to_an_enemy_first() -> None:
    assert order(
        character("far", 1, (12, True)),
        character("near", 2, (4, True)),
        character("blind far", 3, (15, False)),
        character("blind near", 4, (9, False)),
    ) == ["near", "far", "blind near", "blind far"]


def test_closest_counts_any_enemy_not_only_the_one_in_sight() -> None:
    assert order(
        character("a", 1, (10, True)),
        character("b", 2, (12, True), (3, False)),
    ) == ["b", "a"]


def test_ties_go_by_card_order() -> None:
    assert order(
        character("third", 3, (6, True)),
        character("first", 1, (6, True)),
        character("second", 2, (6, True)),
    ) == ["first", "second", "third"]


def test_characters_with_no_enemy_on_the_table_go_last() -> None:
    assert order(
        character("alone", 1),
        character("blind", 2, (30, False)),
    ) == ["blind", "alone"]
