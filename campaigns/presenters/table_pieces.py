"""The table page's small pieces: rows, lines and buttons, as frozen data."""

from __future__ import annotations

from dataclasses import dataclass

from engines.table.questions import Asked


@dataclass(frozen=True)
class Tap:
    """A button that tells the log something (a POST)."""

    tap: str
    label: str
    key: str = ""
    company: int | None = None
    side: str = ""
    quiet: bool = False
    objective: str = ""


@dataclass(frozen=True)
class FighterRow:
    key: str
    label: str
    company: str
    side: str
    doctrine: str
    status: str
    wounds: int
    free_slots: int
    flags: tuple[str, ...]
    on_table: bool
    taps: tuple[Tap, ...] = ()

    @property
    def slots_left(self) -> int:
        """Wound slots still free: the next wound token goes in one."""
        return max(0, self.free_slots - self.wounds)


@dataclass(frozen=True)
class Group:
    """One company's characters on the characters screen."""

    name: str
    side: str
    rows: tuple[FighterRow, ...]
    routed: bool
    tap: Tap | None


@dataclass(frozen=True)
class OrderLine:
    label: str
    status: str
    """``done``, ``next``, ``waiting`` or ``out``."""


@dataclass(frozen=True)
class Answer:
    """The robot's answer, as the printed card would give it."""

    kind: str
    who: str
    title: str
    sentence: str
    facts: tuple[tuple[str, str], ...] = ()
    step: str = ""
    step_section: str = ""
    step_text: str = ""
    dice: tuple[str, ...] = ()
    asked: tuple[tuple[str, str], ...] = ()
    follow_up_url: str = ""
    fell: Tap | None = None
    subject: str = ""
    """The answering AI character's key (its follow-up's)."""


@dataclass(frozen=True)
class LogLine:
    number: int
    round: int
    kind: str
    text: str
    dice: tuple[str, ...] = ()
    author: str = ""
    """Who tapped it (a username; blank for an entry from before this was kept)."""


@dataclass(frozen=True)
class Change:
    """An answer given, and the link that asks it again."""

    asked: Asked
    url: str
