"""Table-mode battles built in memory, for the engine's tests: a context per
doctrine and a log kept as a list of drafts, folded like the app's rows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engines.doctrines import DoctrineSettings
from engines.enums import Doctrine, Side
from engines.table.context import Context, Fighter, TableCompany, Template
from engines.table.draft import Draft
from engines.table.state import State, state_fold

PLAYERS = ("Frodo", "Sam", "Merry", "Pippin")
AI = ("Witch-king", "Second Rider", "Third Rider")


def battle_context(
    doctrine: Doctrine | str,
    *,
    seed: int = 5,
    players: tuple[str, ...] = PLAYERS,
    ai: tuple[str, ...] = AI,
    length: int = 6,
    settings: DoctrineSettings | None = None,
    hordes: int = 1,
    **context: object,
) -> Context:
    """Four hobbits against three riders under ``doctrine``: the Witch-king
    shoots 12", everyone moves 6" and has 2 free wound slots; a horde is
    reinforced with copies of a rider, a pursuit hunts Frodo."""
    doctrine = Doctrine(doctrine)
    if settings is None:
        settings = DoctrineSettings(
            reinforcements=doctrine is Doctrine.HORDE,
            quarry=("Frodo",) if doctrine is Doctrine.PURSUIT else (),
            pursuit_lever=2 if doctrine is Doctrine.PURSUIT else 0,
        )
    fighters = [
        Fighter(
            key=f"p{n}",
            name=name,
            label=name,
            side=Side.PLAYER,
            company=0,
            card_order=n,
            move=6,
            shooting_range=None,
            free_slots=2,
        )
        for n, name in enumerate(players, start=1)
    ]
    fighters += [
        Fighter(
            key=f"p{n}",
            name=name,
            label=name,
            side=Side.AI,
            company=1 if hordes == 1 else 1 + n % 2,
            card_order=n,
            move=6,
            shooting_range=12 if name == "Witch-king" else None,
            free_slots=2,
        )
        for n, name in enumerate(ai, start=len(players) + 1)
    ]
    companies = [
        TableCompany(
            order=0,
            name="Fellowship",
            side=Side.PLAYER,
            doctrine=Doctrine.PRIORITY,
            settings=DoctrineSettings(),
        ),
    ]
    companies += [
        TableCompany(
            order=order,
            name="Nazgûl" if order == 1 else f"Nazgûl {order}",
            side=Side.AI,
            doctrine=doctrine,
            settings=settings,
            template=Template(name="Orc", move=6, shooting_range=None, free_slots=1),
        )
        for order in range(1, 1 + (1 if hordes == 1 else 2))
    ]
    values: dict = {
        "seed": seed,
        "length": length,
        "width": 36,
        "depth": 36,
        "sight_limit": None,
        "first_activation": None,
        "fighters": tuple(fighters),
        "companies": tuple(companies),
    } | context
    return Context(**values)


@dataclass
class Log:
    """A battle's log in memory: each draft added is folded into ``state``."""

    context: Context
    entries: list[Draft] = field(default_factory=list)

    @property
    def state(self) -> State:
        return state_fold(self.context, self.entries)

    def add(self, make: Callable[[Context, State], Draft]) -> Draft:
        draft = make(self.context, self.state)
        self.entries.append(draft)
        return draft

    def undo(self) -> Draft:
        return self.entries.pop()
