"""The deck doctrine's decisions (RULES §5.2): an activation, the defensive
draw, and return fire; each walks the card built from the same settings."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.cards import Card, Deck
from engines.dice import Dice
from engines.doctrines.deck.meaning import DEFENCE, JOKER, trigger_distance
from engines.doctrines.deck.procedure import card, suit_title
from engines.doctrines.rules import FOLLOW_UP as FOLLOW_UP_ID
from engines.doctrines.settings import DEFAULT_SETTINGS, DoctrineSettings
from engines.doctrines.situation import (
    Decision,
    Situation,
    Turn,
    inches,
    within,
)
from engines.doctrines.steps import PRE_ACTIVATION, first, walk
from engines.enums import Action

# --- deciding -------------------------------------------------------------------------


def _reading(card: Card) -> str:
    if card.suit is None:
        return "joker: reshuffle and draw again"
    trigger = trigger_distance(card)
    reach = "picture card" if trigger is None else f"trigger {inches(trigger)}"
    return f"{suit_title(card.suit)}, {reach}"


def _draw(turn: Turn, deck: Deck, purpose: str) -> Card:
    """Draw until a card that is not a joker (a joker reshuffles everything)."""
    card = deck.draw(purpose, outcome=_reading)
    while card.is_joker:
        turn.path.append(JOKER)
        deck.reshuffle("joker drawn: deck and discards")
        card = deck.draw(purpose, outcome=_reading)
    turn.card = card
    return card


def deck_activate(
    situation: Situation, *, deck: Deck, settings: DoctrineSettings | None = None
) -> Decision:
    """One activation under the deck doctrine: pre-activation, else draw and read.

    A follow-up (``situation.follow_up``) is the whole procedure again at half
    move: it draws a new card.
    """
    procedure = card(settings)
    turn = Turn(situation, deck.dice, settings or DEFAULT_SETTINGS)
    first(turn, procedure.section(FOLLOW_UP_ID).steps)
    pre = first(turn, procedure.section(PRE_ACTIVATION).steps)
    if pre is not None:
        return pre
    drawn = _draw(turn, deck, f"{situation.id}: activation")
    assert drawn.suit is not None
    return walk(turn, procedure.section(drawn.suit.value).steps)


def deck_defend(
    situation: Situation,
    *,
    attacker: str,
    deck: Deck,
    settings: DoctrineSettings | None = None,
) -> Decision:
    """The defensive draw of a character attacked before it activates this round.

    A brace or a dive returns ``attack_roll_modifiers`` to pass to
    :func:`engines.combat.attack` for this attack.
    """
    if not situation.attacked_before_activating:
        raise ValueError("only a character attacked before activating draws to defend")
    turn = Turn(situation, deck.dice, settings or DEFAULT_SETTINGS)
    _draw(turn, deck, f"{situation.id}: defensive draw against {attacker}")
    decision = walk(turn, card(settings).section(DEFENCE).steps)
    if decision.action == Action.RETURN_FIRE:
        return _with_target(decision, attacker)
    return decision


def _with_target(decision: Decision, target: str) -> Decision:
    return replace(
        decision, target=target, detail=f"{decision.detail} against {target}"
    )


def deck_return_fire(
    situation: Situation,
    *,
    attacker: str,
    settings: DoctrineSettings | None = None,
) -> Decision:
    """Return fire (RULES §5.2), after the attack, by a character still standing.

    ``situation.enemies`` holds the attacker (by ``attacker``, its id): how far
    it is and whether it is in sight. No card is drawn and no die rolled; the
    decision counts as the character's activation.
    """
    step = card(settings).section(DEFENCE).steps[0]
    turn = Turn(situation, Dice(_NoChance()), settings or DEFAULT_SETTINGS)
    enemy = next((e for e in turn.situation.enemies if e.id == attacker), None)
    if enemy is None:
        raise ValueError("return fire needs its attacker in the situation")
    reach = turn.situation.shooting_range
    where = f"{attacker} at {inches(enemy.distance)}"
    if reach is not None and enemy.in_sight and within(enemy.distance, reach):
        return turn.decide(
            step,
            Action.SHOOT,
            target=attacker,
            counts_as_activated=True,
            detail=f"shoots its attacker, {where}, in sight and range",
        )
    if within(enemy.distance, turn.move):
        return turn.decide(
            step,
            Action.MOVE_INTO_MELEE,
            target=attacker,
            inches=enemy.distance,
            counts_as_activated=True,
            detail=f"charges its attacker, {where}, within its move of "
            f"{inches(turn.move)}",
        )
    return turn.decide(
        step,
        Action.HOLD,
        target=attacker,
        inches=0,
        counts_as_activated=True,
        detail=f"stays put: its attacker, {where}, is neither in sight and "
        "range nor within its move",
    )


class _NoChance:
    """Return fire rolls nothing: any roll asked of it is a bug."""

    def randint(self, a: int, b: int) -> int:
        raise AssertionError("return fire rolls no dice")

    def shuffle(self, x: list[Any]) -> None:
        raise AssertionError("return fire shuffles nothing")
