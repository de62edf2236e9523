"""The page offers exactly what the battle takes: along whole battles of every
doctrine, each tap button, defensive draw and the phase's own action the table
page's presenter shows is a legal action, and every character the battle takes
a tap for has its buttons."""

from __future__ import annotations

import random

import pytest

from campaigns.presenters.table_page import defenders, groups, phase_of, side_taps
from engines.enums import Doctrine
from engines.table.kinds import ActionKind, Phase
from engines.table.moves import Defend, TellTap, action_legal, legal_actions
from tests.engines.table_battles import Log, battle_context
from tests.engines.table_player import TruthfulPlayer

PHASE_ACTIONS = {
    Phase.BEGIN: ActionKind.BEGIN,
    Phase.CHOOSE: ActionKind.FIRST,
    Phase.ACTIVATE: ActionKind.ACTIVATE,
    Phase.END_ROUND: ActionKind.END_ROUND,
    Phase.ORDERS: ActionKind.ROUND_ORDERS,
}


def offered_taps(context, state) -> list[TellTap]:
    rows, _ = groups(context, state, "", True)
    taps = [tap for group in rows for row in group.rows for tap in row.taps]
    taps += [group.tap for group in rows if group.tap is not None]
    taps += list(side_taps(state, True))
    return [
        TellTap(
            tap=t.tap,
            key=t.key,
            company=t.company,
            side=t.side,
            objective=t.objective,
        )
        for t in taps
    ]


@pytest.mark.parametrize("doctrine", list(Doctrine))
def test_the_page_offers_exactly_the_legal_actions(doctrine) -> None:
    log = Log(battle_context(doctrine, seed=9))
    player = TruthfulPlayer(log, random.Random(9))
    for _ in range(60):
        context, state = log.context, log.state
        legal = legal_actions(context, state)
        for tap in offered_taps(context, state):
            assert action_legal(context, state, tap), tap
        for key, _ in defenders(context, state):
            assert action_legal(context, state, Defend(key=key))
        tapped = {item.key for item in legal if item.kind is ActionKind.TAP}
        rows, _ = groups(context, state, "", True)
        with_buttons = {row.key for g in rows for row in g.rows if row.taps}
        assert tapped - {""} == with_buttons
        phase = phase_of(context, state)
        if phase in PHASE_ACTIONS:
            assert PHASE_ACTIONS[phase] in {item.kind for item in legal}
        if player.step() is None:
            break
