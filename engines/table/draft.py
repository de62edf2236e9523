"""An entry ready to be saved, and what every kind of entry starts from: the
battle's random source at the log's point."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.table.dice import TableRandom
from engines.table.errors import TableRefused
from engines.table.kinds import EntryKind
from engines.table.state import Context, State


@dataclass(frozen=True)
class Draft:
    """An entry ready to be saved."""

    kind: EntryKind
    round: int
    subject: str
    text: str
    data: dict[str, Any]
    draws: int
    deck: dict[str, Any]


def entry_draft(
    kind: EntryKind,
    state: State,
    *,
    text: str,
    inputs: Mapping[str, Any],
    rng: TableRandom | None = None,
    deck: Any = None,
    subject: str = "",
    round_number: int | None = None,
    **outputs: Any,
) -> Draft:
    return Draft(
        kind=kind,
        round=state.round if round_number is None else round_number,
        subject=subject,
        text=text,
        data={"inputs": dict(inputs), **outputs},
        draws=state.draws if rng is None else rng.draws,
        deck=(state.deck or {}) if deck is None else deck.state().to_data(),
    )


def table_source(context: Context, state: State) -> TableRandom:
    return TableRandom(context.seed, state.draws)


def table_refusal(message: str) -> TableRefused:
    return TableRefused(message)
