"""A fixed scene's ways to win (RULES §1 "Victory as data").

The scene page lists its ways (side, at once, order) with a link to each way's
own page, where its conditions are edited: each shows only the fields its kind
uses (the form clears the others), and its choices are the scene's own
characters, companies, features and objectives, as a scene order's are. A way
is saved only with at least one condition (no empty *and*); the engine's checks
give the messages the import and the readiness panel give.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.html import format_html

from campaigns.admin.builders import BuilderScopeMixin
from campaigns.admin.common import ADMIN_CSS, ADMIN_JS, AdminFieldsMixin
from campaigns.models import (
    Character,
    Company,
    Objective,
    SceneCompany,
    SceneFeature,
    WayToWin,
    WinCondition,
)
from campaigns.models.victory import KIND_FIELDS
from campaigns.selectors.victory import scene_victory_read
from engines.victory import victory_notices, way_problem

KIND_OWN = frozenset(name for names in KIND_FIELDS.values() for name in names)


def _blank(name: str):
    """The value a field a condition's kind does not use is saved with."""
    field = WinCondition._meta.get_field(name)
    if isinstance(field, models.Field) and field.has_default():
        return field.get_default()
    return "" if isinstance(field, models.CharField) else None


class WinConditionForm(forms.ModelForm):
    class Meta:
        model = WinCondition
        fields = ()  # the inline lists them

    def clean(self):
        cleaned_data = super().clean()
        kind = cleaned_data.get("kind") or ""
        for name in KIND_OWN:
            if name in cleaned_data and name not in KIND_FIELDS.get(kind, ()):
                cleaned_data[name] = _blank(name)
                setattr(self.instance, name, cleaned_data[name])
        return cleaned_data


class WinConditionFormSet(forms.BaseInlineFormSet):
    def clean(self) -> None:
        super().clean()
        if any(self.errors):
            return
        kept = [
            form
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        way = self.instance
        rows = [form.instance for form in kept]
        problem = way_problem(way.to_engine_with(rows))
        if problem:
            raise ValidationError(problem)


class WinConditionInline(AdminFieldsMixin, admin.StackedInline):
    model = WinCondition
    form = WinConditionForm
    formset = WinConditionFormSet
    extra = 0
    min_num = 1
    verbose_name = "condition"
    verbose_name_plural = "its conditions, joined by “and”"
    fields = (
        ("kind", "negated", "order"),
        ("character", "company", "side"),
        ("count", "half"),
        ("edge", "feature"),
        "objective",
        ("when", "round"),
    )

    def _scene_id(self, request) -> int | None:
        match = getattr(request, "resolver_match", None)
        raw = match.kwargs.get("object_id") if match else None
        if raw is None:
            return None
        try:
            return WayToWin.objects.values_list("scene_id", flat=True).get(pk=int(raw))
        except (TypeError, ValueError, WayToWin.DoesNotExist):
            return None

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        scene_id = self._scene_id(request)
        companies = SceneCompany.objects.filter(scene_id=scene_id).values("company_id")
        match db_field.name:
            case "character":
                kwargs["queryset"] = Character.objects.filter(
                    company_id__in=companies
                ).select_related("company")
            case "company":
                kwargs["queryset"] = Company.objects.filter(pk__in=companies)
            case "objective":
                kwargs["queryset"] = Objective.objects.filter(scene_id=scene_id)
            case "feature":
                kwargs["queryset"] = SceneFeature.objects.filter(scene_id=scene_id)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(WayToWin)
class WayToWinAdmin(BuilderScopeMixin, AdminFieldsMixin, admin.ModelAdmin):
    """One way to win of a scene, and its conditions. The pack prints none of
    them (its victory text is the story): saving one renders no pack."""

    list_display = ("__str__", "side", "at_once")
    readonly_fields = ("scene_link",)
    fields = ("scene_link", ("side", "at_once", "order"))
    inlines = (WinConditionInline,)

    class Media:
        js = [ADMIN_JS]
        css = {"all": [ADMIN_CSS]}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("scene")

    def has_add_permission(self, request) -> bool:
        return False  # a way is added on its scene's page

    def get_model_perms(self, request) -> dict:
        return {}  # reached from its scene's page, not from the index

    def change_view(self, request, object_id, form_url="", extra_context=None):
        """The scene's ways as a whole: a side without one, and two that end
        the battle at once for opposite sides (the first listed wins)."""
        way = self.get_object(request, unquote(object_id))
        if request.method == "GET" and way is not None:
            for notice in victory_notices(scene_victory_read(scene=way.scene)):
                messages.info(request, notice)
        return super().change_view(request, object_id, form_url, extra_context)

    @admin.display(description="scene")
    def scene_link(self, obj: WayToWin) -> str:
        url = reverse("admin:campaigns_scene_change", args=[obj.scene_id])
        return format_html('<a href="{}">{}</a>', url, obj.scene)


def conditions_link(way: WayToWin) -> str:
    """The scene page's link to a way's conditions."""
    if way.pk is None:
        return "Save the scene, then give the way its conditions."
    url = reverse("admin:campaigns_waytowin_change", args=[way.pk])
    count = way.conditions.count()
    label = "add its conditions" if not count else str(way)
    return format_html('<a href="{}">{}</a>', url, label)


class WayToWinInline(AdminFieldsMixin, admin.TabularInline):
    """The scene page's ways to win (a fixed scene: at least one each side)."""

    model = WayToWin
    extra = 0
    verbose_name = "way to win"
    verbose_name_plural = "ways to win (a fixed scenario: at least one for each side)"
    fields = ("side", "at_once", "order", "conditions")
    readonly_fields = ("conditions",)

    @admin.display(description="conditions")
    def conditions(self, obj: WayToWin) -> str:
        return conditions_link(obj)
