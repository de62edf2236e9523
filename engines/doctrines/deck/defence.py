"""The defensive draw (RULES §5.2): a character attacked before it activates
draws a card — ♠ ♥ return fire, ♣ brace, ♦ dive for cover."""

from __future__ import annotations

from engines.doctrines.deck.meaning import DEFENCE
from engines.doctrines.rules import share_word
from engines.doctrines.situation import Decision, Turn, inches
from engines.doctrines.steps import Section, Step
from engines.enums import Action, Suit
from engines.text import signed

# --- defensive draw -------------------------------------------------------------------

RETURN_FIRE_SUITS = (Suit.SPADES, Suit.HEARTS)
BRACE_DEFENCE = 1
"""Brace: +1 defence against this attack."""
DIVE_ATTACK_ROLL = -1
"""Dive for cover: −1 to this attack roll."""
DIVE_MOVE = 0.5
"""Dive for cover: half its move to the nearest cover."""

BRACE = (f"brace: {signed(BRACE_DEFENCE)} defence", -BRACE_DEFENCE)
"""Brace on the attack roll: +1 defence is −1 to the roll (§4)."""
DIVE_FOR_COVER = ("dive for cover", DIVE_ATTACK_ROLL)
"""Dive for cover on the attack roll."""


def _return_fire(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if turn.card.suit not in RETURN_FIRE_SUITS:
        return None
    return turn.decide(step, Action.RETURN_FIRE, detail="returns fire after the attack")


RETURN_FIRE_RULE = (
    "Return fire: after the attack, if it still stands, it shoots its attacker "
    "when in sight and within range, else moves into melee with it when within "
    "move, else stays put. No card is drawn for it; it counts as activated."
)
"""RULES §5.2's one fixed answer to a ♠ or ♥ defensive draw."""


def _brace(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if turn.card.suit != Suit.CLUBS:
        return None
    return turn.decide(
        step,
        Action.BRACE,
        attack_roll_modifiers=(BRACE,),
        detail=f"{signed(BRACE_DEFENCE)} defence against this attack",
    )


def _dive_for_cover(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if turn.card.suit != Suit.DIAMONDS:
        return None
    move = turn.situation.move * DIVE_MOVE
    return turn.decide(
        step,
        Action.DIVE_FOR_COVER,
        inches=move,
        attack_roll_modifiers=(DIVE_FOR_COVER,),
        counts_as_activated=True,
        detail=f"{signed(DIVE_ATTACK_ROLL)} to this attack roll, then up to "
        f"{inches(move)} to the nearest cover",
    )


def defence_section() -> Section:
    return Section(
        id=DEFENCE,
        title="Defensive draw",
        intro="When an AI character that has not activated this round is "
        "attacked, draw:",
        steps=(
            Step(
                "defence-return-fire",
                "♠ ♥",
                "Spades or hearts",
                RETURN_FIRE_RULE,
                rule=_return_fire,
                actions=(Action.RETURN_FIRE,),
            ),
            Step(
                "defence-brace",
                "♣",
                "Clubs",
                f"Brace: {signed(BRACE_DEFENCE)} defence against this attack.",
                rule=_brace,
                actions=(Action.BRACE,),
            ),
            Step(
                "defence-dive",
                "♦",
                "Diamonds",
                f"Dive for cover: {signed(DIVE_ATTACK_ROLL)} to this attack roll, "
                f"then it moves {share_word(DIVE_MOVE)} its move to the nearest "
                "cover and counts as activated.",
                rule=_dive_for_cover,
                actions=(Action.DIVE_FOR_COVER,),
            ),
        ),
    )
