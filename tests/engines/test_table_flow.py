"""Table mode's flow between entries (RULES §4, §5.2, §5.3), on battles kept in
memory: follow-ups, return fire, the horde's reinforcements."""

from __future__ import annotations

import pytest

from engines.enums import Side
from engines.table import TableRefused
from engines.table.flows import activation_walk
from engines.table.taps import tap_record
from engines.table.turns import (
    activation_decide,
    defence_draw,
    first_choose,
    round_begin,
)
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


# --- return fire (RULES §5.2) --------------------------------------------------------


def returning_fire(*, attacker: str = "p2") -> tuple[Log, str]:
    """A deck battle in round 1 where a rider not yet activated drew ♠ or ♥
    when ``attacker`` attacked it: it returns fire now."""
    for seed in range(1, 400):
        log = started("deck", seed=seed)
        state = log.state
        rider = (
            next(k for k in state.order if k not in state.activated and k != WITCH)
            if len(state.order) > 1
            else None
        )
        if rider is None:
            continue
        draft = log.add(
            lambda c, s, r=rider: defence_draw(
                c, s, key=r, answers={"attacker": attacker}
            )
        )
        if draft.data["decision"]["action"] == "return_fire":
            return log, rider
    raise AssertionError("no ♠ or ♥ defensive draw")


def test_return_fire_is_the_next_activation_and_asks_only_about_its_attacker():
    """After ♠ or ♥ the character returns fire at once: the page asks how far
    its attacker is, and nothing about any other enemy."""
    log, rider = returning_fire()
    state = log.state
    assert state.question().key == rider
    walk = activation_walk(log.context, state, log.context.fighter(rider), {})
    assert walk.question.name == "attacker_in" and "Sam" in walk.question.text


def test_return_fire_charges_its_attacker_within_move_not_the_nearest_enemy():
    """Sam attacked it from 4": it charges Sam, though Frodo is nearer (the
    page never asks about Frodo), draws no card and counts as activated."""
    log, rider = returning_fire()
    deck_before = log.state.deck
    draft = log.add(
        lambda c, s: activation_decide(c, s, key=rider, answers={"attacker_in": "4"})
    )
    decision = draft.data["decision"]
    assert (decision["action"], decision["target"], decision["card"]) == (
        "move_into_melee",
        "Sam",
        None,
    )
    assert draft.deck == deck_before
    assert rider in log.state.activated
    assert log.state.question().key != rider


def test_return_fire_stays_put_when_its_attacker_is_beyond_reach():
    """An attacker at 20", beyond its move, and the rider cannot shoot: it stays
    put — it does not go after anyone else."""
    log, rider = returning_fire()
    draft = log.add(
        lambda c, s: activation_decide(c, s, key=rider, answers={"attacker_in": "20"})
    )
    assert draft.data["decision"]["action"] == "hold"
    assert draft.data["decision"]["counts_as_activated"] is True


def test_the_witch_king_shoots_its_attacker_in_sight_and_range():
    """The Witch-king (range 12") shot at from 10" by Sam, whom it sees:
    it shoots Sam."""
    for seed in range(1, 400):
        log = started("deck", seed=seed)
        if WITCH in log.state.activated:
            continue
        draft = log.add(
            lambda c, s: defence_draw(c, s, key=WITCH, answers={"attacker": "p2"})
        )
        if draft.data["decision"]["action"] == "return_fire":
            break
    else:
        raise AssertionError("no ♠ or ♥ defensive draw")
    answers = {"attacker_in": "10", "attacker_seen": "yes"}
    draft = log.add(lambda c, s: activation_decide(c, s, key=WITCH, answers=answers))
    assert (draft.data["decision"]["action"], draft.data["decision"]["target"]) == (
        "shoot",
        "Sam",
    )
