"""An event deck in the admin: twelve fixed slots, J Q K of each suit, and a
deck used for random events must have all twelve (the engine's check)."""

from __future__ import annotations

import pytest

from campaigns.models import Campaign, Event, EventDeck
from campaigns.selectors.event_decks import event_deck_problem
from engines.events import EVENT_KEYS
from tests.campaigns.admin_helpers import admin_url, errors_of, page_form_data

pytestmark = pytest.mark.django_db


def filled(data, keys=EVENT_KEYS):
    for key in keys:
        data[f"{key}_title"] = f"Event {key}"
        data[f"{key}_text"] = f"What {key} does."
    return data


def test_the_add_page_has_twelve_slots_king_queen_jack_of_each_suit(admin_client):
    response = admin_client.get(admin_url(EventDeck, "add"))

    fieldsets = response.context["adminform"].fieldsets
    slots = [
        line[0][:2] for _name, options in fieldsets[1:] for line in options["fields"]
    ]
    assert slots == list(EVENT_KEYS)


def test_the_slots_are_labelled_with_their_cards(admin_client):
    response = admin_client.get(admin_url(EventDeck, "add"))

    form = response.context["adminform"].form
    assert [form.fields[f"{key}_title"].label for key in ("KS", "QH", "JD")] == [
        "K♠ event",
        "Q♥ event",
        "J♦ event",
    ]


def test_the_name_comes_before_the_slug_which_is_filled_in_from_it(admin_client):
    response = admin_client.get(admin_url(EventDeck, "add"))

    assert response.context["adminform"].fieldsets[0][1]["fields"][:2] == (
        "name",
        "slug",
    )


def test_twelve_filled_slots_make_twelve_events(admin_client):
    url = admin_url(EventDeck, "add")
    data = filled(page_form_data(admin_client.get(url)))
    data.update(name="Neon Streets", slug="neon-streets")

    response = admin_client.post(url, data)

    assert response.status_code == 302, errors_of(response)
    deck = EventDeck.objects.get(slug="neon-streets")
    assert sorted(deck.events.values_list("card", flat=True)) == sorted(EVENT_KEYS)


def test_a_deck_of_three_saves_with_a_warning_naming_what_is_missing(admin_client):
    url = admin_url(EventDeck, "add")
    data = filled(page_form_data(admin_client.get(url)), ["KS", "QS", "JS"])
    data.update(name="Draft", slug="draft")

    response = admin_client.post(url, data, follow=True)

    warnings = [
        str(m) for m in response.context["messages"] if m.level_tag == "warning"
    ]
    assert "3 of its 12 events are filled in" in warnings[0] and "K♥" in warnings[0]


def test_a_slot_with_a_title_but_no_text_is_an_error(admin_client):
    url = admin_url(EventDeck, "add")
    data = page_form_data(admin_client.get(url))
    data.update(name="Half", slug="half", QH_title="Rain")

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "QH_title: Give the Q♥ event a title and what happens, or leave both empty."
    ]


def test_emptying_a_slot_removes_its_event(admin_client):
    deck = EventDeck.objects.create(name="Deck", slug="deck")
    Event.objects.create(deck=deck, card="KS", title="Sniper", text="Bang.")
    Event.objects.create(deck=deck, card="QS", title="Rain", text="Wet.")
    url = admin_url(EventDeck, "change", deck.pk)
    data = page_form_data(admin_client.get(url))
    data.pop("QS_title")
    data.pop("QS_text")

    admin_client.post(url, data)

    assert list(deck.events.values_list("card", flat=True)) == ["KS"]


def test_a_deck_used_for_random_events_must_keep_all_twelve(admin_client, user):
    deck = EventDeck.objects.create(name="Deck", slug="deck")
    for key in EVENT_KEYS:
        Event.objects.create(deck=deck, card=key, title=key, text=key)
    Campaign.objects.create(
        owner=user, name="C", slug="c", random_events=True, event_deck=deck
    )
    url = admin_url(EventDeck, "change", deck.pk)
    data = page_form_data(admin_client.get(url))
    data.pop("JD_title")
    data.pop("JD_text")

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "__all__: A campaign draws random events from this deck, so it needs all 12: "
        "11 of its 12 events are filled in: random events need one for every jack, "
        "queen and king; still missing J♦."
    ]


def test_random_events_cannot_be_turned_on_with_an_incomplete_deck(
    admin_client, campaign
):
    deck = EventDeck.objects.create(name="Short", slug="short")
    Event.objects.create(deck=deck, card="KS", title="Sniper", text="Bang.")
    url = admin_url(Campaign, "change", campaign.pk)
    data = page_form_data(admin_client.get(url))
    data.update(random_events="on", event_deck=deck.pk)

    response = admin_client.post(url, data)

    assert errors_of(response)[0].startswith(
        "event_deck: “Short” cannot be used for random events yet: 1 of its 12"
    )


def test_the_deck_check_accepts_a_full_deck():
    assert event_deck_problem(titles={key: key for key in EVENT_KEYS}) is None


def test_the_deck_check_names_the_missing_cards_in_order():
    problem = event_deck_problem(titles={"KS": "a", "QS": "b"})

    assert problem.endswith("still missing J♠, K♥, Q♥, J♥, K♣, Q♣, J♣, K♦, Q♦, J♦.")
