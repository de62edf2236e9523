"""The table log's words as enums: the kinds of entry, the phases a battle
passes through, the taps the players tell and the actions a page may send.

Each is a :class:`~enum.StrEnum`, so the stored log (plain strings in JSON)
reads straight into them and a value compares equal to its stored string.
"""

from __future__ import annotations

from enum import StrEnum


class EntryKind(StrEnum):
    """What a log entry is."""

    ROUND = "round"
    FIRST = "first"
    ACTIVATION = "activation"
    DEFENCE = "defence"
    SELECTION = "selection"
    TAP = "tap"
    END_ROUND = "end_round"
    ORDERS = "orders"
    END = "end"


class Phase(StrEnum):
    """What the battle needs next (:meth:`State.question`)."""

    BEGIN = "begin"
    CHOOSE = "choose"
    ACTIVATE = "activate"
    END_ROUND = "end_round"
    ORDERS = "orders"
    OVER = "over"
    ENDED = "ended"


class TapKind(StrEnum):
    """What the players tell the log."""

    WOUND = "wound"
    FELL = "fell"
    ROUTED = "routed"
    LEFT = "left"
    CARRIED_OFF = "carried_off"
    DROPPED = "dropped"
    ACTIVATED = "activated"
    PICKED_UP = "picked_up"
    COMPANY_ROUTED = "company_routed"
    SIDE_ROUTED = "side_routed"
    JOINED = "joined"


GROUP_TAPS = frozenset({TapKind.COMPANY_ROUTED, TapKind.SIDE_ROUTED, TapKind.JOINED})
"""Taps about a company, a side or a newcomer: no character on the table named."""


class ActionKind(StrEnum):
    """What a player may do to the log (each makes one entry)."""

    BEGIN = "begin"
    FIRST = "first"
    ACTIVATE = "activate"
    DEFEND = "defend"
    SELECT = "select"
    TAP = "tap"
    END_ROUND = "end_round"
    ROUND_ORDERS = "round_orders"
    END = "end"


__all__ = ["GROUP_TAPS", "ActionKind", "EntryKind", "Phase", "TapKind"]
