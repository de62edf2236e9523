"""A company on the battlefield (RULES §1): its zone, arrival, orders and words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.battlefield.numbers import DEFAULT_BAND, inch
from engines.battlefield.zones import Arrival, Zone
from engines.enums import Deployment, Edge, Side
from engines.orders import Order, orders_from_data, orders_to_data


@dataclass(frozen=True, kw_only=True)
class Force:
    """A company on the battlefield: where it deploys, when it comes on, and the
    scene's (or scenario's) words for it."""

    key: str
    name: str
    side: Side
    entry_edge: Edge
    zone: Zone
    arrival: Arrival | None = None
    notes: tuple[str, ...] = ()
    """What the scenario adds: "in hard cover", "up to 2 anywhere on the table"."""
    instructions: str = ""
    """The scene's notes to an AI company: what no order can say (printed last
    on its AI card)."""
    orders: tuple[Order, ...] = ()
    """The AI company's scene orders (a generated scenario's merged in, §5)."""
    stretch: tuple[float, float] | None = None
    """The arrival stretch on the entry edge: (start, length) in inches from
    the edge's north or west end; None: the whole edge (§1 "Arrival")."""
    late: tuple[tuple[str, int], ...] = ()
    """Single characters arriving in another round: (name, round)."""

    def describe(self) -> str:
        """'Deploys within 6″ of the north edge.' / 'Comes on at the start of …'."""
        if self.arrival is not None:
            text = self.arrival.describe()
            if self.zone.kind is not Deployment.EDGE or self.zone.depth != DEFAULT_BAND:
                text += f", {self.zone.describe()}"
        else:
            text = f"deploys {self.zone.describe()}"
        text = "; ".join((text, *self.notes))
        return text[:1].upper() + text[1:] + "."

    def arrival_lines(self) -> tuple[str, ...]:
        """Where an arriving model is placed, and every single arrival round."""
        lines = []
        arriving = self.arrival is not None or self.late
        if arriving:
            edge = (
                "its entry edge"
                if self.entry_edge is Edge.CENTRE
                else (f"the {self.entry_edge} edge")
            )
            if self.arrival is not None and self.arrival.dealt:
                where = "the edge it was dealt"
            elif self.stretch is not None:
                start, length = self.stretch
                end = "west" if self.entry_edge in (Edge.NORTH, Edge.SOUTH) else "north"
                where = (
                    f"the {inch(length)} of {edge} starting {inch(start)} "
                    f"from its {end} end"
                )
            else:
                where = edge
            lines.append(
                f"An arriving model is placed touching {where}, as near its middle "
                "as it can be, at least 1\u2033 from every enemy."
            )
        for name, round_number in self.late:
            lines.append(f"{name} comes on at the start of round {round_number}.")
        return tuple(lines)

    def to_data(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "side": self.side.value,
            "entry_edge": self.entry_edge.value,
            "zone": self.zone.to_data(),
            "arrival": None if self.arrival is None else self.arrival.to_data(),
            "notes": list(self.notes),
            "instructions": self.instructions,
            "orders": orders_to_data(self.orders),
            "stretch": None if self.stretch is None else list(self.stretch),
            "late": [list(pair) for pair in self.late],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Force:
        arrival = data.get("arrival")
        return cls(
            key=str(data["key"]),
            name=str(data["name"]),
            side=Side(data["side"]),
            entry_edge=Edge(data["entry_edge"]),
            zone=Zone.from_data(data["zone"]),
            arrival=None if arrival is None else Arrival.from_data(arrival),
            notes=tuple(data.get("notes", ())),
            instructions=str(data.get("instructions", "")),
            orders=orders_from_data(data.get("orders", ())),
            stretch=None if data.get("stretch") is None else tuple(data["stretch"]),
            late=tuple((str(n), int(r)) for n, r in data.get("late", ())),
        )
