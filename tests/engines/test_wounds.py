"""RULES §6.3 persisting wounds, §2 unfit, and the sanctuary."""

from __future__ import annotations

import pytest

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

MORGUL = Wound("w2", "Morgul-blade wound", heals_at_sanctuary=False)


def test_open_wounds_fill_the_first_slots_with_their_names() -> None:
    """Every open wound marks one slot, named, from the first slot on."""
    assert slots_marked(3, (Wound("w1"), MORGUL)) == (
        WoundSlot(1, Wound("w1")),
        WoundSlot(2, MORGUL),
        WoundSlot(3, None),
    )


def test_slot_labels_print_the_wound_name() -> None:
    """The card prints the wound's name in a marked slot and nothing in an empty one."""
    assert [s.label for s in slots_marked(2, (MORGUL,))] == ["Morgul-blade wound", ""]


def test_more_wounds_than_slots_mark_every_slot_once() -> None:
    """Wounds beyond the last slot add no slot."""
    slots = slots_marked(1, (Wound("w1"), MORGUL))
    assert [s.marked for s in slots] == [True]


def test_a_character_has_one_to_six_wound_slots() -> None:
    """§2: wound slots 1–6."""
    with pytest.raises(ValueError, match="1–6"):
        slots_marked(0, ())


@pytest.mark.parametrize(
    ("flag", "open_wounds", "slots", "unfit"),
    [
        (False, 0, 1, False),
        (True, 0, 3, True),  # the flag alone
        (False, 2, 3, False),
        (False, 3, 3, True),  # open wounds fill every slot
        (False, 4, 3, True),
        (False, 1, 1, True),
    ],
)
def test_unfit_while_flag_set_or_wounds_fill_all_slots(
    flag: bool, open_wounds: int, slots: int, unfit: bool
) -> None:
    """§2: unfit while the flag is set or open wounds fill all wound slots."""
    assert is_unfit(flag, open_wounds, slots) is unfit


@pytest.mark.parametrize(
    ("flag", "open_wounds", "slots", "reason"),
    [
        (False, 0, 1, None),
        (True, 0, 3, UnfitReason.FLAG),
        (True, 3, 3, UnfitReason.FLAG),  # the flag is named first
        (False, 3, 3, UnfitReason.WOUNDS),
        (False, 2, 3, None),
    ],
)
def test_why_a_character_is_unfit(
    flag: bool, open_wounds: int, slots: int, reason: UnfitReason | None
) -> None:
    assert unfit_reason(flag, open_wounds, slots) == reason


def test_sanctuary_heals_what_heals_there_and_clears_every_flag() -> None:
    """A sanctuary heals sanctuary-healable wounds only, and clears every unfit flag."""
    result = rest(
        [
            RestingCharacter("frodo", "Frodo", (Wound("w1"), MORGUL), unfit=True),
            RestingCharacter("sam", "Sam", (Wound("w3"),)),
            RestingCharacter("pippin", "Pippin", unfit=True),
        ]
    )
    assert result == SanctuaryRest(
        healed_wound_keys=("w1", "w3"),
        kept_wound_keys=("w2",),
        unfit_cleared=("frodo", "pippin"),
    )
