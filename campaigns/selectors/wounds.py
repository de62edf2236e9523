"""Persisting wounds as the engine reads them (RULES §6.3): one converter for
the fates, the sanctuary's rest and the printed card's wound slots."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from campaigns.models import PersistingWound
from engines.wounds import Wound


def engine_wound(wound: PersistingWound | Mapping[str, Any], *, key: str = "") -> Wound:
    """An open wound: its key (the row's id unless given), its name and whether
    a sanctuary heals it; from a wound row or the pack's data of one."""
    if isinstance(wound, Mapping):
        return Wound(
            key=key, name=wound["name"], heals_at_sanctuary=wound["heals_at_sanctuary"]
        )
    return Wound(
        key=key or str(wound.pk),
        name=wound.name,
        heals_at_sanctuary=wound.heals_at_sanctuary,
    )


def engine_wounds(wounds: Iterable[PersistingWound]) -> tuple[Wound, ...]:
    """Each open wound row as the engine reads it, in their order."""
    return tuple(engine_wound(wound) for wound in wounds)
