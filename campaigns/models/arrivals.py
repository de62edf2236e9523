"""A scene company's single characters' arrivals (RULES §1 "Arrival"): one
character arriving in another round than its company's."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from campaigns.models._checks import range_check
from campaigns.validators import in_range


class SceneArrival(models.Model):
    """One character of a scene company arriving in another round than the
    company's (the cave troll at Moria comes on a round after its company)."""

    scene_company = models.ForeignKey(
        "campaigns.SceneCompany", on_delete=models.CASCADE, related_name="arrivals"
    )
    character = models.ForeignKey(
        "campaigns.Character", on_delete=models.CASCADE, related_name="+"
    )
    round = models.PositiveSmallIntegerField(validators=in_range(1, 20))

    class Meta:
        ordering = ("scene_company", "round", "id")
        verbose_name = "single character's arrival"
        constraints = [
            range_check("round", 1, 20),
            models.UniqueConstraint(
                fields=["scene_company", "character"],
                name="campaigns_scenearrival_unique_character",
                violation_error_message="This character already has an arrival round.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.character} arrives in round {self.round}"

    def clean(self) -> None:
        super().clean()
        if (
            self.scene_company_id
            and self.character_id
            and self.character.company_id != self.scene_company.company_id
        ):
            raise ValidationError({"character": "Name a character of this company."})
