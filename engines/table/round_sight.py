"""The round's sight: a random event may limit it (Sudden Fog: 8").

An event that changes what the robot does enters the decision as data: in a
round whose drawn event carries a sight limit, the battle's sight limit and
every company's doctrine settings read the nearer of the event's and the
scene's, so the questions, their help and the decisions all say the same.
"""

from __future__ import annotations

from dataclasses import replace

from engines.table.state import Context, State


def nearer(limit: float | None, other: float | None) -> float | None:
    """The nearer of two sight limits (None: no limit)."""
    if limit is None:
        return other
    if other is None:
        return limit
    return min(limit, other)


def round_context(context: Context, state: State) -> Context:
    """``context`` as this round sees it: the round's event's sight limit, if
    it has one, narrows the battle's and each company's."""
    event = state.event if state.round else None
    return sight_narrowed(context, None if event is None else event.sight_limit)


def sight_narrowed(context: Context, limit: float | None) -> Context:
    """``context`` with its sight limit, and each company's, no further than
    ``limit`` (None: as it is)."""
    if limit is None or nearer(limit, context.sight_limit) == context.sight_limit:
        return context
    companies = tuple(
        replace(
            company,
            settings=replace(
                company.settings,
                sight_limit=nearer(limit, company.settings.sight_limit),
            ),
        )
        for company in context.companies
    )
    return replace(
        context,
        sight_limit=nearer(limit, context.sight_limit),
        companies=companies,
        sight_span="this round",
    )
