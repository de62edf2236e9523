"""The campaign: an ordered list of scenes owned by one user (RULES §1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from campaigns.validators import (
    RESERVED_SLUGS,
    validate_not_reserved_slug,
    validate_printable,
)
from engines.enums import SceneKind, SceneStatus

if TYPE_CHECKING:
    from campaigns.models.scene import Scene


class Campaign(models.Model):
    class PaperSize(models.TextChoices):
        """The sheet size printed documents are laid out for (a site concept)."""

        A4 = "A4", "A4"
        LETTER = "LETTER", "Letter"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="owned_campaigns",
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="member_campaigns",
        help_text="Users who may read the campaign; only the owner changes it.",
    )
    name = models.CharField(max_length=120, validators=[validate_printable])
    slug = models.SlugField(
        max_length=80,
        unique=True,
        validators=[validate_not_reserved_slug],
        help_text="Used in the campaign's URLs. “import” is reserved.",
    )
    description = models.TextField(
        blank=True, max_length=2000, validators=[MaxLengthValidator(2000)]
    )
    paper_size = models.CharField(
        max_length=8, choices=PaperSize.choices, default=PaperSize.A4
    )
    setting = models.ForeignKey(
        "campaigns.Setting",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="campaigns",
        help_text="The genre whose words its pages and papers use; none: the "
        "rules' own (fantasy) words.",
    )
    random_events = models.BooleanField(
        default=False,
        help_text="At the start of each round a card is drawn for the AI: a jack, "
        "queen or king brings that card's event from the event deck, once per "
        "battle.",
    )
    event_deck = models.ForeignKey(
        "campaigns.EventDeck",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="campaigns",
        help_text="The twelve events random events are drawn from.",
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ("name", "id")
        permissions = [
            (
                "build_campaigns",
                "Can build their own campaigns in the admin (sees only their own)",
            )
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(slug__in=sorted(RESERVED_SLUGS)),
                name="campaigns_campaign_slug_not_reserved",
                violation_error_message="This slug is reserved by the site.",
            ),
            models.CheckConstraint(
                condition=Q(paper_size__in=["A4", "LETTER"]),
                name="campaigns_campaign_paper_size_valid",
            ),
            models.CheckConstraint(
                condition=Q(random_events=False) | Q(event_deck__isnull=False),
                name="campaigns_campaign_random_events_need_deck",
                violation_error_message="Random events need an event deck.",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        if self.random_events and self.event_deck_id is None:
            raise ValidationError(
                {"event_deck": "Choose an event deck, or turn random events off."}
            )

    def current_scene(self) -> Scene | None:
        """The scene being played: a fighting scene or a sanctuary, never the
        larger battle that contains the current sub-scene (RULES §1)."""
        return (
            self.scenes.filter(status=SceneStatus.CURRENT.value)
            .exclude(kind=SceneKind.LARGER_BATTLE.value)
            .first()
        )
