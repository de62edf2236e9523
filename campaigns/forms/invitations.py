"""The owner's two invitation forms: make a link, revoke one."""

from __future__ import annotations

from django import forms

from campaigns.models import Invitation


class InvitationMakeForm(forms.Form):
    label = forms.CharField(
        label="Who is it for? (optional)",
        required=False,
        max_length=Invitation._meta.get_field("label").max_length,
        validators=Invitation._meta.get_field("label").validators,
        help_text="A reminder for you, shown in the list below; the player does "
        "not see it.",
    )


class InvitationRevokeForm(forms.Form):
    revoke = forms.IntegerField(min_value=1, max_value=2**63 - 1)
