"""The battle setup form: stance, who takes part, scouts, co-op players, a seed."""

from __future__ import annotations

from django import forms

from campaigns.selectors.lineup import SceneLineup
from campaigns.services.battle_setup import COOP_NAME_MAX, MAX_SEED
from engines.enums import ScenarioMode, Stance


class BattleSetupForm(forms.Form):
    stance = forms.ChoiceField(
        label="Your stance",
        choices=Stance.choices(),
        widget=forms.RadioSelect,
        initial=Stance.ATTACK.value,
        help_text="Attack, Recon or Defend (RULES §3). The AI rolls its own.",
    )
    participants = forms.MultipleChoiceField(
        label="Taking part",
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "Pick at least one character to take part."},
    )
    scouts = forms.MultipleChoiceField(
        label="Scouts",
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text="At most one in three of the characters taking part (rounded down).",
    )
    seed = forms.IntegerField(
        label="Seed (optional)",
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text="Leave empty for a fresh seed; the same seed gives the same battle.",
    )

    def __init__(self, *args, lineup: SceneLineup, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lineup = lineup
        fit = [c for c in lineup.player if c.fit]
        self.fields["participants"].choices = [
            (str(c.character.pk), c.character.name) for c in fit
        ]
        self.fields["participants"].initial = [str(c.character.pk) for c in fit]
        self.fields["scouts"].choices = [
            (str(c.character.pk), f"{c.character.name} scouts") for c in fit
        ]
        if lineup.scene.scenario_mode == ScenarioMode.FIXED:
            self.fields["scouts"].disabled = True
            self.fields[
                "scouts"
            ].help_text = "This scene has a fixed scenario: there is no scouting."
        for c in fit:
            self.fields[self.coop_field(c.character.pk)] = forms.CharField(
                label=f"Player commanding {c.character.name}",
                required=False,
                max_length=COOP_NAME_MAX,
            )

    @staticmethod
    def coop_field(character_id: int) -> str:
        return f"coop_{character_id}"

    def rows(self) -> list[dict]:
        """One row per player character for the template, fit or not."""
        participants = {w.data["value"]: w for w in self["participants"]}
        scouts = {w.data["value"]: w for w in self["scouts"]}
        rows = []
        for c in self.lineup.player:
            key = str(c.character.pk)
            rows.append(
                {
                    "lineup": c,
                    "participant": participants.get(key),
                    "scout": scouts.get(key),
                    "coop": self[self.coop_field(c.character.pk)] if c.fit else None,
                }
            )
        return rows

    def coop_players(self) -> dict[int, str]:
        return {
            c.character.pk: self.cleaned_data.get(self.coop_field(c.character.pk), "")
            for c in self.lineup.player
            if c.fit
        }
