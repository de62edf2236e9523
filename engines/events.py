"""Random events (RULES §5.2): one card from the AI deck at the start of each round.

Optional per campaign, whatever the doctrines. Ace to 10: nothing. A joker:
reshuffle the deck and the discards. A jack, queen or king: that card's event
from the campaign's event deck (twelve entries — data, not code), after which
the card is removed from the game, so each event happens at most once per
battle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.cards import PICTURE_RANKS, RANK_NAMES, SUIT_ORDER, Card, Deck
from engines.dice import DiceLog
from engines.doctrines.steps import Procedure, Row, Section, Step, Table

EVENT_KEYS: tuple[str, ...] = tuple(
    f"{RANK_NAMES[rank]}{suit.letter}"
    for suit in SUIT_ORDER
    for rank in sorted(PICTURE_RANKS, reverse=True)
)
"""The twelve cards that carry an event, K Q J of ♠ ♥ ♣ ♦: ``KS``, ``QS`` … ``JD``."""


@dataclass(frozen=True, kw_only=True)
class Event:
    """One entry of an event deck: the card it sits on, a title, its rules text."""

    key: str
    title: str
    text: str


def event_deck_check(events: Mapping[str, Event]) -> None:
    """An event deck has exactly one event for each of the twelve picture cards."""
    missing = [key for key in EVENT_KEYS if key not in events]
    extra = sorted(set(events) - set(EVENT_KEYS))
    if missing or extra:
        raise ValueError(
            f"an event deck has one event per picture card (missing {missing}, "
            f"not picture cards {extra})"
        )
    for key, event in events.items():
        if event.key != key:
            raise ValueError(
                f"event {event.title!r} is filed under {key}, not {event.key}"
            )


def event_table(events: Mapping[str, Event]) -> Table:
    """The event deck as the card prints it: K♠ Sniper attack, …"""
    event_deck_check(events)
    return Table(
        "Event deck",
        tuple(Row(str(Card.parse(key)), events[key].title) for key in EVENT_KEYS),
        columns=("Card", "Event"),
    )


NOTHING, JOKER, EVENT = "nothing", "joker", "event"

PROCEDURE = Procedure(
    doctrine=None,
    title="Random events",
    source="000",
    summary="Optional per campaign, whatever the doctrines; they use the AI deck.",
    sections=(
        Section(
            id="round-start",
            title="At the start of each round, draw one card",
            steps=(
                Step(NOTHING, "A–10", "Ace to 10", "Nothing happens."),
                Step(JOKER, "Joker", "A joker", "Reshuffle the deck and the discards."),
                Step(
                    EVENT,
                    "J Q K",
                    "A jack, queen or king",
                    "That card's event from the event deck; then the card is removed "
                    "from the game: each event happens at most once per battle.",
                ),
            ),
        ),
    ),
)


@dataclass(frozen=True, kw_only=True)
class EventDraw:
    """What the start-of-round draw did: the card, the step, the event if any."""

    card: Card
    step: str
    reason: str
    event: Event | None
    log: DiceLog


def _reading(events: Mapping[str, Event]) -> Callable[[Card], str]:
    def read(card: Card) -> str:
        if card.is_joker:
            return "joker: reshuffle"
        if card.is_picture:
            return f"event: {events[card.code].title} (card removed)"
        return "nothing happens"

    return read


def event_draw(*, deck: Deck, events: Mapping[str, Event]) -> EventDraw:
    """Draw the round's random-event card and read it (the event's card is removed)."""
    event_deck_check(events)
    start = len(deck.dice.log)
    card = deck.draw("random event", outcome=_reading(events))
    event = None
    if card.is_joker:
        step = JOKER
        deck.reshuffle("joker drawn for a random event")
    elif card.is_picture:
        step = EVENT
        event = events[card.code]
        deck.remove(card)
    else:
        step = NOTHING
    return EventDraw(
        card=card,
        step=step,
        reason=PROCEDURE.step(step).text,
        event=event,
        log=tuple(deck.dice.log[start:]),
    )
