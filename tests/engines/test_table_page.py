"""The table page's pieces read from the state (RULES §4 co-op order)."""

from __future__ import annotations

from engines.enums import Side
from engines.table.page import coop_line
from engines.table.state import state_start
from tests.engines.table_battles import battle_context


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
