"""What stands on a scene's table, as data (RULES §1 "The battlefield as data").

The companies that collide (side, where and when they deploy, who of them may
take part, the robot's orders), the objectives with their positions, and the
terrain features. The setup diagram, the AI cards, the setup form and the
result checks all read these rows; a scene's prose is for the story only.

Positions and sizes are whole inches measured from the table's north-west
corner: ``x`` east, ``y`` south.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import F, Q

from campaigns.models._checks import choice_check, range_check
from campaigns.validators import in_range, validate_printable
from engines.battlefield import DEAL_WORDS, DEFAULT_BAND
from engines.enums import (
    Deployment,
    Doctrine,
    Edge,
    ObjectiveKind,
    Side,
)

DEFAULT_BAND_DEPTH = DEFAULT_BAND
"""An edge deployment's depth unless the scene says otherwise (the engine's)."""
DEFAULT_CENTRE_RADIUS = 6


def _inside_table(scene, *, x, y, width=0, depth=0) -> bool:
    """Whether a point or box in inches lies on the scene's table."""
    return (
        0 <= x
        and 0 <= y
        and x + width <= scene.table_width
        and y + depth <= scene.table_depth
    )


class SceneCompany(models.Model):
    """A company colliding in a scene: its side, where and when it deploys, who
    of it may take part and, for the AI, the scene's orders to the robot."""

    scene = models.ForeignKey(
        "campaigns.Scene", on_delete=models.CASCADE, related_name="scene_companies"
    )
    company = models.ForeignKey(
        "campaigns.Company", on_delete=models.CASCADE, related_name="scene_entries"
    )
    side = models.CharField(max_length=16, choices=Side.choices())
    entry_edge = models.CharField(
        max_length=16,
        choices=Edge.choices(),
        help_text="The edge it deploys along or arrives at.",
    )
    leading = models.BooleanField(
        default=False,
        help_text="Its commander leads the side: it rolls for the side at setup and "
        "its reputation moves after the battle.",
    )
    doctrine_override = models.CharField(
        max_length=16,
        choices=Doctrine.choices(),
        blank=True,
        help_text="An AI company's doctrine in this scene; blank = its default.",
    )
    order = models.PositiveIntegerField(default=0)

    # Where it deploys.
    deployment = models.CharField(
        max_length=16,
        choices=Deployment.choices(),
        default=Deployment.EDGE.value,
        help_text="Where its characters are set up (or, arriving later, where they "
        "come on).",
    )
    deployment_depth = models.PositiveSmallIntegerField(
        default=DEFAULT_BAND_DEPTH,
        validators=in_range(1, 60),
        help_text="Along its entry edge: how many inches in from the edge.",
    )
    deployment_radius = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(1, 60),
        help_text="Centre of the table: the circle's radius in inches.",
    )
    zone_x = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(0, 120),
        help_text="A rectangle: inches from the west edge to its left side.",
    )
    zone_y = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(0, 120),
        help_text="A rectangle: inches from the north edge to its top side.",
    )
    zone_width = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 120), help_text="Inches."
    )
    zone_depth = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 120), help_text="Inches."
    )
    deployment_distance = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(0, 60),
        help_text="Anywhere: at least this many inches from every enemy.",
    )

    # When it comes on.
    arrives_in_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(1, 20),
        help_text="Blank: on the table at the start. A round number: its characters "
        "come on at its entry edge at the start of that round.",
    )
    entry_edge_dealt = models.BooleanField(
        "entry edges dealt by card",
        default=False,
        help_text="Arriving characters each get a card at setup and come on at the "
        f"edge of its suit: {DEAL_WORDS}.",
    )

    # Who of the company may take part.
    allowed_characters = models.ManyToManyField(
        "campaigns.Character",
        blank=True,
        related_name="allowed_in",
        help_text="Only these of the company may take part. None chosen: any of them.",
    )
    min_characters = models.PositiveSmallIntegerField(
        "at least",
        null=True,
        blank=True,
        validators=in_range(1, 99),
        help_text="At least this many of the company must take part.",
    )
    max_characters = models.PositiveSmallIntegerField(
        "at most",
        null=True,
        blank=True,
        validators=in_range(1, 99),
        help_text="At most this many of the company may take part.",
    )

    arrival_start = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(0, 120),
        help_text="Arrival stretch: inches from the edge's north or west end where "
        "it starts. Blank: the whole edge.",
    )
    arrival_length = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 120), help_text="Inches."
    )
    notes = models.TextField(
        blank=True,
        max_length=1000,
        validators=[validate_printable, MaxLengthValidator(1000)],
        help_text="What no scene order can say, printed last on its AI card.",
    )

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
            choice_check("deployment", Deployment.choices()),
            range_check("deployment_depth", 1, 60),
            range_check("deployment_radius", 1, 60, nullable=True),
            range_check("zone_x", 0, 120, nullable=True),
            range_check("zone_y", 0, 120, nullable=True),
            range_check("zone_width", 1, 120, nullable=True),
            range_check("zone_depth", 1, 120, nullable=True),
            range_check("deployment_distance", 0, 60, nullable=True),
            range_check("arrives_in_round", 1, 20, nullable=True),
            range_check("arrival_start", 0, 120, nullable=True),
            range_check("arrival_length", 1, 120, nullable=True),
            range_check("min_characters", 1, 99, nullable=True),
            range_check("max_characters", 1, 99, nullable=True),
            models.CheckConstraint(
                condition=Q(min_characters__isnull=True)
                | Q(max_characters__isnull=True)
                | Q(min_characters__lte=F("max_characters")),
                name="campaigns_scenecompany_min_not_above_max",
                violation_error_message="The least number taking part cannot be "
                "more than the most.",
            ),
            models.CheckConstraint(
                condition=Q(entry_edge_dealt=False) | Q(arrives_in_round__isnull=False),
                name="campaigns_scenecompany_dealt_edge_arrives",
                violation_error_message="Only a company that arrives during the "
                "battle can have its entry edges dealt.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.company} ({self.side}) in {self.scene}"

    def clean(self) -> None:
        super().clean()
        errors: dict[str, list[str]] = {}

        def error(field: str, message: str) -> None:
            errors.setdefault(field, []).append(message)

        scene = self.scene if self.scene_id else None
        if (
            scene is not None
            and self.company_id
            and self.company.campaign_id != scene.campaign_id
        ):
            error("company", "The company must belong to the scene's campaign.")
        at_an_edge = self.entry_edge != Edge.CENTRE
        arrives = self.arrives_in_round is not None
        match self.deployment:
            case Deployment.EDGE:
                if not at_an_edge and not self.entry_edge_dealt:
                    error(
                        "deployment",
                        "Along its entry edge needs a table edge (north, east, south "
                        "or west); for the middle of the table choose the centre.",
                    )
            case Deployment.CENTRE:
                if self.deployment_radius is None:
                    error("deployment_radius", "Give the centre circle's radius.")
            case Deployment.RECTANGLE:
                box = (self.zone_x, self.zone_y, self.zone_width, self.zone_depth)
                if any(value is None for value in box):
                    error(
                        "deployment",
                        "A rectangle needs its x, y, width and depth in inches.",
                    )
                elif scene is not None and not _inside_table(
                    scene,
                    x=self.zone_x,
                    y=self.zone_y,
                    width=self.zone_width,
                    depth=self.zone_depth,
                ):
                    error(
                        "deployment",
                        f"The rectangle must lie on the {scene.table_width}″ × "
                        f"{scene.table_depth}″ table.",
                    )
            case Deployment.ANYWHERE:
                if self.deployment_distance is None:
                    error(
                        "deployment_distance",
                        "Say how many inches from every enemy it must deploy (0 for "
                        "no limit).",
                    )
        if arrives and not at_an_edge and not self.entry_edge_dealt:
            error(
                "entry_edge",
                "A company that arrives during the battle comes on at a table edge: "
                "choose one, or deal the edges.",
            )
        if self.entry_edge_dealt and not arrives:
            error(
                "entry_edge_dealt",
                "Only a company that arrives during the battle can have its entry "
                "edges dealt: give its arrival round.",
            )
        if (self.arrival_start is None) != (self.arrival_length is None):
            error("arrival_length", "Give the stretch's start and length, or neither.")
        elif (
            scene is not None
            and self.arrival_start is not None
            and self.arrival_length is not None
        ):
            side = (
                scene.table_width
                if self.entry_edge in (Edge.NORTH, Edge.SOUTH)
                else scene.table_depth
            )
            if self.arrival_start + self.arrival_length > side:
                error("arrival_length", f"The stretch must lie on the {side}″ edge.")
        if (
            self.min_characters is not None
            and self.max_characters is not None
            and self.min_characters > self.max_characters
        ):
            error(
                "min_characters",
                "The least number taking part cannot be more than the most.",
            )
        if errors:
            raise ValidationError(errors)

    def doctrine(self) -> str:
        """The doctrine the company fights under here (§5): the scene's, else
        the company's default."""
        return self.doctrine_override or self.company.default_doctrine


class Objective(models.Model):
    """An objective marker: carriable (picked up and carried off) or fixed (held
    by standing near it with no enemy as near: the engine's ``HOLD_WITHIN``)."""

    scene = models.ForeignKey(
        "campaigns.Scene", on_delete=models.CASCADE, related_name="objectives"
    )
    name = models.CharField(max_length=60, validators=[validate_printable])
    kind = models.CharField(
        max_length=16,
        choices=ObjectiveKind.choices(),
        default=ObjectiveKind.FIXED.value,
    )
    victory_points = models.PositiveSmallIntegerField(
        default=0,
        validators=in_range(0, 20),
        help_text="What holding it is worth, where the scene scores victory points.",
    )
    x = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(0, 120),
        help_text="Inches from the west edge. Blank with y: a character carries it "
        "from the start.",
    )
    y = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(0, 120),
        help_text="Inches from the north edge.",
    )
    carried_by = models.ForeignKey(
        "campaigns.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The character carrying it at the start, instead of a position.",
    )
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("scene", "order", "id")
        constraints = [
            range_check("victory_points", 0, 20),
            range_check("x", 0, 120, nullable=True),
            range_check("y", 0, 120, nullable=True),
            choice_check("kind", ObjectiveKind.choices()),
            models.CheckConstraint(
                condition=Q(x__isnull=True, y__isnull=True)
                | Q(x__isnull=False, y__isnull=False),
                name="campaigns_objective_x_and_y",
                violation_error_message="Give both x and y, or neither.",
            ),
            models.CheckConstraint(
                condition=Q(carried_by__isnull=True) | Q(x__isnull=True),
                name="campaigns_objective_placed_or_carried",
                violation_error_message="An objective either has a position or a "
                "carrier, not both.",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        errors: dict[str, str] = {}
        placed = self.x is not None or self.y is not None
        if placed and (self.x is None or self.y is None):
            errors["x"] = "Give both x and y, or neither."
        if placed and self.carried_by_id:
            errors["carried_by"] = (
                "An objective either has a position or a carrier, not both."
            )
        if self.carried_by_id and self.kind != ObjectiveKind.CARRIABLE:
            errors["carried_by"] = "Only a carriable objective can be carried."
        scene = self.scene if self.scene_id else None
        if (
            scene is not None
            and self.x is not None
            and self.y is not None
            and not _inside_table(scene, x=self.x, y=self.y)
        ):
            errors["x"] = (
                f"The objective must lie on the {scene.table_width}″ × "
                f"{scene.table_depth}″ table."
            )
        if (
            scene is not None
            and self.carried_by is not None
            and self.carried_by.company.campaign_id != scene.campaign_id
        ):
            errors["carried_by"] = "The carrier must be one of the campaign's."
        if errors:
            raise ValidationError(errors)

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None
