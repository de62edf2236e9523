"""What a table page's POST asks for: the action it names, the log version the
page showed, the entry to make with the POST's inputs, and where to go back to
if the input is refused (the same question again): read by
:mod:`engines.table.actions`, names typed in isolated from the page's text."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import QueryDict

from campaigns.bidi import isolated
from engines.table.actions import Maker, action_back, action_maker


@dataclass(frozen=True)
class TableAction:
    """One POST of the table page, read."""

    action: str
    version: int | None
    """The log version the page showed (None: missing or not a number)."""
    make: Maker | None
    """The table service to call (None: not an action that adds an entry)."""
    back: dict[str, str]
    """The query string of the question to show again when refused."""


def table_action(data: QueryDict) -> TableAction:
    """Read a table page's POST."""
    action = data.get("action", "")
    raw = data.get("version", "")
    version = int(raw) if raw.isdigit() else None
    return TableAction(
        action=action,
        version=version,
        make=action_maker(action, data, isolate=isolated),
        back=action_back(action, data),
    )
