"""RULES §5.2: the AI deck — cards, draws, reshuffles, random selection."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.cards import FULL_DECK, JOKER, Card, Deck, DeckState
from engines.dice import Dice
from engines.enums import Suit
from tests.engines.scripted import ScriptedRandom, deck_with


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def test_the_deck_is_52_cards_and_two_jokers() -> None:
    """54 cards: 13 ranks in each of four suits, and two jokers."""
    counts = Counter(FULL_DECK)
    assert (len(FULL_DECK), counts[JOKER], len(counts)) == (54, 2, 53)


@pytest.mark.parametrize(
    ("text", "rank", "suit", "code"),
    [
        ("A♠", 14, Suit.SPADES, "AS"),
        ("K♥", 13, Suit.HEARTS, "KH"),
        ("10♦", 10, Suit.DIAMONDS, "10D"),
        ("2♣", 2, Suit.CLUBS, "2C"),
        ("JD", 11, Suit.DIAMONDS, "JD"),
    ],
)
def test_a_card_reads_its_text_and_code(
    text: str, rank: int, suit: Suit, code: str
) -> None:
    """Cards parse from symbols or letters and print their event code."""
    card = Card.parse(text)
    assert (card.rank, card.suit, card.code, Card.parse(str(card))) == (
        rank,
        suit,
        code,
        card,
    )


def test_a_joker_has_no_suit() -> None:
    """'Joker' parses to the joker, neither a number nor a picture card."""
    joker = Card.parse("Joker")
    assert (joker.is_joker, joker.is_number, joker.is_picture) == (True, False, False)


@pytest.mark.parametrize("text", ["1♠", "11♥", "Q", "K★", ""])
def test_something_else_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("A♠", "K♠"),
        ("K♦", "Q♠"),
        ("Q♣", "J♥"),
        ("J♦", "10♠"),
        ("3♦", "2♠"),
        ("6♥", "6♣"),
        ("6♠", "6♥"),
        ("6♣", "6♦"),
        ("2♦", "Joker"),
    ],
)
def test_random_selection_ranks_cards_then_suits(higher: str, lower: str) -> None:
    """A K Q J 10 … 2, then ♠ ♥ ♣ ♦."""
    assert Card.parse(higher).order > Card.parse(lower).order


def test_a_new_deck_is_the_54_cards_shuffled_and_logged() -> None:
    """Battle start shuffles all 54 cards once, and the log says so."""
    rng = ScriptedRandom()
    deck = Deck(dice=Dice(rng))
    state = deck.state()
    assert (Counter(state.draw_pile), rng.shuffled, deck.dice.entries()[0].outcome) == (
        Counter(FULL_DECK),
        [54],
        "battle start: 54 cards shuffled",
    )


def test_a_seeded_deck_is_the_same_deck() -> None:
    """The same seed gives the same order."""
    first = Deck(dice=Dice(random.Random(7))).state()
    assert Deck(dice=Dice(random.Random(7))).state() == first


def test_draw_takes_the_top_card_onto_the_discards_and_logs_it() -> None:
    deck = deck_with("Q♥", "3♣")
    card = deck.draw("orc: activation", outcome="♥ measured")
    entry = deck.dice.entries()[-1]
    assert (card, deck.state().discards, entry.card, entry.purpose, len(deck)) == (
        Card.parse("Q♥"),
        (Card.parse("Q♥"),),
        "Q♥",
        "orc: activation",
        53,
    )


def test_when_the_deck_runs_out_the_discards_become_a_new_deck() -> None:
    """An empty draw pile: the discards are shuffled into a new deck, then drawn."""
    rng = ScriptedRandom(reverse=True)
    discards = tuple(card for card in FULL_DECK if card != Card.parse("2♠"))
    deck = Deck(
        dice=Dice(rng), state=DeckState(draw_pile=cards("2♠"), discards=discards)
    )
    deck.draw("first")
    card = deck.draw("second")
    outcomes = [entry.outcome for entry in deck.dice.entries()]
    assert (card, rng.shuffled, len(deck), outcomes[1]) == (
        Card.parse("2♠"),  # the last discard, on top after the (reversing) shuffle
        [54],
        53,
        "ran out: the discards shuffled into a new deck",
    )


def test_a_reshuffle_takes_the_deck_and_the_discards() -> None:
    """Reshuffle (a joker's): every card not removed goes back into one deck."""
    rng = ScriptedRandom()
    deck = deck_with("5♠", "6♠", "7♠", rng=rng)
    deck.draw("a")
    deck.draw("b")
    deck.remove(Card.parse("6♠"))
    deck.reshuffle("joker drawn")
    state = deck.state()
    assert (len(state.draw_pile), state.discards, state.removed, rng.shuffled) == (
        53,
        (),
        cards("6♠"),
        [53],
    )


def test_a_removed_card_is_out_of_the_game() -> None:
    """A removed card is never drawn again, through any number of run-outs."""
    deck = Deck(dice=Dice(random.Random(3)))
    king = Card.parse("K♠")
    while deck.draw("find the king") != king:
        pass
    deck.remove(king)
    drawn = {deck.draw("after") for _ in range(200)}
    assert king not in drawn and len(drawn) == 52


def test_the_deck_state_survives_a_round_trip() -> None:
    deck = deck_with("K♠")
    deck.draw("event")
    deck.remove(Card.parse("K♠"))
    state = deck.state()
    assert DeckState.from_data(state.to_data()) == state


def test_a_deck_state_must_hold_every_card_once() -> None:
    with pytest.raises(ValueError):
        Deck(dice=Dice(ScriptedRandom()), state=DeckState(draw_pile=FULL_DECK[:-1]))


# --- random selection --------------------------------------------------------------


def test_random_selection_the_ace_of_spades_beats_the_king() -> None:
    deck = deck_with("K♠", "A♠")
    assert deck.select(["Sam", "Merry"], purpose="sniper target").winner == "Merry"


def test_random_selection_hearts_beat_clubs_of_the_same_rank() -> None:
    deck = deck_with("6♣", "6♥", "2♦")
    selection = deck.select(["Sam", "Merry", "Pippin"], purpose="booby trap")
    assert (selection.winner, selection.dealt) == (
        "Merry",
        (
            ("Sam", Card.parse("6♣")),
            ("Merry", Card.parse("6♥")),
            ("Pippin", Card.parse("2♦")),
        ),
    )


def test_random_selection_replaces_a_joker() -> None:
    """A joker dealt to a candidate is discarded and that candidate dealt again."""
    deck = deck_with("6♣", "Joker", "6♥")
    selection = deck.select(["Sam", "Merry"], purpose="booby trap")
    assert selection.dealt == (
        ("Sam", Card.parse("6♣")),
        ("Merry", Card.parse("6♥")),
    )


def test_random_selection_reshuffles_afterwards() -> None:
    """After the deal every card (jokers too) is shuffled back into the deck."""
    rng = ScriptedRandom()
    deck = deck_with("6♣", "Joker", "6♥", rng=rng)
    selection = deck.select(["Sam", "Merry"], purpose="booby trap")
    assert (deck.state().discards, rng.shuffled, selection.log[-1].outcome) == (
        (),
        [54],
        "after a random selection",
    )


def test_random_selection_logs_every_card_dealt() -> None:
    deck = deck_with("6♣", "Joker", "6♥")
    log = deck.select(["Sam", "Merry"], purpose="booby trap").log
    assert [(entry.purpose, entry.card) for entry in log[:4]] == [
        ("booby trap: Sam", "6♣"),
        ("booby trap: Merry", "Joker"),
        ("booby trap: Merry", "6♥"),
        ("booby trap", "6♥"),
    ]


def test_random_selection_needs_a_candidate() -> None:
    with pytest.raises(ValueError):
        deck_with().select([], purpose="nobody")
