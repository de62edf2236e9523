"""A character: one miniature, its card values and its state (RULES §2)."""

from __future__ import annotations

from django.db import models

from campaigns.models._checks import choice_check, range_check
from campaigns.validators import in_range, validate_printable
from engines.combat import DEFAULT_MOVE
from engines.enums import TroopType, WoundStatus
from engines.wounds import unfit_reason

CARD_VALUES = (
    "name",
    "troop_type",
    "attack",
    "defence",
    "shooting_range",
    "move",
    "wound_slots",
    "hero",
    "special_rules",
)
"""What a character card shows of a character: the values a club admin enters."""


class Character(models.Model):
    company = models.ForeignKey(
        "campaigns.Company", on_delete=models.CASCADE, related_name="characters"
    )
    name = models.CharField(max_length=40, validators=[validate_printable])
    troop_type = models.CharField(
        max_length=16, choices=TroopType.choices(), default=TroopType.INFANTRY.value
    )
    attack = models.SmallIntegerField(
        default=0, validators=in_range(-3, 5), help_text="Added to its attack rolls."
    )
    defence = models.SmallIntegerField(
        default=0,
        validators=in_range(-3, 5),
        help_text="Taken off attack rolls against it.",
    )
    shooting_range = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(1, 48),
        help_text="Inches; blank = cannot shoot.",
    )
    move = models.PositiveSmallIntegerField(
        default=DEFAULT_MOVE,
        validators=in_range(1, 24),
        help_text=f"Inches; {DEFAULT_MOVE} for most.",
    )
    wound_slots = models.PositiveSmallIntegerField(
        default=1,
        validators=in_range(1, 6),
        help_text="Lasting wounds it can carry: with all of them filled it cannot "
        "fight.",
    )
    hero = models.BooleanField(default=False)
    special_rules = models.CharField(
        max_length=300, blank=True, validators=[validate_printable]
    )
    alive = models.BooleanField(default=True)
    unfit_next_battle = models.BooleanField(
        default=False, help_text="Grievously wounded: misses the company's next battle."
    )
    card_order = models.PositiveIntegerField(
        blank=True, help_text="Left blank, the character goes last."
    )

    class Meta:
        ordering = ("company", "card_order", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["company", "card_order"],
                name="campaigns_character_unique_card_order",
                violation_error_message="Another character of this company has this "
                "card order.",
            ),
            range_check("wound_slots", 1, 6),
            range_check("attack", -3, 5),
            range_check("defence", -3, 5),
            range_check("move", 1, 24),
            range_check("shooting_range", 1, 48, nullable=True),
            choice_check("troop_type", TroopType.choices()),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        if self.card_order is None and self.company_id is not None:
            last = (
                Character.objects.filter(company_id=self.company_id)
                .aggregate(models.Max("card_order"))
                .get("card_order__max")
            )
            self.card_order = (last or 0) + 1
        super().save(*args, **kwargs)

    def can_shoot(self) -> bool:
        return self.shooting_range is not None

    def count_open_wounds(self) -> int:
        """Open persisting wounds, from the prefetched ``wounds`` when there."""
        prefetched = getattr(self, "_prefetched_objects_cache", {}).get("wounds")
        if prefetched is not None:
            return sum(1 for wound in prefetched if wound.status == WoundStatus.OPEN)
        return self.wounds.filter(status=WoundStatus.OPEN.value).count()

    def is_unfit(self, open_wound_count: int | None = None) -> bool:
        """Unfit while the flag is set or while open wounds fill every wound
        slot (§2). Pass the count when the caller already has it."""
        if open_wound_count is None and not self.unfit_next_battle:
            open_wound_count = self.count_open_wounds()
        reason = unfit_reason(
            self.unfit_next_battle, open_wound_count or 0, self.wound_slots
        )
        return reason is not None

    def can_fight(self, open_wound_count: int | None = None) -> bool:
        """Alive and fit: may be picked to fight (§2)."""
        return self.alive and not self.is_unfit(open_wound_count)
