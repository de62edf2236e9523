"""AI activation order and the AI's initiative choice (RULES §5 intro, §4).

One order across all the AI side's companies: characters with an enemy in
sight first, each group closest to an enemy first; ties by card order. A
pursuer (§5.4) counts its quarry as its enemy and as in sight (003), so
pursuers go closest to the quarry first, among the characters that see an
enemy. The texts each doctrine prints are in :mod:`engines.doctrines.rules`.

The AI side wins the initiative and goes first if any AI character has an
enemy in sight at the start of the round (000): :func:`ai_sees_an_enemy`
reads that from the same situations (a pursuer always sees its quarry).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from engines.doctrines.pursuit import Pursuer
from engines.doctrines.rules import ORDER_RULE
from engines.doctrines.settings import DEFAULT_SETTINGS, DoctrineSettings
from engines.doctrines.situation import Enemy, Situation, nearest

__all__ = [
    "ORDER_RULE",
    "OrderKey",
    "activation_key",
    "activation_order",
    "ai_sees_an_enemy",
    "enemies_key",
    "sees_an_enemy",
]

AiCharacter = Situation | Pursuer
"""An AI character as the order sees it: a situation, or a pursuer."""


OrderKey = tuple[bool, float, int]
"""Where a character stands in the order: no enemy in sight, the nearest
enemy's distance, its card order (the lowest goes first)."""


def sees_an_enemy(enemies: Iterable[Enemy]) -> bool:
    """A character reading these enemies (as the settings let it see them)
    has an enemy in sight."""
    return any(enemy.in_sight for enemy in enemies)


def enemies_key(enemies: Sequence[Enemy], card_order: int) -> OrderKey:
    """The order's sort key of a character that reads these enemies (as the
    settings let it see them): enemy in sight first, then the nearest enemy's
    distance, then card."""
    near = nearest(enemies)
    return (
        not sees_an_enemy(enemies),
        math.inf if near is None else near.distance,
        card_order,
    )


def activation_key(
    character: AiCharacter, settings: DoctrineSettings = DEFAULT_SETTINGS
) -> OrderKey:
    """Sort key: enemy in sight first, then the nearest enemy's distance, then card.

    A pursuer's enemy is its quarry, always in sight; its distance is the
    distance to the quarry.
    """
    if isinstance(character, Pursuer):
        return (False, character.distance, character.card_order)
    situation = settings.seen(character)
    return enemies_key(situation.enemies, situation.card_order)


def activation_order(
    characters: Iterable[AiCharacter], settings: DoctrineSettings | None = None
) -> tuple[AiCharacter, ...]:
    """The AI characters (of every doctrine) in the order they activate this round."""
    used = settings or DEFAULT_SETTINGS
    return tuple(sorted(characters, key=lambda c: activation_key(c, used)))


def ai_sees_an_enemy(
    characters: Iterable[AiCharacter], settings: DoctrineSettings | None = None
) -> bool:
    """Whether any AI character has an enemy in sight (a pursuer: its quarry).

    Pass it to :func:`engines.combat.initiative` as ``ai_enemy_in_sight``.
    """
    used = settings or DEFAULT_SETTINGS
    return any(
        isinstance(c, Pursuer) or sees_an_enemy(used.seen(c).enemies)
        for c in characters
    )
