"""The result form (RULES §6.1): the battle, then one line per character.

Each character's fields are prefixed with its participant id
(:func:`~campaigns.services.result_entry.row_field`) and labelled with its name.
The rules live in the result service; the form asks it and puts each message
next to its field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from campaigns.models import Battle, BattleResult
from campaigns.selectors.result import EntryRow
from campaigns.services.result_entry import (
    ROW_FIELDS,
    WHOLE_NUMBER,
    ResultEntry,
    result_entry_clean,
    row_field,
)
from engines.enums import EndReason, Outcome

POINTS_FIELDS = ("player_victory_points", "ai_victory_points")


class ResultForm(forms.Form):
    outcome = forms.ChoiceField(
        label="Outcome for your side",
        choices=Outcome.choices(),
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose the outcome for your side: victory, defeat or draw."
        },
    )
    end_reason = forms.ChoiceField(
        label="How the battle ended",
        choices=[("", "Choose…"), *EndReason.choices()],
        error_messages={"required": "Choose how the battle ended."},
    )
    player_routed = forms.BooleanField(label="Your side routed", required=False)
    ai_routed = forms.BooleanField(label="The AI side routed", required=False)
    player_victory_points = forms.IntegerField(
        label="Your victory points",
        required=False,
        error_messages={"invalid": WHOLE_NUMBER},
        widget=forms.NumberInput(attrs={"min": 0, "inputmode": "numeric"}),
    )
    ai_victory_points = forms.IntegerField(
        label="The AI's victory points",
        required=False,
        error_messages={"invalid": WHOLE_NUMBER},
        widget=forms.NumberInput(attrs={"min": 0, "inputmode": "numeric"}),
    )

    def __init__(
        self,
        *args: Any,
        battle: Battle,
        rows: Sequence[EntryRow],
        has_victory_points: bool,
        read_only: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.battle = battle
        self.rows = list(rows)
        self.entry: ResultEntry | None = None
        if not has_victory_points:
            for name in POINTS_FIELDS:
                del self.fields[name]
        for row in self.rows:
            self._add_row(row)
        if read_only:
            for field in self.fields.values():
                field.disabled = True

    def _add_row(self, row: EntryRow) -> None:
        pk, name = row.participant.pk, row.character.name
        free = row.free_slots
        self.fields[row_field(pk, "wound_tokens")] = forms.IntegerField(
            label=f"Wound tokens taken by {name}",
            required=False,
            initial=0,
            error_messages={"invalid": WHOLE_NUMBER},
            help_text=f"{free} free slot{'' if free == 1 else 's'}",
            widget=forms.NumberInput(attrs={"min": 0, "inputmode": "numeric"}),
        )
        self.fields[row_field(pk, "fallen")] = forms.BooleanField(
            label=f"{name} fell",
            required=False,
            initial=row.lost,
            disabled=row.lost,
            help_text="Lost while scouting: starts fallen" if row.lost else "",
        )
        self.fields[row_field(pk, "routed")] = forms.BooleanField(
            label=f"{name} routed", required=False
        )
        self.fields[row_field(pk, "carried_objective")] = forms.BooleanField(
            label=f"{name} carried an objective off", required=False
        )
        self.fields[row_field(pk, "killed_outright")] = forms.BooleanField(
            label=f"{name} was killed outright", required=False
        )

    def lines(self) -> list[dict[str, Any]]:
        """The character rows for the template, each with its bound fields."""
        return [
            {"row": row}
            | {name: self[row_field(row.participant.pk, name)] for name in ROW_FIELDS}
            for row in self.rows
        ]

    def entry_data(self) -> dict[str, Any]:
        """The cleaned values in the shape the result service takes."""
        data = self.cleaned_data
        return {
            "outcome": data.get("outcome"),
            "end_reason": data.get("end_reason"),
            "player_routed": data.get("player_routed", False),
            "ai_routed": data.get("ai_routed", False),
            "player_victory_points": data.get("player_victory_points"),
            "ai_victory_points": data.get("ai_victory_points"),
            "characters": {
                row.participant.pk: {
                    name: data.get(row_field(row.participant.pk, name))
                    for name in ROW_FIELDS
                }
                for row in self.rows
            },
        }

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        try:
            self.entry = result_entry_clean(
                battle=self.battle, data=self.entry_data(), rows=self.rows
            )
        except ValidationError as error:
            self.add_service_errors(error)
        return cleaned

    def add_service_errors(self, error: ValidationError) -> None:
        """Put the service's messages next to their fields."""
        if not hasattr(error, "error_dict"):
            for message in error.messages:
                self.add_error(None, message)
            return
        for name, errors in error.error_dict.items():
            target = name if name in self.fields and name != NON_FIELD_ERRORS else None
            if target is not None and target in self.errors:
                # Already explained: the field did not parse, or is missing.
                continue
            for item in errors:
                self.add_error(target, item)


def result_initial(*, result: BattleResult | None) -> dict[str, Any]:
    """The form's values for a result already applied (for the back button)."""
    if result is None:
        return {}
    initial: dict[str, Any] = {
        "outcome": result.outcome,
        "end_reason": result.end_reason,
        "player_routed": result.player_routed,
        "ai_routed": result.ai_routed,
        "player_victory_points": result.player_victory_points,
        "ai_victory_points": result.ai_victory_points,
    }
    for outcome in result.character_outcomes.all():
        for name in ROW_FIELDS:
            initial[row_field(outcome.participant_id, name)] = getattr(outcome, name)
    return initial
