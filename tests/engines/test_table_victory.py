"""The table page's end of a battle by the scene's rules (RULES §1 "Victory as
data", §3.12, §4 "End"), read from the table log's state."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.enums import EndReason, Side
from engines.table.taps import tap_record
from engines.table.turns import first_choose, round_begin
from engines.table.victory import (
    log_points,
    table_ending,
    table_facts,
    table_questions,
)
from engines.victory import Condition, ConditionKind, Victory, WayToWin
from tests.engines.table_battles import Log, battle_context

FRODO_FELL = WayToWin(
    side=Side.AI,
    conditions=(Condition(kind=ConditionKind.FELL, character="Frodo"),),
    at_once=True,
)
RIDERS_GONE = WayToWin(
    side=Side.PLAYER,
    conditions=(
        Condition(kind=ConditionKind.FELL, company="Nazgûl"),
        Condition(kind=ConditionKind.FELL, character="Frodo", negated=True),
    ),
)
WEATHERTOP = Victory(ways=(FRODO_FELL, RIDERS_GONE), battle_length=6)


def _begun(**context: object) -> Log:
    log = Log(battle_context("priority", **context))
    _round(log)
    return log


def _round(log: Log) -> None:
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first="ai"))


def _tap(log: Log, tap: str, key: str = "", **more: object) -> None:
    log.add(lambda c, s: tap_record(c, s, tap=tap, key=key, **more))


def test_frodo_falling_ends_the_battle_at_once_and_undo_judges_again():
    log = _begun()
    assert table_ending(log.context, log.state, WEATHERTOP) is None
    _tap(log, "fell", "p1")
    ending = table_ending(log.context, log.state, WEATHERTOP)
    assert ending is not None and ending.at_once
    assert ending.text == "Frodo has fallen or left the table: the AI side wins."
    assert (ending.reason, ending.side) == (EndReason.OBJECTIVE, Side.AI)
    log.undo()
    assert table_ending(log.context, log.state, WEATHERTOP) is None


def test_the_ways_at_time_out_judge_the_last_round():
    """Every rider fell, Frodo stands: at the end of the last round the player
    side's way is met (no at-once way, so not before)."""
    log = _begun(length=1)
    victory = replace(WEATHERTOP, battle_length=1, rout_loses=False)
    for key in ("p5", "p6", "p7"):
        _tap(log, "fell", key)
    state = log.state
    assert state.question().phase == "over"
    ending = table_ending(log.context, state, victory)
    assert ending is not None and not ending.at_once
    assert ending.side is Side.PLAYER
    assert ending.text.endswith("the player side wins.")


def test_a_draw_at_time_out_when_no_way_is_met():
    log = _begun(length=1)
    victory = replace(WEATHERTOP, battle_length=1)
    assert table_ending(log.context, log.state, victory) is None
    for key in ("p5", "p6", "p7"):
        _tap(log, "activated", key)
    ending = table_ending(log.context, log.state, victory)
    assert ending is not None
    assert ending.text == "The last round ended with no way to win met: a draw."
    assert ending.side is None


def test_the_facts_carry_who_left_carrying_what_and_who_routed():
    log = _begun(objectives=())
    state = log.state
    state.fighters["p2"].left = True
    state.carried["p2"] = "the Ring"
    state.companies[1].routed = True
    facts = table_facts(log.context, state, answers={"k": True})
    assert [e.character for e in facts.exits] == ["Sam"]
    assert facts.exits[0].carrying == ("the Ring",)
    assert facts.routed == frozenset({"Nazgûl"})
    assert facts.answers == {"k": True}


def test_a_carried_off_objective_is_kept_on_its_carrier():
    context = battle_context("priority")
    context = replace(
        context,
        fighters=tuple(
            replace(f, carrying="the Ring") if f.key == "p2" else f
            for f in context.fighters
        ),
    )
    log = Log(context)
    _round(log)
    _tap(log, "carried_off", "p2")
    assert log.state.carried == {"p2": "the Ring"}
    facts = table_facts(log.context, log.state)
    assert facts.exits[0].carrying == ("the Ring",)


@pytest.mark.parametrize(
    ("kinds", "asked"),
    [
        ((ConditionKind.FELL,), 0),
        ((ConditionKind.ROUT,), 0),
        ((ConditionKind.LEAVE,), 1),
        ((ConditionKind.HOLD_OUT,), 1),
    ],
)
def test_the_table_asks_only_what_the_log_does_not_hold(kinds, asked):
    condition = {
        ConditionKind.FELL: Condition(kind=ConditionKind.FELL, character="Frodo"),
        ConditionKind.ROUT: Condition(kind=ConditionKind.ROUT, side=Side.AI),
        ConditionKind.LEAVE: Condition(kind=ConditionKind.LEAVE, character="Frodo"),
        ConditionKind.HOLD_OUT: Condition(
            kind=ConditionKind.HOLD_OUT, character="Frodo"
        ),
    }[kinds[0]]
    victory = Victory(
        ways=(WayToWin(side=Side.PLAYER, conditions=(condition,)),), battle_length=6
    )
    assert len(table_questions(victory)) == asked


def test_a_generated_battle_ends_when_a_side_has_nobody_on_the_table():
    log = _begun()
    for key in ("p5", "p6"):
        _tap(log, "fell", key)
    assert table_ending(log.context, log.state, None) is None
    _tap(log, "fell", "p7")
    ending = table_ending(log.context, log.state, None)
    assert ending is not None
    assert (ending.reason, ending.side) == (EndReason.LAST_CHARACTER_LOST, Side.AI)
    assert ending.text == "The AI side lost its last character: your side wins."


def test_a_side_whose_characters_left_by_the_scoring_edge_does_not_lose():
    """§3.12: left by the scoring edge, it has left the battle; the VP decide."""
    log = _begun()
    for key in ("p1", "p2", "p3"):
        _tap(log, "left", key)
    _tap(log, "fell", "p4")
    ending = table_ending(log.context, log.state, None, scores_exits=True)
    assert ending is not None
    assert ending.reason is EndReason.OBJECTIVE and ending.side is None
    assert "victory points decide" in ending.text
    lost = table_ending(log.context, log.state, None, scores_exits=False)
    assert lost is not None and lost.reason is EndReason.LAST_CHARACTER_LOST


def test_a_character_still_to_come_keeps_its_side_in():
    log = _begun(length=6)
    context = replace(
        log.context,
        fighters=tuple(
            replace(f, arrives=2) if f.key == "p7" else f for f in log.context.fighters
        ),
    )
    log2 = Log(context)
    _round(log2)
    for key in ("p5", "p6"):
        _tap(log2, "fell", key)
    assert table_ending(log2.context, log2.state, None) is None


# --- the cover questions name the table's pieces (issue 30 item 2) ------------------


def test_the_cover_answers_name_the_pieces_that_give_that_cover():
    from engines.enums import Cover
    from engines.table.limits import cover_label
    from engines.table.questions import COVER_CHOICES

    context = replace(
        battle_context("deck"),
        cover_pieces=(
            ("A Scrub", Cover.SOFT),
            ("C Ruin", Cover.HARD),
            ("D Hedge", Cover.SOFT),
        ),
    )
    labels = [cover_label(v, label, context) for v, label in COVER_CHOICES]
    assert labels == ["No cover", "Soft cover: A Scrub, D Hedge", "Hard cover: C Ruin"]
    bare = [cover_label(v, label, battle_context("deck")) for v, label in COVER_CHOICES]
    assert bare == [label for _, label in COVER_CHOICES]


# --- the victory points the log holds (issue 30 item 6) ----------------------------


def test_the_log_scores_exits_losses_and_objectives_carried():
    """Sam left by the scoring edge (1 to the players) carrying the Ring (3);
    Merry fell (1 to the AI); two riders fell and the third routed off (3 to
    the players); Pippin still carries the Horn (2)."""
    context = battle_context("priority")
    context = replace(
        context,
        fighters=tuple(
            replace(f, carrying={"p2": "the Ring", "p4": "the Horn"}.get(f.key))
            for f in context.fighters
        ),
    )
    log = Log(context)
    _round(log)
    _tap(log, "carried_off", "p2")
    for key in ("p3", "p5", "p6"):
        _tap(log, "fell", key)
    _tap(log, "side_routed", side="ai")
    _tap(log, "left", "p7")
    worths = {"the Ring": 3, "the Horn": 2}
    points = log_points(log.context, log.state, worths=worths, scores_exits=True)
    assert points == {Side.PLAYER: 1 + 3 + 3 + 2, Side.AI: 1}
    # Where exits do not score, Sam's leaving is a loss.
    points = log_points(log.context, log.state, worths=worths, scores_exits=False)
    assert points == {Side.PLAYER: 3 + 3 + 2, Side.AI: 2}


# --- River Crossing: the attacker's characters beyond the river (issue 30) -----------


def test_the_log_scores_the_count_beyond_the_river_for_the_attacker():
    log = _begun()
    _tap(log, "fell", next(f.key for f in log.context.fighters if f.side is Side.AI))
    points = log_points(log.context, log.state, worths={}, beyond={Side.PLAYER: 2})
    assert points == {Side.PLAYER: 2 + 1, Side.AI: 0}


@pytest.mark.parametrize("beyond", [-1, 999])
def test_a_count_beyond_the_river_out_of_reach_is_refused(beyond):
    from engines.table.errors import TableRefused
    from engines.table.taps import battle_end

    log = _begun()
    with pytest.raises(TableRefused, match="beyond the river"):
        battle_end(log.context, log.state, reason="objective", beyond=beyond)


def test_the_end_entry_keeps_the_count_and_reads_it_back():
    from engines.table.taps import battle_end
    from engines.table.victory import end_beyond

    log = _begun()
    log.add(lambda c, s: battle_end(c, s, reason="objective", beyond=3))
    rows = log.entries
    assert end_beyond(rows, Side.AI) == {Side.AI: 3}
    assert end_beyond(rows, None) == {}


@pytest.mark.parametrize(
    ("scenario", "roles", "side"),
    [
        ("River Crossing", {"player": "attacker", "ai": "defender"}, Side.PLAYER),
        ("River Crossing", {"ai": "attacker", "player": "defender"}, Side.AI),
        ("Skirmish", {}, None),
        ("Pitched Battle", {"player": "attacker", "ai": "defender"}, None),
    ],
)
def test_only_a_river_crossings_attacker_scores_beyond_the_river(scenario, roles, side):
    from engines.battlefield.exits import beyond_side

    assert beyond_side(scenario, roles) == side


# --- a horde character that lurked away: back in the pool, not lost -----------------


@pytest.mark.parametrize("scores_exits", [True, False])
def test_a_lurker_is_neither_lost_nor_scored_nor_an_exit(scores_exits):
    """RULES §5.3: a lurker is removed and returns to the pool. It gives the
    players no VP as a loss and, in a Skirmish, scores nothing as a character
    that left by the scoring edge; the ways to win see no exit. (The playtest
    removes it the same way.)"""
    log = _begun()
    state = log.state
    rider = next(f for f in log.context.fighters if f.side is Side.AI)
    state.fighters[rider.key].left = state.fighters[rider.key].lurked = True
    points = log_points(log.context, state, worths={}, scores_exits=scores_exits)
    assert points == {Side.PLAYER: 0, Side.AI: 0}
    assert table_facts(log.context, state).exits == ()
    # Left the table any other way, it counts (lost, or scored in a Skirmish).
    state.fighters[rider.key].lurked = False
    points = log_points(log.context, state, worths={}, scores_exits=scores_exits)
    assert points == (
        {Side.PLAYER: 0, Side.AI: 1} if scores_exits else {Side.PLAYER: 1, Side.AI: 0}
    )
    assert [e.character for e in table_facts(log.context, state).exits] == [rider.name]
