"""RULES §5.2: random events, drawn from the AI deck at the start of each round."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.cards import Card, Deck
from engines.dice import Dice
from engines.events import (
    EVENT_KEYS,
    PROCEDURE,
    Event,
    EventDeckError,
    event_deck_check,
    event_deck_codes_check,
    event_deck_message,
    event_draw,
)
from tests.engines.scripted import ScriptedRandom, deck_with

EVENTS = {key: Event(key=key, title=f"Event {key}", text="…") for key in EVENT_KEYS}


def test_the_twelve_picture_cards_carry_events() -> None:
    assert EVENT_KEYS == (
        "KS",
        "QS",
        "JS",
        "KH",
        "QH",
        "JH",
        "KC",
        "QC",
        "JC",
        "KD",
        "QD",
        "JD",
    )


@pytest.mark.parametrize("text", ["A♠", "2♥", "7♣", "10♦"])
def test_ace_to_ten_nothing_happens(text: str) -> None:
    """The card is discarded, not removed; no event."""
    deck = deck_with(text)
    draw = event_draw(deck=deck, events=EVENTS)
    assert (draw.step, draw.event, deck.state().discards, deck.state().removed) == (
        "nothing",
        None,
        (Card.parse(text),),
        (),
    )


def test_a_joker_reshuffles_and_nothing_happens() -> None:
    rng = ScriptedRandom()
    deck = deck_with("3♠", "Joker", rng=rng)
    event_draw(deck=deck, events=EVENTS)
    draw = event_draw(deck=deck, events=EVENTS)
    assert (draw.step, draw.event, deck.state().discards, rng.shuffled) == (
        "joker",
        None,
        (),
        [54],
    )


@pytest.mark.parametrize("key", ["KS", "QH", "JD"])
def test_a_picture_card_brings_its_event_and_is_removed(key: str) -> None:
    card = Card.parse(key)
    deck = deck_with(key)
    draw = event_draw(deck=deck, events=EVENTS)
    assert (draw.step, draw.event, deck.state().removed, deck.state().discards) == (
        "event",
        EVENTS[key],
        (card,),
        (),
    )


def test_the_event_draw_is_logged_with_its_event() -> None:
    draw = event_draw(deck=deck_with("QH"), events=EVENTS)
    assert [(e.purpose, e.card, e.outcome) for e in draw.log] == [
        ("random event", "Q♥", "event: Event QH (card removed)")
    ]


@pytest.mark.parametrize("seed", range(5))
def test_each_event_happens_at_most_once_per_battle(seed: int) -> None:
    """Over 300 rounds every event happens once, then its card is gone."""
    deck = Deck(dice=Dice(random.Random(seed)))
    happened = Counter(
        draw.event.key
        for _ in range(300)
        if (draw := event_draw(deck=deck, events=EVENTS)).event is not None
    )
    assert (set(happened.values()), len(happened), len(deck.state().removed)) == (
        {1},
        12,
        12,
    )


def test_an_event_deck_needs_all_twelve_events() -> None:
    partial = {key: EVENTS[key] for key in EVENT_KEYS[:-1]}
    with pytest.raises(ValueError):
        event_deck_check(partial)


def test_an_event_deck_has_no_other_cards() -> None:
    extra = EVENTS | {"10S": Event(key="10S", title="Ten", text="")}
    with pytest.raises(ValueError):
        event_deck_check(extra)


def test_an_event_sits_on_its_own_card() -> None:
    misfiled = EVENTS | {"KS": EVENTS["QS"]}
    with pytest.raises(ValueError):
        event_deck_check(misfiled)


RULE = "An event deck needs exactly twelve events, one for each J, Q and K of each suit"


@pytest.mark.parametrize(
    ("codes", "message"),
    [
        (EVENT_KEYS, None),
        (tuple(reversed(EVENT_KEYS)), None),
        (
            ("K♠", "Q♠", "J♠", "K♥", "Q♥", "J♥", "K♣", "Q♣", "J♣", "K♦", "Q♦", "J♦"),
            None,
        ),
        (
            ("KS", "QS", "JS"),
            f"{RULE}; missing K♥, Q♥, J♥, K♣, Q♣, J♣, K♦, Q♦ and J♦.",
        ),
        (EVENT_KEYS[1:], f"{RULE}; missing K♠."),
        (EVENT_KEYS + ("10C",), f"{RULE}; not a picture card: 10♣."),
        (EVENT_KEYS[:-1] + ("QS",), f"{RULE}; missing J♦; twice: Q♠."),
        (EVENT_KEYS + ("XY",), f"{RULE}; not a card: “XY”."),
        (
            (),
            f"{RULE}; missing " + "K♠, Q♠, J♠, K♥, Q♥, J♥, K♣, Q♣, J♣, K♦, Q♦ and J♦.",
        ),
    ],
)
def test_the_event_deck_message_says_what_is_wrong(
    codes: tuple[str, ...], message: str | None
) -> None:
    assert event_deck_message(codes) == message


def test_the_event_deck_check_raises_the_players_message() -> None:
    with pytest.raises(EventDeckError) as raised:
        event_deck_codes_check(["KS", "QS", "JS"])
    assert raised.value.message.startswith(RULE)


def test_a_complete_event_deck_passes_the_check() -> None:
    assert event_deck_codes_check(EVENT_KEYS) is None


def test_every_printed_event_step_is_drawn() -> None:
    """The printed steps are exactly the steps a draw reports."""
    steps = {
        event_draw(deck=deck_with(text), events=EVENTS).step
        for text in ("5♣", "Joker", "KS")
    }
    assert steps == set(PROCEDURE.step_ids())
