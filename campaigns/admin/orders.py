"""A company's page in a scene: the robot's orders, single characters' arrival
rounds, the arrival stretch and the notes (RULES §1 "Scene orders", "Arrival").

Opened from the scene page ("Orders, arrivals and notes"). An order shows only
the fields its kind needs (the browser hides the others, the form clears
them); a target or place must be the scene's and of the right side.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from campaigns.admin.builders import BuilderScopeMixin
from campaigns.admin.common import (
    ADMIN_CSS,
    ADMIN_JS,
    AdminFieldsMixin,
    page_object_id,
)
from campaigns.admin.pack_inputs import PackInputsMixin
from campaigns.admin.scene_scoped import (
    InScene,
    SceneScopedInline,
    unused_value,
)
from campaigns.models import Character, SceneArrival, SceneCompany, SceneOrder
from campaigns.models.orders import COMMON_FIELDS, KIND_FIELDS
from engines.enums import Side
from engines.orders import OrderKind, PlaceKind, TargetKind, Victim

PLACE_SUBFIELDS = {
    "place_character": PlaceKind.CHARACTER,
    "place_objective": PlaceKind.OBJECTIVE,
    "place_feature": PlaceKind.FEATURE,
    "x": PlaceKind.POINT,
    "y": PlaceKind.POINT,
}
"""A place's field and the place kind that uses it (an edge: see :func:`_uses`)."""


KIND_OWN = frozenset(name for names in KIND_FIELDS.values() for name in names)
"""The fields some kind uses (the rest are every order's, or the form's own)."""


def _uses(name: str, data: dict) -> bool:
    """Whether an order with these values uses this field."""
    kind = data.get("kind") or ""
    if name in COMMON_FIELDS or name not in KIND_FIELDS.get(kind, ()):
        return name in COMMON_FIELDS
    place = data.get("place_kind") or ""
    if name in PLACE_SUBFIELDS:
        return place == PLACE_SUBFIELDS[name]
    if name == "edge" and kind != OrderKind.ROUT_TOWARD:
        return place == PlaceKind.EDGE
    if kind == OrderKind.HUNT and name.startswith("target_") and name != "target_kind":
        wanted = {
            TargetKind.CHARACTER: "target_character",
            TargetKind.CARRIER: "target_objective",
            TargetKind.COMPANY: "target_company",
        }
        return wanted[TargetKind(data.get("target_kind") or "character")] == name
    if kind == OrderKind.EACH_ROUND and name in ("target_character", "target_company"):
        victim = data.get("victim") or Victim.CHARACTER
        return (name == "target_company") == (victim == Victim.DEALT)
    return True


def _company_id(request) -> int | None:
    """The company of the scene's company page this request is for."""
    page_id = page_object_id(request)
    if page_id is None:
        return None
    companies = SceneCompany.objects.filter(pk=page_id)
    return companies.values_list("company_id", flat=True).first()


class SceneOrderForm(forms.ModelForm):
    class Meta:
        model = SceneOrder
        fields = ()  # the inline lists them
        widgets = {"effect": forms.TextInput(attrs={"size": 70})}

    def clean(self):
        cleaned_data = super().clean()
        for name in self.fields:
            if (
                name in KIND_OWN
                and name in cleaned_data
                and not _uses(name, cleaned_data)
            ):
                cleaned_data[name] = unused_value(SceneOrder, name)
        sc = self.instance.scene_company if self.instance.scene_company_id else None
        characters = cleaned_data.get("characters") or []
        if sc is not None:
            strangers = [c.name for c in characters if c.company_id != sc.company_id]
            if strangers:
                self.add_error(
                    "characters",
                    f"Only characters of {sc.company.name}: not "
                    f"{', '.join(strangers)}.",
                )
        return cleaned_data


class SceneOrderInline(SceneScopedInline, AdminFieldsMixin, admin.StackedInline):
    model = SceneOrder
    form = SceneOrderForm
    extra = 0
    verbose_name = "order"
    verbose_name_plural = "the robot's orders"
    fields = (
        "kind",
        "characters",
        ("from_round", "until_round"),
        "target_kind",
        ("target_character", "target_objective", "target_company"),
        ("shooting_only", "out_of_sight", "attack_modifier"),
        "shunned",
        "place_kind",
        ("place_character", "place_objective", "place_feature"),
        ("edge", "x", "y"),
        ("inches", "except_feature"),
        ("moment", "round"),
        "condition",
        ("attack_bonus", "victim", "gate"),
        "effect",
    )

    scene_choices = {
        "target_character": InScene.CHARACTERS,
        "place_character": InScene.CHARACTERS,
        "shunned": InScene.PLAYER_CHARACTERS,  # a shun names a player character
        "target_company": InScene.COMPANIES,
        "target_objective": InScene.OBJECTIVES,
        "place_objective": InScene.OBJECTIVES,
        "place_feature": InScene.FEATURES,
        "except_feature": InScene.FEATURES,
    }

    def scene_id(self, request) -> int | None:
        """The scene of the scene's company page this request is for."""
        page_id = page_object_id(request)
        if page_id is None:
            return None
        companies = SceneCompany.objects.filter(pk=page_id)
        return companies.values_list("scene_id", flat=True).first()

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name == "characters":  # the company's own
            kwargs["queryset"] = Character.objects.filter(
                company_id=_company_id(request)
            )
            kwargs["widget"] = forms.CheckboxSelectMultiple
        return super().formfield_for_manytomany(db_field, request, **kwargs)


class SceneArrivalInline(AdminFieldsMixin, admin.TabularInline):
    model = SceneArrival
    extra = 0
    verbose_name_plural = "single characters arriving in another round"

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "character":  # the company's own
            kwargs["queryset"] = Character.objects.filter(
                company_id=_company_id(request)
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(SceneCompany)
class SceneCompanyAdmin(
    PackInputsMixin, BuilderScopeMixin, AdminFieldsMixin, admin.ModelAdmin
):
    """One company in one scene: orders, arrivals, stretch, notes."""

    list_display = ("__str__", "side")
    list_select_related = ("company", "scene")
    readonly_fields = ("scene_link", "company", "side")
    fieldsets = (
        (None, {"fields": ("scene_link", ("company", "side"))}),
        (
            "Arrival",
            {
                "fields": (("arrival_start", "arrival_length"),),
                "description": "The stretch of its entry edge where arriving "
                "models come on, in inches from the edge's north or west end; "
                "blank: the whole edge.",
            },
        ),
        (
            "Notes",
            {
                "fields": ("notes",),
                "description": "AI companies: only what no order below can say. "
                "Printed last on its AI card and shown on the table page.",
            },
        ),
    )

    class Media:
        js = [ADMIN_JS]
        css = {"all": [ADMIN_CSS]}

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("scene", "company")

    def has_add_permission(self, request) -> bool:
        return False  # a company joins a scene on the scene's page

    def get_model_perms(self, request) -> dict:
        return {}  # reached from its scene's page, not from the index

    def get_inlines(self, request, obj):
        if obj is not None and obj.side == Side.AI:
            return (SceneArrivalInline, SceneOrderInline)
        return (SceneArrivalInline,)

    @admin.display(description="scene")
    def scene_link(self, obj: SceneCompany) -> str:
        url = reverse("admin:campaigns_scene_change", args=[obj.scene_id])
        return format_html('<a href="{}">{}</a>', url, obj.scene)


def orders_link(sc: SceneCompany) -> str:
    """The scene page's link to a company's orders, arrivals and notes."""
    if sc.pk is None:
        return "Save the scene first."
    url = reverse("admin:campaigns_scenecompany_change", args=[sc.pk])
    count = sc.orders.count() if sc.side == Side.AI else 0
    words = f"{count} order{'s' if count != 1 else ''}, " if sc.side == Side.AI else ""
    return format_html('<a href="{}">{}arrivals and notes</a>', url, words)
