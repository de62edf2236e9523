"""The new campaign form (``/campaigns/new/``): a name, a setting, a paper size
and how to start."""

from __future__ import annotations

from django import forms

from campaigns.models import Campaign
from campaigns.services.campaign_start import CampaignStart
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
    setting = forms.ChoiceField(
        choices=Campaign.Setting.choices,
        initial=Campaign.Setting.FANTASY,
        help_text="The genre it is played in; the starter campaign is of it.",
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

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("Give the campaign a name.")
        return name
