"""The import form: one campaign file, at most MAX_DOCUMENT_BYTES."""

from __future__ import annotations

from django import forms

from campaigns.services.campaign_schema import MAX_DOCUMENT_BYTES, MAX_DOCUMENT_LABEL


class CampaignImportForm(forms.Form):
    file = forms.FileField(
        label="Campaign file",
        help_text=(
            "A campaign exported from this site (its export.json), at most "
            f"{MAX_DOCUMENT_LABEL}. It becomes a new campaign that you own."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> bytes:
        """The file's bytes, refused before reading when it is too large."""
        upload = self.cleaned_data["file"]
        if upload.size > MAX_DOCUMENT_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size / 1024 / 1024:.1f} MB; the limit is "
                f"{MAX_DOCUMENT_LABEL}."
            )
        return upload.read()
