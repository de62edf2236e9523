"""Companies and their commanders, with the history of every commander change
(RULES §2, §6.4)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from campaigns.models._checks import choice_check
from campaigns.validators import (
    HEX_COLOUR_PATTERN,
    validate_hex_colour,
    validate_printable,
)
from engines.enums import Doctrine, Rating, Reputation, Side
from engines.reputation import VICTORIES_TO_RISE
from engines.scouting import RATING_BONUS
from engines.text import ordinal, words

SIDE_COLOURS = {Side.PLAYER.value: "#2f5d8a", Side.AI.value: "#8a2f2f"}
"""A new company's colour when none is given: blue for the player, red for the AI."""


class Commander(models.Model):
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="commanders"
    )
    name = models.CharField(max_length=60, validators=[validate_printable])
    reputation = models.CharField(
        max_length=16,
        choices=Reputation.choices(),
        default=Reputation.BOLD.value,
        help_text="Cautious, Bold or Rash: an AI side's stance roll and its scouts "
        "depend on it. Battles move it.",
    )
    rating = models.CharField(
        max_length=16,
        choices=Rating.choices(),
        default=Rating.POOR.value,
        help_text="Poor, average or superior: adds "
        f"{words((str(b) for b in RATING_BONUS.values()), last='or')} to the side's "
        "scouting score.",
    )
    victories_since_rating_change = models.PositiveSmallIntegerField(
        default=0,
        help_text="Victories since the rating last changed: the "
        f"{ordinal(VICTORIES_TO_RISE)} raises it one step.",
    )

    class Meta:
        ordering = ("campaign", "name", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "name"],
                name="campaigns_commander_unique_name",
                violation_error_message="The campaign already has a commander of "
                "this name.",
            ),
            choice_check("reputation", Reputation.choices()),
            choice_check("rating", Rating.choices()),
        ]

    def __str__(self) -> str:
        return self.name


class CommanderChangeField(models.TextChoices):
    REPUTATION = "reputation", "Reputation"
    RATING = "rating", "Rating"


class CommanderChange(models.Model):
    """One change to a commander's reputation or rating, with its reason: a
    battle (§6.4) or an admin by hand."""

    Field = CommanderChangeField

    commander = models.ForeignKey(
        Commander, on_delete=models.CASCADE, related_name="history"
    )
    field = models.CharField(max_length=16, choices=Field.choices)
    old_value = models.CharField(max_length=16)
    new_value = models.CharField(max_length=16)
    reason = models.CharField(max_length=200, blank=True)
    battle = models.ForeignKey(
        "campaigns.Battle",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="commander_changes",
    )
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("created_at", "id")
        constraints = [choice_check("field", CommanderChangeField.choices)]

    def __str__(self) -> str:
        return (
            f"{self.commander}: {self.get_field_display().lower()} "
            f"{self.old_label} → {self.new_label}"
        )

    @property
    def old_label(self) -> str:
        """The value before, as a player reads it ("Bold", "Average")."""
        return self._label(self.old_value)

    @property
    def new_label(self) -> str:
        return self._label(self.new_value)

    def _label(self, value: str) -> str:
        enum = Reputation if self.field == CommanderChangeField.REPUTATION else Rating
        try:
            return enum(value).label
        except ValueError:
            return value.capitalize()


class Company(models.Model):
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="companies"
    )
    name = models.CharField(max_length=60, validators=[validate_printable])
    side = models.CharField(
        max_length=16,
        choices=Side.choices(),
        help_text="The side it usually fights on.",
    )
    commander = models.OneToOneField(
        Commander,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="company",
        help_text="Without one, the company is led by a Bold, poor commander.",
    )
    default_doctrine = models.CharField(
        max_length=16,
        choices=Doctrine.choices(),
        default=Doctrine.PRIORITY.value,
        help_text="How the robot plays the company when it fights on the AI side; a "
        "scene may choose another.",
    )
    colour = models.CharField(
        max_length=7,
        blank=True,
        validators=[validate_hex_colour],
        help_text='"#rrggbb"; left blank, the side\'s colour.',
    )
    description = models.TextField(
        blank=True, max_length=500, validators=[MaxLengthValidator(500)]
    )
    reinforcement_template = models.ForeignKey(
        "campaigns.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The character a horde's reinforcements copy.",
    )

    class Meta:
        ordering = ("campaign", "name", "id")
        verbose_name_plural = "companies"
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "name"],
                name="campaigns_company_unique_name",
                violation_error_message="The campaign already has a company of this "
                "name.",
            ),
            choice_check("side", Side.choices()),
            choice_check("default_doctrine", Doctrine.choices()),
            models.CheckConstraint(
                condition=Q(colour__regex=HEX_COLOUR_PATTERN),
                name="campaigns_company_colour_hex",
                violation_error_message='The colour must be "#" and six hex digits.',
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self._fill_colour()
        super().save(*args, **kwargs)

    def clean(self) -> None:
        super().clean()
        self._fill_colour()
        errors = {}
        if (
            self.commander is not None
            and self.commander.campaign_id != self.campaign_id
        ):
            errors["commander"] = "The commander must belong to the same campaign."
        if (
            self.reinforcement_template is not None
            and self.reinforcement_template.company_id != self.pk
        ):
            errors["reinforcement_template"] = (
                "The reinforcement model must be one of this company's characters."
            )
        if errors:
            raise ValidationError(errors)

    def _fill_colour(self) -> None:
        if not self.colour:
            self.colour = SIDE_COLOURS.get(self.side, SIDE_COLOURS[Side.PLAYER.value])
