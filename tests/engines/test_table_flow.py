"""Table mode's flow between entries (RULES §4, §5.2, §5.3), on battles kept in
memory: follow-ups, return fire, the horde's reinforcements."""

from __future__ import annotations

import pytest

from engines.enums import Side
from engines.table import TableRefused
from engines.table.taps import tap_record
from engines.table.turns import activation_decide, first_choose, round_begin
from tests.engines.table_battles import Log, battle_context

WITCH = "p5"


def started(doctrine: str = "priority", **context) -> Log:
    """Round 1 begun, the AI going first."""
    log = Log(battle_context(doctrine, **context))
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first=Side.AI.value))
    return log


def in_melee_with_frodo(log: Log) -> None:
    answers = {"melee": "yes", "contacts": "p1"}
    log.add(lambda c, s: activation_decide(c, s, key=WITCH, answers=answers))


def wounded_frodo(log: Log) -> None:
    """Frodo's two free wound slots filled: the next wound fells him."""
    for _ in range(2):
        log.add(lambda c, s: tap_record(c, s, tap="wound", key="p1"))


@pytest.mark.parametrize("tap", ["fell", "wound"])
def test_a_fall_by_any_tap_keeps_the_follow_up_open(tap):
    """RULES §4: a character that fells its enemy takes its follow-up, whether
    the fall is tapped as "Fell" or as a wound with no free slot left."""
    log = started()
    wounded_frodo(log)
    in_melee_with_frodo(log)
    log.add(lambda c, s: tap_record(c, s, tap=tap, key="p1"))
    assert log.state.fighters["p1"].fallen
    assert log.state.follow_up == WITCH


def test_a_wound_that_does_not_fell_closes_the_follow_up():
    """A wound that leaves the enemy standing is no fall: no follow-up."""
    log = started()
    in_melee_with_frodo(log)
    log.add(lambda c, s: tap_record(c, s, tap="wound", key="p1"))
    assert log.state.follow_up is None


def test_the_follow_up_is_taken_at_half_move_after_a_wound_that_fells():
    """The follow-up activation is accepted after "Wound (no free slot)"."""
    log = started()
    wounded_frodo(log)
    in_melee_with_frodo(log)
    log.add(lambda c, s: tap_record(c, s, tap="wound", key="p1"))
    answers = {"melee": "no", "near": "p2", "near_in": "2", "near_seen": "yes"}
    draft = log.add(
        lambda c, s: activation_decide(c, s, key=WITCH, answers=answers, follow_up=True)
    )
    assert draft.data["decision"]["follow_up"] is True


def test_a_follow_up_is_refused_without_a_fall():
    log = started()
    in_melee_with_frodo(log)
    log.add(lambda c, s: tap_record(c, s, tap="wound", key="p1"))
    answers = {"melee": "no", "near": "p2", "near_in": "2", "near_seen": "yes"}
    with pytest.raises(TableRefused):
        log.add(
            lambda c, s: activation_decide(
                c, s, key=WITCH, answers=answers, follow_up=True
            )
        )
