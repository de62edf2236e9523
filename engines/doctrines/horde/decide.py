"""The horde's decision functions: an activation and the end of round."""

from __future__ import annotations

from engines.dice import Dice, RandomSource
from engines.doctrines.horde.end_of_round import (
    EndOfRound,
    HordeRound,
    HordeRoundResult,
)
from engines.doctrines.horde.procedure import card
from engines.doctrines.rules import FOLLOW_UP
from engines.doctrines.settings import DEFAULT_SETTINGS, DoctrineSettings
from engines.doctrines.situation import Decision, Situation, Turn
from engines.doctrines.steps import PRE_ACTIVATION, first, walk

# --- deciding -------------------------------------------------------------------------


def horde_decide(
    situation: Situation,
    *,
    rng: RandomSource,
    settings: DoctrineSettings | None = None,
) -> Decision:
    """One horde character's activation in its company's mode (``situation.mode``).

    A follow-up (``situation.follow_up``) is the whole procedure again, every
    rolled distance halved.
    """
    procedure = card(settings)
    turn = Turn(situation, Dice(rng), settings or DEFAULT_SETTINGS)
    first(turn, procedure.section(FOLLOW_UP).steps)
    pre = first(turn, procedure.section(PRE_ACTIVATION).steps)
    if pre is not None:
        return pre
    return walk(turn, procedure.section(situation.mode.value).steps)


def horde_end_of_round(
    horde: HordeRound,
    *,
    rng: RandomSource,
    settings: DoctrineSettings | None = None,
) -> HordeRoundResult:
    """Bleeding, reinforcements, lurking, consolidation — in that order (§5.3)."""
    state = EndOfRound(
        round=horde,
        settings=settings or DEFAULT_SETTINGS,
        dice=Dice(rng),
        members=list(horde.members),
        mode=horde.mode,
        fallen_so_far=horde.fallen_so_far,
    )
    for step in card(settings).section("end").steps:
        assert step.rule is not None
        step.rule(state, step)
    return HordeRoundResult(
        mode=state.mode,
        fallen=tuple(state.fallen),
        arrivals=tuple(state.arrivals),
        removed=tuple(state.removed),
        fallen_so_far=state.fallen_so_far,
        steps=tuple(state.steps),
        log=state.dice.entries(),
        asked=tuple(state.asked),
    )
