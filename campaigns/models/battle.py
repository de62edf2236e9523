"""A battle: one setup of a fighting scene (RULES §3), its companies and the
characters taking part."""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from campaigns.models._checks import choice_check, range_check
from engines.enums import (
    Doctrine,
    Edge,
    HordeMode,
    Mishap,
    Relation,
    Scenario,
    Side,
    Stance,
    TableCell,
)

SEED_DIGITS = 6
"""New seeds have at most six digits, so a player can note one down; older
battles keep their long seeds, which work everywhere a seed is read."""


def new_seed() -> int:
    """A fresh seed for a battle's random source: at most ``SEED_DIGITS`` digits."""
    return secrets.randbelow(10**SEED_DIGITS)


class BattleStatus(models.TextChoices):
    PLANNED = "planned", "Planned"
    FOUGHT = "fought", "Fought"
    RESOLVED = "resolved", "Resolved"


class Battle(models.Model):
    Status = BattleStatus

    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="battles"
    )
    scene = models.ForeignKey(
        "campaigns.Scene", on_delete=models.RESTRICT, related_name="battles"
    )
    number = models.PositiveIntegerField(
        blank=True, help_text="Per campaign, for display; left blank, the next one."
    )
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.PLANNED
    )
    setup_seed = models.BigIntegerField(default=new_seed)
    resolution_seed = models.BigIntegerField(default=new_seed)

    # The scenario generator's decisions (§3).
    player_stance = models.CharField(
        max_length=16, choices=Stance.choices(), blank=True
    )
    ai_stance = models.CharField(max_length=16, choices=Stance.choices(), blank=True)
    player_score = models.SmallIntegerField(null=True, blank=True)
    ai_score = models.SmallIntegerField(null=True, blank=True)
    relation = models.CharField(max_length=16, choices=Relation.choices(), blank=True)
    higher_side = models.CharField(max_length=16, choices=Side.choices(), blank=True)
    table_cell = models.CharField(
        max_length=32, choices=TableCell.choices(), blank=True
    )
    special_roll = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The Special / Assault Special D6."
    )
    scenario = models.CharField(max_length=32, choices=Scenario.choices(), blank=True)
    scenario_name = models.CharField(
        max_length=80,
        blank=True,
        help_text="The final scenario's name, or the scene's own fixed scenario.",
    )
    setup_text = models.TextField(blank=True)
    roles = models.JSONField(default=dict, blank=True)
    objective_placement = models.JSONField(null=True, blank=True)
    first_activation = models.CharField(
        max_length=16, choices=Side.choices(), blank=True
    )
    setup_data = models.JSONField(
        default=dict, blank=True, help_text="The engine's full setup result."
    )
    dice_log = models.JSONField(default=list, blank=True)
    times_rolled = models.PositiveSmallIntegerField(default=1)
    previous_setups = models.JSONField(
        default=list, blank=True, help_text="Earlier rolls, kept on re-roll."
    )
    coop_players = models.JSONField(
        default=list, blank=True, help_text="The human generals' names, in turn."
    )
    notes = models.TextField(
        blank=True, max_length=5000, validators=[MaxLengthValidator(5000)]
    )
    reopened_entry = models.JSONField(
        default=dict,
        blank=True,
        help_text="What was entered for the result last reopened, each character's "
        "line under its participant order: the result form starts from it.",
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("campaign", "number", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["scene"],
                condition=Q(status="planned"),
                name="campaigns_battle_one_planned_per_scene",
                violation_error_message="This scene already has a planned battle.",
            ),
            models.UniqueConstraint(
                fields=["campaign", "number"],
                name="campaigns_battle_unique_number",
                violation_error_message="The campaign already has a battle with this "
                "number.",
            ),
            choice_check("status", BattleStatus.choices),
            choice_check("player_stance", Stance.choices(), blank=True),
            choice_check("ai_stance", Stance.choices(), blank=True),
            choice_check("relation", Relation.choices(), blank=True),
            choice_check("scenario", Scenario.choices(), blank=True),
            range_check("special_roll", 1, 6, nullable=True),
            models.CheckConstraint(
                condition=Q(times_rolled__gte=1),
                name="campaigns_battle_times_rolled_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"Battle {self.number}"

    def save(self, *args, **kwargs) -> None:
        if self.campaign_id is None and self.scene_id is not None:
            self.campaign_id = self.scene.campaign_id
        if self.number is None and self.campaign_id is not None:
            last = (
                Battle.objects.filter(campaign_id=self.campaign_id)
                .aggregate(models.Max("number"))
                .get("number__max")
            )
            self.number = (last or 0) + 1
        super().save(*args, **kwargs)

    def clean(self) -> None:
        super().clean()
        if not self.scene_id:
            return
        if self.campaign_id and self.scene.campaign_id != self.campaign_id:
            raise ValidationError({"scene": "The scene must be in the campaign."})
        if not self.scene.is_fighting():
            raise ValidationError(
                {"scene": "Only a major scene or a sub-scene is fought as a battle."}
            )


class BattleCompany(models.Model):
    """A company as it fights one battle: its side, edge and doctrine are fixed
    at setup so later changes to the scene do not rewrite history."""

    battle = models.ForeignKey(
        Battle, on_delete=models.CASCADE, related_name="companies"
    )
    company = models.ForeignKey(
        "campaigns.Company", on_delete=models.RESTRICT, related_name="battle_entries"
    )
    side = models.CharField(max_length=16, choices=Side.choices())
    entry_edge = models.CharField(max_length=16, choices=Edge.choices())
    leading = models.BooleanField(default=False)
    doctrine = models.CharField(
        max_length=16, choices=Doctrine.choices(), default=Doctrine.PRIORITY.value
    )
    starting_mode = models.CharField(
        max_length=16, choices=HordeMode.choices(), blank=True
    )
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("battle", "order", "id")
        verbose_name_plural = "battle companies"
        constraints = [
            models.UniqueConstraint(
                fields=["battle", "company"],
                name="campaigns_battlecompany_unique_company",
                violation_error_message="This company is already in the battle.",
            ),
            models.UniqueConstraint(
                fields=["battle", "side"],
                condition=Q(leading=True),
                name="campaigns_battlecompany_one_leading_per_side",
                violation_error_message="This side already has a leading company.",
            ),
            choice_check("side", Side.choices()),
            choice_check("entry_edge", Edge.choices()),
            choice_check("doctrine", Doctrine.choices()),
            choice_check("starting_mode", HordeMode.choices(), blank=True),
        ]

    def __str__(self) -> str:
        return f"{self.company} ({self.side})"


class BattleParticipant(models.Model):
    battle = models.ForeignKey(
        Battle, on_delete=models.CASCADE, related_name="participants"
    )
    character = models.ForeignKey(
        "campaigns.Character",
        on_delete=models.RESTRICT,
        related_name="participations",
    )
    side = models.CharField(max_length=16, choices=Side.choices())
    order = models.PositiveIntegerField(
        default=0, help_text="Order on the printed cards and the result form."
    )
    scout = models.BooleanField(default=False)
    mishap = models.CharField(max_length=16, choices=Mishap.choices(), blank=True)
    disorganized = models.BooleanField(default=False)
    reserve = models.BooleanField(default=False)
    coop_player = models.CharField(
        max_length=40, blank=True, help_text="The human general who plays it."
    )

    class Meta:
        ordering = ("battle", "order", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["battle", "character"],
                name="campaigns_battleparticipant_unique_character",
                violation_error_message="This character already takes part.",
            ),
            choice_check("side", Side.choices()),
            choice_check("mishap", Mishap.choices(), blank=True),
            models.CheckConstraint(
                condition=Q(mishap="") | Q(scout=True),
                name="campaigns_battleparticipant_mishap_only_for_scouts",
                violation_error_message="Only a scout suffers a scouting mishap.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.character} in battle {self.battle.number}"
