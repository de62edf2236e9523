"""The result form (RULES §6.1): the battle, then one line per character.

Each character's fields are prefixed with its participant id
(:func:`~campaigns.selectors.result.row_field`) and labelled with its name.
The form asks only what this battle can hold (victory points where they are
scored, killed outright where the scene has such a rule, carried off where
there is an objective to carry). The rules live in the result service; the
form asks it and puts each message next to its field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from campaigns.bidi import isolated
from campaigns.forms.fast_inputs import PlainInputsInPython
from campaigns.forms.result_victory import (
    victory_check,
    victory_fields_add,
    victory_questions,
)
from campaigns.forms.service_errors import ServiceErrorsMixin
from campaigns.models import Battle
from campaigns.selectors.result import ROW_FIELDS, EntryRow, ResultRules, row_field
from campaigns.services.result_entry import (
    WHOLE_NUMBER,
    ResultEntry,
    result_entry_clean,
)
from engines.enums import EndReason, Outcome

POINTS_FIELDS = ("player_victory_points", "ai_victory_points")
COLUMNS = {
    "wound_tokens": (
        "Wound tokens",
        "Tokens on its card at the end. More than its free slots means it fell.",
    ),
    "fallen": ("Fallen", "Removed from the table: its wound slots overflowed."),
    "routed": ("Routed", "Fled the table with its routing side."),
    "carried_objective": (
        "Carried objective off",
        "Left the table carrying an objective: one character per objective.",
    ),
    "left_battle": (
        "Left by the scoring edge",
        "Left by the opposing side's entry edge, as the scenario scores: it is "
        "not lost, and scores for its side.",
    ),
    "killed_outright": (
        "Killed outright",
        "Only by this scene's rule; the character is dead, no roll.",
    ),
}
"""Each column of a character's line: its heading and one line of help."""


SETUP_CHANGED = (
    "The setup changed since this form was opened: the battle was re-rolled. "
    "Nothing was applied. The form now shows the battle as it is set up: check "
    "each line and apply it again."
)


class ResultForm(ServiceErrorsMixin):
    default_renderer = PlainInputsInPython
    """One input per character and column: written in Python, not a template each."""

    outcome = forms.ChoiceField(
        label="Outcome for your side",
        choices=Outcome.choices(),
        widget=forms.RadioSelect,
        help_text="As the scene's victory conditions decide it.",
        error_messages={
            "required": "Choose the outcome for your side: victory, defeat or draw."
        },
    )
    end_reason = forms.ChoiceField(
        label="How the battle ended",
        choices=[("", "Choose…"), *EndReason.choices()],
        help_text="A side routed, the objective decided it, a side lost its last "
        "character, or a side conceded (and lost).",
        error_messages={"required": "Choose how the battle ended."},
    )
    player_routed = forms.BooleanField(
        label="Your side routed",
        required=False,
        help_text="All of your companies routed.",
    )
    ai_routed = forms.BooleanField(
        label="The AI side routed",
        required=False,
        help_text="All of the AI's companies routed.",
    )
    player_victory_points = forms.IntegerField(
        label="Your victory points",
        required=False,
        help_text="As the scenario counts them.",
        error_messages={"invalid": WHOLE_NUMBER},
        widget=forms.NumberInput(attrs={"min": 0, "inputmode": "numeric"}),
    )
    ai_victory_points = forms.IntegerField(
        label="The AI's victory points",
        required=False,
        help_text="As the scenario counts them.",
        error_messages={"invalid": WHOLE_NUMBER},
        widget=forms.NumberInput(attrs={"min": 0, "inputmode": "numeric"}),
    )
    rounds_played = forms.IntegerField(
        label="Rounds played",
        required=False,
        error_messages={"invalid": WHOLE_NUMBER},
        widget=forms.NumberInput(attrs={"min": 1, "inputmode": "numeric"}),
    )
    setup_rolled = forms.IntegerField(required=False, widget=forms.HiddenInput)
    """How many times the setup had been rolled when the form was opened (the
    page writes the battle's current count): a re-roll since refuses it."""

    def __init__(
        self,
        *args: Any,
        battle: Battle,
        rows: Sequence[EntryRow],
        rules: ResultRules,
        read_only: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.battle = battle
        self.rows = list(rows)
        self.rules = rules
        self.entry: ResultEntry | None = None
        if not rules.scores_victory_points:
            for name in POINTS_FIELDS:
                del self.fields[name]
        rounds = self.fields["rounds_played"]
        rounds.help_text = f"This battle lasts {rules.length} rounds."
        rounds.widget.attrs["max"] = rules.length
        self.columns = [
            name
            for name in ROW_FIELDS
            if (name != "killed_outright" or rules.kills_outright)
            and (name != "carried_objective" or rules.has_carriable_objective)
            and (name != "left_battle" or rules.scores_exits)
        ]
        for row in self.rows:
            self._add_row(row)
        self.victory_verdict = None
        self.victory_overruled = ""
        if rules.victory is not None:
            victory_fields_add(self, rules.victory)
        if read_only:
            for field in self.fields.values():
                field.disabled = True

    def _add_row(self, row: EntryRow) -> None:
        pk, name = row.participant.pk, isolated(row.character.name)
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
        if "carried_objective" in self.columns:
            self.fields[row_field(pk, "carried_objective")] = forms.BooleanField(
                label=f"{name} carried an objective off", required=False
            )
        if "left_battle" in self.columns:
            self.fields[row_field(pk, "left_battle")] = forms.BooleanField(
                label=f"{name} left by the scoring edge", required=False
            )
        if "killed_outright" in self.columns:
            self.fields[row_field(pk, "killed_outright")] = forms.BooleanField(
                label=f"{name} was killed outright", required=False
            )

    def victory_questions(self) -> list[forms.BoundField]:
        """The yes/no questions the scene's ways to win need (none: no ways)."""
        return victory_questions(self)

    def column_heads(self) -> list[dict[str, str]]:
        """The character table's columns after the name: heading and help."""
        heads = [
            {"name": name, "label": COLUMNS[name][0], "help": COLUMNS[name][1]}
            for name in self.columns
        ]
        for head in heads:
            if head["name"] == "killed_outright":
                head["help"] = (
                    f"Only by this scene's rule: {self.rules.outright_kill_rule}"
                )
        return heads

    def lines(self) -> list[dict[str, Any]]:
        """The character rows for the template, each with its bound fields in
        the columns' order."""
        return [
            {
                "row": row,
                "cells": [
                    (COLUMNS[name][0], self[row_field(row.participant.pk, name)])
                    for name in self.columns
                ],
            }
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
            "rounds_played": data.get("rounds_played"),
            "characters": {
                row.participant.pk: {
                    name: data.get(row_field(row.participant.pk, name))
                    for name in self.columns
                }
                for row in self.rows
            },
        }

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        rolled = cleaned.get("setup_rolled")
        if rolled is not None and rolled != self.battle.times_rolled:
            raise ValidationError(SETUP_CHANGED)
        try:
            self.entry = result_entry_clean(
                battle=self.battle,
                data=self.entry_data(),
                rows=self.rows,
                rules=self.rules,
            )
        except ValidationError as error:
            self.add_service_errors(error)
        else:
            if self.rules.victory is not None:
                victory_check(self, self.rules.victory, self.entry_data())
        return cleaned
