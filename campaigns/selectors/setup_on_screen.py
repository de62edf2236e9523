"""The battle page as the table's setup (issue 25 part 4): everything a player
without a printer needs to lay out the table — its size, the diagram, where
each company deploys or arrives, terrain, objectives, length, sight, scoring,
the scene's special rules, each AI company's scene orders and notes — from
the same data the pack's setup sheet and AI cards read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaigns.bidi import isolate_names, pack_names
from campaigns.printing.ai_card_orders import scene_notes
from campaigns.printing.diagram import Diagram, table_diagram
from campaigns.printing.diagram_text import diagram_key
from campaigns.printing.inches import inch_marks
from campaigns.setting_words import Words
from engines.battlefield import Battlefield
from engines.enums import Side


@dataclass(frozen=True)
class CompanyOrders:
    """An AI company's scene orders, each as its AI card words it, and the
    scene's notes for it (the card's "Notes from the scene")."""

    name: str
    colour: str
    orders: tuple[str, ...]
    notes: tuple[str, ...]


EVENTS_ON = "Random events: a card from the AI deck at the start of each round."
EVENTS_OFF = "Random events are off in this campaign."


@dataclass(frozen=True)
class SetupOnScreen:
    diagram: Diagram
    battlefield: Battlefield
    special_rules: str
    victory_conditions: str
    orders: tuple[CompanyOrders, ...] = ()
    names: frozenset[str] = frozenset()
    """Every user-written name of the battle (to isolate where code wrote it)."""
    events: bool = True
    """Whether the campaign draws random events."""

    @property
    def lines(self) -> tuple[str, ...]:
        """Length (once: a generated scenario's scoring says it), sight,
        scoring and whether random events are drawn, one line each."""
        battlefield = self.battlefield
        scoring = battlefield.scoring
        length = battlefield.length_text.rstrip(".")
        said = any(line.startswith(length) for line in scoring)
        lines = [] if said else [battlefield.length_text]
        if battlefield.sight_text:
            lines.append(battlefield.sight_text)
        return (*lines, *scoring, EVENTS_ON if self.events else EVENTS_OFF)

    @property
    def objective_legend(self) -> tuple[str, ...]:
        """The diagram's objective lines, their names kept from turning them."""
        return tuple(isolate_names(list(self.diagram.objective_legend), self.names))

    @property
    def key(self) -> str:
        """How the diagram reads: the setup sheet's key, said once."""
        return diagram_key(self.diagram)


def setup_on_screen(
    *, data: dict[str, Any], words: Words | None = None
) -> SetupOnScreen:
    """The setup from the battle's pack data (no query of its own); ``words``:
    the campaign's setting's, for the orders' engine-written parts."""
    battlefield = Battlefield.from_data(data["battlefield"])
    names = frozenset(pack_names(data))
    return SetupOnScreen(
        orders=isolate_names(
            _orders(battlefield, data["companies"], words or Words()), names
        ),
        names=names,
        diagram=table_diagram(
            battlefield=battlefield,
            companies=data["companies"],
            uses=data["scene"].get("uses"),
        ),
        battlefield=battlefield,
        special_rules=" ".join(data["scene"]["special_rules"].split()),
        victory_conditions=" ".join(data["scene"]["victory_conditions"].split()),
        events=bool(data["events"]),
    )


def _orders(
    battlefield: Battlefield, companies: list[dict[str, Any]], words: Words
) -> tuple[CompanyOrders, ...]:
    found = []
    for company in companies:
        if company["side"] != Side.AI:
            continue
        force = battlefield.force(str(company["id"]))
        orders = () if force is None else force.orders
        said = CompanyOrders(
            name=company["name"],
            colour=company["colour"],
            orders=tuple(inch_marks(words.text(o.words() + ".")) for o in orders),
            notes=tuple(inch_marks(scene_notes(battlefield, company))),
        )
        if said.orders or said.notes:
            found.append(said)
    return tuple(found)
