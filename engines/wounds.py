"""Persisting wounds (RULES §6.3) and when a character is unfit (§2).

No dice here: open wounds fill wound slots, a character is unfit while its flag
is set or its open wounds fill every slot, and a sanctuary heals what heals
there and clears every unfit flag.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

DEFAULT_WOUND_NAME = "wound"
"""§6.3: a persisting wound is named "wound" unless the scene has a special wound."""

WOUND_SLOTS_RANGE = range(1, 7)
"""§2: a character has 1–6 wound slots."""


@dataclass(frozen=True)
class Wound:
    """An open persisting wound: its key, its name, whether a sanctuary heals it."""

    key: str
    name: str = DEFAULT_WOUND_NAME
    heals_at_sanctuary: bool = True


@dataclass(frozen=True)
class WoundSlot:
    """One wound slot on a character card, marked by an open wound or empty."""

    number: int
    wound: Wound | None = None

    @property
    def marked(self) -> bool:
        return self.wound is not None

    @property
    def label(self) -> str:
        """What the card prints in the slot: the wound's name, or nothing."""
        return self.wound.name if self.wound is not None else ""


def _check_slots(wound_slots: int) -> None:
    if wound_slots not in WOUND_SLOTS_RANGE:
        raise ValueError(f"a character has 1–6 wound slots, not {wound_slots}")


def slots_marked(
    wound_slots: int, open_wounds: Iterable[Wound]
) -> tuple[WoundSlot, ...]:
    """The character's wound slots at the start of the next battle (§6.3).

    Every open wound fills one slot, in the order given, from the first slot on;
    the rest are empty. Wounds beyond the last slot mark nothing more (the
    character is unfit anyway, §2).
    """
    _check_slots(wound_slots)
    wounds = tuple(open_wounds)[:wound_slots]
    return tuple(
        WoundSlot(
            number=number, wound=wounds[number - 1] if number <= len(wounds) else None
        )
        for number in range(1, wound_slots + 1)
    )


class UnfitReason(StrEnum):
    """Why a character is unfit (§2)."""

    FLAG = "flag"
    """Its unfit-for-the-next-battle flag is set (grievously wounded, §6.2)."""
    WOUNDS = "wounds"
    """Its open wounds fill every wound slot."""


def unfit_reason(
    unfit_flag: bool, open_wound_count: int, wound_slots: int
) -> UnfitReason | None:
    """§2: why the character is unfit (the flag first), or None when it is fit."""
    if unfit_flag:
        return UnfitReason.FLAG
    if open_wound_count >= wound_slots:
        return UnfitReason.WOUNDS
    return None


def is_unfit(unfit_flag: bool, open_wound_count: int, wound_slots: int) -> bool:
    """§2: unfit while the flag is set or while open wounds fill all wound slots."""
    _check_slots(wound_slots)
    return unfit_reason(unfit_flag, open_wound_count, wound_slots) is not None


@dataclass(frozen=True)
class RestingCharacter:
    """A living character when a sanctuary scene resolves."""

    key: str
    name: str
    open_wounds: tuple[Wound, ...] = ()
    unfit: bool = False
    """The unfit-for-the-next-battle flag (§6.2), not the computed §2 state."""


@dataclass(frozen=True)
class SanctuaryRest:
    """What resolving a sanctuary changed (§6.3). No dice are rolled."""

    healed_wound_keys: tuple[str, ...]
    kept_wound_keys: tuple[str, ...]
    """Open wounds that do not heal at a sanctuary: they stay open."""
    unfit_cleared: tuple[str, ...]
    """Keys of the characters whose unfit flag clears."""


def rest(characters: Iterable[RestingCharacter]) -> SanctuaryRest:
    """Resolve a sanctuary: heal every open wound that heals there, clear every flag."""
    healed: list[str] = []
    kept: list[str] = []
    cleared: list[str] = []
    for character in characters:
        for wound in character.open_wounds:
            (healed if wound.heals_at_sanctuary else kept).append(wound.key)
        if character.unfit:
            cleared.append(character.key)
    return SanctuaryRest(
        healed_wound_keys=tuple(healed),
        kept_wound_keys=tuple(kept),
        unfit_cleared=tuple(cleared),
    )
