"""Random events (RULES §5.2): one card from the AI deck at the start of each round.

Optional per campaign, whatever the doctrines. Ace to 10: nothing. A joker:
reshuffle the deck and the discards. A jack, queen or king: that card's event
from the campaign's event deck (twelve entries — data, not code), after which
the card is removed from the game, so each event happens at most once per
battle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from engines.cards import PICTURE_RANKS, RANK_NAMES, SUIT_ORDER, Card, Deck
from engines.dice import DiceLog
from engines.doctrines.steps import Procedure, Section, Step
from engines.orders.kinds import NoEnemyInSight
from engines.orders.places import Place, PlaceKind
from engines.text import words

EVENT_KEYS: tuple[str, ...] = tuple(
    f"{RANK_NAMES[rank]}{suit.letter}"
    for suit in SUIT_ORDER
    for rank in sorted(PICTURE_RANKS, reverse=True)
)
"""The twelve cards that carry an event, K Q J of ♠ ♥ ♣ ♦: ``KS``, ``QS`` … ``JD``."""


@dataclass(frozen=True, kw_only=True)
class Event:
    """One entry of an event deck: the card it sits on, a title, its rules text,
    and what of it the robot reads as data: the round's sight limit in inches
    (None: the event does not change sight) and whether, that round, an AI
    character that sees no enemy moves toward the nearest enemy it last saw,
    or holds (``toward_last_seen``)."""

    key: str
    title: str
    text: str
    sight_limit: int | None = None
    toward_last_seen: bool = False


@dataclass(frozen=True, kw_only=True)
class EventNoEnemy(NoEnemyInSight):
    """An event's last-seen rule as a no-enemy-in-sight order binding one
    character for one activation, named by its event (its step on the card)."""

    event: str = "the event"

    @property
    def label(self) -> str:
        return f"{self.event}: {self.what()}"


def last_seen_order(title: str, character: str, enemy: str | None) -> EventNoEnemy:
    """The ``toward_last_seen`` rule of the event titled ``title`` for
    ``character``: with no enemy in sight it moves toward ``enemy``, the
    nearest enemy it last saw (None: it holds)."""
    return EventNoEnemy(
        place=None if enemy is None else Place(kind=PlaceKind.CHARACTER, name=enemy),
        characters=(character,),
        event=title or "the event",
    )


_COUNT_WORDS = {12: "twelve"}

EVENT_DECK_RULE = (
    f"An event deck needs exactly {_COUNT_WORDS[len(EVENT_KEYS)]} events, one for "
    "each J, Q and K of each suit"
)
"""The rule a player reads when a deck breaks it."""


class EventDeckError(ValueError):
    """An event deck that is not one event per picture card; ``message`` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _card_name(code: str) -> str:
    """K♠ for ``KS`` or ``K♠``; the text itself when it is no card."""
    try:
        return str(Card.parse(code))
    except ValueError:
        return code.strip()


def _key(code: str) -> str | None:
    """The event key (``KS``) of a card code or name, None when it is no card."""
    try:
        card = Card.parse(code)
    except ValueError:
        return None
    return card.code


def event_deck_message(codes: Iterable[str]) -> str | None:
    """What is wrong with an event deck holding these cards, or None if nothing.

    ``codes`` are the card of each event (``KS`` or ``K♠``, one per event, in
    any order). The message is for players: "An event deck needs exactly twelve
    events, one for each J, Q and K of each suit; missing K♠ and Q♥; not a
    picture card: 10♣; twice: J♦."
    """
    return _deck_message(tuple(str(code) for code in codes))


@lru_cache(maxsize=64)
def _deck_message(codes: tuple[str, ...]) -> str | None:
    """:func:`event_deck_message` of these codes, worked out once (a
    playtest checks the same deck at every round's draw)."""
    keys = [_key(code) for code in codes]
    present = Counter(key for key in keys if key in EVENT_KEYS)
    missing = [key for key in EVENT_KEYS if key not in present]
    twice = [key for key in EVENT_KEYS if present[key] > 1]
    strays = [code for code, key in zip(codes, keys, strict=True) if key is None]
    others = [
        code
        for code, key in zip(codes, keys, strict=True)
        if key and key not in present
    ]
    problems = []
    if missing:
        problems.append(f"missing {words(_card_name(k) for k in missing)}")
    if others:
        problems.append(f"not a picture card: {words(_card_name(c) for c in others)}")
    if strays:
        problems.append(f"not a card: {words(f'“{c.strip()}”' for c in strays)}")
    if twice:
        problems.append(f"twice: {words(_card_name(k) for k in twice)}")
    if not problems:
        return None
    return f"{EVENT_DECK_RULE}; {'; '.join(problems)}."


def event_deck_codes_check(codes: Iterable[str]) -> None:
    """Raise :class:`EventDeckError` (with :func:`event_deck_message`) unless the
    cards are exactly the twelve picture cards, once each."""
    message = event_deck_message(codes)
    if message is not None:
        raise EventDeckError(message)


def event_deck_check(events: Mapping[str, Event]) -> None:
    """An event deck has exactly one event for each of the twelve picture cards.

    Raises :class:`EventDeckError`, a ValueError with a message for players.
    """
    event_deck_codes_check(events.keys())
    for key, event in events.items():
        if event.key != key:
            raise EventDeckError(
                f"The event “{event.title}” is filed under {_card_name(key)}, not "
                f"{_card_name(event.key)}."
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
