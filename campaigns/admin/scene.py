"""The scene page: the story step, its table and scenario, and the battlefield as
data — the companies that collide (where and when they deploy, who of them may
take part, the robot's orders), the objectives and the terrain features.

A fighting scene is saved only with a company on each side and a leader for
each side (the only company of a side leads it); a sanctuary or a larger battle
has nothing on its table. Fields that do not apply to a choice are hidden in
the browser and cleared here, so a club admin fills in only what applies.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse

from campaigns.admin.common import (
    ADMIN_CSS,
    ADMIN_JS,
    CampaignPartAdmin,
    ScopedAutocompleteSelect,
    ScopedSearchMixin,
    edited_campaign_id,
    page_object_id,
    scoped_autocomplete,
)
from campaigns.admin.pack_inputs import PackInputsMixin
from campaigns.admin.scene_battlefield import ObjectiveInline, SceneFeatureInline
from campaigns.admin.scene_companies import (
    SceneCompanyFormSet,
    SceneCompanyInline,
    _campaign_characters,
)
from campaigns.admin.scene_terrain import SceneTerrainMixin
from campaigns.admin.victory import WayToWinInline
from campaigns.models import Scene, SceneCompany
from campaigns.selectors.genres import castle_words_for
from campaigns.services.duplicates import scene_duplicate
from engines.enums import SceneKind, SceneStatus

# --- the scene ------------------------------------------------------------------


class SceneForm(forms.ModelForm):
    played_after_victory = forms.ModelChoiceField(
        queryset=Scene.objects.none(),
        required=False,
        label="Played after a victory in",
        help_text="Branching from an earlier scene: this scene follows that one "
        "when the players win it.",
    )
    played_after_defeat = forms.ModelChoiceField(
        queryset=Scene.objects.none(),
        required=False,
        label="Played after a defeat in",
        help_text="This scene follows that one when the players lose it.",
    )

    class Meta:
        model = Scene
        fields = ()  # the admin lists them
        help_texts = {
            "slug": "Filled in from the title as you type it; change it only if you "
            "want another. Used in the scene's web address.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            for name, column in (
                ("played_after_victory", "next_on_victory"),
                ("played_after_defeat", "next_on_defeat"),
            ):
                source = (
                    Scene.objects.filter(**{column: self.instance})
                    .values_list("pk", flat=True)
                    .first()
                )
                self.initial.setdefault(name, source)


@admin.register(Scene)
class SceneAdmin(
    SceneTerrainMixin, PackInputsMixin, ScopedSearchMixin, CampaignPartAdmin
):
    form = SceneForm
    change_form_template = "admin/campaigns/scene/change_form.html"
    list_display = (
        "title",
        "campaign",
        "order",
        "kind",
        "status",
        "outcome",
        "scenario_mode",
    )
    list_filter = ("campaign", "kind", "status", "outcome", "scenario_mode")
    list_select_related = ("campaign",)
    search_fields = ("title", "slug", "campaign__name", "briefing")
    scope_filters = {"campaign": "campaign_id", "exclude": "pk"}
    choose_only = ("parent", "next_on_victory", "next_on_defeat", "quarry")
    prepopulated_fields = {"slug": ("title",)}
    inlines = (
        SceneCompanyInline,
        ObjectiveInline,
        SceneFeatureInline,
        WayToWinInline,
    )
    actions = ("duplicate_scenes",)

    class Media:
        js = [ADMIN_JS]
        css = {"all": [ADMIN_CSS]}

    def get_fieldsets(self, request, obj=None):
        story = ["campaign", "title", "slug", ("kind", "parent"), "status"]
        if obj is not None:
            story = ["campaign", ("order", "title"), "slug", ("kind", "parent")]
            story.append(("status", "outcome"))
        story.append("briefing")
        return (
            (None, {"fields": story}),
            (
                "Table and scenario",
                {
                    "fields": (
                        ("table_width", "table_depth"),
                        "scenario_mode",
                        ("fixed_scenario", "fixed_player_role"),
                        "custom_scenario_name",
                        "custom_scenario_setup",
                        ("battle_length", "scores_victory_points"),
                        "castle_nearby",
                        "sight_limit",
                        "special_rules",
                        "victory_conditions",
                        ("time_out_winner", "rout_loses"),
                        ("after_victory_text", "after_defeat_text"),
                        "outright_kill_rule",
                    ),
                    "description": "Generate: the scenario is rolled at setup from "
                    "the stances and scouting. Fixed: a named scenario, or the "
                    "scene's own name and setup text.",
                },
            ),
            (
                "Horde",
                {
                    "fields": (
                        ("reinforcements", "reinforcement_cap"),
                        "horde_start_mode",
                    ),
                    "description": "Only for an AI company fighting as a horde.",
                    "classes": ("collapse",),
                },
            ),
            (
                "Pursuit",
                {
                    "fields": ("quarry", "route", "pursuit_bonus_inches"),
                    "description": "Only for an AI company fighting a pursuit.",
                    "classes": ("collapse",),
                },
            ),
            (
                "Special wound",
                {
                    "fields": (
                        "special_wound_name",
                        "special_wound_rules",
                        (
                            "special_wound_heals_at_sanctuary",
                            "special_wound_applies_to",
                        ),
                        (
                            "special_wound_attack",
                            "special_wound_defence",
                            "special_wound_move",
                        ),
                    ),
                    "description": "Every lasting wound taken in this scene becomes "
                    "this wound (leave the name blank for ordinary wounds).",
                    "classes": ("collapse",),
                },
            ),
            (
                "Branching",
                {
                    "fields": (
                        ("next_on_victory", "next_on_defeat"),
                        ("played_after_victory", "played_after_defeat"),
                    ),
                    "description": "Blank, and after a draw, the story goes on to the "
                    "next scene in order. Point to later scenes once they exist, or "
                    "from a later scene back to the one it follows.",
                },
            ),
        )

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        campaign_id = edited_campaign_id(request)
        others = Scene.objects.filter(campaign_id=campaign_id)
        if obj is not None:
            others = others.exclude(pk=obj.pk)
        for name in ("played_after_victory", "played_after_defeat"):
            field = form.base_fields[name]
            field.queryset = others
            field.widget = ScopedAutocompleteSelect(
                Scene._meta.get_field("next_on_victory"),
                self.admin_site,
                scope={"campaign": campaign_id, "exclude": obj.pk if obj else None},
            )
        if "castle_nearby" in form.base_fields:
            castle = form.base_fields["castle_nearby"]
            castle.label = castle_words_for(
                campaign_id=obj.campaign_id if obj is not None else campaign_id
            )
            castle.help_text = f"{castle.label}: a generated Assault becomes a Siege."
        if not change:
            status = form.base_fields["status"]
            status.choices = [
                choice
                for choice in status.choices
                if choice[0] != SceneStatus.RESOLVED.value
            ]
            status.help_text = "Mark the scene the players play first as current."
        return form

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name in ("parent", "next_on_victory", "next_on_defeat"):
            object_id = page_object_id(request)
            scenes = Scene.objects.filter(campaign_id=edited_campaign_id(request))
            if object_id is not None:
                scenes = scenes.exclude(pk=object_id)
            if db_field.name == "parent":
                scenes = scenes.filter(kind=SceneKind.LARGER_BATTLE.value)
            kwargs.update(
                scoped_autocomplete(
                    db_field,
                    self.admin_site,
                    queryset=scenes,
                    scope={
                        "campaign": edited_campaign_id(request),
                        "exclude": object_id,
                    },
                )
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name == "quarry":
            kwargs.update(
                scoped_autocomplete(
                    db_field,
                    self.admin_site,
                    queryset=_campaign_characters(request),
                    scope={"campaign": edited_campaign_id(request)},
                )
            )
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def scope_queryset(self, request, queryset):
        if request.GET.get("field_name") == "parent":
            return queryset.filter(kind=SceneKind.LARGER_BATTLE.value)
        return queryset

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        campaign_id = edited_campaign_id(request)
        has_current = (
            Scene.objects.filter(campaign_id=campaign_id, status=SceneStatus.CURRENT)
            .exclude(kind=SceneKind.LARGER_BATTLE.value)
            .exists()
        )
        if not has_current and "status" not in request.GET:
            initial["status"] = SceneStatus.CURRENT.value
        return initial

    def render_change_form(self, request, context, add=False, change=False, **kwargs):
        context["show_save_and_add_another"] = False
        return super().render_change_form(request, context, add, change, **kwargs)

    # --- saving: the leaders and the branches --------------------------------------

    def save_related(self, request, form, formsets, change) -> None:
        scene = form.instance
        # No side may have two leaders while the rows are saved one by one.
        SceneCompany.objects.filter(scene=scene).update(leading=False)
        super().save_related(request, form, formsets, change)
        leaders = [
            leading.instance.pk
            for formset in formsets
            if isinstance(formset, SceneCompanyFormSet)
            for leading in formset.leading_forms
        ]
        SceneCompany.objects.filter(scene=scene).exclude(pk__in=leaders).update(
            leading=False
        )
        SceneCompany.objects.filter(pk__in=leaders).update(leading=True)
        for name, column in (
            ("played_after_victory", "next_on_victory"),
            ("played_after_defeat", "next_on_defeat"),
        ):
            if name not in form.changed_data:
                continue
            before = form.initial.get(name)
            source = form.cleaned_data.get(name)
            if before:
                Scene.objects.filter(pk=before, **{column: scene}).update(
                    **{column: None}
                )
            if source is not None:
                Scene.objects.filter(pk=source.pk).update(**{column: scene})

    def response_add(self, request, obj, post_url_continue=None):
        if "_addnext" in request.POST:
            return self._add_next(request, obj)
        return super().response_add(request, obj, post_url_continue)

    def response_change(self, request, obj):
        if "_addnext" in request.POST:
            return self._add_next(request, obj)
        return super().response_change(request, obj)

    def _add_next(self, request, scene: Scene):
        """Saved: on to a new scene of the same campaign, on a table of the
        same size (a sub-scene's next is another sub-scene of its battle)."""
        messages.success(request, f"“{scene}” is saved. Now the next scene.")
        params: dict[str, object] = {
            "campaign": scene.campaign_id,
            "table_width": scene.table_width,
            "table_depth": scene.table_depth,
        }
        if scene.kind == SceneKind.SUB_SCENE:
            params.update(kind=SceneKind.SUB_SCENE.value, parent=scene.parent_id)
        return HttpResponseRedirect(
            f"{reverse('admin:campaigns_scene_add')}?{urlencode(params)}"
        )

    # --- duplicating ----------------------------------------------------------------

    def get_urls(self):
        return [
            path(
                "<path:object_id>/duplicate/",
                self.admin_site.admin_view(self.duplicate_view),
                name="campaigns_scene_duplicate",
            ),
            *self.terrain_urls(),
            *super().get_urls(),
        ]

    def duplicate_view(self, request, object_id):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_add_permission(request):
            raise PermissionDenied
        scene = get_object_or_404(self.get_queryset(request), pk=object_id)
        copy = scene_duplicate(scene=scene)
        self.log_addition(request, copy, f"Duplicated from {scene}.")
        messages.success(
            request,
            f"“{copy}” is a copy of “{scene}” with its companies, objectives and "
            "terrain, placed last: give it its own title and change what differs.",
        )
        return HttpResponseRedirect(
            reverse("admin:campaigns_scene_change", args=[copy.pk])
        )

    @admin.action(description="Duplicate the selected scenes with their battlefield")
    def duplicate_scenes(self, request, queryset):
        copies = [scene_duplicate(scene=scene) for scene in queryset.order_by("order")]
        for copy in copies:
            self.log_addition(request, copy, "Duplicated.")
        messages.success(
            request, "Added " + ", ".join(f"“{copy}”" for copy in copies) + "."
        )
