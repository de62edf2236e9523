"""Companies with their characters, commanders with their history, and the
characters' persisting wounds."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse

from campaigns.admin.builders import BuilderScopeMixin
from campaigns.admin.common import (
    ADMIN_CSS,
    ADMIN_JS,
    AdminFieldsMixin,
    CampaignPartAdmin,
    ReadOnlyAdmin,
    ReadOnlyInline,
    ScopedSearchMixin,
    edited_campaign_id,
)
from campaigns.admin.pack_inputs import PackInputsMixin
from campaigns.models import (
    Character,
    Commander,
    CommanderChange,
    Company,
    PersistingWound,
)
from campaigns.models.character import CARD_VALUES
from campaigns.services.commanders import commander_change_by_hand
from campaigns.services.duplicates import company_duplicate
from engines.enums import Doctrine

# --- companies and their characters ---------------------------------------------------


class CharacterInlineForm(forms.ModelForm):
    reinforcement_model = forms.BooleanField(
        required=False,
        label="Reinforcements copy it",
        help_text="Horde companies only: tick the character new reinforcements copy.",
    )

    class Meta:
        model = Character
        fields = ()  # the admin lists them
        widgets = {"special_rules": forms.TextInput()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        company = self.instance.company if self.instance.company_id else None
        if company is not None and self.instance.pk is not None:
            self.initial["reinforcement_model"] = (
                company.reinforcement_template_id == self.instance.pk
            )


class CharacterFormSet(forms.BaseInlineFormSet):
    def clean(self) -> None:
        super().clean()
        ticked = [
            form
            for form in self.forms
            if form.cleaned_data.get("reinforcement_model")
            and not form.cleaned_data.get("DELETE")
        ]
        if len(ticked) > 1:
            raise ValidationError(
                "Reinforcements copy one character: tick “Reinforcements copy it” "
                "for one only."
            )
        self.reinforcement_form = ticked[0] if ticked else None


class CharacterInline(AdminFieldsMixin, admin.TabularInline):
    model = Character
    form = CharacterInlineForm
    formset = CharacterFormSet
    show_change_link = True
    verbose_name_plural = "characters, in card order"

    def get_fields(self, request, obj=None):
        fields = [*CARD_VALUES, "reinforcement_model"]
        if obj is not None:
            # Play state, for corrections: a new character is alive and fit,
            # and rows are in card order as they are entered.
            fields = ["card_order", *fields, "alive", "unfit_next_battle"]
        return fields

    def get_extra(self, request, obj=None, **kwargs) -> int:
        return 6 if obj is None else 1


@admin.register(Company)
class CompanyAdmin(PackInputsMixin, ScopedSearchMixin, CampaignPartAdmin):
    change_form_template = "admin/campaigns/company/change_form.html"
    list_display = ("name", "campaign", "side", "commander", "default_doctrine")
    list_filter = ("campaign", "side", "default_doctrine")
    list_select_related = ("campaign", "commander")
    search_fields = ("name", "campaign__name", "commander__name", "characters__name")
    scope_filters = {"campaign": "campaign_id"}
    inlines = (CharacterInline,)
    fields = (
        "campaign",
        "name",
        ("side", "colour"),
        "commander",
        "default_doctrine",
        "description",
    )
    actions = ("duplicate_companies",)

    class Media:
        js = [ADMIN_JS]
        css = {"all": [ADMIN_CSS]}

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "commander":
            campaign_id = edited_campaign_id(request)
            object_id = request.resolver_match.kwargs.get("object_id")
            # The campaign's commanders not already leading another company.
            kwargs["queryset"] = Commander.objects.filter(
                Q(company__isnull=True) | Q(company__pk=object_id),
                campaign_id=campaign_id,
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_onetoone(self, db_field, request, **kwargs):
        return self.formfield_for_foreignkey(db_field, request, **kwargs)

    def response_post_save_add(self, request, obj):
        return self._back_to_campaign(request, obj)

    def response_post_save_change(self, request, obj):
        return self._back_to_campaign(request, obj)

    def _back_to_campaign(self, request, obj):
        """Saved: back to the company's campaign, whose page lists what it
        still needs (not to every campaign's companies)."""
        return HttpResponseRedirect(
            reverse("admin:campaigns_campaign_change", args=[obj.campaign_id])
        )

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        company = form.instance
        for formset in formsets:
            if isinstance(formset, CharacterFormSet):
                ticked = formset.reinforcement_form
                template = ticked.instance if ticked is not None else None
                if company.default_doctrine != Doctrine.HORDE:
                    template = None
                if company.reinforcement_template != template:
                    company.reinforcement_template = template
                    company.save(update_fields=["reinforcement_template"])

    # --- duplicating ----------------------------------------------------------------

    def get_urls(self):
        return [
            path(
                "<path:object_id>/duplicate/",
                self.admin_site.admin_view(self.duplicate_view),
                name="campaigns_company_duplicate",
            ),
            *super().get_urls(),
        ]

    def duplicate_view(self, request, object_id):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_add_permission(request):
            raise PermissionDenied
        company = get_object_or_404(self.get_queryset(request), pk=object_id)
        copy = company_duplicate(company=company)
        self.log_addition(request, copy, f"Duplicated from {company}.")
        messages.success(
            request,
            f"“{copy}” is a copy of “{company}” with its "
            f"{copy.characters.count()} characters: rename it and change what "
            "differs.",
        )
        return HttpResponseRedirect(
            reverse("admin:campaigns_company_change", args=[copy.pk])
        )

    @admin.action(description="Duplicate the selected companies with their characters")
    def duplicate_companies(self, request, queryset):
        copies = [company_duplicate(company=company) for company in queryset]
        for copy in copies:
            self.log_addition(request, copy, "Duplicated.")
        messages.success(
            request, "Added " + ", ".join(f"“{copy}”" for copy in copies) + "."
        )


@admin.register(Character)
class CharacterAdmin(
    PackInputsMixin,
    BuilderScopeMixin,
    ScopedSearchMixin,
    AdminFieldsMixin,
    admin.ModelAdmin,
):
    pack_campaign = "company.campaign_id"
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
    scope_filters = {"campaign": "company__campaign_id", "company": "company_id"}
    autocomplete_fields = ("company",)

    def get_inlines(self, request, obj):
        return (PersistingWoundInline,) if obj is not None else ()

    def get_search_results(self, request, queryset, search_term):
        queryset, duplicates = super().get_search_results(
            request, queryset, search_term
        )
        return queryset.select_related("company"), duplicates


class PersistingWoundInline(AdminFieldsMixin, admin.TabularInline):
    model = PersistingWound
    fk_name = "character"
    fields = ("name", "status", "heals_at_sanctuary", "battle_taken", "rules_text")
    readonly_fields = ("battle_taken",)
    extra = 0


# --- commanders --------------------------------------------------------------------


class CommanderAdminForm(forms.ModelForm):
    reason_for_change = forms.CharField(
        max_length=200,
        required=False,
        label="Reason for change",
        help_text="Needed when you change the reputation or rating; kept in the "
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
class CommanderAdmin(PackInputsMixin, CampaignPartAdmin):
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

    def get_fields(self, request, obj=None):
        if obj is None:
            return ("campaign", "name", ("reputation", "rating"))
        return (
            "campaign",
            "name",
            ("reputation", "rating"),
            "reason_for_change",
            "victories_since_rating_change",
        )

    def get_inlines(self, request, obj):
        return (CommanderChangeInline,) if obj is not None else ()

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            # Nothing to give a reason for yet.
            kwargs["form"] = forms.ModelForm
        return super().get_form(request, obj, change=change, **kwargs)

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
class PersistingWoundAdmin(
    PackInputsMixin, BuilderScopeMixin, AdminFieldsMixin, admin.ModelAdmin
):
    pack_campaign = "character.company.campaign_id"
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
    autocomplete_fields = ("character",)
