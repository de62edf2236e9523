"""The import form: one campaign file, at most ``CAMPAIGN_IMPORT_MAX_BYTES``."""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile

from campaigns.transfer import import_max_bytes, size_label, too_large_message


class CampaignImportForm(forms.Form):
    file = forms.FileField(
        label="Campaign file",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.max_bytes = import_max_bytes()
        self.fields["file"].help_text = (
            "A campaign exported from this site (its export.json), at most "
            f"{size_label(self.max_bytes)}. It becomes a new campaign that you own."
        )

    def clean_file(self) -> UploadedFile:
        """The uploaded file (in memory, or a temporary file when large), refused
        unread when it is over the limit."""
        upload = self.cleaned_data["file"]
        if upload.size > self.max_bytes:
            raise forms.ValidationError(too_large_message(upload.size, self.max_bytes))
        return upload
