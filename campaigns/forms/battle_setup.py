"""The battle setup form: stance, who takes part, scouts, co-op players, a seed."""

from __future__ import annotations

from django import forms

from campaigns.forms.service_errors import ServiceErrorsMixin
from campaigns.models.battle import SEED_DIGITS
from campaigns.selectors.lineup import SceneLineup
from campaigns.services.battle_setup import (
    COOP_NAME_MAX,
    MAX_SEED,
    SEED_RANGE_MESSAGE,
)
from engines.enums import ScenarioMode, Stance
from engines.scenario_tables import stance_line
from engines.scouting import SCOUT_SHARE_WORDS


class BattleSetupForm(ServiceErrorsMixin):
    stance = forms.ChoiceField(
        label="Your stance",
        choices=Stance.choices(),
        widget=forms.RadioSelect,
        initial=Stance.ATTACK.value,
        help_text="With the AI's stance (it rolls its own) and the scouting, it "
        "decides the scenario. Equal scouting gives a special scenario.",
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
        help_text=f"At most {SCOUT_SHARE_WORDS} of the characters taking part "
        "(rounded down).",
    )
    coop = forms.BooleanField(
        label="Co-op: more than one player",
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "coop-toggle"}),
        help_text="Name the player who commands each character; the setup sheet "
        "prints the order of turns.",
    )
    seed = forms.IntegerField(
        label="Seed (optional)",
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text=f"Leave empty for a fresh seed of up to {SEED_DIGITS} digits; the "
        "same seed gives the same battle.",
        error_messages={
            "min_value": SEED_RANGE_MESSAGE,
            "max_value": SEED_RANGE_MESSAGE,
            "invalid": "A seed is a whole number, such as 4821.",
        },
    )

    def __init__(self, *args, lineup: SceneLineup, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lineup = lineup
        self.fixed = lineup.scene.scenario_mode == ScenarioMode.FIXED
        # The browser's own check would say "less than or equal to
        # 9223372036854775807"; the form says it in the site's words instead.
        self.fields["seed"].widget.attrs.pop("max", None)
        if self.fixed:
            del self.fields["stance"]
        selectable = [c for c in lineup.player if c.selectable]
        participants = self.fields["participants"]
        scouts = self.fields["scouts"]
        assert isinstance(participants, forms.MultipleChoiceField)
        assert isinstance(scouts, forms.MultipleChoiceField)
        participants.choices = [
            (str(c.character.pk), c.character.name) for c in selectable
        ]
        participants.initial = [str(pk) for pk in lineup.default_participant_ids()]
        scouts.choices = [
            (str(c.character.pk), f"{c.character.name} scouts") for c in selectable
        ]
        if self.fixed:
            self.fields["scouts"].disabled = True
            self.fields[
                "scouts"
            ].help_text = "This scene has a fixed scenario: there is no scouting."
        for c in selectable:
            self.fields[self.coop_field(c.character.pk)] = forms.CharField(
                label=f"Player commanding {c.character.name}",
                required=False,
                max_length=COOP_NAME_MAX,
            )

    @staticmethod
    def coop_field(character_id: int) -> str:
        return f"coop_{character_id}"

    def stances(self) -> list[dict]:
        """Each stance's radio with one line on what it leads to."""
        if self.fixed:
            return []
        return [
            {"radio": radio, "line": stance_line(radio.data["value"])}
            for radio in self["stance"]
        ]

    def rows(self) -> list[dict]:
        """One row per player character the scene allows, fit or not."""
        participants = {w.data["value"]: w for w in self["participants"]}
        scouts = {w.data["value"]: w for w in self["scouts"]}
        rows = []
        for c in self.lineup.player:
            key = str(c.character.pk)
            rows.append(
                {
                    "lineup": c,
                    "wounds": [w.name for w in c.open_wounds],
                    "participant": participants.get(key),
                    "scout": scouts.get(key),
                    "coop": self[self.coop_field(c.character.pk)]
                    if c.selectable
                    else None,
                }
            )
        return rows

    def limits(self) -> list[str]:
        """What the scene allows of each company, in words (empty: no limits)."""
        lines = []
        for scene_company in self.lineup.scene_companies:
            text = self.lineup.limits(scene_company).describe()
            if text:
                lines.append(f"{scene_company.company.name}: {text}")
        return lines

    def coop_players(self) -> dict[int, str]:
        """Each character's player, when co-op is switched on (the names typed
        while it was off are not kept)."""
        if not self.cleaned_data.get("coop"):
            return {}
        return {
            c.character.pk: self.cleaned_data.get(self.coop_field(c.character.pk), "")
            for c in self.lineup.player
            if c.selectable
        }

    def chosen_stance(self) -> str | None:
        return None if self.fixed else self.cleaned_data["stance"]

    def odds_choice(self) -> tuple[str | None, list[int]]:
        """The stance and characters the form shows chosen (as posted, else
        its initial values), for the odds of a kept playtest."""
        if self.is_bound:
            stance = self.data.get("stance")
            getlist = getattr(self.data, "getlist", None)
            picked = getlist("participants") if getlist else []
        else:
            stance = self.fields["stance"].initial if not self.fixed else None
            picked = self.fields["participants"].initial
        field = self.fields["participants"]
        assert isinstance(field, forms.MultipleChoiceField)
        ids = [int(v) for v in picked if field.valid_value(str(v))]
        return (None if self.fixed else stance), ids
