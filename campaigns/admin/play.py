"""The records the site writes as a campaign is played: battles, results,
effects and the log. Shown here read-only (a battle's notes aside)."""

from __future__ import annotations

from django.contrib import admin, messages

from campaigns.admin.builders import BuilderScopeMixin
from campaigns.admin.common import ReadOnlyAdmin, ReadOnlyInline
from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    BattleResult,
    CampaignLogEntry,
    CharacterOutcome,
    Effect,
    PlaytestReport,
)
from campaigns.printing.pack_store import pack_response

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
class BattleAdmin(BuilderScopeMixin, admin.ModelAdmin):
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


@admin.register(PlaytestReport)
class PlaytestReportAdmin(ReadOnlyAdmin):
    """The kept playtest reports (RULES §7), as the task wrote them."""

    list_display = (
        "scene",
        "stance",
        "seed",
        "battles",
        "battles_done",
        "status",
        "asked_by",
        "asked_at",
    )
    list_filter = ("status", "scene__campaign")
    list_select_related = ("scene", "asked_by")
    search_fields = ("scene__title", "scene__campaign__name")
    date_hierarchy = "asked_at"
