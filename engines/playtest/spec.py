"""What a playtest fights (RULES §7): a scene as pure data, built by the app.

A :class:`Spec` is one scene with one roster and stance: its battlefield
(terrain, deployment, arrivals, objectives, sight limit, length), its
companies with their doctrines and settings (the scene orders among them),
the characters with their numbers and the wounds they carry now, and the
scene's ways to win (``None``: the battle is judged by §4's ends and the
time-out alone). Nothing here plays: :mod:`engines.playtest.battle` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.battlefield import Battlefield
from engines.combat import DEFAULT_MOVE
from engines.doctrines import DEFAULT_SETTINGS, DoctrineSettings
from engines.enums import Doctrine, Side
from engines.events import Event
from engines.setup_inputs import SetupInputs
from engines.victory.conditions import Victory


@dataclass(frozen=True, slots=True)
class Character:
    """One character of the battle (its name is its key on the table)."""

    name: str
    side: Side
    company: str
    card_order: int
    slots: int
    """Its wound slots."""
    filled: int = 0
    """Slots filled by persisting wounds at the start (§6.3)."""
    attack: int = 0
    defence: int = 0
    move: float = DEFAULT_MOVE
    shooting_range: float | None = None
    arrives: int = 1
    """The round at whose start it comes on (its force's arrival, or its own
    late arrival, say when it is later)."""
    carrying: str | None = None


@dataclass(frozen=True, slots=True)
class Company:
    """A company of the battle, in the scene's order."""

    name: str
    side: Side
    force: str
    """The key of its force on the battlefield (where it deploys)."""
    doctrine: Doctrine = Doctrine.PRIORITY
    settings: DoctrineSettings = DEFAULT_SETTINGS
    template: Character | None = None
    """A horde's reinforcement character (§5.3), copied for each arrival."""


@dataclass(frozen=True, slots=True)
class Spec:
    """One scene, roster and stance, ready to be fought many times."""

    battlefield: Battlefield
    companies: tuple[Company, ...]
    characters: tuple[Character, ...]
    victory: Victory | None = None
    setup: SetupInputs | None = None
    """The scene's setup inputs: each battle rolls its setup (§3) and terrain
    (§3.13) afresh from them; None: every battle stands on ``battlefield``."""
    events: tuple[Event, ...] = ()
    """The campaign's event deck where random events are on (§5.2): one card
    from the AI deck at the start of each round; empty: no random events."""
    name: str = ""

    def company(self, name: str) -> Company:
        return next(c for c in self.companies if c.name == name)

    def character(self, name: str) -> Character:
        return next(c for c in self.characters if c.name == name)

    def problem(self) -> str:
        """Why this scene cannot be played at all, in a builder's words ("" if
        it can)."""
        for side, words in ((Side.PLAYER, "player"), (Side.AI, "AI")):
            if not any(c.side is side for c in self.characters):
                return f"The scene has no {words} character fit to fight."
        return ""
