"""The new campaign form (``/campaigns/new/``): a name, a setting, a paper size
and how to start."""

from __future__ import annotations

from django import forms

from campaigns.models import Campaign, Setting
from campaigns.selectors.genres import settings_for
from campaigns.services.campaign_start import CampaignStart
from campaigns.starters import STARTERS
from campaigns.validators import validate_printable

NAME_MAX = Campaign._meta.get_field("name").max_length


class CampaignNewForm(forms.Form):
    name = forms.CharField(
        max_length=NAME_MAX,
        validators=[validate_printable],
        help_text=f"What you call it, at most {NAME_MAX} characters; its web "
        "address is made from it.",
        error_messages={
            "required": "Give the campaign a name.",
            "max_length": f"A name has at most {NAME_MAX} characters.",
        },
    )
    setting = forms.ModelChoiceField(
        queryset=Setting.objects.none(),
        empty_label=None,
        help_text="The genre it is played in: its pages and papers use its words, "
        "and the starter campaign is of it.",
    )
    paper_size = forms.ChoiceField(
        label="Paper size",
        choices=Campaign.PaperSize.choices,
        initial=Campaign.PaperSize.A4,
        help_text="The sheets its battle packs and chronicle are printed on.",
    )
    start = forms.ChoiceField(
        label="Start with",
        choices=CampaignStart.choices,
        initial=CampaignStart.STARTER,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        setting = self.fields["setting"]
        assert isinstance(setting, forms.ModelChoiceField)
        setting.queryset = settings_for(user=user)
        setting.initial = setting.queryset.filter(slug="fantasy").first()

    def clean(self):
        cleaned = super().clean()
        setting = cleaned.get("setting")
        if (
            setting is not None
            and cleaned.get("start") == CampaignStart.STARTER
            and setting.slug not in STARTERS
        ):
            self.add_error(
                "start",
                f"There is no starter campaign for “{setting.name}”: start from "
                "the demo or empty.",
            )
        return cleaned

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("Give the campaign a name.")
        return name
