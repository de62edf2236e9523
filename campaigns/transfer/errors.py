"""Import errors: each names where it is (``scenes[3].order: …``); up to
:data:`MAX_ERRORS` are collected before the import gives up."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

MAX_ERRORS = 20
STOPPED = f"(stopped after {MAX_ERRORS} errors)"


class CampaignImportError(ValidationError):
    """A document that cannot be imported; each message starts with a path."""


class TooManyErrors(Exception):
    """Enough errors collected: the check stops here."""


class ErrorList:
    """The errors of one import, in the order they were found."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def __bool__(self) -> bool:
        return bool(self.messages)

    def add(self, path: str, message: str) -> None:
        """Record a problem; raise TooManyErrors at the limit."""
        self.messages.append(f"{path}: {message}" if path else message)
        if len(self.messages) >= MAX_ERRORS:
            self.messages.append(STOPPED)
            raise TooManyErrors

    def add_model_errors(
        self, path: str, errors: Mapping[str, Iterable[str]], keys: Mapping[str, str]
    ) -> None:
        """A model's errors by field name, each under its document key (``keys``
        maps field names to keys; errors of the whole object go under ``path``)."""
        for name, messages in errors.items():
            where = (
                path if name == NON_FIELD_ERRORS else f"{path}.{keys.get(name, name)}"
            )
            for message in messages:
                self.add(where, message)

    def raise_if_any(self) -> None:
        if self.messages:
            raise CampaignImportError(self.messages)
