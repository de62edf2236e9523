"""The admin: where a club admin sets up campaigns (SITE.md "Access": Django's
staff and model permissions). Play state — battles, results, effects, the log —
is written by the services and shown here read-only."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db.models import Model

from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    BattleResult,
    Campaign,
    CampaignLogEntry,
    Character,
    CharacterOutcome,
    Commander,
    CommanderChange,
    Company,
    Effect,
    Event,
    EventDeck,
    Objective,
    PersistingWound,
    Scene,
    SceneCompany,
    SceneFeature,
)
from campaigns.printing.pack_store import pack_response
from campaigns.services.commanders import commander_change_by_hand
from engines.enums import SceneKind

# --- helpers ------------------------------------------------------------------


def _object_being_edited(request, model: type[Model]) -> Model | None:
    """The object of the change page this request is for (inlines included)."""
    match = getattr(request, "resolver_match", None)
    object_id = match.kwargs.get("object_id") if match else None
    if not object_id:
        return None
    try:
        return model._default_manager.filter(pk=object_id).first()
    except (ValueError, TypeError):
        return None


class ReadOnlyInline(admin.TabularInline):
    """Shows the rows the services wrote; the admin cannot edit them."""

    extra = 0
    can_delete = False
    show_change_link = False

    def get_readonly_fields(self, request, obj=None):
        return [field.name for field in self.model._meta.fields]

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    """A list and detail view of records the services write; nothing to edit."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


# --- campaign and scenes ------------------------------------------------------


class SceneInline(admin.TabularInline):
    model = Scene
    fk_name = "campaign"
    fields = ("order", "title", "slug", "kind", "parent", "status")
    extra = 0
    show_change_link = True

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "parent":
            scenes = Scene.objects.filter(kind=SceneKind.LARGER_BATTLE.value)
            campaign = _object_being_edited(request, Campaign)
            kwargs["queryset"] = (
                scenes.filter(campaign=campaign) if campaign else scenes.none()
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "slug",
        "owner",
        "paper_size",
        "random_events",
        "created_at",
    )
    list_filter = ("paper_size", "random_events", "event_deck")
    list_select_related = ("owner",)
    search_fields = ("name", "slug", "owner__username")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("members",)
    readonly_fields = ("created_at",)
    fields = (
        "name",
        "slug",
        "owner",
        "members",
        "description",
        "paper_size",
        ("random_events", "event_deck"),
        "created_at",
    )
    inlines = (SceneInline,)


class SceneCompanyInline(admin.TabularInline):
    model = SceneCompany
    fields = ("order", "company", "side", "entry_edge", "leading", "doctrine_override")
    extra = 0

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "company":
            scene = _object_being_edited(request, Scene)
            if scene is not None:
                kwargs["queryset"] = Company.objects.filter(campaign=scene.campaign_id)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class ObjectiveInline(admin.TabularInline):
    model = Objective
    fields = ("order", "name", "kind", "victory_points", "x", "y", "carried_by")
    extra = 0


class SceneFeatureInline(admin.TabularInline):
    model = SceneFeature
    fields = (
        "order",
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
    )
    extra = 0


@admin.register(Scene)
class SceneAdmin(admin.ModelAdmin):
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
    prepopulated_fields = {"slug": ("title",)}
    filter_horizontal = ("quarry",)
    inlines = (SceneCompanyInline, ObjectiveInline, SceneFeatureInline)
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "campaign",
                    ("order", "slug"),
                    "title",
                    ("kind", "parent"),
                    ("status", "outcome"),
                    "briefing",
                )
            },
        ),
        (
            "Table and scenario",
            {
                "fields": (
                    ("table_width", "table_depth"),
                    "scenario_mode",
                    "fixed_scenario",
                    "custom_scenario_name",
                    "custom_scenario_setup",
                    "castle_nearby",
                    "special_rules",
                    "victory_conditions",
                ),
                "description": "Generate rolls the scenario at setup (RULES §3); "
                "fixed uses a named scenario or the scene's own name and setup.",
            },
        ),
        (
            "Horde",
            {
                "fields": ("reinforcements", "reinforcement_cap", "horde_start_mode"),
                "classes": ("collapse",),
            },
        ),
        (
            "Pursuit",
            {
                "fields": ("quarry", "route", "pursuit_bonus_inches"),
                "classes": ("collapse",),
            },
        ),
        (
            "Special wound",
            {
                "fields": (
                    "special_wound_name",
                    "special_wound_rules",
                    "special_wound_heals_at_sanctuary",
                ),
                "description": "Every persisting wound taken in this scene becomes "
                "this wound.",
                "classes": ("collapse",),
            },
        ),
        (
            "Branching",
            {
                "fields": ("next_on_victory", "next_on_defeat"),
                "description": "Unset (and a draw) go on to the next scene by order.",
            },
        ),
    )

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        scene = _object_being_edited(request, Scene)
        if scene is not None:
            same_campaign = Scene.objects.filter(campaign=scene.campaign_id)
            if db_field.name == "parent":
                kwargs["queryset"] = same_campaign.filter(
                    kind=SceneKind.LARGER_BATTLE.value
                ).exclude(pk=scene.pk)
            elif db_field.name in ("next_on_victory", "next_on_defeat"):
                kwargs["queryset"] = same_campaign.exclude(pk=scene.pk)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name == "quarry":
            scene = _object_being_edited(request, Scene)
            characters = Character.objects.select_related("company")
            if scene is not None:
                characters = characters.filter(company__campaign=scene.campaign_id)
            kwargs["queryset"] = characters
        return super().formfield_for_manytomany(db_field, request, **kwargs)


# --- companies, characters, commanders ----------------------------------------


class CharacterInline(admin.TabularInline):
    model = Character
    fields = (
        "card_order",
        "name",
        "troop_type",
        "attack",
        "defence",
        "shooting_range",
        "move",
        "wound_slots",
        "hero",
        "special_rules",
        "alive",
        "unfit_next_battle",
    )
    extra = 0
    show_change_link = True


@admin.register(Company)
class CompanyAdmin(admin.ModelAdmin):
    list_display = ("name", "campaign", "side", "commander", "default_doctrine")
    list_filter = ("campaign", "side", "default_doctrine")
    list_select_related = ("campaign", "commander")
    search_fields = ("name", "campaign__name", "commander__name", "characters__name")
    inlines = (CharacterInline,)
    fields = (
        "campaign",
        "name",
        ("side", "colour"),
        "commander",
        "default_doctrine",
        "reinforcement_template",
        "description",
    )

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        company = _object_being_edited(request, Company)
        if company is not None and db_field.name == "commander":
            kwargs["queryset"] = Commander.objects.filter(campaign=company.campaign_id)
        if db_field.name == "reinforcement_template":
            kwargs["queryset"] = (
                Character.objects.filter(company=company)
                if company
                else Character.objects.none()
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_onetoone(self, db_field, request, **kwargs):
        return self.formfield_for_foreignkey(db_field, request, **kwargs)


class PersistingWoundInline(admin.TabularInline):
    model = PersistingWound
    fk_name = "character"
    fields = ("name", "status", "heals_at_sanctuary", "battle_taken", "rules_text")
    readonly_fields = ("battle_taken",)
    extra = 0


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "company",
        "troop_type",
        "wound_slots",
        "hero",
        "alive",
        "unfit_next_battle",
    )
    list_filter = (
        "company__campaign",
        "alive",
        "unfit_next_battle",
        "hero",
        "troop_type",
    )
    list_select_related = ("company",)
    search_fields = ("name", "company__name")
    inlines = (PersistingWoundInline,)


class CommanderAdminForm(forms.ModelForm):
    reason_for_change = forms.CharField(
        max_length=200,
        required=False,
        label="Reason for change",
        help_text="Required when you change the reputation or rating; kept in the "
        "commander's history.",
        widget=forms.TextInput(attrs={"size": 60}),
    )

    class Meta:
        model = Commander
        fields = (
            "campaign",
            "name",
            "reputation",
            "rating",
            "victories_since_rating_change",
        )

    def clean(self):
        cleaned_data = super().clean()
        changed = {"reputation", "rating"} & set(self.changed_data)
        reason = (cleaned_data.get("reason_for_change") or "").strip()
        if self.instance.pk is not None and changed and not reason:
            self.add_error(
                "reason_for_change",
                "Give a reason for changing the reputation or rating.",
            )
        return cleaned_data


class CommanderChangeInline(ReadOnlyInline):
    model = CommanderChange
    fields = (
        "created_at",
        "field",
        "old_value",
        "new_value",
        "reason",
        "battle",
        "changed_by",
    )
    verbose_name = "change"
    verbose_name_plural = "history"


@admin.register(Commander)
class CommanderAdmin(admin.ModelAdmin):
    form = CommanderAdminForm
    list_display = (
        "name",
        "campaign",
        "reputation",
        "rating",
        "victories_since_rating_change",
    )
    list_filter = ("campaign", "reputation", "rating")
    list_select_related = ("campaign",)
    search_fields = ("name", "campaign__name")
    fields = (
        "campaign",
        "name",
        ("reputation", "rating"),
        "reason_for_change",
        "victories_since_rating_change",
    )
    inlines = (CommanderChangeInline,)

    def save_model(self, request, obj, form, change) -> None:
        changed = {"reputation", "rating"} & set(form.changed_data)
        if not (change and changed):
            super().save_model(request, obj, form, change)
            return
        # Save the other fields as they are, then let the service make (and
        # record) the change itself.
        reputation, rating = obj.reputation, obj.rating
        obj.reputation = form.initial["reputation"]
        obj.rating = form.initial["rating"]
        obj.save()
        commander_change_by_hand(
            commander=obj,
            reputation=reputation,
            rating=rating,
            reason=form.cleaned_data["reason_for_change"],
            user=request.user,
        )


@admin.register(CommanderChange)
class CommanderChangeAdmin(ReadOnlyAdmin):
    list_display = (
        "commander",
        "field",
        "old_value",
        "new_value",
        "reason",
        "battle",
        "changed_by",
        "created_at",
    )
    list_filter = ("field", "commander__campaign")
    list_select_related = ("commander", "battle", "changed_by")
    search_fields = ("commander__name", "reason")


@admin.register(PersistingWound)
class PersistingWoundAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "character",
        "status",
        "heals_at_sanctuary",
        "battle_taken",
        "created_at",
    )
    list_filter = ("status", "heals_at_sanctuary", "character__company__campaign")
    list_select_related = ("character", "battle_taken")
    search_fields = ("name", "character__name", "character__company__name")


# --- event decks --------------------------------------------------------------


class EventInline(admin.TabularInline):
    model = Event
    fields = ("card", "title", "text")
    extra = 0


@admin.register(EventDeck)
class EventDeckAdmin(admin.ModelAdmin):
    list_display = ("name", "slug")
    search_fields = ("name", "slug", "events__title")
    prepopulated_fields = {"slug": ("name",)}
    inlines = (EventInline,)


# --- play state: written by the services ---------------------------------------


class BattleCompanyInline(ReadOnlyInline):
    model = BattleCompany
    fields = (
        "order",
        "company",
        "side",
        "entry_edge",
        "leading",
        "doctrine",
        "starting_mode",
    )


class BattleParticipantInline(ReadOnlyInline):
    model = BattleParticipant
    fields = (
        "order",
        "character",
        "side",
        "scout",
        "mishap",
        "disorganized",
        "reserve",
        "coop_player",
    )


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin):
    """Read-mostly: only the player's notes can be edited here."""

    list_display = (
        "number",
        "campaign",
        "scene",
        "status",
        "scenario_name",
        "times_rolled",
        "created_at",
    )
    list_filter = ("status", "campaign", "scenario")
    list_select_related = ("campaign", "scene")
    search_fields = ("scene__title", "campaign__name", "scenario_name", "notes")
    inlines = (BattleCompanyInline, BattleParticipantInline)
    actions = ["download_battle_pack"]

    def get_readonly_fields(self, request, obj=None):
        return [field.name for field in Battle._meta.fields if field.name != "notes"]

    @admin.action(description="Download battle pack")
    def download_battle_pack(self, request, queryset):
        """The selected battle's pack, as the site serves it (one battle only)."""
        if queryset.count() != 1:
            self.message_user(
                request,
                "Select exactly one battle to download its pack.",
                level=messages.WARNING,
            )
            return None
        return pack_response(request, battle=queryset.select_related("scene").get())

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class CharacterOutcomeInline(ReadOnlyInline):
    model = CharacterOutcome
    fields = (
        "participant",
        "wound_tokens",
        "fallen",
        "routed",
        "carried_objective",
        "killed_outright",
        "fate",
    )


@admin.register(BattleResult)
class BattleResultAdmin(ReadOnlyAdmin):
    list_display = (
        "battle",
        "outcome",
        "end_reason",
        "player_routed",
        "ai_routed",
        "created_at",
    )
    list_filter = ("outcome", "end_reason", "battle__campaign")
    list_select_related = ("battle",)
    search_fields = ("battle__scene__title", "battle__campaign__name")
    inlines = (CharacterOutcomeInline,)


@admin.register(Effect)
class EffectAdmin(ReadOnlyAdmin):
    list_display = (
        "battle",
        "order",
        "kind",
        "target_model",
        "target_id",
        "description",
    )
    list_filter = ("kind", "battle__campaign")
    list_select_related = ("battle",)
    search_fields = ("description",)


@admin.register(CampaignLogEntry)
class CampaignLogEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "campaign", "kind", "battle", "text")
    list_filter = ("kind", "campaign")
    list_select_related = ("campaign", "battle")
    search_fields = ("text",)
    date_hierarchy = "created_at"
