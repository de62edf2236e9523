"""Victory as data (RULES §1 "Victory as data", §4 "End"): judge() on every
condition kind, with and, not, at once and time-out, and the rules' examples."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.enums import Edge, Outcome, Side
from engines.victory import (
    BattleFacts,
    Condition,
    ConditionKind,
    Ending,
    Exit,
    Fighter,
    Holding,
    HoldWhen,
    Victory,
    WayToWin,
    judge,
    questions,
    ways_met,
)

K = ConditionKind
FELLOWSHIP = "The Fellowship"
WRAITHS = "The Ringwraiths"
GOBLINS = "Goblins of Moria"
HOBBITS = ("Frodo", "Sam", "Merry", "Pippin")
FIGHTERS = (
    *(Fighter(name, FELLOWSHIP, Side.PLAYER) for name in (*HOBBITS, "Aragorn")),
    Fighter("Witch-king", WRAITHS, Side.AI),
    Fighter("Nazgul", WRAITHS, Side.AI),
)


def facts(**kwargs) -> BattleFacts:
    kwargs.setdefault("fighters", FIGHTERS)
    return BattleFacts(**kwargs)


def one_way(*conditions: Condition, side=Side.PLAYER, at_once=False, length=6):
    return Victory(
        ways=(WayToWin(side=side, conditions=conditions, at_once=at_once),),
        battle_length=length,
    )


def met(condition: Condition, state: BattleFacts, length: int = 6) -> bool:
    return ways_met(one_way(condition, length=length), state) == (0,)


# --- each kind --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("condition", "exits", "expected"),
    [
        (Condition(K.LEAVE, character="Frodo"), (Exit("Frodo", Edge.EAST),), True),
        (Condition(K.LEAVE, character="Frodo"), (Exit("Sam", Edge.EAST),), False),
        (
            Condition(K.LEAVE, character="Frodo", edge=Edge.EAST),
            (Exit("Frodo", Edge.WEST),),
            False,
        ),
        (
            Condition(K.LEAVE, character="Frodo", feature="The East Gate"),
            (Exit("Frodo", Edge.EAST, feature="The East Gate"),),
            True,
        ),
        (
            Condition(K.LEAVE, character="Frodo", feature="The East Gate"),
            (Exit("Frodo", Edge.EAST),),
            False,
        ),
        (
            Condition(K.LEAVE, character="Frodo", objective="The One Ring"),
            (Exit("Frodo", Edge.EAST),),
            False,
        ),
        (
            Condition(K.LEAVE, character="Frodo", objective="The One Ring"),
            (Exit("Frodo", Edge.EAST, carrying=("The One Ring",)),),
            True,
        ),
        (
            Condition(K.LEAVE, company=FELLOWSHIP, count=2),
            (Exit("Frodo"), Exit("Sam")),
            True,
        ),
        (Condition(K.LEAVE, company=FELLOWSHIP, count=3), (Exit("Frodo"),), False),
        # Half of five who took part: three (2 * 3 >= 5), not two.
        (
            Condition(K.LEAVE, company=FELLOWSHIP, half=True),
            (Exit("Frodo"), Exit("Sam")),
            False,
        ),
        (
            Condition(K.LEAVE, company=FELLOWSHIP, half=True),
            (Exit("Frodo"), Exit("Sam"), Exit("Merry")),
            True,
        ),
    ],
)
def test_leave(condition, exits, expected):
    """Leave: named characters, or N or half of a company, by an edge or a
    feature, carrying what is named."""
    assert met(condition, facts(exits=exits)) is expected


@pytest.mark.parametrize(
    ("condition", "exits", "expected"),
    [
        (
            Condition(K.CARRY_OFF, objective="Ring"),
            (Exit("Nazgul", Edge.NORTH),),
            False,
        ),
        (
            Condition(K.CARRY_OFF, objective="Ring"),
            (Exit("Nazgul", Edge.NORTH, carrying=("Ring",)),),
            True,
        ),
        (
            Condition(K.CARRY_OFF, objective="Ring", edge=Edge.SOUTH),
            (Exit("Nazgul", Edge.NORTH, carrying=("Ring",)),),
            False,
        ),
        (
            Condition(K.CARRY_OFF, objective="Ring", side=Side.AI),
            (Exit("Frodo", Edge.NORTH, carrying=("Ring",)),),
            False,
        ),
    ],
)
def test_carry_off(condition, exits, expected):
    """Carry off: an objective carried off the table, by a named edge or any,
    by a named side where given."""
    assert met(condition, facts(exits=exits)) is expected


@pytest.mark.parametrize(
    ("condition", "fallen", "exits", "expected"),
    [
        (Condition(K.FELL, character="Frodo"), {"Frodo"}, (), True),
        (Condition(K.FELL, character="Frodo"), set(), (Exit("Frodo"),), True),
        (Condition(K.FELL, character="Frodo"), {"Sam"}, (), False),
        (Condition(K.FELL, company=WRAITHS), {"Witch-king"}, (), False),
        (
            Condition(K.FELL, company=WRAITHS),
            {"Witch-king"},
            (Exit("Nazgul"),),
            True,
        ),
    ],
)
def test_fell(condition, fallen, exits, expected):
    """Fell: a named character, or every one of a company, fallen or left."""
    assert met(condition, facts(fallen=frozenset(fallen), exits=exits)) is expected


BOATS = "The boats"


@pytest.mark.parametrize(
    ("condition", "holdings", "round", "over", "expected"),
    [
        (
            Condition(K.HOLD, side=Side.PLAYER, objective=BOATS),
            (Holding(2, BOATS, Side.PLAYER),),
            2,
            True,
            True,
        ),
        (
            Condition(K.HOLD, side=Side.AI, objective=BOATS),
            (Holding(2, BOATS, Side.PLAYER),),
            2,
            True,
            False,
        ),
        (
            Condition(K.HOLD, character="Frodo", objective=BOATS),
            (Holding(2, BOATS, Side.PLAYER, ("Sam",)),),
            2,
            True,
            False,
        ),
        (
            Condition(K.HOLD, character="Frodo", objective=BOATS),
            (Holding(2, BOATS, Side.PLAYER, ("Frodo",)),),
            2,
            True,
            True,
        ),
        (
            Condition(K.HOLD, side=Side.PLAYER, objective=BOATS, when=HoldWhen.LAST),
            (Holding(2, BOATS, Side.PLAYER),),
            6,
            True,
            False,
        ),
        (
            Condition(K.HOLD, side=Side.PLAYER, objective=BOATS, when=HoldWhen.LAST),
            (Holding(6, BOATS, Side.PLAYER),),
            6,
            True,
            True,
        ),
        (
            Condition(
                K.HOLD, side=Side.PLAYER, objective=BOATS, when=HoldWhen.ROUND, round=3
            ),
            (Holding(4, BOATS, Side.PLAYER),),
            4,
            True,
            False,
        ),
    ],
)
def test_hold(condition, holdings, round, over, expected):
    """Hold: a side or a named character holds a fixed objective at the end of
    a round: any, the last, or round N."""
    state = facts(holdings=holdings, round=round, round_over=over)
    assert met(condition, state) is expected


def test_hold_out_counts_only_at_the_end_of_the_last_round():
    """Hold out: still a character on the table when the last round ends."""
    condition = Condition(K.HOLD_OUT, side=Side.PLAYER)
    assert not met(condition, facts(round=5, round_over=True))
    assert met(condition, facts(round=6, round_over=True))


def test_hold_out_by_named_character():
    condition = Condition(K.HOLD_OUT, character="Frodo")
    assert not met(condition, facts(round=6, round_over=True, fallen={"Frodo"}))
    assert met(condition, facts(round=6, round_over=True, fallen={"Sam"}))


@pytest.mark.parametrize(
    ("condition", "routed", "expected"),
    [
        (Condition(K.ROUT, side=Side.AI), {WRAITHS}, True),
        (Condition(K.ROUT, side=Side.PLAYER), {WRAITHS}, False),
        (Condition(K.ROUT, company=WRAITHS), {WRAITHS}, True),
    ],
)
def test_rout(condition, routed, expected):
    """Rout: a side (all its companies), or a company (a horde scatters)."""
    assert met(condition, facts(routed=frozenset(routed))) is expected


# --- and, not, at once, time-out ----------------------------------------------------


def test_and_needs_every_condition():
    both = one_way(
        Condition(K.FELL, character="Witch-king"), Condition(K.FELL, character="Nazgul")
    )
    assert ways_met(both, facts(fallen={"Witch-king"})) == ()
    assert ways_met(both, facts(fallen={"Witch-king", "Nazgul"})) == (0,)


def test_not_negates_a_condition():
    way = one_way(Condition(K.FELL, character="Frodo", negated=True))
    assert ways_met(way, facts()) == (0,)
    assert ways_met(way, facts(fallen={"Frodo"})) == ()


def test_a_way_met_not_at_once_waits_for_the_end():
    """A way that does not end the battle at once wins only when it ends."""
    victory = one_way(Condition(K.FELL, character="Witch-king"))
    assert not judge(victory, facts(fallen={"Witch-king"})).ended
    verdict = judge(victory, facts(fallen={"Witch-king"}, round=6, round_over=True))
    assert (verdict.winner, verdict.ending, verdict.way) == (
        Side.PLAYER,
        Ending.TIME_OUT,
        0,
    )


def test_a_way_at_once_ends_the_battle_there():
    victory = one_way(Condition(K.FELL, character="Frodo"), side=Side.AI, at_once=True)
    verdict = judge(victory, facts(round=2, fallen={"Frodo"}))
    assert (verdict.ended, verdict.winner, verdict.ending) == (
        True,
        Side.AI,
        Ending.AT_ONCE,
    )
    assert verdict.reason == "Frodo has fallen or left the table: the AI side wins."


def test_two_ways_at_once_in_one_event_the_first_listed_wins():
    victory = Victory(
        ways=(
            WayToWin(Side.AI, (Condition(K.FELL, character="Frodo"),), at_once=True),
            WayToWin(
                Side.PLAYER, (Condition(K.FELL, character="Witch-king"),), at_once=True
            ),
        ),
        battle_length=6,
    )
    verdict = judge(victory, facts(fallen={"Frodo", "Witch-king"}))
    assert (verdict.winner, verdict.way) == (Side.AI, 0)


@pytest.mark.parametrize(
    ("time_out", "winner", "outcome"),
    [(None, None, Outcome.DRAW), (Side.AI, Side.AI, Outcome.DEFEAT)],
)
def test_time_out_with_no_way_met(time_out, winner, outcome):
    """At the end of the last round with no way met: a draw, unless the scene
    names a side that wins at time-out."""
    victory = Victory(
        ways=(WayToWin(Side.PLAYER, (Condition(K.FELL, character="Nazgul"),)),),
        battle_length=6,
        time_out=time_out,
    )
    assert not judge(victory, facts(round=5, round_over=True)).ended
    verdict = judge(victory, facts(round=6, round_over=True))
    assert (verdict.ended, verdict.winner, verdict.outcome) == (True, winner, outcome)


def test_a_routed_side_loses_unless_a_way_is_met():
    """§4: a side that routs loses; the battle ends there."""
    victory = one_way(Condition(K.FELL, character="Nazgul"))
    verdict = judge(victory, facts(routed={FELLOWSHIP}))
    assert (verdict.ended, verdict.winner, verdict.ending) == (
        True,
        Side.AI,
        Ending.ROUT,
    )


def test_a_side_with_no_character_left_loses():
    victory = one_way(Condition(K.FELL, character="Nazgul"))
    gone = {"Frodo", "Sam", "Merry", "Pippin", "Aragorn"}
    verdict = judge(victory, facts(fallen=gone))
    assert (verdict.winner, verdict.ending) == (Side.AI, Ending.LAST_LOST)


def test_the_scene_may_say_a_routed_side_does_not_lose():
    victory = Victory(
        ways=(WayToWin(Side.PLAYER, (Condition(K.FELL, character="Nazgul"),)),),
        battle_length=6,
        rout_loses=False,
    )
    assert not judge(victory, facts(routed={FELLOWSHIP})).ended


def test_an_answer_overrides_the_facts():
    """The players' yes/no answer is the fact the log did not hold."""
    condition = Condition(K.LEAVE, character="Frodo", feature="The East Gate")
    victory = one_way(condition, at_once=True)
    verdict = judge(victory, facts(answers={condition.key: True}))
    assert verdict.winner == Side.PLAYER


def test_a_way_with_no_condition_is_never_met():
    assert ways_met(one_way(), facts(round=6, round_over=True)) == ()


def test_questions_ask_only_what_the_log_does_not_hold():
    leave = Condition(K.LEAVE, character="Frodo", feature="The East Gate")
    victory = Victory(
        ways=(
            WayToWin(Side.PLAYER, (leave, Condition(K.FELL, character="Sam"))),
            WayToWin(Side.AI, (leave,)),
        ),
        battle_length=6,
    )
    asked = questions(victory)
    assert [q.text for q in asked] == [
        "Has Frodo left the table through The East Gate?"
    ]


# --- RULES §1's examples, as written ------------------------------------------------

RING = "The One Ring"
GATE = "The East Gate"

BREE = Victory(
    ways=(
        WayToWin(
            Side.PLAYER,
            (Condition(K.LEAVE, character="Frodo", feature=GATE, objective=RING),),
            at_once=True,
        ),
        WayToWin(Side.AI, (Condition(K.CARRY_OFF, objective=RING, side=Side.AI),)),
    ),
    battle_length=8,
)


def test_bree_players_win_when_frodo_leaves_through_the_gate_with_the_ring():
    exit_ = Exit("Frodo", Edge.EAST, feature=GATE, carrying=(RING,))
    assert judge(BREE, facts(exits=(exit_,))).winner == Side.PLAYER


def test_bree_ai_wins_when_a_wraith_carries_the_ring_off():
    exit_ = Exit("Nazgul", Edge.NORTH, carrying=(RING,))
    state = facts(exits=(exit_,), fallen={"Frodo"}, round=8, round_over=True)
    assert judge(BREE, state).winner == Side.AI


WEATHERTOP = Victory(
    ways=(
        WayToWin(
            Side.PLAYER,
            (
                Condition(K.FELL, company=WRAITHS),
                Condition(K.FELL, character="Frodo", negated=True),
            ),
        ),
        WayToWin(Side.AI, (Condition(K.FELL, character="Frodo"),), at_once=True),
    ),
    battle_length=6,
)


def test_weathertop_ai_wins_at_once_when_frodo_falls():
    verdict = judge(WEATHERTOP, facts(round=3, fallen={"Frodo"}))
    assert (verdict.ended, verdict.winner) == (True, Side.AI)


def test_weathertop_players_win_when_every_wraith_has_fallen_or_left():
    state = facts(round=4, fallen={"Witch-king"}, exits=(Exit("Nazgul", Edge.WEST),))
    verdict = judge(WEATHERTOP, state)
    assert (verdict.ended, verdict.winner, verdict.way) == (True, Side.PLAYER, 0)


MORIA_FIGHTERS = (*FIGHTERS[:5], Fighter("Goblin", GOBLINS, Side.AI))
DOOR = "The East Door"
MORIA = Victory(
    ways=(
        WayToWin(Side.PLAYER, (Condition(K.ROUT, company=GOBLINS),)),
        WayToWin(
            Side.PLAYER,
            (
                Condition(K.LEAVE, character="Frodo", feature=DOOR),
                Condition(K.LEAVE, company=FELLOWSHIP, half=True, feature=DOOR),
            ),
        ),
    ),
    battle_length=6,
)


def test_moria_players_win_when_the_horde_scatters():
    verdict = judge(MORIA, facts(fighters=MORIA_FIGHTERS, routed={GOBLINS}))
    assert (verdict.winner, verdict.way) == (Side.PLAYER, 0)


@pytest.mark.parametrize(
    ("leavers", "winner"),
    [
        (("Frodo", "Sam", "Merry"), Side.PLAYER),
        (("Sam", "Merry", "Pippin"), None),
        (("Frodo", "Sam"), None),
    ],
)
def test_moria_frodo_and_half_the_fellowship_through_the_east_door(leavers, winner):
    exits = tuple(Exit(name, Edge.EAST, feature=DOOR) for name in leavers)
    state = facts(fighters=MORIA_FIGHTERS, exits=exits, round=6, round_over=True)
    assert judge(MORIA, state).winner == winner


AMON_HEN = Victory(
    ways=(
        WayToWin(
            Side.PLAYER,
            (Condition(K.HOLD, character="Frodo", objective=BOATS),),
            at_once=True,
        ),
    ),
    battle_length=6,
)


def test_amon_hen_frodo_holds_the_boats_at_the_end_of_a_round_at_once():
    holding = Holding(2, BOATS, Side.PLAYER, ("Frodo",))
    assert not judge(AMON_HEN, facts(round=2, holdings=(holding,))).ended
    verdict = judge(AMON_HEN, facts(round=2, round_over=True, holdings=(holding,)))
    assert (verdict.ended, verdict.winner, verdict.ending) == (
        True,
        Side.PLAYER,
        Ending.AT_ONCE,
    )


# --- invariants over many battles ---------------------------------------------------

NAMES = [f.name for f in FIGHTERS]


@settings(max_examples=300, deadline=None)
@given(
    fallen=st.sets(st.sampled_from(NAMES)),
    left=st.sets(st.sampled_from(NAMES)),
    routed=st.sets(st.sampled_from([FELLOWSHIP, WRAITHS])),
    round_=st.integers(1, 6),
    over=st.booleans(),
    final=st.booleans(),
)
def test_a_verdict_is_consistent(fallen, left, routed, round_, over, final):
    """Final facts always end the battle; a verdict naming a way names one that
    is met and wins for that way's side; a battle that goes on names no winner."""
    state = facts(
        fallen=frozenset(fallen),
        exits=tuple(Exit(name, Edge.EAST) for name in sorted(left - fallen)),
        routed=frozenset(routed),
        round=round_,
        round_over=over,
        final=final,
    )
    for victory in (WEATHERTOP, MORIA, BREE):
        verdict = judge(victory, state)
        assert not final or verdict.ended
        if verdict.way is not None:
            assert verdict.way in ways_met(victory, state)
            assert verdict.winner == victory.ways[verdict.way].side
        if not verdict.ended:
            assert verdict.winner is None and verdict.outcome is None
