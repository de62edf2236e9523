"""Persisting wounds: taken in a battle, healed by a roll or a sanctuary (§6.3)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from campaigns.models._checks import choice_check, range_check
from campaigns.validators import in_range, validate_printable
from engines.enums import SceneKind, WoundStatus


class PersistingWound(models.Model):
    character = models.ForeignKey(
        "campaigns.Character", on_delete=models.CASCADE, related_name="wounds"
    )
    name = models.CharField(
        max_length=60, default="wound", validators=[validate_printable]
    )
    rules_text = models.TextField(
        blank=True,
        max_length=400,
        validators=[validate_printable, MaxLengthValidator(400)],
    )
    heals_at_sanctuary = models.BooleanField(default=True)
    attack_modifier = models.SmallIntegerField(
        default=0,
        validators=in_range(-3, 3),
        help_text="Added to the character's attack while the wound is open.",
    )
    defence_modifier = models.SmallIntegerField(
        default=0,
        validators=in_range(-3, 3),
        help_text="Added to its defence while the wound is open.",
    )
    move_modifier = models.SmallIntegerField(
        default=0,
        validators=in_range(-3, 3),
        help_text="Inches added to its move while the wound is open.",
    )
    battle_taken = models.ForeignKey(
        "campaigns.Battle",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="wounds_taken",
    )
    status = models.CharField(
        max_length=16, choices=WoundStatus.choices(), default=WoundStatus.OPEN.value
    )
    healed_in_battle = models.ForeignKey(
        "campaigns.Battle",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="wounds_healed",
    )
    healed_at_scene = models.ForeignKey(
        "campaigns.Scene",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="wounds_healed_here",
        help_text="The sanctuary where it healed.",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("character", "created_at", "id")
        constraints = [
            choice_check("status", WoundStatus.choices()),
            range_check("attack_modifier", -3, 3),
            range_check("defence_modifier", -3, 3),
            range_check("move_modifier", -3, 3),
            models.CheckConstraint(
                condition=Q(status="healed")
                | (Q(healed_in_battle__isnull=True) & Q(healed_at_scene__isnull=True)),
                name="campaigns_persistingwound_healed_only_when_healed",
                violation_error_message="An open wound has not healed anywhere.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.character})"

    def clean(self) -> None:
        super().clean()
        scene = self.healed_at_scene
        if scene is not None and scene.kind != SceneKind.SANCTUARY:
            raise ValidationError(
                {"healed_at_scene": "Wounds heal at a sanctuary scene only."}
            )
        if self.status == WoundStatus.OPEN and (
            self.healed_in_battle_id or self.healed_at_scene_id
        ):
            raise ValidationError({"status": "An open wound has not healed anywhere."})

    def is_open(self) -> bool:
        return self.status == WoundStatus.OPEN
