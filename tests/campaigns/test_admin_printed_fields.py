"""Every admin page of the campaign models handles every printed field: a
value the pack cannot print (an emoji) or one with nothing visible in it (a
direction control alone), saved in any printed field of the page or of its
inline rows, gets that field's message on the page again, with nothing saved,
every value typed still in its field, and no error hidden in a folded
section."""

from __future__ import annotations

import html5lib
import pytest
from django import forms
from django.core.exceptions import FieldDoesNotExist

from campaigns.models import Event, EventDeck, PersistingWound
from campaigns.validators import validate_printable
from engines.events import EVENT_KEYS
from tests.campaigns.admin_helpers import admin_url, page_form_data
from tests.campaigns.dump import database_dump
from tests.campaigns.setup_helpers import build_playable

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_worker")]

HOSTILE = {
    "emoji": ("Gate 🐉", "The printed pack cannot show 🐉"),
    "bidi control": ("\u202e", "This has nothing visible in it"),
}
"""What is typed, and the start of the message the field must show."""


@pytest.fixture
def pages(campaign):
    """One change page of each model a campaign is built from, each with
    inline rows where the page has them."""
    playable = build_playable(campaign)
    character = playable.players[0]
    wound = PersistingWound.objects.create(character=character, name="Morgul blade")
    deck = EventDeck.objects.create(slug="deck", name="Deck")
    Event.objects.bulk_create(
        Event(deck=deck, card=key, title=f"Event {key}", text="Something happens.")
        for key in EVENT_KEYS
    )
    return {
        "campaign": (type(campaign), campaign.pk),
        "scene": (type(playable.scene), playable.scene.pk),
        "company": (type(playable.player_company), playable.player_company.pk),
        "character": (type(character), character.pk),
        "commander": (type(playable.ai_commander), playable.ai_commander.pk),
        "persisting wound": (PersistingWound, wound.pk),
        "event deck": (EventDeck, deck.pk),
    }


def printed_fields(response, *, every_text: bool = False) -> list[str]:
    """The posted names of the page's printed fields: the form's and its
    inline rows', where the field or its model field is checked for print
    (``every_text``: every text field)."""
    context = response.context
    every = [("", context["adminform"].form)] + [
        (f"{form.prefix}-", form)
        for inline in context["inline_admin_formsets"]
        for form in inline.formset.forms
    ]
    names = []
    for prefix, form in every:
        model = form._meta.model
        for name, field in form.fields.items():
            if field.disabled or not isinstance(field, forms.CharField):
                continue
            validators = list(field.validators)
            try:
                validators += model._meta.get_field(name).validators
            except FieldDoesNotExist:
                pass
            if name.split("_")[0] in EVENT_KEYS:  # an event deck's slot
                validators += Event._meta.get_field(name.split("_")[1]).validators
            if every_text or validate_printable in validators:
                names.append(f"{prefix}{name}")
    return names


def folded_errors(html: str) -> list[str]:
    """Error lists inside a folded (closed) section of the page."""
    tree = html5lib.parse(html, namespaceHTMLElements=False)
    return [
        " ".join("".join(e.itertext()).split())
        for details in tree.iter("details")
        if details.get("open") is None
        for e in details.iter("ul")
        if "errorlist" in (e.get("class") or "")
    ]


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
@pytest.mark.parametrize(
    "page",
    [
        "campaign",
        "scene",
        "company",
        "character",
        "commander",
        "persisting wound",
        "event deck",
    ],
)
def test_a_hostile_value_in_any_printed_field_is_told_and_nothing_is_lost(
    admin_client, pages, page, hostile
):
    model, pk = pages[page]
    url = admin_url(model, "change", pk)
    shown = admin_client.get(url)
    names = printed_fields(shown)
    texts = set(printed_fields(shown, every_text=True))
    value, message = HOSTILE[hostile]
    failures = {}
    for name in names:
        data = page_form_data(shown)
        data[name] = value
        before = database_dump()
        response = admin_client.post(url, data)
        html = response.content.decode()
        if response.status_code == 302 and value not in str(database_dump()):
            continue  # a field the form clears (a player company's AI orders)
        if response.status_code != 200:
            failures[name] = f"status {response.status_code}"
            continue
        again = page_form_data(response)
        lost = sorted(
            key
            for key, typed in data.items()
            if key in texts and again.get(key) != typed
        )
        problems = [
            *([] if message in html else ["no message"]),
            *([] if database_dump() == before else ["saved"]),
            *([f"lost {lost}"] if lost else []),
            *([f"folded {folded_errors(html)}"] if folded_errors(html) else []),
        ]
        if problems:
            failures[name] = problems
    assert (len(names) > 0, failures) == (True, {})
