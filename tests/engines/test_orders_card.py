"""The AI card prints each scene order where it acts (RULES §5)."""

from __future__ import annotations

import pytest

from engines.doctrines import DoctrineSettings, procedure
from engines.enums import Doctrine, Edge
from engines.orders import (
    EachRound,
    Hunt,
    IgnoreTerrain,
    KeepOut,
    Moment,
    NoEnemyInSight,
    Place,
    PlaceKind,
    RoutToward,
    StayWithin,
    Victim,
)

FRODO = Hunt(target="Frodo Baggins")
TOWARD_FRODO = NoEnemyInSight(
    place=Place(kind=PlaceKind.CHARACTER, name="Frodo Baggins")
)


def card(doctrine: Doctrine, *orders):
    return procedure(doctrine, DoctrineSettings(orders=orders))


def then(doctrine: Doctrine, step: str, *orders) -> str:
    return card(doctrine, *orders).step(step).then


HUNT_WORDS = [
    (
        Doctrine.PRIORITY,
        "6",
        "Move into melee with the closest — Frodo Baggins "
        "whenever unengaged and within move.",
    ),
    (
        Doctrine.PRIORITY,
        "3",
        "Stand and shoot the nearest — Frodo Baggins whenever "
        "in sight and within shooting range.",
    ),
    (
        Doctrine.PRIORITY,
        "8",
        "Move toward the nearest — Frodo Baggins whenever in sight.",
    ),
    (
        Doctrine.DECK,
        "spades-3",
        "Full move toward the nearest enemy, ending in the "
        "best cover reachable — Frodo Baggins whenever on the table.",
    ),
    (
        Doctrine.HORDE,
        "frenzy-2",
        'Charge D6+4" toward the nearest enemy — Frodo Baggins whenever on the table.',
    ),
]


@pytest.mark.parametrize(("doctrine", "step", "words"), HUNT_WORDS)
def test_a_hunt_changes_the_words_of_the_steps_it_touches(doctrine, step, words):
    """A hunt names its target in every step that picks the nearest."""
    assert then(doctrine, step, FRODO) == words


def test_a_hunt_even_out_of_sight_with_a_modifier_reads_so_at_step_8():
    """Weathertop: the Witch-king moves toward Frodo even out of sight, +1 attack."""
    hunt = Hunt(
        target="Frodo Baggins",
        out_of_sight=True,
        attack_modifier=1,
        characters=("the Witch-king",),
    )
    assert then(Doctrine.PRIORITY, "8", hunt) == (
        "Move toward the nearest — the Witch-king: Frodo Baggins whenever on the "
        "table, even out of sight."
    )
    assert "+1 attack against the hunted" in then(Doctrine.PRIORITY, "6", hunt)


def test_a_shooting_only_hunt_changes_only_the_shots():
    """Amon Hen: Lurtz hunts Boromir when shooting; melee steps are untouched."""
    hunt = Hunt(target="Boromir", shooting_only=True)
    assert "Boromir" in then(Doctrine.PRIORITY, "3", hunt)
    assert "Boromir" not in then(Doctrine.PRIORITY, "6", hunt)


def test_no_enemy_in_sight_replaces_step_9():
    """Bree: step 9 itself says to move toward Frodo."""
    step = card(Doctrine.PRIORITY, TOWARD_FRODO).step("9")
    assert (step.when, step.then) == (
        "Otherwise (no enemy in sight)",
        "Full move toward Frodo Baggins.",
    )


@pytest.mark.parametrize("suit", ["spades", "hearts", "clubs", "diamonds"])
def test_no_enemy_in_sight_sits_before_each_suits_otherwise(suit):
    """The deck: each suit's otherwise and Overwatch branches come after the order."""
    ids = [s.id for s in card(Doctrine.DECK, TOWARD_FRODO).section(suit).steps]
    assert ids.index(f"{suit}-no-enemy-order") == len(ids) - (
        3 if suit in ("hearts", "diamonds") else 2
    )


def test_no_enemy_in_sight_changes_the_horde_wander():
    """The horde: a wander goes toward the place instead of a direction roll."""
    assert "a wander rolls no direction: goes toward Frodo Baggins" in then(
        Doctrine.HORDE, "normal-3", TOWARD_FRODO
    )


def test_limits_sit_together_in_one_box():
    """Keep out, stay within and ignore terrain: one section, each once."""
    orders = (
        KeepOut(
            area=Place(kind=PlaceKind.FEATURE, name="stream"), except_through="bridge"
        ),
        KeepOut(area=Place(kind=PlaceKind.EDGE, name="east"), widen=2),
        StayWithin(distance=12, place=Place(kind=PlaceKind.FEATURE, name="tower")),
        IgnoreTerrain(characters=("Gothmog",)),
    )
    limits = card(Doctrine.PRIORITY, *orders).section("orders-limits")
    assert limits.notes == (
        "Keeps out of the stream, except through the bridge.",
        'Keeps out of the 2" along the east edge.',
        'Stays within 12" of the tower.',
        "Gothmog ignores terrain when moving.",
    )


def test_rout_toward_changes_the_routing_line():
    """The Huorns: a routing character goes toward the south edge."""
    step = card(Doctrine.PRIORITY, RoutToward(edge=Edge.SOUTH)).step("pre-rout")
    assert step.then == "Full move toward the south edge; nothing else."


def test_each_round_orders_make_the_round_section():
    """The Eagles: from round 4, at the start of each round, an attack on a wraith."""
    order = EachRound(
        moment=Moment.START,
        from_round=4,
        attack_bonus=3,
        victim=Victim.DEALT,
        victim_name="The Ringwraiths",
    )
    step = card(Doctrine.PRIORITY, order).section("orders-round").steps[0]
    assert (step.label, step.when, step.then) == (
        "Start",
        "At the start of each round",
        "An attack D6 + 3 against the defence of the one of the Ringwraiths dealt "
        "the highest card. (from round 4)",
    )


def test_a_card_without_orders_is_unchanged():
    """No orders: the card is the doctrine's own."""
    assert card(Doctrine.PRIORITY) == procedure(Doctrine.PRIORITY, DoctrineSettings())


WK = "The Witch-king"


@pytest.mark.parametrize(
    ("ranges", "shot"),
    [
        (((WK, 0), ("Ringwraith", 12)), False),
        (((WK, 12), ("Ringwraith", 0)), True),
        ((), True),
    ],
)
@pytest.mark.parametrize(
    ("doctrine", "shot_step", "move_step"),
    [(Doctrine.PRIORITY, "3", "6"), (Doctrine.DECK, "spades-1", "spades-3")],
)
def test_a_hunts_shooting_line_prints_only_for_a_hunter_with_a_range(
    ranges, shot, doctrine, shot_step, move_step
):
    """No dead text: the hunted is named on a shooting step only where a
    hunter can shoot (ranges unknown: as before)."""
    hunt = Hunt(target="Frodo Baggins", characters=(WK,))
    printed = procedure(doctrine, DoctrineSettings(orders=(hunt,), ranges=ranges))
    named = [
        "Frodo Baggins" in printed.step(step).then for step in (shot_step, move_step)
    ]
    assert named == [shot, True]


def test_a_company_hunt_shoots_when_any_of_the_company_has_a_range():
    hunt = Hunt(target="Frodo Baggins")
    settings = DoctrineSettings(orders=(hunt,), ranges=((WK, 0), ("Archer", 18)))
    assert "Frodo Baggins" in procedure(Doctrine.PRIORITY, settings).step("3").then
    settings = DoctrineSettings(orders=(hunt,), ranges=((WK, 0), ("Rider", 0)))
    assert "Frodo Baggins" not in procedure(Doctrine.PRIORITY, settings).step("3").then
