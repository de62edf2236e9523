"""Legal actions (engines/table/moves.py): the battle says what it takes now,
and takes nothing else."""

from __future__ import annotations

import random

import pytest

from engines.enums import Doctrine, EndReason, Side
from engines.table.errors import TableRefused
from engines.table.kinds import ActionKind
from engines.table.moves import (
    Activate,
    BeginRound,
    ChooseFirst,
    EndBattle,
    EndRound,
    Legal,
    TellTap,
    action_legal,
    action_take,
    entry_action,
    legal_actions,
)
from engines.table.state import state_fold
from engines.table.victory import TableEnding
from tests.engines.table_battles import Log, battle_context
from tests.engines.table_player import TruthfulPlayer


def kinds(legal) -> set[ActionKind]:
    return {item.kind for item in legal}


def test_before_the_first_round_only_beginning_it_is_legal() -> None:
    log = Log(battle_context(Doctrine.PRIORITY))
    assert legal_actions(log.context, log.state) == (Legal(ActionKind.BEGIN),)
    with pytest.raises(TableRefused, match="begin the first round"):
        action_take(log.context, log.state, EndBattle(reason="objective"))


def started(doctrine: Doctrine = Doctrine.PRIORITY) -> Log:
    """Round 1 begun, the AI to act (the humans, winning, let it go first)."""
    log = Log(battle_context(doctrine))
    log.add(lambda c, s: action_take(c, s, BeginRound()))
    if log.state.question().phase == "choose":
        assert kinds(legal_actions(log.context, log.state)) >= {ActionKind.FIRST}
        assert ActionKind.ACTIVATE not in kinds(legal_actions(log.context, log.state))
        log.add(lambda c, s: action_take(c, s, ChooseFirst(first=Side.AI.value)))
    return log


def test_while_an_activation_is_due_the_round_cannot_begin_or_end() -> None:
    for doctrine in (Doctrine.PRIORITY, Doctrine.HORDE):
        log = started(doctrine)
        nxt = log.state.question().key
        legal = legal_actions(log.context, log.state)
        assert Legal(ActionKind.ACTIVATE, key=nxt) in legal
        assert not {ActionKind.BEGIN, ActionKind.END_ROUND} & kinds(legal)
        with pytest.raises(TableRefused, match="acts next"):
            action_take(log.context, log.state, BeginRound())
        with pytest.raises(TableRefused, match="acts next"):
            action_take(log.context, log.state, EndRound())


def test_the_players_saying_the_rest_cannot_act_end_the_round() -> None:
    log = started()
    assert action_legal(log.context, log.state, BeginRound(skipping=True))
    log = started(Doctrine.HORDE)
    assert action_legal(log.context, log.state, EndRound(skipping=True))
    assert not action_legal(log.context, log.state, BeginRound(skipping=True))


def test_only_the_next_ai_character_activates() -> None:
    log = started()
    state = log.state
    nxt = state.question().key
    others = [k for k in state.order if k != nxt]
    assert action_legal(log.context, state, Activate(key=nxt))
    assert not any(action_legal(log.context, state, Activate(key=k)) for k in others)
    assert not action_legal(log.context, state, Activate(key=nxt, follow_up=True))


def test_taps_are_legal_only_for_characters_on_the_table() -> None:
    log = started()
    frodo = log.context.fighters[0]
    assert action_legal(log.context, log.state, TellTap(tap="wound", key=frodo.key))
    log.add(lambda c, s: action_take(c, s, TellTap(tap="fell", key=frodo.key)))
    for tap in ("wound", "fell", "routed", "left"):
        told = TellTap(tap=tap, key=frodo.key)
        assert not action_legal(log.context, log.state, told)
    assert not action_legal(log.context, log.state, TellTap(tap="wound", key="p99"))
    assert action_legal(log.context, log.state, TellTap(tap="side_routed", side="ai"))


@pytest.mark.parametrize("doctrine", list(Doctrine))
def test_a_battle_played_through_takes_only_legal_actions(doctrine) -> None:
    """Every entry the truthful player makes (the phase's action, taps, draws
    and selections) is one the battle offered: the fixtures' battles replay
    through action_take unchanged."""
    log = Log(battle_context(doctrine, seed=7))
    player = TruthfulPlayer(log, random.Random(7))
    for _ in range(60):
        if player.step() is None:
            break
    assert log.entries
    replay = Log(log.context)
    for draft in log.entries:
        action = entry_action(draft.kind, draft.data["inputs"], draft.subject)
        state = state_fold(replay.context, replay.entries)
        again = action_take(replay.context, state, action)
        assert again == draft
        replay.entries.append(again)


ENDED_HERE = TableEnding(
    text="Frodo has fallen or left the table: the AI side wins.",
    reason=EndReason.OBJECTIVE,
    side=Side.AI,
    at_once=True,
)
"""The battle's end by its scene's rules, met at once."""


def test_once_the_scenes_rules_end_the_battle_only_taps_and_its_end_are_legal():
    log = started()
    legal = legal_actions(log.context, log.state, ending=ENDED_HERE)
    assert kinds(legal) == {ActionKind.TAP, ActionKind.END}
    nxt = log.state.question().key
    with pytest.raises(TableRefused, match="over by the scene's rules"):
        action_take(log.context, log.state, Activate(key=nxt), ending=ENDED_HERE)
    end = EndBattle(reason="objective", side="ai")
    assert action_take(log.context, log.state, end, ending=ENDED_HERE).kind == "end"


def test_an_ending_at_the_last_round_leaves_the_actions_as_they_are():
    log = started()
    later = TableEnding(text="The humans hold out.", reason=EndReason.OBJECTIVE)
    assert legal_actions(log.context, log.state, ending=later) == legal_actions(
        log.context, log.state
    )
