"""Dealt entry edges (RULES §1): one card per character, its suit the edge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engines.battlefield.numbers import EDGE_OF_SUIT
from engines.battlefield.specs import Arriving
from engines.battlefield.table import Battlefield
from engines.battlefield.zones import EntryCard
from engines.cards import Card, Deck
from engines.dice import Dice

ENTRY_EDGE_PURPOSE = "entry edge:"
"""The dice log's purpose for a dealt entry edge: 'entry edge: Khamûl'."""


def deal_entry_edges(
    battlefield: Battlefield, characters: Sequence[Arriving], *, dice: Dice
) -> Battlefield:
    """Deal one card to each character of a company whose entry edge is dealt;
    the suit is its edge (♠ north, ♥ east, ♣ south, ♦ west). A joker is
    discarded and another card dealt. One fresh deck, logged with the setup."""
    dealt = [f for f in battlefield.forces if f.arrival is not None and f.arrival.dealt]
    if not dealt:
        return battlefield
    deck = Deck(dice=dice, name="entry deck")
    forces = []
    for force in battlefield.forces:
        if force not in dealt:
            forces.append(force)
            continue
        cards = []
        for character in characters:
            if character.company != force.key:
                continue
            card = _deal(deck, character.name)
            assert card.suit is not None
            cards.append(
                EntryCard(
                    key=character.key,
                    name=character.name,
                    card=str(card),
                    edge=EDGE_OF_SUIT[card.suit],
                )
            )
        assert force.arrival is not None
        forces.append(
            replace(force, arrival=replace(force.arrival, cards=tuple(cards)))
        )
    return replace(battlefield, forces=tuple(forces))


def _deal(deck: Deck, name: str) -> Card:
    def read(card: Card) -> str:
        if card.suit is None:
            return "joker: dealt again"
        return f"enters at the {EDGE_OF_SUIT[card.suit]} edge"

    card = deck.draw(f"{ENTRY_EDGE_PURPOSE} {name}", outcome=read)
    while card.is_joker:
        card = deck.draw(f"{ENTRY_EDGE_PURPOSE} {name}", outcome=read)
    return card
