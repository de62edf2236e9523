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
from django.urls import reverse
from django.utils.html import format_html

from campaigns.admin.builders import BuilderScopeMixin
from campaigns.admin.common import (
    ADMIN_CSS,
    ADMIN_JS,
    AdminFieldsMixin,
    page_object_id,
)
from campaigns.admin.scene_scoped import (
    InScene,
    SceneScopedInline,
    unused_value,
)
from campaigns.models import WayToWin, WinCondition
from campaigns.models.victory import KIND_FIELDS
from campaigns.selectors.victory import scene_victory_read
from engines.victory import victory_notices, way_problem

KIND_OWN = frozenset(name for names in KIND_FIELDS.values() for name in names)


class WinConditionForm(forms.ModelForm):
    class Meta:
        model = WinCondition
        fields = ()  # the inline lists them

    def clean(self):
        cleaned_data = super().clean()
        kind = cleaned_data.get("kind") or ""
        for name in KIND_OWN:
            if name in cleaned_data and name not in KIND_FIELDS.get(kind, ()):
                cleaned_data[name] = unused_value(WinCondition, name)
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


class WinConditionInline(SceneScopedInline, AdminFieldsMixin, admin.StackedInline):
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

    scene_choices = {
        "character": InScene.CHARACTERS,
        "company": InScene.COMPANIES,
        "objective": InScene.OBJECTIVES,
        "feature": InScene.FEATURES,
    }

    def scene_id(self, request) -> int | None:
        """The scene of the way-to-win page this request is for."""
        way_id = page_object_id(request)
        if way_id is None:
            return None
        ways = WayToWin.objects.filter(pk=way_id)
        return ways.values_list("scene_id", flat=True).first()


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
