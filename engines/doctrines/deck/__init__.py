"""§5.2 Deck (000) — intent drawn from playing cards.

Pre-activation as §4 (no card is drawn for a routing character or one in
melee), then one card per activation. A joker reshuffles the deck and the
discards, and the character draws again. Ace to 10 give a trigger distance
(pips × 2 inches, an Ace one pip: 2"; adaptation: the source counts squares and
calls the Ace "adjacent"); J, Q and K shoot the closest enemy in sight and range
whatever the distance. The suit gives the intent: ♠ harm, ♥ measured, ♣ wait,
♦ discretion. A character attacked before it activates makes a defensive draw
(adaptation: the source's Return Fire / Armour / Run for Cover, given effects
in these rules). "Overwatch" adapts the source's "Stay Frosty".

"Within range after the move" is measured where the character would end its
move: a move toward the enemy that its suit allows brings a target up to its
move closer; a move away from the enemy (♦, into hard cover) takes it a full
move further. A character that cannot shoot leaves the shooting-range
condition out (it has no range to measure) and reads Shoot and Move and shoot
as Charge, Overwatch as Hold.

:func:`build` makes the card for a battle's settings; the decision functions
walk the card built from the same settings.

The modules:

- :mod:`~engines.doctrines.deck.meaning` — what a card means: trigger distance,
  intent, each suit's move;
- :mod:`~engines.doctrines.deck.suits` — the step rules of each suit;
- :mod:`~engines.doctrines.deck.defence` — the defensive draw's steps;
- :mod:`~engines.doctrines.deck.procedure` — the card as printed (:func:`build`,
  :func:`card`);
- :mod:`~engines.doctrines.deck.decide` — the decision functions.
"""

from __future__ import annotations

from engines.doctrines.deck.decide import deck_activate, deck_defend, deck_return_fire
from engines.doctrines.deck.meaning import TRIGGER_TABLE, trigger_distance
from engines.doctrines.deck.procedure import PROCEDURE, build, card

__all__ = [
    "PROCEDURE",
    "TRIGGER_TABLE",
    "build",
    "card",
    "deck_activate",
    "deck_defend",
    "deck_return_fire",
    "trigger_distance",
]
