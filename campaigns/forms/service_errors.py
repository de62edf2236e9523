"""A service's ValidationError shown on the form that called it."""

from __future__ import annotations

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError


class ServiceErrorsMixin(forms.Form):
    """Puts a service's messages next to the fields they name (the rest at the
    top of the form); a field whose own value was refused already keeps its one
    explanation."""

    def add_service_errors(self, error: ValidationError) -> None:
        if not hasattr(error, "error_dict"):
            for message in error.messages:
                self.add_error(None, message)
            return
        for name, errors in error.error_dict.items():
            target = name if name in self.fields and name != NON_FIELD_ERRORS else None
            if target is not None and target in self.errors:
                continue
            for item in errors:
                self.add_error(target, item)
