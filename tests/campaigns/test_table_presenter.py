"""The table page's pieces read from the state (RULES §4 co-op order)."""

from __future__ import annotations

from dataclasses import replace

from campaigns.presenters.table_page import coop_line
from engines.enums import Side
from engines.table.begin import begin_walk
from engines.table.flows import activation_walk
from engines.table.state import state_start
from engines.table.turns import first_choose, round_begin
from tests.engines.table_battles import Log, battle_context


def test_the_coop_order_is_the_engines_with_the_ai_first_when_it_goes_first():
    """Human 1, the AI, human 2, the AI… — and the AI first when it won."""
    context = battle_context("priority", coop_players=("Ann", "Bob"))
    state = state_start(context)
    state.first = Side.AI
    assert coop_line(context, state) == "the AI, Ann, the AI, Bob, and so on."
    state.first = Side.PLAYER
    assert coop_line(context, state) == "Ann, the AI, Bob, the AI, and so on."


def test_one_general_has_no_coop_line():
    context = battle_context("priority", coop_players=("Ann",))
    assert coop_line(context, state_start(context)) == ""


def test_a_character_not_yet_arrived_is_not_asked_about_before_its_round():
    """Sam and the Second Rider come on in round 2: round 1 asks no sighting
    of the rider, never activates it, and offers Sam to no question."""
    context = battle_context("priority")
    context = replace(
        context,
        fighters=tuple(
            replace(f, arrives=2) if f.key in ("p2", "p6") else f
            for f in context.fighters
        ),
    )
    log = Log(context)
    walk = begin_walk(context, log.state, seen={"p5": False, "p7": False})
    assert walk.ask is None and "p6" not in [f.key for f, _ in walk.seen]
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first="ai"))
    state = log.state
    assert "p6" not in state.order
    walk = activation_walk(context, state, context.fighter("p5"), {})
    offered = " ".join(c.label for c in walk.question.choices)
    assert "Sam" not in offered and "Frodo" in offered
