"""Table mode's flow (RULES §4, §5) over whole battles played at random by a
truthful player through the engine's own questions: what holds for every
entry of every battle.

- every entry moves the state on by one (the log's versions are consecutive)
  and the random source never goes back;
- undoing an entry gives exactly the fold of the log without it;
- an entry made again from its stored inputs at the same point is the same
  entry (a replay from the seed gives every answer again);
- every decision the page makes from the answers alone is the doctrine
  engine's decision on the whole table, with the same cards and dice;
- no AI character activates twice in a round but for its one follow-up;
- the horde's reinforcements never bring it past its cap.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.doctrines import DoctrineSettings
from engines.enums import Doctrine, Side
from engines.table.moves import entry_compute
from engines.table.state import state_fold
from tests.engines.table_battles import Log, battle_context
from tests.engines.table_player import TruthfulPlayer

RUNS = settings(max_examples=25, deadline=None, database=None)
MAX_ENTRIES = 90

seeds = st.integers(min_value=0, max_value=2**31 - 1)


def play(doctrine: Doctrine, seed: int, **context) -> TruthfulPlayer:
    """A whole battle (or its first entries), every invariant checked at
    every entry."""
    rng = random.Random(seed)
    log = Log(battle_context(doctrine, seed=seed, length=rng.randint(2, 4), **context))
    player = TruthfulPlayer(log, rng)
    activations: dict[tuple[int, str], int] = {}
    follow_ups: dict[tuple[int, str], int] = {}
    for _ in range(MAX_ENTRIES):
        before = log.state
        draft = player.step()
        if draft is None:
            break
        after = log.state
        assert after.entries == before.entries + 1 == len(log.entries)
        assert after.draws >= before.draws
        assert state_fold(log.context, log.entries[:-1]) == before
        again = entry_compute(
            log.context, before, draft.kind, draft.data["inputs"], draft.subject
        )
        assert again == draft
        if player.rng.random() < 0.05:
            log.undo()
            assert log.state == before
            continue
        turn = (draft.round, draft.subject)
        if draft.kind == "activation" and not draft.data["decision"]["follow_up"]:
            activations[turn] = activations.get(turn, 0) + 1
            assert activations[turn] == 1, turn
        if draft.kind == "activation" and draft.data["decision"]["follow_up"]:
            # Its one follow-up: right after it felled its enemy in melee.
            follow_ups[turn] = follow_ups.get(turn, 0) + 1
            assert before.follow_up == draft.subject, turn
            assert follow_ups[turn] == 1 == activations.get(turn), turn
        if draft.kind == "end_round":
            check_the_cap(log, before, draft)
    for mine, theirs in player.compared:
        assert mine == theirs
    return player


def check_the_cap(log: Log, before, draft) -> None:
    """Reinforcements come only while fewer horde characters than the cap are
    on the table, every horde company counted."""
    context = log.context
    on_table = [
        f
        for f in before.fighters_on_table(context, Side.AI)
        if context.company(f.company).horde
    ]
    bled = sum(len(h["bled"]) for h in draft.data["hordes"])
    came = sum(len(h["arrivals"]) for h in draft.data["hordes"])
    cap = context.hordes[0].settings.reinforcement_cap
    assert came <= max(0, cap - (len(on_table) - bled))


@pytest.mark.parametrize("doctrine", list(Doctrine))
@RUNS
@given(seed=seeds)
def test_a_battle_played_truthfully_keeps_every_invariant(doctrine, seed):
    player = play(doctrine, seed)
    assert player.log.entries


@RUNS
@given(seed=seeds, cap=st.integers(min_value=1, max_value=6))
def test_two_reinforced_hordes_share_one_cap(seed, cap):
    settings_ = DoctrineSettings(reinforcements=True, reinforcement_cap=cap)
    play(Doctrine.HORDE, seed, hordes=2, settings=settings_)


def test_the_truthful_player_compares_decisions():
    """The property above is not empty: across a few battles of every doctrine
    the player compares many decisions, return fire among them."""
    compared = []
    for doctrine in Doctrine:
        for seed in range(6):
            compared += play(doctrine, seed).compared
    assert len(compared) > 100
    assert any(m["step"] == "defence-return-fire" for m, _ in compared)
