"""Scene orders in every doctrine (RULES §1 "Scene orders", §5), as tables."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engines.doctrines import (
    DoctrineSettings,
    Enemy,
    Situation,
    deck_activate,
    horde_decide,
    priority_decide,
    procedure,
    pursuit_decide,
)
from engines.doctrines.pursuit import Pursuer
from engines.enums import Action, Doctrine, Edge, HordeMode
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
    TargetKind,
    Victim,
    order_from_data,
)
from engines.orders.kinds import plural_verb
from engines.orders.table import order_decide, order_questions
from tests.engines.scripted import ScriptedRandom, deck_with

FRODO = Hunt(target="Frodo Baggins")
TOWARD_RING = NoEnemyInSight(place=Place(kind=PlaceKind.OBJECTIVE, name="Ring"))
HOLD = NoEnemyInSight()
SOUTH = RoutToward(edge=Edge.SOUTH)
STREAM = KeepOut(
    area=Place(kind=PlaceKind.FEATURE, name="stream"), except_through="bridge"
)


def with_(*orders) -> DoctrineSettings:
    return DoctrineSettings(orders=orders)


def enemy(id: str, distance: float, **fields) -> Enemy:
    return Enemy(id=id, distance=distance, **fields)


SAM_NEAR = enemy("Sam Gamgee", 3)
FRODO_FAR = enemy("Frodo Baggins", 5)
FRODO_HIDDEN = enemy("Frodo Baggins", 20, in_sight=False)


def priority(situation: Situation, *orders, faces=()) -> object:
    return priority_decide(
        situation, rng=ScriptedRandom(*faces), settings=with_(*orders)
    )


# --- §5.1 priority list -------------------------------------------------------------


class Case(NamedTuple):
    situation: Situation
    orders: tuple
    step: str
    action: Action
    target: str | None
    faces: tuple[int, ...] = ()


PRIORITY_CASES = {
    "no order: step 6 charges the closest": Case(
        Situation(enemies=(SAM_NEAR, FRODO_FAR), move=6),
        (),
        "6",
        Action.MOVE_INTO_MELEE,
        "Sam Gamgee",
    ),
    "hunt: step 6 charges the hunted within move": Case(
        Situation(enemies=(SAM_NEAR, FRODO_FAR), move=6),
        (FRODO,),
        "6",
        Action.MOVE_INTO_MELEE,
        "Frodo Baggins",
    ),
    "hunt: step 3 shoots the hunted in sight and range": Case(
        Situation(enemies=(SAM_NEAR, FRODO_FAR), shooting_range=12),
        (FRODO,),
        "3",
        Action.SHOOT,
        "Frodo Baggins",
    ),
    "hunt: step 4 moves and shoots at the hunted": Case(
        Situation(
            enemies=(enemy("Sam Gamgee", 10), enemy("Frodo Baggins", 14)),
            shooting_range=8,
        ),
        (FRODO,),
        "4",
        Action.MOVE_AND_SHOOT,
        "Frodo Baggins",
    ),
    "hunt: step 2 fights the hunted among several in contact, no roll": Case(
        Situation(
            enemies=(
                enemy("Sam Gamgee", 0, in_contact=True),
                enemy("Frodo Baggins", 0, in_contact=True),
            )
        ),
        (FRODO,),
        "2",
        Action.CONTINUE_MELEE,
        "Frodo Baggins",
    ),
    "hunt: step 8 moves toward the hunted in sight": Case(
        Situation(enemies=(enemy("Sam Gamgee", 10), enemy("Frodo Baggins", 20))),
        (FRODO,),
        "8",
        Action.MOVE_TOWARD_ENEMY,
        "Frodo Baggins",
    ),
    "hunt even out of sight: step 8 moves toward the unseen target": Case(
        Situation(enemies=(FRODO_HIDDEN,)),
        (Hunt(target="Frodo Baggins", out_of_sight=True),),
        "8",
        Action.MOVE_TOWARD_ENEMY,
        "Frodo Baggins",
    ),
    "hunt without out of sight: an unseen target leaves step 9": Case(
        Situation(enemies=(FRODO_HIDDEN,)),
        (FRODO,),
        "9",
        Action.HOLD,
        None,
    ),
    "hunt shooting only: step 6 still charges the closest": Case(
        Situation(enemies=(SAM_NEAR, FRODO_FAR), move=6),
        (Hunt(target="Frodo Baggins", shooting_only=True),),
        "6",
        Action.MOVE_INTO_MELEE,
        "Sam Gamgee",
    ),
    "hunt shooting only: step 3 shoots the hunted": Case(
        Situation(enemies=(SAM_NEAR, FRODO_FAR), shooting_range=12),
        (Hunt(target="Frodo Baggins", shooting_only=True),),
        "3",
        Action.SHOOT,
        "Frodo Baggins",
    ),
    "hunt lapses while the target is off the table": Case(
        Situation(enemies=(SAM_NEAR,), move=6),
        (FRODO,),
        "6",
        Action.MOVE_INTO_MELEE,
        "Sam Gamgee",
    ),
    "hunt the carrier of the Ring": Case(
        Situation(enemies=(SAM_NEAR, enemy("Merry", 5, carrying="Ring"))),
        (Hunt(target="Ring", target_kind=TargetKind.CARRIER),),
        "6",
        Action.MOVE_INTO_MELEE,
        "Merry",
    ),
    "hunt the nearest of a company": Case(
        Situation(
            enemies=(
                SAM_NEAR,
                enemy("Treebeard", 5, company="Ents"),
                enemy("Quickbeam", 4, company="Ents"),
            )
        ),
        (Hunt(target="Ents", target_kind=TargetKind.COMPANY),),
        "6",
        Action.MOVE_INTO_MELEE,
        "Quickbeam",
    ),
    "no enemy in sight: step 9 moves toward the place": Case(
        Situation(enemies=(FRODO_HIDDEN,)),
        (TOWARD_RING,),
        "9",
        Action.MOVE_TOWARD,
        "Ring",
    ),
    "no enemy in sight, hold: step 9 holds by the order": Case(
        Situation(enemies=(FRODO_HIDDEN,)),
        (HOLD,),
        "9",
        Action.HOLD,
        None,
    ),
    "no enemy in sight: toward a character lapses when it is off the table": Case(
        Situation(enemies=(enemy("Sam Gamgee", 20, in_sight=False),)),
        (NoEnemyInSight(place=Place(kind=PlaceKind.CHARACTER, name="Frodo Baggins")),),
        "9",
        Action.HOLD,
        None,
    ),
    "an enemy in sight: the no-enemy order does not apply": Case(
        Situation(enemies=(enemy("Sam Gamgee", 20),)),
        (TOWARD_RING,),
        "8",
        Action.MOVE_TOWARD_ENEMY,
        "Sam Gamgee",
    ),
    "rout toward: the named edge instead of the nearest": Case(
        Situation(routing=True, enemies=(SAM_NEAR,)),
        (SOUTH,),
        "pre-rout",
        Action.ROUT,
        "south",
    ),
    "an order for other characters does not bind this one": Case(
        Situation(id="Gothmog", enemies=(SAM_NEAR, FRODO_FAR)),
        (Hunt(target="Frodo Baggins", characters=("Witch-king",)),),
        "6",
        Action.MOVE_INTO_MELEE,
        "Sam Gamgee",
    ),
    "an order from round 3 does not hold in round 2": Case(
        Situation(enemies=(SAM_NEAR, FRODO_FAR), round=2),
        (Hunt(target="Frodo Baggins", from_round=3),),
        "6",
        Action.MOVE_INTO_MELEE,
        "Sam Gamgee",
    ),
    "an order until round 2 holds in round 2": Case(
        Situation(enemies=(SAM_NEAR, FRODO_FAR), round=2),
        (Hunt(target="Frodo Baggins", until_round=2),),
        "6",
        Action.MOVE_INTO_MELEE,
        "Frodo Baggins",
    ),
}


@pytest.mark.parametrize("case", PRIORITY_CASES.values(), ids=PRIORITY_CASES.keys())
def test_priority_orders(case: Case) -> None:
    """Each order enters the priority list at the step RULES §5 says."""
    decision = priority(case.situation, *case.orders, faces=case.faces)
    assert (decision.step, decision.action, decision.target) == (
        case.step,
        case.action,
        case.target,
    )


def test_a_decision_made_by_a_hunt_names_the_order() -> None:
    """The decision names the order as its step: "scene order: hunts Frodo Baggins"."""
    decision = priority(Situation(enemies=(SAM_NEAR, FRODO_FAR)), FRODO)
    assert decision.order == "scene order: hunts Frodo Baggins"


def test_a_hunts_attack_modifier_applies_to_attacks_on_the_target() -> None:
    """Weathertop: +1 attack against Frodo on the hunter's own attack."""
    hunt = Hunt(target="Frodo Baggins", attack_modifier=1, out_of_sight=True)
    decision = priority(Situation(enemies=(FRODO_FAR,)), hunt)
    assert decision.attack_modifiers == ((hunt.label, 1),)


def test_limits_ride_on_every_move() -> None:
    """Keep out, stay within and ignore terrain limit the move a decision makes."""
    decision = priority(
        Situation(enemies=(enemy("Sam Gamgee", 20),)), STREAM, IgnoreTerrain()
    )
    assert decision.limits == (
        "Keeps out of the stream, except through the bridge",
        "Ignores terrain when moving",
    )


# --- §5.2 deck ---------------------------------------------------------------------


DECK_CASES = {
    "♠ otherwise: full move toward the hunted instead of the nearest": (
        "7♠",
        Situation(enemies=(enemy("Sam Gamgee", 20), enemy("Frodo Baggins", 24))),
        (FRODO,),
        "spades-3",
        Action.MOVE_TOWARD_ENEMY,
        "Frodo Baggins",
    ),
    "♠ trigger: shoots the hunted in trigger and range": (
        "7♠",
        Situation(
            enemies=(enemy("Sam Gamgee", 4), enemy("Frodo Baggins", 10)),
            shooting_range=12,
        ),
        (FRODO,),
        "spades-1",
        Action.SHOOT,
        "Frodo Baggins",
    ),
    "♣ picture: shoots the hunted in range": (
        "K♣",
        Situation(
            enemies=(enemy("Sam Gamgee", 4), enemy("Frodo Baggins", 10)),
            shooting_range=12,
        ),
        (FRODO,),
        "clubs-picture",
        Action.MOVE_AND_SHOOT,
        "Frodo Baggins",
    ),
    "♠ no enemy in sight: the order replaces the otherwise branch": (
        "2♠",
        Situation(enemies=(FRODO_HIDDEN,)),
        (TOWARD_RING,),
        "spades-no-enemy-order",
        Action.MOVE_TOWARD,
        "Ring",
    ),
    "♣ no enemy in sight: the order replaces Overwatch": (
        "5♣",
        Situation(enemies=(FRODO_HIDDEN,), shooting_range=12),
        (NoEnemyInSight(place=Place(kind=PlaceKind.EDGE, name="west")),),
        "clubs-no-enemy-order",
        Action.MOVE_TOWARD,
        "west",
    ),
    "♦ no enemy in sight, hold: holds instead of moving away": (
        "5♦",
        Situation(enemies=(FRODO_HIDDEN,)),
        (HOLD,),
        "diamonds-no-enemy-order",
        Action.HOLD,
        None,
    ),
    "♥ an enemy in sight: the order waits, the suit decides": (
        "5♥",
        Situation(enemies=(enemy("Sam Gamgee", 20),), shooting_range=6),
        (TOWARD_RING,),
        "hearts-3",
        Action.OVERWATCH,
        None,
    ),
    "rout toward in the deck": (
        "5♥",
        Situation(routing=True, enemies=(SAM_NEAR,)),
        (SOUTH,),
        "pre-rout",
        Action.ROUT,
        "south",
    ),
}


@pytest.mark.parametrize("case", DECK_CASES.values(), ids=DECK_CASES.keys())
def test_deck_orders(case) -> None:
    """Each order enters the deck's branches as RULES §5 says."""
    card, situation, orders, step, action, target = case
    decision = deck_activate(situation, deck=deck_with(card), settings=with_(*orders))
    assert (decision.step, decision.action, decision.target) == (step, action, target)


# --- §5.3 horde ----------------------------------------------------------------------


def test_horde_charge_goes_toward_the_hunted() -> None:
    """Frenzy charges D6+4" toward the hunted target instead of the nearest."""
    situation = Situation(
        mode=HordeMode.FRENZY,
        enemies=(enemy("Sam Gamgee", 5), enemy("Frodo Baggins", 7)),
    )
    decision = horde_decide(situation, rng=ScriptedRandom(6), settings=with_(FRODO))
    assert (decision.step, decision.action, decision.target) == (
        "frenzy-2",
        Action.MOVE_INTO_MELEE,
        "Frodo Baggins",
    )


def test_horde_wander_goes_toward_the_place_without_a_direction_roll() -> None:
    """Normal mode D6 3–5 with no enemy in sight: D6" toward the place, no clock."""
    situation = Situation(enemies=(FRODO_HIDDEN,))
    rng = ScriptedRandom(4, 3)  # the normal-mode roll, then the wander's D6"
    west = NoEnemyInSight(place=Place(kind=PlaceKind.FEATURE, name="west door"))
    decision = horde_decide(situation, rng=rng, settings=with_(west))
    assert (decision.action, decision.target, decision.inches, decision.direction) == (
        Action.MOVE_TOWARD,
        "west door",
        3,
        None,
    )
    assert rng.done


def test_horde_wander_without_an_order_rolls_a_direction() -> None:
    """Without the order the same roll wanders toward a direction roll."""
    situation = Situation(enemies=(FRODO_HIDDEN,))
    decision = horde_decide(situation, rng=ScriptedRandom(4, 2, 1, 3))
    assert (decision.action, decision.direction) == (Action.WANDER, 2)


# --- §5.4 pursuit --------------------------------------------------------------------


def test_a_pursuer_takes_no_hunt_or_no_enemy_order_on_its_card() -> None:
    """A pursuer has its route instead: its card prints only its limits."""
    card = procedure(Doctrine.PURSUIT, with_(FRODO, TOWARD_RING, STREAM))
    texts = " ".join(card.texts())
    assert "Frodo" not in texts
    assert "Keeps out of the stream, except through the bridge." in texts


def test_a_routing_pursuer_reads_the_rout_toward_line() -> None:
    """Rout toward changes the pursuer's routing line too."""
    pursuer = Pursuer(id="wraith", distance=4, routing=True)
    decision = pursuit_decide(
        pursuer, position=1, rng=ScriptedRandom(), settings=with_(SOUTH)
    )
    assert "south edge" in decision.reason


# --- the table page's calls ----------------------------------------------------------


def test_order_decide_equals_the_doctrine_with_the_orders_in_its_settings() -> None:
    """The table page's call gives the doctrine's own decision."""
    situation = Situation(enemies=(SAM_NEAR, FRODO_FAR))
    assert order_decide(
        Doctrine.PRIORITY, situation, orders=(FRODO,), rng=ScriptedRandom()
    ) == priority(situation, FRODO)


def test_order_questions_ask_what_a_hunt_needs() -> None:
    """A hunt asks whether its target is on the table, in sight, in range…"""
    questions = order_questions(
        (
            FRODO,
            EachRound(
                condition="Boromir and Lurtz are both on the table",
                attack_bonus=2,
                victim_name="Boromir",
            ),
        ),
        character="Witch-king",
        doctrine=Doctrine.PRIORITY,
    )
    assert [q.text for q in questions] == [
        "Is Frodo Baggins on the table?",
        "Is Frodo Baggins in sight?",
        "Is Frodo Baggins within shooting range?",
        "Is Frodo Baggins within move (along a path its limits allow)?",
        "Is Frodo Baggins in base contact with it?",
        "Boromir and Lurtz are both on the table?",
    ]


# --- data ----------------------------------------------------------------------------


ALL_KINDS = (
    Hunt(target="Boromir", shooting_only=True, characters=("Lurtz",)),
    TOWARD_RING,
    STREAM,
    StayWithin(distance=12, place=Place(kind=PlaceKind.FEATURE, name="Orthanc")),
    IgnoreTerrain(from_round=2),
    SOUTH,
    EachRound(
        moment=Moment.START,
        from_round=4,
        attack_bonus=3,
        victim=Victim.DEALT,
        victim_name="The Ringwraiths",
    ),
)


@pytest.mark.parametrize("order", ALL_KINDS, ids=lambda o: o.kind.value)
def test_an_order_survives_its_plain_data(order) -> None:
    """Every kind reads back from its data as it was."""
    assert order_from_data(order.to_data()) == order


@pytest.mark.parametrize("doctrine", ["deck", "horde"])
def test_a_hunter_in_melee_with_several_fights_the_hunted(doctrine):
    """Pre-activation: continue the melee against the hunted target."""
    situation = Situation(
        enemies=(
            enemy("Sam Gamgee", 0, in_contact=True),
            enemy("Frodo Baggins", 0, in_contact=True),
        )
    )
    if doctrine == "deck":
        decision = deck_activate(situation, deck=deck_with(), settings=with_(FRODO))
    else:
        decision = horde_decide(situation, rng=ScriptedRandom(), settings=with_(FRODO))
    assert (decision.step, decision.target) == ("pre-melee", "Frodo Baggins")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ignores terrain when moving", "ignore terrain when moving"),
        ("hunts Boromir, shooting only", "hunt Boromir, shooting only"),
        (
            "with no enemy in sight moves toward the Ring",
            "with no enemy in sight move toward the Ring",
        ),
        ("keeps out of the stream", "keep out of the stream"),
    ],
)
def test_an_order_of_several_characters_agrees_its_verb(text, expected):
    assert plural_verb(text) == expected
