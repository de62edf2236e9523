"""Event decks: twelve random events keyed by picture card (RULES §5.2)."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models

from campaigns.models._checks import choice_check, range_check
from campaigns.validators import in_range, validate_printable

USER_MODEL = settings.AUTH_USER_MODEL
"""The user model (read here: a model below has a ``settings`` relation)."""


class EventDeck(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=80, validators=[validate_printable])
    description = models.TextField(
        blank=True, max_length=1000, validators=[MaxLengthValidator(1000)]
    )
    owner = models.ForeignKey(
        USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="event_decks",
        help_text="The campaign builder who made the deck; none for the site's "
        "decks, which every campaign may use.",
    )

    class Meta:
        ordering = ("name", "id")

    def __str__(self) -> str:
        return self.name


class EventCard(models.TextChoices):
    """The twelve picture cards that draw an event; rank K Q J, suit ♠ ♥ ♣ ♦."""

    KS = "KS", "King of spades"
    QS = "QS", "Queen of spades"
    JS = "JS", "Jack of spades"
    KH = "KH", "King of hearts"
    QH = "QH", "Queen of hearts"
    JH = "JH", "Jack of hearts"
    KC = "KC", "King of clubs"
    QC = "QC", "Queen of clubs"
    JC = "JC", "Jack of clubs"
    KD = "KD", "King of diamonds"
    QD = "QD", "Queen of diamonds"
    JD = "JD", "Jack of diamonds"


class Event(models.Model):
    Card = EventCard

    deck = models.ForeignKey(EventDeck, on_delete=models.CASCADE, related_name="events")
    card = models.CharField(max_length=2, choices=Card.choices)
    title = models.CharField(max_length=80, validators=[validate_printable])
    text = models.TextField(
        max_length=600, validators=[validate_printable, MaxLengthValidator(600)]
    )
    sight_limit = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        default=None,
        validators=in_range(1, 120),
        help_text="Inches: in the round it is drawn nobody sees or shoots further "
        "(a fog). The robot reads it. Blank: the event does not change sight.",
    )
    toward_last_seen = models.BooleanField(
        default=False,
        help_text="In the round it is drawn an AI character that sees no enemy "
        "moves toward the nearest enemy it last saw, or holds (the table page "
        "asks whom). The robot reads it.",
    )

    class Meta:
        ordering = ("deck", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "card"],
                name="campaigns_event_unique_card",
                violation_error_message="This deck already has an event for this card.",
            ),
            choice_check("card", EventCard.choices),
            range_check("sight_limit", 1, 120, nullable=True),
        ]

    def __str__(self) -> str:
        return f"{self.card}: {self.title}"
