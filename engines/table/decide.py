"""One AI activation through the engine, with the battle's own random source.

The four doctrines' decision functions take their inputs differently (a deck,
a random source, a pursuer's position); :func:`doctrine_decide` calls the one a
character's company fights under. :func:`table_deck` rebuilds the AI deck from
the state stored in the log, on a random source at the log's point.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
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
from engines.doctrines.settings import DoctrineSettings
from engines.enums import Doctrine
from engines.orders.kinds import Order, holding
from engines.table.begin import pursuit_position
from engines.table.written import PrintedStep

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
    answers: Mapping[str, str] | None = None,
) -> Decision:
    """The engine's decision for ``fighter`` in ``subject`` under its doctrine
    (a conditional shun taken only where ``answers`` say it holds)."""
    company = context.company(fighter.company)
    settings = shun_holding(company.settings, answers or {})
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
                position=pursuit_position(context, state, fighter),
                rng=rng,
                settings=settings,
            )
    assert isinstance(subject, Situation)
    return priority_decide(subject, rng=rng, settings=settings)


def shun_key(index: int) -> str:
    """The answer to the condition of the company's order number ``index`` (a
    shun: RULES §1, taken only while the players say it holds)."""
    return f"shun_{index}"


def shun_holding(
    settings: DoctrineSettings, answers: Mapping[str, str]
) -> DoctrineSettings:
    """The settings without the conditional shuns the players said do not hold
    (or were not asked: the character's walk asks those that bind it)."""
    index = {id(order): i for i, order in enumerate(settings.orders)}

    def holds(order: Order) -> bool:
        return answers.get(shun_key(index[id(order)])) == "yes"

    kept = holding(settings.orders, holds)
    if kept == settings.orders:
        return settings
    return replace(settings, orders=kept)


def step_words(context: Context, fighter: Fighter, step_id: str) -> PrintedStep:
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
                return PrintedStep(
                    section=section.title, label=step.label, short=short, text=step.text
                )
    return PrintedStep(section="", label="", short="", text="")
