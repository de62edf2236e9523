"""One AI activation through the engine, with the battle's own random source.

The four doctrines' decision functions take their inputs differently (a deck,
a random source, a pursuer's position); :func:`doctrine_decide` calls the one a
character's company fights under. :func:`table_deck` rebuilds the AI deck from
the state stored in the log, on a random source at the log's point.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.cards import Deck, DeckState
from engines.dice import Dice
from engines.doctrines import (
    Decision,
    Pursuer,
    Situation,
    deck_activate,
    horde_decide,
    priority_decide,
    procedure,
    pursuit_decide,
)
from engines.enums import Doctrine

if TYPE_CHECKING:
    from engines.table.dice import TableRandom
    from engines.table.state import Context, Fighter, State


def table_deck(rng: TableRandom, deck: dict[str, Any] | None) -> Deck:
    """The AI deck as the log left it, drawing on ``rng`` (shuffled anew when the
    log has no deck yet: battle start)."""
    dice = Dice(rng)
    if not deck:
        return Deck(dice=dice)
    return Deck(dice=dice, state=DeckState.from_data(deck))


def doctrine_decide(
    context: Context,
    state: State,
    fighter: Fighter,
    subject: Situation | Pursuer,
    *,
    rng: TableRandom,
    deck: Deck,
) -> Decision:
    """The engine's decision for ``fighter`` in ``subject`` under its doctrine."""
    company = context.company(fighter.company)
    settings = company.settings
    match company.doctrine:
        case Doctrine.DECK:
            assert isinstance(subject, Situation)
            return deck_activate(subject, deck=deck, settings=settings)
        case Doctrine.HORDE:
            assert isinstance(subject, Situation)
            return horde_decide(subject, rng=rng, settings=settings)
        case Doctrine.PURSUIT:
            assert isinstance(subject, Pursuer)
            return pursuit_decide(
                subject,
                position=state.positions.get(fighter.key, 1),
                rng=rng,
                settings=settings,
            )
    assert isinstance(subject, Situation)
    return priority_decide(subject, rng=rng, settings=settings)


def step_words(context: Context, fighter: Fighter, step_id: str) -> dict[str, str]:
    """The printed step that fired, as the AI card prints it: its section's
    title, its label, a short name (the label, with the section's name where
    the card prints the same label in other sections too) and its line."""
    company = context.company(fighter.company)
    card = procedure(company.doctrine, company.settings)
    sections_of: dict[str, set[str]] = {}
    for section in card.sections:
        for step in section.steps:
            sections_of.setdefault(step.label, set()).add(section.id)
    for section in card.sections:
        for step in section.steps:
            if step.id == step_id:
                short = step.label
                if len(sections_of[step.label]) > 1:
                    short = f"{section.title.split(' — ')[0]} {step.label}"
                return {
                    "section": section.title,
                    "label": step.label,
                    "short": short,
                    "text": step.text,
                }
    return {"section": "", "label": "", "short": "", "text": ""}
