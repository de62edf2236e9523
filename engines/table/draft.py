"""An entry ready to be saved, and what every kind of entry starts from: the
battle's random source at the log's point."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.table.dice import TableRandom
from engines.table.entry_json import entry_json
from engines.table.errors import TableRefused
from engines.table.kinds import EntryKind
from engines.table.state import Context, State
from engines.table.written import Written


@dataclass(frozen=True)
class Draft:
    """An entry ready to be saved: its typed record (``entry``) and the JSON
    the log stores (``data``, :func:`entry_json` of the record)."""

    kind: EntryKind
    round: int
    subject: str
    text: str
    data: dict[str, Any]
    draws: int
    deck: dict[str, Any]
    entry: Written


def entry_draft(
    entry: Written,
    state: State,
    *,
    text: str,
    rng: TableRandom | None = None,
    deck: Any = None,
    subject: str = "",
    round_number: int | None = None,
) -> Draft:
    return Draft(
        kind=entry.kind,
        round=state.round if round_number is None else round_number,
        subject=subject,
        text=text,
        data=entry_json(entry),
        draws=state.draws if rng is None else rng.draws,
        deck=(state.deck or {}) if deck is None else deck.state().to_data(),
        entry=entry,
    )


def table_source(context: Context, state: State) -> TableRandom:
    return TableRandom(context.seed, state.draws)


def table_refusal(message: str) -> TableRefused:
    return TableRefused(message)
