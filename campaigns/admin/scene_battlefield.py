"""The scene page's objectives and terrain features, each with its description."""

from __future__ import annotations

from django import forms
from django.contrib import admin

from campaigns.admin.common import (
    AdminFieldsMixin,
    edited_campaign_id,
    scoped_autocomplete,
)
from campaigns.admin.scene_companies import _campaign_characters
from campaigns.models import Objective, SceneFeature
from engines.battlefield import HOLD_WITHIN
from engines.enums import Shape

# --- objectives and terrain ----------------------------------------------------------


class DescribedTabularInline(AdminFieldsMixin, admin.TabularInline):
    """A table of rows with a line of help above it."""

    template = "admin/campaigns/edit_inline/tabular_described.html"
    description = ""


class ObjectiveInline(DescribedTabularInline):
    model = Objective
    choose_only = ("carried_by",)
    fields = ("name", "kind", "x", "y", "carried_by", "victory_points")
    extra = 0
    description = (
        f"A fixed objective is held by standing within {HOLD_WITHIN}″ of it with no "
        f"enemy within {HOLD_WITHIN}″; a carriable one is picked up and carried off. "
        "Give its place in inches "
        "(x from the west edge, y from the north edge), or the character carrying "
        "it at the start."
    )

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "carried_by":
            kwargs.update(
                scoped_autocomplete(
                    db_field,
                    self.admin_site,
                    queryset=_campaign_characters(request),
                    scope={"campaign": edited_campaign_id(request)},
                )
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class SceneFeatureForm(forms.ModelForm):
    class Meta:
        model = SceneFeature
        fields = ()  # the admin lists them

    def clean(self):
        cleaned_data = super().clean()
        if cleaned_data.get("shape") == Shape.CIRCLE:
            cleaned_data["width"] = cleaned_data["depth"] = None
        elif cleaned_data.get("shape") == Shape.RECTANGLE:
            cleaned_data["radius"] = None
        return cleaned_data


class SceneFeatureInline(DescribedTabularInline):
    model = SceneFeature
    form = SceneFeatureForm
    fields = (
        "name",
        "shape",
        "x",
        "y",
        "width",
        "depth",
        "radius",
        "cover",
        "objective",
        "victory_points",
        "lit_within",
    )
    extra = 0
    description = (
        "In inches from the table's west edge (x) and north edge (y): a rectangle "
        "from its north-west corner with its width and depth, a circle from its "
        "centre with its radius. Soft cover: hedges, fences, brush; hard: walls, "
        "rocks, buildings. Lit within N: a character within N inches of it can be "
        "seen from any distance, whatever the sight limit (a campfire)."
    )
