"""Scenes, their objectives and the companies they bring together (RULES §1)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import F, Q
from django.urls import reverse

from campaigns.models._checks import choice_check, range_check
from campaigns.validators import in_range
from engines.enums import (
    Doctrine,
    Edge,
    HordeMode,
    ObjectiveKind,
    Outcome,
    Scenario,
    ScenarioMode,
    SceneKind,
    SceneStatus,
    Side,
)

PURSUIT_BONUS_CHOICES = [(0, "None"), (2, '+2"'), (4, '+4"')]
"""§5.4's difficulty lever: inches added to pursuers behind the rearmost model."""


class Scene(models.Model):
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="scenes"
    )
    order = models.PositiveIntegerField(
        blank=True, help_text="Play order in the campaign; left blank, it goes last."
    )
    slug = models.SlugField(max_length=80)
    title = models.CharField(max_length=120)
    kind = models.CharField(
        max_length=16, choices=SceneKind.choices(), default=SceneKind.MAJOR.value
    )
    parent = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="sub_scenes",
        help_text="The larger battle a sub-scene belongs to.",
    )
    status = models.CharField(
        max_length=16,
        choices=SceneStatus.choices(),
        default=SceneStatus.PENDING.value,
    )
    outcome = models.CharField(
        max_length=16,
        choices=Outcome.choices(),
        blank=True,
        help_text="The player's outcome, once the scene is resolved.",
    )
    table_width = models.PositiveSmallIntegerField(
        default=36, validators=in_range(12, 120), help_text="Inches."
    )
    table_depth = models.PositiveSmallIntegerField(
        default=36, validators=in_range(12, 120), help_text="Inches."
    )

    # The scenario (§3): generated, or fixed (a §3.9 name or the scene's own).
    scenario_mode = models.CharField(
        max_length=16,
        choices=ScenarioMode.choices(),
        default=ScenarioMode.GENERATE.value,
    )
    fixed_scenario = models.CharField(
        max_length=32, choices=Scenario.choices(), blank=True
    )
    custom_scenario_name = models.CharField(max_length=80, blank=True)
    custom_scenario_setup = models.TextField(
        blank=True, max_length=1500, validators=[MaxLengthValidator(1500)]
    )

    briefing = models.TextField(
        blank=True, max_length=2000, validators=[MaxLengthValidator(2000)]
    )
    special_rules = models.TextField(
        blank=True, max_length=1500, validators=[MaxLengthValidator(1500)]
    )
    victory_conditions = models.TextField(
        blank=True, max_length=1000, validators=[MaxLengthValidator(1000)]
    )
    castle_nearby = models.BooleanField(
        default=False, help_text="An Assault becomes a Siege (§3.9)."
    )

    # Horde (§5.3).
    reinforcements = models.BooleanField(default=False)
    reinforcement_cap = models.PositiveSmallIntegerField(
        default=5, validators=in_range(1, 20)
    )
    horde_start_mode = models.CharField(
        max_length=16, choices=HordeMode.choices(), default=HordeMode.NORMAL.value
    )

    # Pursuit (§5.4).
    quarry = models.ManyToManyField(
        "campaigns.Character", blank=True, related_name="hunted_in"
    )
    route = models.CharField(max_length=200, blank=True)
    pursuit_bonus_inches = models.PositiveSmallIntegerField(
        default=0, choices=PURSUIT_BONUS_CHOICES
    )

    # The special wound every persisting wound taken here becomes (§1, §6.3).
    special_wound_name = models.CharField(max_length=60, blank=True)
    special_wound_rules = models.TextField(
        blank=True, max_length=400, validators=[MaxLengthValidator(400)]
    )
    special_wound_heals_at_sanctuary = models.BooleanField(default=True)

    # Branching: unset (and a draw) go on to the next scene by order.
    next_on_victory = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    next_on_defeat = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ("campaign", "order", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "order"],
                name="campaigns_scene_unique_order",
                violation_error_message="Another scene of this campaign has this "
                "order.",
            ),
            models.UniqueConstraint(
                fields=["campaign", "slug"],
                name="campaigns_scene_unique_slug",
                violation_error_message="Another scene of this campaign has this slug.",
            ),
            models.UniqueConstraint(
                fields=["campaign"],
                condition=Q(status="current") & ~Q(kind="larger_battle"),
                name="campaigns_scene_one_current",
                violation_error_message="The campaign already has a current scene.",
            ),
            range_check("table_width", 12, 120),
            range_check("table_depth", 12, 120),
            range_check("reinforcement_cap", 1, 20),
            models.CheckConstraint(
                condition=Q(pursuit_bonus_inches__in=[0, 2, 4]),
                name="campaigns_scene_pursuit_bonus_valid",
                violation_error_message="The pursuit bonus is 0, 2 or 4 inches.",
            ),
            choice_check("kind", SceneKind.choices()),
            choice_check("status", SceneStatus.choices()),
            choice_check("outcome", Outcome.choices(), blank=True),
            models.CheckConstraint(
                condition=Q(kind="sub_scene", parent__isnull=False)
                | (~Q(kind="sub_scene") & Q(parent__isnull=True)),
                name="campaigns_scene_parent_only_for_sub_scene",
                violation_error_message="A sub-scene needs a larger battle as its "
                "parent, and only a sub-scene has one.",
            ),
            models.CheckConstraint(
                condition=~Q(parent=F("id")),
                name="campaigns_scene_not_own_parent",
            ),
            models.CheckConstraint(
                condition=Q(outcome="") | Q(status="resolved"),
                name="campaigns_scene_outcome_when_resolved",
                violation_error_message="Only a resolved scene has an outcome.",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def save(self, *args, **kwargs) -> None:
        if self.order is None and self.campaign_id is not None:
            last = (
                Scene.objects.filter(campaign_id=self.campaign_id)
                .aggregate(models.Max("order"))
                .get("order__max")
            )
            self.order = (last or 0) + 10
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse(
            "campaigns:scene_detail",
            kwargs={"slug": self.campaign.slug, "scene": self.slug},
        )

    def clean(self) -> None:
        super().clean()
        errors: dict[str, list[str]] = {}

        def error(field: str, message: str) -> None:
            errors.setdefault(field, []).append(message)

        parent = self.parent if self.parent_id else None
        if self.kind == SceneKind.SUB_SCENE:
            if parent is None:
                error("parent", "A sub-scene belongs to a larger battle: choose it.")
            elif parent.kind != SceneKind.LARGER_BATTLE:
                error("parent", "A sub-scene's parent must be a larger battle.")
            elif parent.campaign_id != self.campaign_id:
                error("parent", "The larger battle must be in the same campaign.")
            elif self.pk is not None and parent.pk == self.pk:
                error("parent", "A scene cannot contain itself.")
        elif parent is not None:
            error("parent", "Only a sub-scene has a parent.")

        if self.scenario_mode == ScenarioMode.FIXED:
            custom = bool(self.custom_scenario_name or self.custom_scenario_setup)
            if self.fixed_scenario and custom:
                error(
                    "fixed_scenario",
                    "Choose a named scenario or write the scene's own, not both.",
                )
            elif not self.fixed_scenario and not custom:
                error(
                    "fixed_scenario",
                    "A fixed scenario needs a named scenario, or the scene's own "
                    "name and setup text.",
                )
            elif custom and not self.custom_scenario_name:
                error("custom_scenario_name", "Name the scene's own scenario.")
            elif custom and not self.custom_scenario_setup:
                error("custom_scenario_setup", "Write the scene's own setup text.")
        elif self.fixed_scenario or self.custom_scenario_name:
            error(
                "scenario_mode",
                "A generated scenario takes no fixed scenario: choose fixed mode "
                "or clear the fixed scenario.",
            )

        if self.special_wound_rules and not self.special_wound_name:
            error("special_wound_name", "Name the special wound its rules belong to.")

        for field in ("next_on_victory", "next_on_defeat"):
            target = getattr(self, field) if getattr(self, f"{field}_id") else None
            if target is None:
                continue
            if target.campaign_id != self.campaign_id:
                error(field, "The next scene must be in the same campaign.")
            elif self.pk is not None and target.pk == self.pk:
                error(field, "A scene cannot follow itself.")

        if self.outcome and self.status != SceneStatus.RESOLVED:
            error("outcome", "Only a resolved scene has an outcome.")

        if errors:
            raise ValidationError(errors)

    def is_fighting(self) -> bool:
        """A scene fought as one battle: a major scene or a sub-scene."""
        return self.kind not in (SceneKind.LARGER_BATTLE, SceneKind.SANCTUARY)


class Objective(models.Model):
    scene = models.ForeignKey(
        Scene, on_delete=models.CASCADE, related_name="objectives"
    )
    name = models.CharField(max_length=60)
    kind = models.CharField(
        max_length=16,
        choices=ObjectiveKind.choices(),
        default=ObjectiveKind.FIXED.value,
    )
    victory_points = models.PositiveSmallIntegerField(
        default=0, validators=in_range(0, 20)
    )
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("scene", "order", "id")
        constraints = [
            range_check("victory_points", 0, 20),
            choice_check("kind", ObjectiveKind.choices()),
        ]

    def __str__(self) -> str:
        return self.name


class SceneCompany(models.Model):
    """A company colliding in a scene, on a side, from an edge (§1)."""

    scene = models.ForeignKey(
        Scene, on_delete=models.CASCADE, related_name="scene_companies"
    )
    company = models.ForeignKey(
        "campaigns.Company", on_delete=models.CASCADE, related_name="scene_entries"
    )
    side = models.CharField(max_length=16, choices=Side.choices())
    entry_edge = models.CharField(max_length=16, choices=Edge.choices())
    leading = models.BooleanField(
        default=False, help_text="Its commander leads the side (§3, §6.4)."
    )
    doctrine_override = models.CharField(
        max_length=16,
        choices=Doctrine.choices(),
        blank=True,
        help_text="An AI company's doctrine in this scene; blank = its default.",
    )
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("scene", "order", "id")
        verbose_name = "scene company"
        verbose_name_plural = "scene companies"
        constraints = [
            models.UniqueConstraint(
                fields=["scene", "company"],
                name="campaigns_scenecompany_unique_company",
                violation_error_message="This company is already in the scene.",
            ),
            models.UniqueConstraint(
                fields=["scene", "side"],
                condition=Q(leading=True),
                name="campaigns_scenecompany_one_leading_per_side",
                violation_error_message="This side already has a leading company.",
            ),
            choice_check("side", Side.choices()),
            choice_check("entry_edge", Edge.choices()),
            choice_check("doctrine_override", Doctrine.choices(), blank=True),
        ]

    def __str__(self) -> str:
        return f"{self.company} ({self.side}) in {self.scene}"

    def clean(self) -> None:
        super().clean()
        if (
            self.scene_id
            and self.company_id
            and self.company.campaign_id != self.scene.campaign_id
        ):
            raise ValidationError(
                {"company": "The company must belong to the scene's campaign."}
            )

    def doctrine(self) -> str:
        """The doctrine the company fights under here (§5): the scene's, else
        the company's default."""
        return self.doctrine_override or self.company.default_doctrine
