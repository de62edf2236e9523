"""§4 co-op: which human general commands which player character.

Every player character on the table belongs to one general: those the players
did not assign are dealt round-robin in card order, and a general with no
character on the table is skipped in the turn order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class General:
    """One human general and the characters it commands, in card order."""

    name: str
    characters: tuple[str, ...]


def coop_generals(
    generals: Sequence[str], characters: Sequence[tuple[str, str]]
) -> tuple[General, ...]:
    """The generals who command anyone, in their named order.

    ``characters`` are the player characters on the table in card order, each
    with the general the players assigned ("" or an unknown name: none). The
    unassigned are dealt round-robin from the first general on.
    """
    names = [name for name in dict.fromkeys(g.strip() for g in generals) if name]
    if not names:
        return ()
    commands: dict[str, list[str]] = {name: [] for name in names}
    dealt = 0
    for character, general in characters:
        if general in commands:
            commands[general].append(character)
        else:
            commands[names[dealt % len(names)]].append(character)
            dealt += 1
    return tuple(
        General(name=name, characters=tuple(commands[name]))
        for name in names
        if commands[name]
    )
