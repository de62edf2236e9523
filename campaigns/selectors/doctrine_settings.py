"""This battle's values of the AI doctrines' levers, read from its scene.

One function, so the printed AI card (``battle_pack``) and table mode's
decisions (``engines.table.turns``) give the engine the same
:class:`~engines.doctrines.DoctrineSettings`: the card a player reads and the
robot on the phone cannot differ.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from engines.doctrines import DoctrineSettings
from engines.enums import HordeMode
from engines.orders import Order
from engines.sight import Lit

if TYPE_CHECKING:
    from campaigns.models import BattleParticipant, Scene


def company_ranges(
    participants: Iterable[BattleParticipant], company_id: int
) -> tuple[tuple[str, int], ...]:
    """(name, inches; 0: none) of the company's characters in the battle, for
    :func:`doctrine_settings` (a hunt's shooting line needs a hunter with a
    range). Reads ``participant.character`` (select it)."""
    return tuple(
        (p.character.name, p.character.shooting_range or 0)
        for p in participants
        if p.character.company_id == company_id
    )


def doctrine_settings(
    *,
    scene: Scene,
    starting_mode: str = "",
    orders: Sequence[Order] = (),
    lit: Sequence[Lit] = (),
    ranges: Sequence[tuple[str, int]] = (),
) -> DoctrineSettings:
    """The scene's sight limit, reinforcements, pursuit lever, quarry and route,
    the horde's starting mode (the company's in this battle, if it has one,
    else the scene's) and the company's scene orders (as its battlefield force
    keeps them), the lit features (as its battlefield keeps them) and the
    company's characters' shooting ranges (name, inches), where known. Reads
    ``scene.quarry`` (prefetch it)."""
    return DoctrineSettings(
        sight_limit=scene.sight_limit,
        lit=tuple(lit),
        reinforcements=scene.reinforcements,
        reinforcement_cap=scene.reinforcement_cap,
        horde_start=HordeMode(starting_mode.lower() or scene.horde_start_mode),
        pursuit_lever=scene.pursuit_bonus_inches,
        quarry=tuple(sorted(c.name for c in scene.quarry.all())),
        route=scene.route,
        orders=tuple(orders),
        ranges=tuple(ranges),
    )
