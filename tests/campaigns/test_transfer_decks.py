"""The deck rule (twelve events, one per picture card) and deck documents."""

from __future__ import annotations

import pytest

from campaigns.models import EventDeck
from campaigns.transfer import CampaignImportError, event_deck_import
from campaigns.transfer import decks as deck_module
from campaigns.transfer.decks import deck_cards_problem

CARDS = [f"{rank}{suit}" for suit in "SHCD" for rank in "KQJ"]


def _deck(cards=CARDS, slug="mirkwood", **changes) -> dict:
    return {
        "slug": slug,
        "name": "Mirkwood",
        "description": "Spiders and elves.",
        "events": [
            {"card": c, "title": f"Event {c}", "text": "Something."} for c in cards
        ],
        **changes,
    }


def test_twelve_picture_cards_make_a_deck():
    assert deck_cards_problem(CARDS) is None


def test_a_missing_card_is_named_in_words():
    problem = deck_cards_problem([c for c in CARDS if c not in ("QH", "JD")])
    assert problem.endswith("missing: Queen of hearts, Jack of diamonds")


def test_a_card_twice_still_leaves_one_missing():
    problem = deck_cards_problem([*CARDS[:-1], "KS"])
    assert problem.endswith("missing: Jack of diamonds")


def test_a_card_that_is_not_a_picture_card_is_refused():
    assert "on no other card" in deck_cards_problem([*CARDS, "AS"])


def test_the_rule_is_the_engines(monkeypatch):
    """The site asks the engine's check, in one place."""

    def refuse(events):
        raise ValueError("no")

    monkeypatch.setattr(deck_module, "event_deck_check", refuse)
    assert deck_cards_problem(CARDS) is not None


@pytest.mark.django_db
def test_a_deck_document_makes_a_deck_with_its_twelve_events():
    deck = event_deck_import(data=_deck())
    assert (deck.slug, deck.events.count()) == ("mirkwood", 12)


@pytest.mark.django_db
def test_the_same_deck_again_is_the_deck_that_is_here():
    first = event_deck_import(data=_deck())
    assert event_deck_import(data=_deck()) == first


@pytest.mark.django_db
def test_a_different_deck_of_a_taken_slug_gets_a_fresh_slug():
    event_deck_import(data=_deck())
    other = event_deck_import(data=_deck(name="Mirkwood at night"))
    assert other.slug == "mirkwood-2"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (_deck(cards=CARDS[:11]), "event_deck.events: a deck has one event"),
        (_deck(slug="no slug"), "event_deck.slug: Enter a valid “slug”"),
        (_deck(colour="green"), "event_deck.colour: unknown field"),
        ([], "event_deck: must be an object"),
    ],
    ids=["eleven", "slug", "unknown", "list"],
)
def test_a_bad_deck_document_is_refused_and_nothing_written(data, expected):
    with pytest.raises(CampaignImportError) as caught:
        event_deck_import(data=data)
    assert (
        any(m.startswith(expected) for m in caught.value.messages),
        EventDeck.objects.exists(),
    ) == (True, False), caught.value.messages
