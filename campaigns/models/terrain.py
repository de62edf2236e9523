"""A scene's terrain features (RULES §1 "The battlefield as data", "Terrain kind")."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q

from campaigns.models._checks import choice_check, range_check
from campaigns.models.battlefield import _inside_table
from campaigns.validators import in_range, validate_printable
from engines.battlefield import HOLD_WITHIN
from engines.enums import Cover, Shape, TerrainKind

FEATURE_VP_MESSAGE = (
    "Only an objective scores victory points: tick objective, or set its "
    "victory points to 0."
)


class SceneFeature(models.Model):
    """A terrain feature: a rectangle or a circle, the cover it gives, and
    whether it is a fixed objective (held by standing near it)."""

    scene = models.ForeignKey(
        "campaigns.Scene", on_delete=models.CASCADE, related_name="features"
    )
    name = models.CharField(max_length=60, validators=[validate_printable])
    shape = models.CharField(
        max_length=16, choices=Shape.choices(), default=Shape.RECTANGLE.value
    )
    x = models.PositiveSmallIntegerField(
        validators=in_range(0, 120),
        help_text="Inches from the west edge: a rectangle's left side, a circle's "
        "centre.",
    )
    y = models.PositiveSmallIntegerField(
        validators=in_range(0, 120),
        help_text="Inches from the north edge: a rectangle's top side, a circle's "
        "centre.",
    )
    width = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 120), help_text="Rectangle."
    )
    depth = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 120), help_text="Rectangle."
    )
    radius = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 60), help_text="Circle."
    )
    terrain = models.CharField(
        "terrain kind",
        max_length=16,
        choices=TerrainKind.choices(),
        default=TerrainKind.OPEN.value,
        help_text="What it is, for the diagram; cover and objective stay separate.",
    )
    cover = models.CharField(
        max_length=8,
        choices=Cover.choices(),
        default=Cover.NONE.value,
        help_text="Soft: hedges, fences, brush. Hard: walls, rocks, buildings.",
    )
    objective = models.BooleanField(
        default=False,
        help_text=f"A fixed objective: held by standing within {HOLD_WITHIN}″ of it "
        f"with no enemy within {HOLD_WITHIN}″.",
    )
    victory_points = models.PositiveSmallIntegerField(
        default=0,
        validators=in_range(0, 20),
        help_text="What holding it is worth, where the scene scores victory points "
        "(an objective only: a feature that is not one scores nothing).",
    )
    lit_within = models.PositiveSmallIntegerField(
        "lit within",
        null=True,
        blank=True,
        validators=in_range(1, 60),
        help_text="Inches: a character this near it can be seen from any distance, "
        "whatever the sight limit (a campfire). Blank: not lit.",
    )
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("scene", "order", "id")
        verbose_name = "terrain feature"
        constraints = [
            choice_check("shape", Shape.choices()),
            choice_check("cover", Cover.choices()),
            choice_check("terrain", TerrainKind.choices()),
            range_check("x", 0, 120),
            range_check("y", 0, 120),
            range_check("width", 1, 120, nullable=True),
            range_check("depth", 1, 120, nullable=True),
            range_check("radius", 1, 60, nullable=True),
            range_check("victory_points", 0, 20),
            range_check("lit_within", 1, 60, nullable=True),
            models.CheckConstraint(
                condition=Q(objective=True) | Q(victory_points=0),
                name="campaigns_scenefeature_vp_objective",
                violation_error_message=FEATURE_VP_MESSAGE,
            ),
            models.CheckConstraint(
                condition=(
                    Q(shape="rectangle", width__isnull=False, depth__isnull=False)
                    | Q(shape="circle", radius__isnull=False)
                ),
                name="campaigns_scenefeature_shape_sized",
                violation_error_message="A rectangle needs a width and depth, a "
                "circle a radius.",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        errors: dict[str, str] = {}
        if self.shape == Shape.RECTANGLE:
            if self.width is None or self.depth is None:
                errors["width"] = "A rectangle needs a width and a depth."
        elif self.radius is None:
            errors["radius"] = "A circle needs a radius."
        if self.victory_points and not self.objective:
            errors["victory_points"] = FEATURE_VP_MESSAGE
        scene = self.scene if self.scene_id else None
        if scene is not None and not errors and self.x is not None:
            if self.shape == Shape.RECTANGLE:
                inside = _inside_table(
                    scene, x=self.x, y=self.y, width=self.width, depth=self.depth
                )
            else:
                inside = _inside_table(scene, x=self.x, y=self.y)
            if not inside:
                errors["x"] = (
                    f"The feature must lie on the {scene.table_width}″ × "
                    f"{scene.table_depth}″ table."
                )
        if errors:
            raise ValidationError(errors)
