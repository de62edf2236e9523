"""Each-round scene orders at the table (RULES §5 "Each round"): resolved at
their moment in the round by the table itself — a round's start orders in the
round's entry, before its random event; its end orders in an entry of their
own once the activations are done, after the horde's end-of-round steps —
with the players answering a condition and choosing a victim, and the wound an
attack deals marked on its victim."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.doctrines import DoctrineSettings
from engines.enums import Doctrine, Side
from engines.orders import EachRound, Moment
from engines.orders.kinds import Victim
from engines.table.errors import TableRefused
from engines.table.moves import entry_compute
from engines.table.obeying import round_order_lines
from engines.table.round_orders import order_asks, round_orders_end
from engines.table.state import state_start
from engines.table.turns import first_choose, round_begin, tap_record
from tests.engines.table_battles import Log, battle_context

ARROW = EachRound(
    moment=Moment.END,
    condition="Boromir and Lurtz are both on the table",
    gate=None,
    attack_bonus=5,
    victim_name="Frodo",
    effect="a black arrow",
)
"""D6 + 5 against Frodo's defence 0: wounds on anything but a natural 1."""


def battle(*orders: EachRound, doctrine=Doctrine.PRIORITY, **context) -> Log:
    settings = DoctrineSettings(
        reinforcements=doctrine is Doctrine.HORDE, orders=tuple(orders)
    )
    return Log(battle_context(doctrine, settings=settings, **context))


def begin(log: Log, **orders) -> None:
    log.add(lambda c, s: round_begin(c, s, sightings={}, **orders))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first=Side.AI.value))


def activate_all(log: Log) -> None:
    """Every AI character counts as activated (as if each had acted)."""
    for fighter in log.state.fighters_on_table(log.context, Side.AI):
        if fighter.key not in log.state.activated:
            log.add(
                lambda c, s, k=fighter.key: tap_record(c, s, tap="activated", key=k)
            )


def key_of(log: Log, name: str) -> str:
    return next(f.key for f in log.context.fighters if f.name == name)


def test_the_end_orders_come_once_the_activations_are_done_before_the_next_round():
    """No horde: round 1's activations done, the page asks for the end orders
    (shown with their moment), not the next round; round 2 cannot begin until
    they are rolled; after them round 2 begins."""
    log = battle(ARROW)
    begin(log)
    assert log.state.question().phase == "activate"
    activate_all(log)
    assert log.state.question().phase == "orders"
    assert round_order_lines(log.context, log.state, phase="orders") == (
        ("End of round 1", f"Nazgûl: {ARROW.words()}"),
    )
    with pytest.raises(TableRefused, match="round 1's end first"):
        round_begin(log.context, log.state, sightings={})
    log.add(lambda c, s: round_orders_end(c, s, answers={}))
    assert log.state.question().phase == "begin"
    with pytest.raises(TableRefused, match="already rolled"):
        round_orders_end(log.context, log.state, answers={})


def test_the_last_rounds_end_orders_come_before_the_battle_is_over():
    """In the last round the end orders are asked for before "all rounds are
    played"."""
    log = battle(ARROW, length=1)
    begin(log)
    activate_all(log)
    assert log.state.question().phase == "orders"
    log.add(lambda c, s: round_orders_end(c, s, answers={}))
    assert log.state.question().phase == "over"


def test_a_round_without_end_orders_asks_for_none():
    """An order of round 3's end only: rounds 1 and 2 go straight on."""
    only_third = EachRound(moment=Moment.END, round=3, effect="the gate falls")
    log = battle(only_third)
    begin(log)
    activate_all(log)
    assert log.state.question().phase == "begin"
    with pytest.raises(TableRefused, match="No scene order acts"):
        round_orders_end(log.context, log.state, answers={})


def test_a_horde_rolls_its_end_of_round_steps_before_the_end_orders():
    """With a horde, the horde's end of round comes first, then the orders."""
    log = battle(ARROW, doctrine=Doctrine.HORDE)
    begin(log)
    activate_all(log)
    assert log.state.question(skipping=True).phase == "end_round"
    with pytest.raises(TableRefused, match="horde bleeds"):
        round_orders_end(log.context, log.state, answers={})
    assert round_order_lines(log.context, log.state, phase="end_round") == (
        ("End of round 1, after the horde's steps", f"Nazgûl: {ARROW.words()}"),
    )


def test_a_condition_that_does_not_hold_rolls_nothing():
    """The players say the condition does not hold: nothing happens, no die."""
    log = battle(ARROW)
    begin(log)
    activate_all(log)
    (ask,) = order_asks(log.context, log.state, phase="orders")
    assert ask.condition == "Boromir and Lurtz are both on the table"
    assert ask.choices == ()
    draft = log.add(lambda c, s: round_orders_end(c, s, answers={"holds": []}))
    (done,) = draft.data["scene_orders"]
    assert not done["acted"]
    assert (
        done["detail"] == "not Boromir and Lurtz are both on the table: nothing happens"
    )
    assert draft.data["log"] == []
    assert log.state.fighters[key_of(log, "Frodo")].wounds == 0


def wounding_battle(*orders: EachRound, answers, **context):
    """The first seed whose end-of-round attack wounds (the roll decides)."""
    for seed in range(40):
        log = battle(*orders, seed=seed, **context)
        begin(log)
        activate_all(log)
        before = log.state
        draft = log.add(lambda c, s: round_orders_end(c, s, answers=answers))
        if draft.data["scene_orders"][0]["wounds"]:
            return log, before, draft
    raise AssertionError("no seed wounds")


def test_a_black_arrow_that_wounds_marks_frodos_next_slot():
    """The condition holds and the arrow wounds: Frodo takes a wound token in
    the state the result form reads; the roll is logged with its purpose; the
    entry is made again the same from its inputs; undo takes it back."""
    ask_id = "end-0"
    log, before, draft = wounding_battle(ARROW, answers={"holds": [ask_id]})
    frodo = key_of(log, "Frodo")
    assert draft.data["scene_orders"][0]["wounds"] == [{"key": frodo, "falls": False}]
    assert log.state.fighters[frodo].wounds == 1
    assert log.state.hurt(log.context.fighter(frodo))
    assert [e["purpose"] for e in draft.data["log"]] == ["scene order: attack on Frodo"]
    assert "Frodo takes a wound token." in draft.text
    assert entry_compute(log.context, before, "orders", draft.data["inputs"]) == draft
    log.undo()
    assert log.state.fighters[frodo].wounds == 0


def test_a_wound_with_no_free_slot_fells_and_the_ai_company_checks_its_rout():
    """The generals choose the Witch-king (no free slot left: 2 wounds of 2);
    the attack fells him, and the Nazgûl, having lost 1 of 3, roll no rout
    check (not more than half lost); the choice is a character's key."""
    eagles = EachRound(
        moment=Moment.END, attack_bonus=5, victim=Victim.CHOSEN, effect="an eagle"
    )
    seed_log = battle(eagles)
    king = key_of(seed_log, "Witch-king")
    for seed in range(40):
        log = battle(eagles, seed=seed)
        begin(log)
        for _ in range(2):
            log.add(lambda c, s: tap_record(c, s, tap="wound", key=king))
        activate_all(log)
        (ask,) = order_asks(log.context, log.state, phase="orders")
        assert (king, "Witch-king", "ai") in ask.choices
        assert ask.choices[0][2] == "player"  # the players' characters first
        draft = log.add(
            lambda c, s, i=ask.id: round_orders_end(
                c, s, answers={"chosen": {i: [king]}}
            )
        )
        if draft.data["scene_orders"][0]["wounds"]:
            break
    assert draft.data["scene_orders"][0]["wounds"] == [{"key": king, "falls": True}]
    assert log.state.fighters[king].fallen
    assert "Witch-king has no free slot left and falls." in draft.text


def test_a_fall_that_loses_more_than_half_rolls_the_ai_companys_rout_check():
    """The Second Rider fallen, the Witch-king felled by the order: the Nazgûl
    lost 2 of 3, more than half, and roll their rout check in the same entry
    (logged); the state routs them exactly when the roll says so."""
    eagles = EachRound(
        moment=Moment.END, attack_bonus=5, victim=Victim.CHOSEN, effect="an eagle"
    )
    for seed in range(40):
        log = battle(eagles, seed=seed)
        begin(log)
        second = key_of(log, "Second Rider")
        king = key_of(log, "Witch-king")
        log.add(lambda c, s, k=second: tap_record(c, s, tap="fell", key=k))
        for _ in range(2):
            log.add(lambda c, s, k=king: tap_record(c, s, tap="wound", key=k))
        activate_all(log)
        draft = log.add(
            lambda c, s, k=king: round_orders_end(
                c, s, answers={"chosen": {"end-0": [k]}}
            )
        )
        if draft.data["scene_orders"][0]["wounds"]:
            break
    purposes = [e["purpose"] for e in draft.data["log"]]
    assert purposes[0] == "scene order: attack on Witch-king"
    assert len(purposes) == 2 and "rout" in purposes[1].lower()
    routs = "routs" in draft.data["scene_orders"][0]["wounds"][0]
    assert log.state.companies[1].routed is routs


def test_more_chosen_than_generals_is_refused():
    """One general (no co-op) chooses one character: two are refused; with two
    co-op players, two are taken."""
    eagles = EachRound(
        moment=Moment.END, attack_bonus=1, victim=Victim.CHOSEN, effect="an eagle"
    )
    log = battle(eagles)
    begin(log)
    activate_all(log)
    two = [key_of(log, "Witch-king"), key_of(log, "Second Rider")]
    with pytest.raises(TableRefused, match="choose one"):
        round_orders_end(log.context, log.state, answers={"chosen": {"end-0": two}})
    coop = battle(eagles, coop_players=("Ann", "Bo"))
    begin(coop)
    activate_all(coop)
    (ask,) = order_asks(coop.context, coop.state, phase="orders")
    assert ask.most == 2
    draft = round_orders_end(
        coop.context, coop.state, answers={"chosen": {"end-0": two}}
    )
    purposes = [e["purpose"] for e in draft.data["log"]]
    assert purposes == [
        "scene order: attack on Witch-king",
        "scene order: attack on Second Rider",
    ]


def test_a_start_order_with_a_condition_is_asked_as_the_round_begins():
    """A stoop before round 1 that holds only while Frodo is in the open: the
    begin form asks it; answered yes it is rolled in round 1's entry before
    the initiative, answered no nothing is rolled; both replay the same."""
    stoop = EachRound(
        moment=Moment.BEFORE_FIRST,
        condition="Frodo is in the open",
        attack_bonus=3,
        victim_name="Frodo",
        effect="the fell beast's stoop",
    )
    log = battle(stoop)
    (ask,) = order_asks(log.context, log.state, phase="begin")
    assert (ask.id, ask.condition) == ("before_first-0", "Frodo is in the open")
    assert round_order_lines(log.context, log.state, phase="begin") == (
        ("Before round 1", f"Nazgûl: {stoop.words()}"),
    )
    start = state_start(log.context)
    yes = round_begin(log.context, start, sightings={}, orders={"holds": [ask.id]})
    no = round_begin(log.context, start, sightings={}, orders={"holds": []})
    purposes = [e["purpose"] for e in yes.data["log"]]
    assert purposes.index("scene order: attack on Frodo") == 1
    assert "scene order: attack on Frodo" not in [e["purpose"] for e in no.data["log"]]
    for draft in (yes, no):
        again = entry_compute(log.context, start, "round", draft.data["inputs"])
        assert again == draft


def test_a_start_orders_wound_is_marked_as_the_round_begins():
    """An eagle at the start of each round, D6 + 5 on the Witch-king: when it
    wounds, he has a wound token from round 1's entry on."""
    eagle = EachRound(
        moment=Moment.START, attack_bonus=5, victim_name="Witch-king", effect="eagle"
    )
    for seed in range(40):
        log = battle(eagle, seed=seed)
        draft = log.add(lambda c, s: round_begin(c, s, sightings={}, orders={}))
        if draft.data["scene_orders"][0]["wounds"]:
            break
    king = key_of(log, "Witch-king")
    assert log.state.fighters[king].wounds == 1
    assert "Witch-king takes a wound token." in draft.text


def test_an_entry_from_before_the_page_asked_rolls_only_what_asks_nothing():
    """A round entry stored without answers (an older log) replays as it was
    made: the conditional order is not rolled."""
    stoop = EachRound(
        moment=Moment.BEFORE_FIRST, condition="Frodo is in the open", effect="stoop"
    )
    log = battle(stoop)
    draft = round_begin(log.context, log.state, sightings={})
    assert draft.data["scene_orders"] == []
    assert "orders" not in draft.data["inputs"]


def test_a_right_to_left_victim_is_found_though_the_app_isolated_its_name():
    """The app wraps a right-to-left name in isolates (FSI … PDI) on the
    table; the order names the character bare: the attack still strikes it."""
    name = "فرودو"
    arrow = EachRound(moment=Moment.END, attack_bonus=5, victim_name=name, effect="x")
    context = battle_context(
        Doctrine.PRIORITY,
        settings=DoctrineSettings(orders=(arrow,)),
        players=(name, "Sam"),
    )
    fighters = tuple(
        replace(f, name=f"\u2068{name}\u2069", label=f"\u2068{name}\u2069")
        if f.name == name
        else f
        for f in context.fighters
    )
    log = Log(replace(context, fighters=fighters))
    begin(log)
    activate_all(log)
    draft = round_orders_end(log.context, log.state, answers={})
    assert (
        draft.data["log"][0]["purpose"] == f"scene order: attack on \u2068{name}\u2069"
    )
