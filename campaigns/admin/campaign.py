"""The campaign page: the campaign, its commanders, the list of its scenes, what
it still lacks before it can be played, and its import and export."""

from __future__ import annotations

import io
import zipfile

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import path, reverse

from campaigns.admin import transfer
from campaigns.admin.builders import BuilderScopeMixin, is_builder
from campaigns.admin.common import ADMIN_CSS, AdminFieldsMixin
from campaigns.admin.pack_inputs import PackInputsMixin
from campaigns.models import Campaign, Commander, Event, Scene
from campaigns.selectors.event_decks import EVENT_COUNT, event_deck_problem
from campaigns.selectors.readiness import campaign_readiness


class CampaignForm(forms.ModelForm):
    class Meta:
        model = Campaign
        fields = ()  # the admin lists them
        help_texts = {
            "slug": "Filled in from the name as you type it; change it only if you "
            "want another. Used in the campaign's web address; “import” is taken.",
        }

    def clean(self):
        cleaned_data = super().clean()
        deck = cleaned_data.get("event_deck")
        if cleaned_data.get("random_events") and deck is not None:
            titles = dict(Event.objects.filter(deck=deck).values_list("card", "title"))
            problem = event_deck_problem(titles=titles)
            if problem:
                self.add_error(
                    "event_deck",
                    f"“{deck.name}” cannot be used for random events yet: {problem}",
                )
        return cleaned_data


class CommanderInlineForm(forms.ModelForm):
    """A new commander is named and rated here; an existing one's reputation
    and rating change on its own page, where the reason is kept."""

    class Meta:
        model = Commander
        fields = ("name", "reputation", "rating")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            for name in ("reputation", "rating"):
                self.fields[name].disabled = True
                self.fields[
                    name
                ].help_text = "Change it on the commander's page, with a reason."


class CommanderInline(AdminFieldsMixin, admin.TabularInline):
    model = Commander
    form = CommanderInlineForm
    fields = ("name", "reputation", "rating")
    show_change_link = True
    verbose_name_plural = "commanders (one for each company that has a leader)"

    def get_extra(self, request, obj=None, **kwargs) -> int:
        return 2 if obj is None else 0


class SceneListInline(admin.TabularInline):
    """The campaign's scenes in play order; each is built on its own page."""

    model = Scene
    fk_name = "campaign"
    fields = ("order", "title", "kind", "parent", "status", "outcome")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True
    verbose_name_plural = "scenes, in play order"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("parent")

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class CampaignImportAdminForm(forms.Form):
    file = forms.FileField(
        label="Campaign document",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    owner = forms.ModelChoiceField(
        queryset=get_user_model().objects.order_by("username"),
        help_text="Who plays the new campaign.",
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = (
            "A campaign exported from this site or another (its export.json), at "
            f"most {transfer.max_label()}. It becomes a new campaign."
        )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > transfer.max_bytes():
            raise forms.ValidationError(transfer.too_large(upload.size))
        return upload.read()


@admin.register(Campaign)
class CampaignAdmin(
    PackInputsMixin, BuilderScopeMixin, AdminFieldsMixin, admin.ModelAdmin
):
    pack_campaign = "pk"
    form = CampaignForm
    change_form_template = "admin/campaigns/campaign/change_form.html"
    change_list_template = "admin/campaigns/campaign/change_list.html"
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
    autocomplete_fields = ("owner", "members")
    actions = ("check_readiness", "export_documents")

    class Media:
        css = {"all": [ADMIN_CSS]}

    def save_model(self, request, obj, form, change) -> None:
        if is_builder(request.user) and not change:
            obj.owner = request.user
        super().save_model(request, obj, form, change)

    @admin.display(description="Members")
    def member_list(self, obj: Campaign | None) -> str:
        """A builder's campaign's members, read only: players join by an
        invitation link from the campaign's page, never by a username typed
        here (no one is added without accepting, and the admin does not tell
        a builder which usernames exist)."""
        names = (
            list(obj.members.order_by("username").values_list("username", flat=True))
            if obj is not None and obj.pk is not None
            else []
        )
        listed = ", ".join(names) if names else "none yet"
        return (
            f"{listed}. Players join by an invitation link: “Invite players” on "
            "the campaign's page."
        )

    def get_fieldsets(self, request, obj=None):
        people = ("member_list",) if is_builder(request.user) else ("owner", "members")
        fieldsets = [
            (None, {"fields": ("name", "slug", *people, "setting", "description")}),
            (
                "The table",
                {
                    "fields": ("paper_size", "random_events", "event_deck"),
                    "description": "Random events are optional: they need an event "
                    f"deck with all {EVENT_COUNT} events (the site ships two).",
                },
            ),
        ]
        if obj is not None:
            fieldsets[0][1]["fields"] += ("created_at",)
        return fieldsets

    def get_readonly_fields(self, request, obj=None):
        fields = ("created_at",) if obj is not None else ()
        if is_builder(request.user):
            fields += ("member_list",)
        return fields

    def get_inlines(self, request, obj):
        return (CommanderInline,) if obj is None else (CommanderInline, SceneListInline)

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        initial.setdefault("owner", request.user.pk)
        return initial

    def change_view(self, request, object_id, form_url="", extra_context=None):
        campaign = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if campaign is not None:
            extra["readiness"] = campaign_readiness(campaign=campaign, with_odds=True)
            extra["part_links"] = _part_links(campaign)
        return super().change_view(request, object_id, form_url, extra)

    def response_add(self, request, obj, post_url_continue=None):
        if "_continue" in request.POST or "_popup" in request.POST:
            return super().response_add(request, obj, post_url_continue)
        # Straight on to the campaign's own page: its readiness list says what
        # to add next, with links.
        messages.success(
            request,
            f"“{obj}” is added. Its page lists what it still needs before it can "
            "be played.",
        )
        return HttpResponseRedirect(
            reverse("admin:campaigns_campaign_change", args=[obj.pk])
        )

    # --- actions -------------------------------------------------------------------

    @admin.action(description="Check what the selected campaigns still need")
    def check_readiness(self, request, queryset):
        reports = [
            campaign_readiness(campaign=campaign, with_odds=True)
            for campaign in queryset.order_by("name", "id")
        ]
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": "What the campaigns still need",
            "reports": reports,
        }
        return render(request, "admin/campaigns/campaign/readiness.html", context)

    @admin.action(description="Export the selected campaigns as documents")
    def export_documents(self, request, queryset):
        campaigns = list(queryset.order_by("name", "id"))
        if len(campaigns) == 1:
            campaign = campaigns[0]
            return HttpResponse(
                transfer.campaign_document(campaign=campaign),
                content_type="application/json; charset=utf-8",
                headers={
                    "Content-Disposition": (
                        f'attachment; filename="{campaign.slug}.json"'
                    )
                },
            )
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for campaign in campaigns:
                archive.writestr(
                    f"{campaign.slug}.json",
                    transfer.campaign_document(campaign=campaign),
                )
        return HttpResponse(
            buffer.getvalue(),
            content_type="application/zip",
            headers={"Content-Disposition": 'attachment; filename="campaigns.zip"'},
        )

    # --- import -------------------------------------------------------------------

    def get_urls(self):
        urls = [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="campaigns_campaign_import",
            )
        ]
        return urls + super().get_urls()

    def import_view(self, request):
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = CampaignImportAdminForm(initial={"owner": request.user.pk})
        builder = is_builder(request.user)
        if builder:
            # A builder imports for themselves.
            form.fields["owner"].queryset = form.fields["owner"].queryset.filter(
                pk=request.user.pk
            )
        if request.method == "POST":
            form = CampaignImportAdminForm(request.POST, request.FILES)
            if builder:
                form.fields["owner"].queryset = form.fields["owner"].queryset.filter(
                    pk=request.user.pk
                )
            if form.is_valid():
                try:
                    campaign = transfer.campaign_from_document(
                        data=form.cleaned_data["file"],
                        owner=form.cleaned_data["owner"],
                    )
                except transfer.CampaignImportError as error:
                    for message in error.messages:
                        form.add_error("file", message)
                else:
                    self.log_addition(request, campaign, "Imported from a document.")
                    messages.success(request, f"“{campaign}” is imported.")
                    return HttpResponseRedirect(
                        reverse("admin:campaigns_campaign_change", args=[campaign.pk])
                    )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": "Import a campaign document",
            "form": form,
        }
        return render(request, "admin/campaigns/campaign/import.html", context)


def _part_links(campaign: Campaign) -> list[tuple[str, str]]:
    """Add pages for the campaign's parts, opened for this campaign."""
    query = f"?campaign={campaign.pk}"
    return [
        ("Add a company", reverse("admin:campaigns_company_add") + query),
        ("Add a scene", reverse("admin:campaigns_scene_add") + query),
        (
            "Its companies",
            reverse("admin:campaigns_company_changelist")
            + f"?campaign__id__exact={campaign.pk}",
        ),
        (
            "Its scenes",
            reverse("admin:campaigns_scene_changelist")
            + f"?campaign__id__exact={campaign.pk}",
        ),
        (
            "Its dashboard on the site",
            reverse("campaigns:dashboard", kwargs={"slug": campaign.slug}),
        ),
    ]
