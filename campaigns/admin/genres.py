"""Settings (genres) in the admin: the words a campaign's pages and papers use
for the rules' troop types and scenarios. The site's own are changed by a
superuser; a campaign builder adds and edits their own."""

from __future__ import annotations

from django import forms
from django.contrib import admin

from campaigns.admin.builders import BuilderScopeMixin, is_builder, limit_choices
from campaigns.admin.common import ADMIN_CSS
from campaigns.models import Setting
from campaigns.setting_words import OBJECTIVE_PIECES
from engines.battlefield.terrain import Piece
from engines.enums import Scenario, TroopType


def _words_fields(prefix: str, names: list[tuple[str, str]]) -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {}
    for key, label in names:
        fields[f"{prefix}{key}__name"] = forms.CharField(
            label=f"{label}: name", required=False, max_length=60
        )
        fields[f"{prefix}{key}__description"] = forms.CharField(
            label=f"{label}: description", required=False, max_length=200
        )
    return fields


TROOPS = [(t.value, t.label) for t in TroopType]
SCENARIOS = [(s.value, s.value) for s in Scenario]
PIECES = {s.value: piece for s, piece in OBJECTIVE_PIECES.items()}
"""Scenarios that put a piece on the table (a Siege: its castle), whose word a
setting may give: the engine's text names it."""


def _piece_fields() -> dict[str, forms.Field]:
    return {
        f"scenario_{key}__objective": forms.CharField(
            label=f"{key}: the {piece}",
            required=False,
            max_length=60,
            help_text=f"What the engine calls the {piece} in this setting "
            "(lower case, e.g. “relay station”).",
        )
        for key, piece in PIECES.items()
    }


TERRAIN = [(f"terrain_{piece.name.lower()}", piece.value) for piece in Piece]
"""Each kind of rolled terrain piece (RULES §3.13): its box and the rules' word."""


def _terrain_fields() -> dict[str, forms.Field]:
    return {
        name: forms.CharField(
            label=f"The rules' “{word}”",
            required=False,
            max_length=40,
            help_text=f"A rolled “{word}” in this setting (lower case, e.g. "
            "“scrub or wreckage” for woods); blank keeps the rules' word.",
        )
        for name, word in TERRAIN
    }


class _SettingForm(forms.ModelForm):
    """One box per word, so nobody edits JSON by hand."""

    class Meta:
        model = Setting
        fields = ("name", "slug", "description", "castle_words", "event_deck")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for prefix, attr in (
            ("troop_", "troop_words"),
            ("scenario_", "scenario_words"),
        ):
            words = getattr(self.instance, attr) or {}
            for key, entry in words.items():
                for part in ("name", "description", "objective"):
                    name = f"{prefix}{key}__{part}"
                    if name in self.fields:
                        self.fields[name].initial = entry.get(part, "")
        terrain = self.instance.terrain_words or {}
        for name, word in TERRAIN:
            self.fields[name].initial = terrain.get(word, "")

    def save(self, commit=True):
        setting = super().save(commit=False)
        for prefix, attr, names in (
            ("troop_", "troop_words", TROOPS),
            ("scenario_", "scenario_words", SCENARIOS),
        ):
            words = {}
            for key, _label in names:
                name = self.cleaned_data.get(f"{prefix}{key}__name", "").strip()
                text = self.cleaned_data.get(f"{prefix}{key}__description", "").strip()
                piece = self.cleaned_data.get(f"{prefix}{key}__objective", "").strip()
                if name or text or piece:
                    words[key] = {"name": name, "description": text}
                    if piece:
                        words[key]["objective"] = piece
            setattr(setting, attr, words)
        setting.terrain_words = {
            word: said
            for name, word in TERRAIN
            if (said := self.cleaned_data.get(name, "").strip())
        }
        if commit:
            setting.save()
        return setting


SettingForm = type(
    "SettingForm",
    (_SettingForm,),
    {
        **_words_fields("troop_", TROOPS),
        **_words_fields("scenario_", SCENARIOS),
        **_piece_fields(),
        **_terrain_fields(),
    },
)


@admin.register(Setting)
class SettingAdmin(BuilderScopeMixin, admin.ModelAdmin):
    form = SettingForm
    list_display = ("name", "slug", "event_deck")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}

    class Media:
        css = {"all": [ADMIN_CSS]}

    def get_fieldsets(self, request, obj=None):
        return (
            (
                None,
                {
                    "fields": (
                        "name",
                        "slug",
                        "description",
                        "castle_words",
                        "event_deck",
                    )
                },
            ),
            (
                "Troop types (the rule behind each stays the same)",
                {
                    "fields": [
                        (f"troop_{k}__name", f"troop_{k}__description")
                        for k, _ in TROOPS
                    ]
                },
            ),
            (
                "Scenarios",
                {
                    "fields": [
                        (f"scenario_{k}__name", f"scenario_{k}__description")
                        + ((f"scenario_{k}__objective",) if k in PIECES else ())
                        for k, _ in SCENARIOS
                    ]
                },
            ),
            (
                "Terrain of a generated battle (what each rolled piece is called)",
                {"fields": [name for name, _ in TERRAIN]},
            ),
        )

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        formfield = super().formfield_for_foreignkey(db_field, request, **kwargs)
        return limit_choices(formfield, request.user)

    def save_model(self, request, obj, form, change) -> None:
        if not change and is_builder(request.user):
            obj.owner = request.user
        super().save_model(request, obj, form, change)

    def has_change_permission(self, request, obj=None):
        shared = obj is not None and obj.owner_id is None
        return super().has_change_permission(request, obj) and not (
            shared and is_builder(request.user)
        )
