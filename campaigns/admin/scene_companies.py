"""The scene page's companies that collide: where and when each deploys, who of
it may take part and the robot's orders, one company on each side and a leader
for each side."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from campaigns.admin.common import (
    AdminFieldsMixin,
    edited_campaign_id,
    scoped_autocomplete,
)
from campaigns.admin.orders import orders_link
from campaigns.models import Character, Company, SceneCompany
from engines.enums import Deployment, Edge, SceneKind, Side

NOT_FOUGHT = (SceneKind.SANCTUARY.value, SceneKind.LARGER_BATTLE.value)
DEFAULT_EDGE = {Side.PLAYER.value: Edge.SOUTH.value, Side.AI.value: Edge.NORTH.value}
"""A scene company's entry edge when none is chosen."""
SIDE_WORDS = {Side.PLAYER.value: "player", Side.AI.value: "AI"}
DEPLOYMENT_FIELDS = {
    Deployment.EDGE.value: ("deployment_depth",),
    Deployment.CENTRE.value: ("deployment_radius",),
    Deployment.RECTANGLE.value: ("zone_x", "zone_y", "zone_width", "zone_depth"),
    Deployment.ANYWHERE.value: ("deployment_distance",),
}
"""The fields each deployment uses; the others are cleared."""


def _campaign_characters(request):
    return Character.objects.filter(
        company__campaign_id=edited_campaign_id(request)
    ).select_related("company")


# --- the companies that collide ---------------------------------------------------


class CompanySelect(forms.Select):
    """A company list whose options carry the company's usual side, so the
    page can show which fields apply before the side is chosen."""

    def __init__(self, *args, sides: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.sides = sides or {}

    def create_option(self, name, value, label, selected, index, *args, **kwargs):
        option = super().create_option(
            name, value, label, selected, index, *args, **kwargs
        )
        side = self.sides.get(str(value))
        if side:
            option["attrs"]["data-side"] = side
        return option


class SceneCompanyForm(forms.ModelForm):
    class Meta:
        model = SceneCompany
        fields = ()  # the admin lists them
        widgets = {"notes": forms.Textarea(attrs={"rows": 3, "cols": 70})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        side = self.fields["side"]
        side.required = False
        side.choices = [("", "Its usual side"), *Side.choices()]
        side.help_text = "Left as it is, the side the company usually fights on."
        edge = self.fields["entry_edge"]
        edge.required = False
        edge.choices = [("", "South for the player, north for the AI"), *Edge.choices()]

    def clean(self):
        cleaned_data = super().clean()
        company = cleaned_data.get("company")
        side = cleaned_data.get("side") or (company.side if company else "")
        cleaned_data["side"] = side
        if not cleaned_data.get("entry_edge") and side:
            cleaned_data["entry_edge"] = DEFAULT_EDGE[side]
        deployment = cleaned_data.get("deployment")
        for kind, names in DEPLOYMENT_FIELDS.items():
            if kind != deployment:
                for name in names:
                    if name != "deployment_depth":
                        cleaned_data[name] = None
        if side == Side.PLAYER:
            cleaned_data["doctrine_override"] = ""
            cleaned_data["notes"] = ""
        if cleaned_data.get("arrives_in_round") is None:
            cleaned_data["entry_edge_dealt"] = False
        allowed = cleaned_data.get("allowed_characters")
        if company is not None and allowed:
            strangers = [c.name for c in allowed if c.company_id != company.pk]
            if strangers:
                self.add_error(
                    "allowed_characters",
                    f"Only characters of {company.name} can be chosen here: not "
                    f"{', '.join(strangers)}.",
                )
        return cleaned_data


class SceneCompanyFormSet(forms.BaseInlineFormSet):
    """A fighting scene has a company on each side and one leading company per
    side; the only company of a side leads it without being ticked."""

    def clean(self) -> None:
        super().clean()
        self.leading_forms: list[forms.ModelForm] = []
        if any(form.errors for form in self.forms):
            return
        rows = [
            form
            for form in self.forms
            if form.cleaned_data
            and form.cleaned_data.get("company")
            and not form.cleaned_data.get("DELETE")
        ]
        kind = self.instance.kind
        if kind in NOT_FOUGHT:
            if rows:
                raise ValidationError(
                    f"A {SceneKind(kind).label.lower()} is not fought: it has no "
                    "companies (a larger battle's sub-scenes have them)."
                )
            return
        errors = []
        for side, words in SIDE_WORDS.items():
            of_side = [f for f in rows if f.cleaned_data["side"] == side]
            leading = [f for f in of_side if f.cleaned_data.get("leading")]
            if not of_side:
                who = "the robot plays" if side == Side.AI else "the players command"
                errors.append(
                    f"A battle needs an {words} company: add the company {who}."
                    if side == Side.AI
                    else f"A battle needs a {words} company: add the company {who}."
                )
            elif len(leading) > 1:
                errors.append(
                    f"Only one company leads the {words} side: untick “leading” on "
                    "the others."
                )
            elif leading:
                self.leading_forms.append(leading[0])
            elif len(of_side) == 1:
                self.leading_forms.append(of_side[0])
            else:
                errors.append(
                    f"Tick “leading” on the company that leads the {words} side: its "
                    "commander rolls for the side."
                )
        if errors:
            raise ValidationError(errors)


class SceneCompanyInline(AdminFieldsMixin, admin.StackedInline):
    model = SceneCompany
    form = SceneCompanyForm
    formset = SceneCompanyFormSet
    choose_only = ("allowed_characters",)
    verbose_name = "company in this scene"
    verbose_name_plural = "companies in this scene"
    fieldsets = (
        (
            None,
            {
                "fields": (("company", "side", "leading"),),
                "description": "One company on each side at least. The only company "
                "of a side leads it; with several, tick the one that leads.",
            },
        ),
        (
            "Where it deploys",
            {
                "fields": (
                    ("deployment", "entry_edge"),
                    "deployment_depth",
                    "deployment_radius",
                    ("zone_x", "zone_y", "zone_width", "zone_depth"),
                    "deployment_distance",
                ),
                "description": "Fill in only what the chosen place asks for. Inches "
                "are measured from the table's west edge (x) and north edge (y).",
            },
        ),
        (
            "When it comes on",
            {
                "fields": (("arrives_in_round", "entry_edge_dealt"),),
                "description": "Leave the round blank for a company on the table "
                "from the start.",
            },
        ),
        (
            "Who may take part",
            {
                "fields": ("allowed_characters", ("min_characters", "max_characters")),
                "description": "Leave empty to let any of the company's fit "
                "characters take part.",
            },
        ),
        (
            "The robot's orders",
            {
                "fields": ("doctrine_override", "orders", "notes"),
                "description": "AI companies only. Orders, single characters' "
                "arrival rounds and the arrival stretch have their own page; notes "
                "keep only what no order can say (printed last on the AI card).",
            },
        ),
    )

    readonly_fields = ("orders",)

    def get_extra(self, request, obj=None, **kwargs) -> int:
        return 2 if obj is None else 0

    @admin.display(description="orders, arrivals")
    def orders(self, obj: SceneCompany) -> str:
        return orders_link(obj)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "company":
            companies = list(
                Company.objects.filter(campaign_id=edited_campaign_id(request))
            )
            kwargs["queryset"] = Company.objects.filter(
                pk__in=[c.pk for c in companies]
            )
            kwargs["widget"] = CompanySelect(
                sides={str(c.pk): c.side for c in companies}
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name == "allowed_characters":
            kwargs.update(
                scoped_autocomplete(
                    db_field,
                    self.admin_site,
                    queryset=_campaign_characters(request),
                    row_field="company",
                )
            )
        return super().formfield_for_manytomany(db_field, request, **kwargs)
