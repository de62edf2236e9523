"""Who fights in a table-mode battle: :class:`Context`, built once per request
by the app from the battle as set up, never changed by the log.

Characters are named by *key*: ``p<order>`` for a participant (its place in
the battle's card order, which survives export and import), ``r<company>.<n>``
for the n-th reinforcement of the battle company at ``<company>`` in the
battle's company order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engines.battlefield import ObjectiveMark
from engines.doctrines import DoctrineSettings
from engines.enums import Cover, Doctrine, ObjectiveKind, Side
from engines.events import Event
from engines.sight import Lit

if TYPE_CHECKING:
    from engines.table.state import State

DEFAULT_MOVE = 6
"""A character's move in inches unless its card says otherwise (RULES §2)."""


# --- who fights -----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Fighter:
    """A character as the table sees it: its numbers and when it comes on."""

    key: str
    name: str
    label: str
    """Its name, made unique in this battle ("Orc", "Orc 2")."""
    side: Side
    company: int
    """The battle company's place in the battle's company order."""
    card_order: int
    move: float
    shooting_range: float | None
    free_slots: int
    """Wound slots not filled by persisting wounds at the start of the battle."""
    defence: int = 0
    """Its defence modifier (a scene order's attack rolls against it)."""
    participant_id: int | None = None
    arrives: int = 1
    """The round at whose start it comes on (1: on the table from the start)."""
    starts_fallen: bool = False
    """Lost while scouting: it starts the battle fallen."""
    disorganized: bool = False
    carrying: str | None = None
    """The objective it carries from the start."""

    @property
    def can_shoot(self) -> bool:
        return self.shooting_range is not None


@dataclass(frozen=True, kw_only=True)
class Template:
    """The model a horde company's reinforcements copy."""

    name: str
    move: float
    shooting_range: float | None
    free_slots: int


@dataclass(frozen=True, kw_only=True)
class TableCompany:
    order: int
    name: str
    side: Side
    doctrine: Doctrine
    settings: DoctrineSettings
    template: Template | None = None
    notes: str = ""
    """The scene's notes to an AI company: what no order can say."""
    arrival: str = ""
    """Where its characters arriving later are placed, as the setup sheet says."""

    @property
    def horde(self) -> bool:
        return self.side is Side.AI and self.doctrine is Doctrine.HORDE


@dataclass(frozen=True, kw_only=True)
class Context:
    """The battle as set up: its fighters, companies, events, table and length."""

    seed: int
    length: int
    width: int
    depth: int
    sight_limit: float | None
    first_activation: Side | None
    """Round 1's first activation when the scenario fixes it (no roll)."""
    fighters: tuple[Fighter, ...]
    companies: tuple[TableCompany, ...]
    objectives: tuple[ObjectiveMark, ...] = ()
    cover_pieces: tuple[tuple[str, Cover], ...] = ()
    """The table's terrain that gives cover, as the setup sheet letters it
    ("A Woods"), with the cover it gives: the cover questions name them."""
    fixed_objectives: tuple[str, ...] = ()
    """Terrain features that are objectives (held, never carried)."""
    events: Mapping[str, Event] | None = None
    """The campaign's event deck when it uses random events and the deck is whole."""
    events_problem: str = ""
    coop_players: tuple[str, ...] = ()
    quarry: tuple[str, ...] = ()
    lit: tuple[Lit, ...] = ()
    """The lit features: a character near one is seen from any distance."""
    sight_span: str = "in this battle"
    """How long the sight limit holds, in the sight question's words (a
    round's event: "this round")."""

    def fighter(self, key: str, state: State | None = None) -> Fighter:
        for fighter in self.fighters:
            if fighter.key == key:
                return fighter
        if state is not None and key in state.extra:
            return state.extra[key]
        raise KeyError(key)

    def company(self, order: int) -> TableCompany:
        return next(c for c in self.companies if c.order == order)

    @property
    def ai_companies(self) -> tuple[TableCompany, ...]:
        return tuple(c for c in self.companies if c.side is Side.AI)

    @property
    def hordes(self) -> tuple[TableCompany, ...]:
        return tuple(c for c in self.companies if c.horde)

    @property
    def order_settings(self) -> DoctrineSettings:
        """What the activation order reads: the scene's sight limit (and its
        lit features)."""
        return DoctrineSettings(sight_limit=self.sight_limit, lit=self.lit)

    @property
    def carriable_objectives(self) -> tuple[str, ...]:
        return tuple(
            o.name for o in self.objectives if o.kind is ObjectiveKind.CARRIABLE
        )

    @property
    def objective_kinds(self) -> dict[str, ObjectiveKind]:
        kinds = {o.name: o.kind for o in self.objectives}
        kinds.update(dict.fromkeys(self.fixed_objectives, ObjectiveKind.FIXED))
        return kinds


def unique_labels(names: Sequence[str], taken: Iterable[str] = ()) -> list[str]:
    """Each name, with a number added where it is already used: "Orc", "Orc 2"."""
    used = set(taken)
    labels = []
    for name in names:
        label, n = name, 1
        while label in used:
            n += 1
            label = f"{name} {n}"
        used.add(label)
        labels.append(label)
    return labels


ENTRY_KINDS = {
    "round": "Round begins",
    "first": "Who goes first",
    "activation": "AI activation",
    "defence": "Defensive draw",
    "selection": "Random selection",
    "tap": "At the table",
    "end_round": "End of round",
    "orders": "Scene orders",
    "end": "The battle ends",
}
"""Each kind of log entry and its name on the page."""
