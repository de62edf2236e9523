"""After the battle (RULES §6.2–§6.4): the one place the result service imports.

Each concept lives in its own module, read top to bottom against RULES.md:

- :mod:`engines.fates` — §6.2, the fate of characters (the only dice here);
- :mod:`engines.wounds` — §6.3 persisting wounds, §2 unfit, the sanctuary;
- :mod:`engines.reputation` — §6.4, commanders' reputation and rating.
"""

from __future__ import annotations

from engines.fates import (
    CharacterFate,
    FateInput,
    FatesResult,
    UnfitChanges,
    companies_that_fought,
    company_fought,
    resolution_order,
    resolve_fates,
    unfit_changes,
)
from engines.reputation import CommanderStep, commander_after_battle, side_outcome
from engines.wounds import (
    RestingCharacter,
    SanctuaryRest,
    UnfitReason,
    Wound,
    WoundSlot,
    is_unfit,
    rest,
    slots_marked,
    unfit_reason,
)

__all__ = [
    "CharacterFate",
    "CommanderStep",
    "FateInput",
    "FatesResult",
    "RestingCharacter",
    "SanctuaryRest",
    "UnfitChanges",
    "UnfitReason",
    "Wound",
    "WoundSlot",
    "commander_after_battle",
    "companies_that_fought",
    "company_fought",
    "is_unfit",
    "resolution_order",
    "resolve_fates",
    "rest",
    "side_outcome",
    "slots_marked",
    "unfit_changes",
    "unfit_reason",
]
