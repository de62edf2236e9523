"""The table page asks what a picture card needs (RULES §5.2 "Picture cards"):
♥ ♣ ♦ J Q K shoot the closest enemy in sight within range where the move ends,
so a ♣ picture card asks for cover when a move toward would bring the enemy
within range."""

from __future__ import annotations

import pytest

from engines.enums import Action
from engines.table.decide import doctrine_decide, table_deck
from engines.table.flows import activation_walk
from tests.engines.scripted import ScriptedRandom, deck_with
from tests.engines.test_table_questions import context, state_start


def _walk(answers: dict[str, str]):
    ctx = context("deck", shooter=True)  # range 12", move 6"
    state = state_start(ctx)
    state.round = 1
    state.deck = deck_with("J♣").state().to_data()
    fighter = ctx.fighter("p5")
    return ctx, state, fighter, activation_walk(ctx, state, fighter, answers)


@pytest.mark.parametrize(("inches", "asked"), [("14", "cover"), ("19", None)])
def test_a_club_picture_card_asks_for_cover_when_the_move_brings_range(inches, asked):
    """14" away is beyond the 12" range but within it after a 6" move toward:
    the page asks what cover it can reach; 19" is beyond both: nothing more."""
    *_, walk = _walk({"melee": "no", "seen": "p1", "seen_in": inches})
    assert (None if walk.ready else walk.question.name) == asked


def test_a_club_picture_card_moves_into_hard_cover_and_shoots():
    """Told of hard cover toward, ♣J moves and shoots the enemy 14" away."""
    ctx, state, fighter, walk = _walk(
        {"melee": "no", "seen": "p1", "seen_in": "14", "cover": "hard"}
    )
    source = ScriptedRandom()
    decision = doctrine_decide(
        ctx,
        state,
        fighter,
        walk.subject,
        rng=source,
        deck=table_deck(source, state.deck),
    )
    assert (decision.action, decision.step) == (Action.MOVE_AND_SHOOT, "clubs-picture")
