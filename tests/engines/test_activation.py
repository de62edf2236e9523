"""RULES §5: AI activation order — in sight first, closest first, then card order;
pursuers by their distance to the quarry. RULES §4: the AI's initiative choice."""

from __future__ import annotations

from engines.doctrines.activation import activation_order, ai_sees_an_enemy
from engines.doctrines.pursuit import Pursuer
from engines.doctrines.settings import DoctrineSettings
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


# --- pursuers: the quarry is their enemy, always in sight ---------------------------


def pursuer(id: str, card_order: int, distance: float) -> Pursuer:
    return Pursuer(id=id, card_order=card_order, distance=distance)


def ids(*characters: Situation | Pursuer) -> list[str]:
    return [c.id for c in activation_order(characters)]


def test_pursuers_go_closest_to_the_quarry_first() -> None:
    assert ids(pursuer("far", 1, 20), pursuer("near", 2, 5)) == ["near", "far"]


def test_pursuers_tie_by_card_order() -> None:
    assert ids(pursuer("b", 2, 5), pursuer("a", 1, 5)) == ["a", "b"]


def test_a_pursuer_counts_its_quarry_as_in_sight() -> None:
    """A pursuer 20" from its quarry goes before a character that sees nobody."""
    assert ids(character("blind", 1, (2, False)), pursuer("wraith", 2, 20)) == [
        "wraith",
        "blind",
    ]


def test_a_mixed_side_orders_pursuers_by_distance_among_those_in_sight() -> None:
    assert ids(
        character("archer", 1, (10, True)),
        pursuer("wraith", 2, 6),
        character("blind", 3, (3, False)),
        pursuer("rider", 4, 12),
    ) == ["wraith", "archer", "rider", "blind"]


def test_the_sight_limit_takes_a_far_enemy_out_of_sight() -> None:
    """Night, 12": the character 20" away sees nobody and goes after a blind one."""
    night = DoctrineSettings(sight_limit=12)
    order = activation_order(
        [character("far", 1, (20, True)), character("blind", 2, (15, False))],
        night,
    )
    assert [c.id for c in order] == ["blind", "far"]


# --- the AI's initiative choice reads the same situations ---------------------------


def test_the_ai_sees_an_enemy_when_any_character_does() -> None:
    assert ai_sees_an_enemy(
        [character("blind", 1, (2, False)), character("seeing", 2, (30, True))]
    )


def test_the_ai_sees_no_enemy_when_nobody_does() -> None:
    assert not ai_sees_an_enemy([character("blind", 1, (2, False))])


def test_a_pursuer_always_sees_its_quarry() -> None:
    assert ai_sees_an_enemy([pursuer("wraith", 1, 30)])


def test_the_sight_limit_counts_for_the_initiative_choice() -> None:
    night = DoctrineSettings(sight_limit=12)
    assert not ai_sees_an_enemy([character("far", 1, (20, True))], night)
