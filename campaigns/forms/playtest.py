"""The playtest form (RULES §7): stance, the characters taking part, how many
battles, the seed."""

from __future__ import annotations

from django import forms

from campaigns.selectors.lineup import SceneLineup
from engines.enums import ScenarioMode, Stance
from engines.playtest.run import MAX_BATTLES

DEFAULT_BATTLES = 1000
DEFAULT_SEED = 1
MAX_SEED = 2**63 - 1
BATTLES_MESSAGE = f"The number of battles is a whole number from 1 to {MAX_BATTLES:,}."
SEED_MESSAGE = f"The seed is a whole number from 0 to {MAX_SEED:,}."


class PlaytestForm(forms.Form):
    stance = forms.ChoiceField(
        label="Your stance",
        choices=Stance.choices(),
        widget=forms.RadioSelect,
        initial=Stance.ATTACK.value,
    )
    participants = forms.MultipleChoiceField(
        label="Taking part",
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "Pick at least one character to take part."},
    )
    battles = forms.IntegerField(
        label="Battles",
        initial=DEFAULT_BATTLES,
        min_value=1,
        max_value=MAX_BATTLES,
        help_text="More battles give narrower intervals and take longer.",
        error_messages={
            "min_value": BATTLES_MESSAGE,
            "max_value": BATTLES_MESSAGE,
            "invalid": BATTLES_MESSAGE,
            "required": BATTLES_MESSAGE,
        },
    )
    seed = forms.IntegerField(
        label="Seed",
        initial=DEFAULT_SEED,
        min_value=0,
        max_value=MAX_SEED,
        help_text="The same seed, scene and characters give the same report.",
        error_messages={
            "min_value": SEED_MESSAGE,
            "max_value": SEED_MESSAGE,
            "invalid": SEED_MESSAGE,
            "required": SEED_MESSAGE,
        },
    )

    def __init__(self, *args, lineup: SceneLineup, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fixed = lineup.scene.scenario_mode == ScenarioMode.FIXED
        if self.fixed:
            del self.fields["stance"]
        for name in ("battles", "seed"):
            self.fields[name].widget.attrs.pop("max", None)
        participants = self.fields["participants"]
        assert isinstance(participants, forms.MultipleChoiceField)
        participants.choices = [
            (str(c.character.pk), c.character.name)
            for c in lineup.player
            if c.selectable
        ]
        self.fields["participants"].initial = [
            str(pk) for pk in lineup.default_participant_ids()
        ]

    def chosen_stance(self) -> str | None:
        return None if self.fixed else self.cleaned_data["stance"]

    def participant_ids(self) -> list[int]:
        return [int(v) for v in self.cleaned_data["participants"]]
