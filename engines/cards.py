"""The AI deck (RULES §5.2): 54 playing cards, draws, reshuffles, random selection.

One deck per battle for the AI side: the 52 cards and two jokers, shuffled at
battle start. A drawn card goes to the discards; when the deck runs out the
discards are shuffled into a new deck; a joker drawn for an activation, a
defensive draw or a random event reshuffles the deck *and* the discards. A
random event's card is removed from the game (each event happens at most once).

The deck is chance made explicit: it shuffles with the injected random source of
its :class:`~engines.dice.Dice` and records every draw and every shuffle in that
dice's log, so one seed gives one battle's cards in one order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engines.dice import Dice, DiceLog, LogEntry
from engines.enums import Suit

# --- the cards ------------------------------------------------------------------------

ACE = 14
"""Aces rank above kings (§5.2: A K Q J 10 … 2)."""
JACK, QUEEN, KING = 11, 12, 13
PICTURE_RANKS = (JACK, QUEEN, KING)
RANKS = tuple(range(2, ACE + 1))
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Highest first: ♠ ♥ ♣ ♦ breaks ties of rank (§5.2 random selection)."""

RANK_NAMES = {ACE: "A", KING: "K", QUEEN: "Q", JACK: "J"}
RANKS_BY_NAME = {RANK_NAMES.get(rank, str(rank)): rank for rank in RANKS}
JOKER_NAME = "Joker"


@dataclass(frozen=True)
class Card:
    """A playing card: rank 2–14 (14 = Ace) and a suit, or a joker (rank 0)."""

    rank: int
    suit: Suit | None

    def __post_init__(self) -> None:
        if self.suit is None and self.rank != 0:
            raise ValueError("only a joker has no suit")
        if self.suit is not None and self.rank not in RANKS:
            raise ValueError(f"no card of rank {self.rank}")

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_picture(self) -> bool:
        """J, Q or K."""
        return self.rank in PICTURE_RANKS

    @property
    def is_number(self) -> bool:
        """Ace to 10: the cards that give a trigger distance."""
        return not self.is_joker and not self.is_picture

    @property
    def pips(self) -> int:
        """The number a card counts as: Ace 1, 2–10 their number (J Q K: rank)."""
        return 1 if self.rank == ACE else self.rank

    @property
    def rank_name(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def code(self) -> str:
        """Rank then suit letter, the key of an event (``KS``, ``QH``, ``10D``)."""
        if self.suit is None:
            return JOKER_NAME
        return f"{self.rank_name}{self.suit.letter}"

    @property
    def order(self) -> tuple[int, int]:
        """Sort key, higher is better: rank, then ♠ ♥ ♣ ♦ (jokers lowest)."""
        if self.suit is None:
            return (0, 0)
        return (self.rank, len(SUIT_ORDER) - SUIT_ORDER.index(self.suit))

    def __str__(self) -> str:
        if self.suit is None:
            return JOKER_NAME
        return f"{self.rank_name}{self.suit.symbol}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``Q♥``, ``QH``, ``10♠`` or ``Joker`` back into a card."""
        text = text.strip()
        if text.lower() == JOKER_NAME.lower():
            return JOKER
        rank_text, suit_text = text[:-1].upper(), text[-1:]
        suit = next(
            (s for s in Suit if suit_text in (s.symbol, s.letter, s.letter.lower())),
            None,
        )
        rank = RANKS_BY_NAME.get(rank_text)
        if suit is None or rank is None:
            raise ValueError(f"not a card: {text!r}")
        return cls(rank, suit)


JOKER = Card(0, None)
JOKERS = 2
FULL_DECK: tuple[Card, ...] = (
    tuple(Card(rank, suit) for suit in SUIT_ORDER for rank in RANKS) + (JOKER,) * JOKERS
)
"""The 54 cards of the AI deck, in a fixed order before the first shuffle."""

_NUMBER_WORDS = {2: "two"}

DECK_SETUP = (
    f"One {len(FULL_DECK)}-card deck ({_NUMBER_WORDS[JOKERS]} jokers) for the AI "
    "side, shuffled at battle start; when it runs out, the discards are shuffled "
    "into a new deck."
)
"""The deck's set-up as the cards and the setup sheet print it (RULES §5.2)."""

RANK_ORDER_TEXT = " ".join(
    RANK_NAMES.get(rank, str(rank)) for rank in sorted(RANKS, reverse=True)
)
"""A K Q J 10 9 … 2: highest first."""

RANDOM_SELECTION = (
    "Deal one card to each candidate; the highest wins. Rank "
    f"{RANK_ORDER_TEXT}, then suit {' '.join(s.symbol for s in SUIT_ORDER)}. "
    "Jokers are discarded and replaced; reshuffle afterwards."
)
"""Random selection as the cards print it (RULES §5.2)."""


# --- the deck -------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckState:
    """Where every card is, to store a deck between requests.

    ``draw_pile[0]`` is the top card. Every card of :data:`FULL_DECK` is in
    exactly one of the three piles.
    """

    draw_pile: tuple[Card, ...]
    discards: tuple[Card, ...] = ()
    removed: tuple[Card, ...] = ()

    def to_data(self) -> dict[str, list[str]]:
        return {
            "draw_pile": [str(card) for card in self.draw_pile],
            "discards": [str(card) for card in self.discards],
            "removed": [str(card) for card in self.removed],
        }

    @classmethod
    def from_data(cls, data: dict[str, Iterable[str]]) -> DeckState:
        return cls(
            draw_pile=tuple(Card.parse(text) for text in data.get("draw_pile", ())),
            discards=tuple(Card.parse(text) for text in data.get("discards", ())),
            removed=tuple(Card.parse(text) for text in data.get("removed", ())),
        )


@dataclass(frozen=True)
class Selection:
    """A random selection: who won, the card each candidate was dealt, the log."""

    winner: str
    dealt: tuple[tuple[str, Card], ...]
    log: DiceLog


class Deck:
    """The AI side's deck for one battle.

    Built on a :class:`Dice`: the deck shuffles with its random source and logs
    every draw and shuffle in its log. Without a ``state`` the 54 cards are
    shuffled into a new deck (battle start).
    """

    def __init__(
        self, *, dice: Dice, state: DeckState | None = None, name: str = "AI deck"
    ) -> None:
        self.dice = dice
        self.name = name
        if state is None:
            self._pile = list(FULL_DECK)
            self._discards: list[Card] = []
            self._removed: list[Card] = []
            self._shuffle("battle start: 54 cards shuffled")
        else:
            if sorted(
                state.draw_pile + state.discards + state.removed, key=_card_key
            ) != sorted(FULL_DECK, key=_card_key):
                raise ValueError("a deck holds each of the 54 cards exactly once")
            self._pile = list(state.draw_pile)
            self._discards = list(state.discards)
            self._removed = list(state.removed)

    # -- what it holds --

    def state(self) -> DeckState:
        return DeckState(
            draw_pile=tuple(self._pile),
            discards=tuple(self._discards),
            removed=tuple(self._removed),
        )

    def __len__(self) -> int:
        """Cards left to draw before the discards are shuffled in."""
        return len(self._pile)

    # -- chance --

    def draw(self, purpose: str, *, outcome: str | Callable[[Card], str] = "") -> Card:
        """Draw the top card onto the discards, logged with ``purpose``.

        ``outcome`` is a text, or a function of the card that reads it, so the
        log says what the card meant. When the deck has run out, the discards
        are first shuffled into a new deck. A joker is drawn like any card: the
        caller reads it (§5.2 says what a joker means for each kind of draw).
        """
        if not self._pile:
            if not self._discards:
                raise RuntimeError("no card left to draw")
            self._pile, self._discards = self._discards, []
            self._shuffle("ran out: the discards shuffled into a new deck")
        card = self._pile.pop(0)
        self._discards.append(card)
        text = outcome(card) if callable(outcome) else outcome
        self.dice.record(LogEntry(purpose=purpose, card=str(card), outcome=text))
        return card

    def reshuffle(self, reason: str) -> None:
        """Shuffle the deck and the discards together into a new deck."""
        self._pile.extend(self._discards)
        self._discards = []
        self._shuffle(reason)

    def remove(self, card: Card) -> None:
        """Take a drawn card out of the game (an event's card, §5.2)."""
        self._discards.remove(card)
        self._removed.append(card)

    def select(self, candidates: Sequence[str], *, purpose: str) -> Selection:
        """Random selection (§5.2): one card each, the highest wins.

        Rank A K Q J 10 … 2, then ♠ ♥ ♣ ♦. A joker is discarded and the
        candidate dealt another card. The deck and discards are reshuffled
        afterwards.
        """
        if not candidates:
            raise ValueError("a random selection needs at least one candidate")
        start = len(self.dice.log)
        dealt: list[tuple[str, Card]] = []
        for candidate in candidates:
            card = self.draw(f"{purpose}: {candidate}", outcome=_selection_reading)
            while card.is_joker:
                card = self.draw(f"{purpose}: {candidate}", outcome=_selection_reading)
            dealt.append((candidate, card))
        winner, best = max(dealt, key=lambda pair: pair[1].order)
        self.dice.record(
            LogEntry(purpose=purpose, card=str(best), outcome=f"{winner} selected")
        )
        self.reshuffle("after a random selection")
        return Selection(
            winner=winner, dealt=tuple(dealt), log=tuple(self.dice.log[start:])
        )

    def _shuffle(self, reason: str) -> None:
        self.dice.rng.shuffle(self._pile)
        self.dice.record(LogEntry(purpose=f"{self.name}: shuffle", outcome=reason))


def _selection_reading(card: Card) -> str:
    return "joker: discarded and replaced" if card.is_joker else ""


def _card_key(card: Card) -> tuple[int, int]:
    return card.order
