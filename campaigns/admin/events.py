"""Event decks: twelve fixed slots, one per jack, queen and king of each suit."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError

from campaigns.admin.builders import BuilderScopeMixin, is_builder
from campaigns.admin.common import ADMIN_CSS
from campaigns.admin.pack_inputs import PackInputsMixin
from campaigns.models import Campaign, Event, EventDeck
from campaigns.selectors.event_decks import EVENT_COUNT, card_name, event_deck_problem
from campaigns.services.event_decks import EventValues, event_deck_fill
from campaigns.validators import validate_printable
from engines.events import EVENT_KEYS

SUITS = (("S", "Spades ♠"), ("H", "Hearts ♥"), ("C", "Clubs ♣"), ("D", "Diamonds ♦"))
TITLE_MAX = Event._meta.get_field("title").max_length
TEXT_MAX = Event._meta.get_field("text").max_length


def _slot_fields() -> dict[str, forms.Field]:
    """Each slot's title and text, checked as the event's own fields are (a
    title the pack cannot print is the slot's message, not an error on save)."""
    fields: dict[str, forms.Field] = {}
    for key in EVENT_KEYS:
        fields[f"{key}_title"] = forms.CharField(
            label=f"{card_name(key)} event",
            max_length=TITLE_MAX,
            validators=[validate_printable],
            required=False,
            widget=forms.TextInput(attrs={"size": 24}),
        )
        fields[f"{key}_text"] = forms.CharField(
            label="What happens",
            max_length=TEXT_MAX,
            validators=[validate_printable],
            required=False,
            widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
        )
        fields[f"{key}_sight"] = forms.IntegerField(
            label="Sight limit that round (inches)",
            min_value=1,
            max_value=120,
            required=False,
            help_text="The robot reads it: nobody sees or shoots further in the "
            "round it is drawn (a fog). Blank: sight does not change.",
            widget=forms.NumberInput(attrs={"size": 4}),
        )
        fields[f"{key}_last_seen"] = forms.BooleanField(
            label="Unseeing AI moves toward the enemy it last saw",
            required=False,
            help_text="The robot reads it: that round an AI character that sees no "
            "enemy moves toward the nearest enemy it last saw, or holds.",
        )
    return fields


class _EventDeckForm(forms.ModelForm):
    class Meta:
        model = EventDeck
        fields = ("name", "slug", "description")
        help_texts = {
            "slug": "Filled in from the name as you type it; change it only if you "
            "want another.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            for event in self.instance.events.all():
                self.initial.setdefault(f"{event.card}_title", event.title)
                self.initial.setdefault(f"{event.card}_text", event.text)
                self.initial.setdefault(f"{event.card}_sight", event.sight_limit)
                self.initial.setdefault(
                    f"{event.card}_last_seen", event.toward_last_seen
                )
        self.events: dict[str, EventValues] = {}

    def clean(self):
        cleaned_data = super().clean()
        events = {}
        for key in EVENT_KEYS:
            title = (cleaned_data.get(f"{key}_title") or "").strip()
            text = (cleaned_data.get(f"{key}_text") or "").strip()
            sight = cleaned_data.get(f"{key}_sight")
            last_seen = bool(cleaned_data.get(f"{key}_last_seen"))
            if title and text:
                events[key] = (title, text, sight, last_seen)
            elif title or text or sight is not None or last_seen:
                self.add_error(
                    f"{key}_title",
                    f"Give the {card_name(key)} event a title and what happens, or "
                    "leave both empty.",
                )
        self.events = events
        used = (
            self.instance.pk is not None
            and Campaign.objects.filter(
                event_deck=self.instance, random_events=True
            ).exists()
        )
        problem = event_deck_problem(
            titles={key: values[0] for key, values in events.items()}
        )
        if used and problem and not self.errors:
            raise ValidationError(
                f"A campaign draws random events from this deck, so it needs all "
                f"{EVENT_COUNT}: {problem}"
            )
        return cleaned_data


EventDeckForm = type("EventDeckForm", (_EventDeckForm,), _slot_fields())
"""The deck's own fields and its twelve slots (a title and a text per card)."""


@admin.register(EventDeck)
class EventDeckAdmin(PackInputsMixin, BuilderScopeMixin, admin.ModelAdmin):
    form = EventDeckForm
    list_display = ("name", "slug", "event_count")
    search_fields = ("name", "slug", "events__title")
    prepopulated_fields = {"slug": ("name",)}

    class Media:
        css = {"all": [ADMIN_CSS]}

    def get_fieldsets(self, request, obj=None):
        fieldsets = [
            (
                None,
                {
                    "fields": ("name", "slug", "description"),
                    "description": (
                        "At the start of each round of a campaign with random events "
                        "a card is drawn from the AI's deck: a jack, queen or king "
                        "brings its event below, once per battle. A deck used for "
                        f"random events needs all {EVENT_COUNT}."
                    ),
                },
            )
        ]
        for letter, suit in SUITS:
            keys = [key for key in EVENT_KEYS if key.endswith(letter)]
            fieldsets.append(
                (
                    suit,
                    {
                        "fields": [
                            (
                                f"{key}_title",
                                f"{key}_text",
                                f"{key}_sight",
                                f"{key}_last_seen",
                            )
                            for key in keys
                        ],
                        "classes": ("event-slot",),
                    },
                )
            )
        return fieldsets

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("events")

    def save_model(self, request, obj, form, change) -> None:
        if not change and is_builder(request.user):
            obj.owner = request.user
        super().save_model(request, obj, form, change)

    def has_change_permission(self, request, obj=None):
        # The site's own decks (no owner) are changed by a superuser only.
        shared = obj is not None and obj.owner_id is None
        return super().has_change_permission(request, obj) and not (
            shared and is_builder(request.user)
        )

    @admin.display(description="events")
    def event_count(self, obj: EventDeck) -> str:
        return f"{len(obj.events.all())} of {EVENT_COUNT}"

    def pack_campaign_ids(self, obj: EventDeck) -> list[int]:
        """The campaigns drawing their random events from this deck."""
        return list(obj.campaigns.values_list("pk", flat=True)) if obj.pk else []

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        event_deck_fill(deck=form.instance, events=form.events)
        problem = event_deck_problem(
            titles={key: values[0] for key, values in form.events.items()}
        )
        if problem:
            messages.warning(
                request,
                f"“{form.instance.name}” is saved, but a campaign can draw random "
                f"events from it only once all {EVENT_COUNT} are filled in: "
                f"{problem}",
            )
