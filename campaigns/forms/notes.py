"""The player's notes on a battle."""

from __future__ import annotations

from django import forms

from campaigns.services.battle_notes import NOTES_MAX


class BattleNotesForm(forms.Form):
    notes = forms.CharField(
        label="Your notes on this battle",
        required=False,
        max_length=NOTES_MAX,
        widget=forms.Textarea(attrs={"rows": 10}),
        help_text=f"Printed in the chronicle. At most {NOTES_MAX:,} characters.",
        error_messages={
            "max_length": "Notes hold at most %(limit_value)s characters "
            "(these have %(show_value)s)."
        },
    )
