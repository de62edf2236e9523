"""What every page of the campaigns admin shares.

- The campaign a page is about (``edited_campaign_id``): every list of choices
  on it is filtered to that campaign.
- Add pages for a campaign's parts (``CampaignPartAdmin``) ask which campaign
  first, then show it fixed: a company's commanders, a scene's companies and
  branch targets can then be offered from that campaign alone.
- Number fields say their true limits (``AdminFieldsMixin``): the box accepts
  only them, the help text names them and the error says them in plain words.
- Autocomplete boxes filtered to the page's campaign, or to the company chosen
  in the same row (``scoped_autocomplete``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from urllib.parse import urlencode

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.widgets import (
    AutocompleteSelect,
    AutocompleteSelectMultiple,
    RelatedFieldWidgetWrapper,
)
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from campaigns.admin.builders import BuilderScopeMixin, limit_choices, owned
from campaigns.admin_site import choice_label
from campaigns.models import (
    Campaign,
    Character,
    Commander,
    Company,
    Scene,
    SceneCompany,
    WayToWin,
)

ADMIN_JS = "chronicle_admin/admin.js"
ADMIN_CSS = "chronicle_admin/admin.css"

# --- the campaign a page is about -------------------------------------------------

_PARTS: Mapping[str, tuple[type[models.Model], str]] = {
    "campaigns_campaign_change": (Campaign, "pk"),
    "campaigns_scene_change": (Scene, "campaign_id"),
    "campaigns_company_change": (Company, "campaign_id"),
    "campaigns_commander_change": (Commander, "campaign_id"),
    "campaigns_character_change": (Character, "company__campaign_id"),
    "campaigns_scenecompany_change": (SceneCompany, "scene__campaign_id"),
    "campaigns_waytowin_change": (WayToWin, "scene__campaign_id"),
}
_UNSET = object()
_ID_RANGE = (0, 2**63 - 1)


def _int_or_none(raw: object) -> int | None:
    try:
        number = int(str(raw))
    except (TypeError, ValueError):
        return None
    return number if _ID_RANGE[0] <= number <= _ID_RANGE[1] else None


def _is_id(raw: object) -> bool:
    return raw in ("", None) or _int_or_none(raw) is not None


def page_object_id(request) -> int | None:
    """The id in the address of the admin change page this request is for
    (None on another page, or when it is not an id)."""
    match = getattr(request, "resolver_match", None)
    return _int_or_none(match.kwargs.get("object_id")) if match else None


def edited_campaign_id(request) -> int | None:
    """The campaign of the admin page this request is for: the one being
    changed, the one a changed part belongs to, or the one an add page was
    opened for (``?campaign=<id>``). Looked up once per request."""
    cached = getattr(request, "_chronicle_campaign_id", _UNSET)
    if cached is not _UNSET:
        return cached
    match = getattr(request, "resolver_match", None)
    url_name = match.url_name if match else ""
    campaign_id = None
    if url_name in _PARTS and match.kwargs.get("object_id"):
        model, column = _PARTS[url_name]
        object_id = _int_or_none(match.kwargs["object_id"])
        if object_id is not None:
            campaign_id = (
                model._default_manager.filter(pk=object_id)
                .values_list(column, flat=True)
                .first()
            )
    elif url_name and url_name.endswith("_add"):
        wanted = _int_or_none(request.GET.get("campaign"))
        mine = owned(Campaign.objects.all(), request.user)
        if wanted is not None and mine.filter(pk=wanted).exists():
            campaign_id = wanted
    request._chronicle_campaign_id = campaign_id
    return campaign_id


# --- number fields that say their limits -------------------------------------------


def field_range(db_field: models.Field) -> tuple[int | None, int | None]:
    """The least and greatest value the model field's own validators allow
    (not the database's integer range)."""
    low = high = None
    for validator in db_field._validators:
        if isinstance(validator, MinValueValidator):
            low = validator.limit_value
        elif isinstance(validator, MaxValueValidator):
            high = validator.limit_value
    return low, high


def range_words(low: int, high: int) -> str:
    return f"From {low} to {high}."


class AdminFieldsMixin:
    """The fields of every campaigns admin page and inline:

    - number boxes accept only the model's range and say it;
    - ``autocomplete_fields`` use the scoped boxes (which also survive a value
      that is no id);
    - characters read with their company;
    - fields named in ``choose_only`` are a plain choice, without buttons to
      add or change the thing chosen.
    """

    choose_only: tuple[str, ...] = ()

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name in self.autocomplete_fields and "widget" not in kwargs:
            kwargs.update(scoped_autocomplete(db_field, self.admin_site))
        formfield = super().formfield_for_foreignkey(db_field, request, **kwargs)
        return limit_choices(formfield, request.user)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name in self.autocomplete_fields and "widget" not in kwargs:
            kwargs.update(scoped_autocomplete(db_field, self.admin_site))
        formfield = super().formfield_for_manytomany(db_field, request, **kwargs)
        return limit_choices(formfield, request.user)

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        low, high = (None, None)
        if isinstance(db_field, models.IntegerField) and not db_field.choices:
            low, high = field_range(db_field)
            if low is not None and high is not None:
                kwargs.setdefault("min_value", low)
                kwargs.setdefault("max_value", high)
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        if formfield is not None and low is not None and high is not None:
            message = f"Enter a whole number from {low} to {high}."
            formfield.validators = [
                v
                for v in formfield.validators
                if not isinstance(v, MinValueValidator | MaxValueValidator)
            ] + [MinValueValidator(low, message), MaxValueValidator(high, message)]
            words = range_words(low, high)
            if words not in str(formfield.help_text):
                formfield.help_text = " ".join(
                    part for part in (str(formfield.help_text), words) if part
                )
        if db_field.name in self.choose_only:
            only_choose(formfield)
        queryset = getattr(formfield, "queryset", None)
        if queryset is not None and queryset.model is Character:
            formfield.label_from_instance = choice_label
        return formfield


# --- autocomplete boxes filtered to the page --------------------------------------


class _Scoped:
    """An autocomplete box whose searches carry a scope: fixed parameters
    (``campaign``, ``exclude`` …) and, with ``row_field``, the value of that
    field in the same inline row (``company``). The target admin's
    ``get_search_results`` filters by them (``ScopedSearchMixin``)."""

    def __init__(self, field, admin_site, *, scope=None, row_field="", **kwargs):
        super().__init__(field, admin_site, **kwargs)
        self.scope = {k: v for k, v in (scope or {}).items() if v is not None}
        self.row_field = row_field

    def optgroups(self, name, value, attr=None):
        # A form sent back with a value that is no id at all (typed by hand,
        # or hostile) is shown empty rather than crashing the page.
        return super().optgroups(name, [v for v in value if _is_id(v)], attr)

    def build_attrs(self, base_attrs, extra_attrs=None):
        attrs = super().build_attrs(base_attrs, extra_attrs=extra_attrs)
        # Django's own script starts every "admin-autocomplete"; ours starts
        # these, adding the scope to each search.
        attrs["class"] = attrs["class"].replace(
            "admin-autocomplete", "chronicle-autocomplete"
        )
        attrs["data-scope"] = json.dumps(self.scope)
        if self.row_field:
            attrs["data-row-scope"] = self.row_field
        return attrs

    @property
    def media(self):
        return super().media + forms.Media(js=[ADMIN_JS])


class ScopedAutocompleteSelect(_Scoped, AutocompleteSelect):
    pass


class ScopedAutocompleteSelectMultiple(_Scoped, AutocompleteSelectMultiple):
    pass


def scoped_autocomplete(
    db_field: models.Field,
    admin_site: admin.AdminSite,
    *,
    queryset: models.QuerySet | None = None,
    scope: Mapping[str, object] | None = None,
    row_field: str = "",
) -> dict[str, object]:
    """Form-field arguments for an autocomplete box over ``queryset`` (what the
    form accepts; by default the admin's) whose searches are filtered by
    ``scope``."""
    widget_class = (
        ScopedAutocompleteSelectMultiple
        if isinstance(db_field, models.ManyToManyField)
        else ScopedAutocompleteSelect
    )
    arguments: dict[str, object] = {
        "widget": widget_class(
            db_field, admin_site, scope=dict(scope or {}), row_field=row_field
        )
    }
    if queryset is not None:
        arguments["queryset"] = queryset
    return arguments


def only_choose(formfield: forms.Field | None) -> forms.Field | None:
    """No "add", "change" or "delete" buttons beside a filtered choice: a new
    one is made where it belongs (a character on its company's page)."""
    if formfield is not None and isinstance(
        formfield.widget, RelatedFieldWidgetWrapper
    ):
        wrapper = formfield.widget
        wrapper.can_add_related = False
        wrapper.can_change_related = False
        wrapper.can_delete_related = False
    return formfield


def is_autocomplete(request) -> bool:
    match = getattr(request, "resolver_match", None)
    return bool(match and match.url_name == "autocomplete")


class ScopedSearchMixin:
    """Filters autocomplete searches by the scope the box sent (see _Scoped).
    ``scope_filters`` maps a parameter to the lookup it filters."""

    scope_filters: Mapping[str, str] = {}

    def get_search_results(self, request, queryset, search_term):
        queryset, may_have_duplicates = super().get_search_results(
            request, queryset, search_term
        )
        if is_autocomplete(request):
            for param, lookup in self.scope_filters.items():
                if param not in request.GET:
                    continue
                value = _int_or_none(request.GET[param])
                if param == "exclude":
                    if value is not None:
                        queryset = queryset.exclude(pk=value)
                elif value is None:
                    queryset = queryset.none()
                else:
                    queryset = queryset.filter(**{lookup: value})
            queryset = self.scope_queryset(request, queryset)
        return queryset, may_have_duplicates

    def scope_queryset(self, request, queryset):
        """More filtering by the source field (``request.GET["field_name"]``)."""
        return queryset


# --- the parts of a campaign -------------------------------------------------------


class CampaignPartAdmin(BuilderScopeMixin, AdminFieldsMixin, admin.ModelAdmin):
    """A model that belongs to one campaign (a commander, company or scene).

    Its add page first asks which campaign (straight through when there is only
    one, to the campaign's add page when there is none) and then shows that
    campaign fixed, so every other choice on the page can be filtered to it. A
    part never moves to another campaign.
    """

    campaign_field = "campaign"
    chooser_template = "admin/campaigns/choose_campaign.html"

    class Media:
        js = [ADMIN_JS]
        css = {"all": [ADMIN_CSS]}

    def add_view(self, request, form_url="", extra_context=None):
        if edited_campaign_id(request) is None:
            return self.choose_campaign(request)
        return super().add_view(request, form_url, extra_context)

    def choose_campaign(self, request):
        campaigns = list(
            owned(Campaign.objects.all(), request.user)
            .order_by("name", "id")
            .only("id", "name")
        )
        verbose = self.model._meta.verbose_name
        if not campaigns:
            messages.info(
                request,
                f"A {verbose} belongs to a campaign: add the campaign first.",
            )
            return HttpResponseRedirect(reverse("admin:campaigns_campaign_add"))
        params = {k: v for k, v in request.GET.items() if k != "campaign"}

        def link(campaign: Campaign) -> str:
            return f"{request.path}?{urlencode({**params, 'campaign': campaign.pk})}"

        if len(campaigns) == 1:
            return HttpResponseRedirect(link(campaigns[0]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Add {verbose}: which campaign?",
            "choices": [(campaign, link(campaign)) for campaign in campaigns],
            "is_popup": "_popup" in request.GET,
        }
        return render(request, self.chooser_template, context)

    def response_add(self, request, obj, post_url_continue=None):
        if "_addanother" in request.POST and "_popup" not in request.POST:
            return self._add_another(request, obj)
        return super().response_add(request, obj, post_url_continue)

    def response_change(self, request, obj):
        if "_addanother" in request.POST and "_popup" not in request.POST:
            return self._add_another(request, obj)
        return super().response_change(request, obj)

    def _add_another(self, request, obj):
        """Saved: another of the same campaign, without asking which again."""
        messages.success(request, f"“{obj}” is saved. Now add another.")
        opts = self.model._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_add")
        campaign_id = getattr(obj, f"{self.campaign_field}_id")
        return HttpResponseRedirect(f"{url}?{urlencode({'campaign': campaign_id})}")

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        campaign_id = edited_campaign_id(request)
        if campaign_id is not None:
            initial[self.campaign_field] = campaign_id
        return initial

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        if self.campaign_field in form.base_fields:
            field = form.base_fields[self.campaign_field]
            field.disabled = True
            if not change:
                # A disabled field takes its initial value, on the POST too.
                field.initial = edited_campaign_id(request)
            field.help_text = (
                "Fixed: a part of a campaign stays in it."
                if change
                else "The campaign this is added to."
            )
            only_choose(field)
        return form


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


class ReadOnlyAdmin(BuilderScopeMixin, admin.ModelAdmin):
    """A list and detail view of records the services write; nothing to edit."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
