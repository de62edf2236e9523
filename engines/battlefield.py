"""The battlefield as data (RULES §1) and a generated scenario's table (§3.9, §3.12).

A :class:`Battlefield` is everything the table holds at the start of one
battle: each company's deployment zone and arrival, the terrain features, the
objectives with their positions, the sight limit, the battle's length and how it
is scored. The setup diagram, the AI cards and the result form all read it.

Two ways to make one:

- :func:`scene_battlefield` — a fixed scenario: the scene's own data;
- :func:`generated_battlefield` — a generated scenario sets deployment, length
  and scoring itself from §3.9 and §3.12 (the scene's terrain features still
  stand on the table).

Companies whose entry edge is *dealt* get one card per character
(:func:`deal_entry_edges`, logged): ♠ north, ♥ east, ♣ south, ♦ west.

Coordinates are inches from the table's north-west corner: ``x`` east, ``y``
south. Zone sizes the rules do not give are decisions of ours (adaptations),
named below as constants so one number serves the diagram, the cards and the
tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engines.cards import Card, Deck
from engines.dice import Dice, DiceLog
from engines.enums import (
    Cover,
    Deployment,
    Edge,
    ObjectiveKind,
    Scenario,
    Shape,
    Side,
    Suit,
    TerrainKind,
)
from engines.orders import (
    Order,
    merged,
    orders_from_data,
    orders_to_data,
    scenario_orders,
)
from engines.roles import Role

# --- numbers --------------------------------------------------------------------------

TABLE_SIDE = 36
"""§0: the table is 36" × 36" unless the scene sets another size."""
DEFAULT_BAND = 6
"""A side deploys within 6" of its entry edge unless the scenario says otherwise."""
GENERATED_LENGTH = 6
"""§3.12: a generated scenario lasts 6 rounds."""
HOLD_VP = 3
"""§3.12: 3 VP for each fixed objective a side holds at the end."""
CARRY_VP = 3
"""§3.12: 3 VP for each carriable objective carried off (any edge) or still carried."""
CHARACTER_VP = 1
"""§3.12: 1 VP per character off the opposing edge / beyond the river / enemy lost."""
HOLD_WITHIN = 1
"""§0: a fixed objective is held by standing within 1" with no enemy within 1"."""

# Sizes of what a generated scenario puts on the table (adaptations: §3.9 names
# them without sizes).
AMBUSH_RADIUS = 6
"""Ambush: the surprised side sets up in a circle of 6" radius at the centre."""
STRONGHOLD_SIDE = 6
"""Assault: the stronghold is a 6" square of hard cover …"""
STRONGHOLD_FROM_EDGE = 3
"""… its near side 3" in from the middle of the defender's entry edge."""
TOWN_SIDE = 8
"""Disputed Border: an 8" square town (hard cover) at the centre."""
LARGE_TOWN_SIDE = 12
"""Urban Assault: a 12" square town at the centre."""
RIVER_WIDTH = 4
"""River Crossing: a river 4" wide across the middle, between the sides' edges."""
TRAP_SHARE = 3
"""Trap: up to a third of the trapping side may deploy anywhere."""

EDGE_OF_SUIT: dict[Suit, Edge] = {
    Suit.SPADES: Edge.NORTH,
    Suit.HEARTS: Edge.EAST,
    Suit.CLUBS: Edge.SOUTH,
    Suit.DIAMONDS: Edge.WEST,
}
"""§1: a dealt entry edge, by the card's suit."""
DEAL_WORDS = ", ".join(
    f"{suit.symbol} {edge.value}" for suit, edge in EDGE_OF_SUIT.items()
)
"""The deal in words: "♠ north, ♥ east, ♣ south, ♦ west"."""

OPPOSITE: dict[Edge, Edge] = {
    Edge.NORTH: Edge.SOUTH,
    Edge.SOUTH: Edge.NORTH,
    Edge.EAST: Edge.WEST,
    Edge.WEST: Edge.EAST,
}


def _inches(value: float) -> str:
    return f"{value:g}\u2033"


# --- the pieces -----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Zone:
    """Where a company deploys (or comes on).

    ``EDGE``: a band ``depth`` deep along ``edge``; ``CENTRE``: a circle of
    ``radius`` at the centre; ``RECTANGLE``: ``x``, ``y``, ``width``, ``depth``;
    ``ANYWHERE``: at least ``distance`` from every enemy.
    """

    kind: Deployment
    edge: Edge | None = None
    depth: int = DEFAULT_BAND
    radius: int | None = None
    x: int | None = None
    y: int | None = None
    width: int | None = None
    distance: int | None = None

    def box(self, table_width: int, table_depth: int) -> tuple[float, ...] | None:
        """(x, y, width, depth) in inches of an edge band or rectangle; None else."""
        band = min(self.depth, table_width, table_depth)
        match self.kind, self.edge:
            case Deployment.EDGE, Edge.NORTH:
                return (0, 0, table_width, band)
            case Deployment.EDGE, Edge.SOUTH:
                return (0, table_depth - band, table_width, band)
            case Deployment.EDGE, Edge.WEST:
                return (0, 0, band, table_depth)
            case Deployment.EDGE, Edge.EAST:
                return (table_width - band, 0, band, table_depth)
            case Deployment.RECTANGLE, _:
                assert None not in (self.x, self.y, self.width, self.depth)
                return (self.x, self.y, self.width, self.depth)
        return None

    def describe(self) -> str:
        """In words: 'within 6″ of the north edge'."""
        match self.kind:
            case Deployment.EDGE:
                where = (
                    "its entry edge" if self.edge is None else f"the {self.edge} edge"
                )
                return f"within {_inches(self.depth)} of {where}"
            case Deployment.CENTRE:
                return f"within {_inches(self.radius or 0)} of the centre of the table"
            case Deployment.RECTANGLE:
                return (
                    f"in the area {_inches(self.x or 0)}–"
                    f"{_inches((self.x or 0) + (self.width or 0))} from the west "
                    f"edge and {_inches(self.y or 0)}–"
                    f"{_inches((self.y or 0) + self.depth)} from the north edge"
                )
        if not self.distance:
            return "anywhere on the table"
        return (
            f"anywhere on the table at least {_inches(self.distance)} from every enemy"
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "edge": None if self.edge is None else self.edge.value,
            "depth": self.depth,
            "radius": self.radius,
            "x": self.x,
            "y": self.y,
            "width": self.width,
            "distance": self.distance,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Zone:
        edge = data.get("edge")
        return cls(
            kind=Deployment(data["kind"]),
            edge=None if edge is None else Edge(edge),
            depth=int(data.get("depth") or DEFAULT_BAND),
            radius=data.get("radius"),
            x=data.get("x"),
            y=data.get("y"),
            width=data.get("width"),
            distance=data.get("distance"),
        )


def edge_zone(edge: Edge | str, depth: int = DEFAULT_BAND) -> Zone:
    """A band along an edge; the centre "edge" becomes the centre circle."""
    edge = Edge(edge)
    if edge is Edge.CENTRE:
        return Zone(kind=Deployment.CENTRE, radius=depth)
    return Zone(kind=Deployment.EDGE, edge=edge, depth=depth)


@dataclass(frozen=True, kw_only=True)
class EntryCard:
    """One character's dealt entry edge: the card and the edge of its suit."""

    key: str
    name: str
    card: str
    edge: Edge

    def to_data(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "card": self.card,
            "edge": self.edge.value,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> EntryCard:
        return cls(
            key=str(data["key"]),
            name=str(data["name"]),
            card=str(data["card"]),
            edge=Edge(data["edge"]),
        )


@dataclass(frozen=True, kw_only=True)
class Arrival:
    """A company that comes on during the battle: at the start of ``round``, at
    ``edge`` or at the edge each character was dealt."""

    round: int
    edge: Edge | None = None
    dealt: bool = False
    cards: tuple[EntryCard, ...] = ()

    def describe(self) -> str:
        if self.dealt:
            where = "the edge of the card each character was dealt"
        elif self.edge is None or self.edge is Edge.CENTRE:
            where = "its entry edge"
        else:
            where = f"the {self.edge} edge"
        return f"comes on at the start of round {self.round} at {where}"

    def to_data(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "edge": None if self.edge is None else self.edge.value,
            "dealt": self.dealt,
            "cards": [card.to_data() for card in self.cards],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Arrival:
        edge = data.get("edge")
        return cls(
            round=int(data["round"]),
            edge=None if edge is None else Edge(edge),
            dealt=bool(data.get("dealt")),
            cards=tuple(EntryCard.from_data(c) for c in data.get("cards", ())),
        )


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
                    f"the {_inches(length)} of {edge} starting {_inches(start)} "
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


@dataclass(frozen=True, kw_only=True)
class Feature:
    """A terrain feature: a rectangle (x, y = its north-west corner) or a circle
    (x, y = its centre), the cover it gives, whether it is a fixed objective."""

    name: str
    shape: Shape
    x: float
    y: float
    width: float | None = None
    depth: float | None = None
    radius: float | None = None
    cover: Cover = Cover.NONE
    objective: bool = False
    victory_points: int = 0
    terrain: TerrainKind = TerrainKind.OPEN

    @property
    def centre(self) -> tuple[float, float]:
        if self.shape is Shape.CIRCLE:
            return (self.x, self.y)
        return (self.x + (self.width or 0) / 2, self.y + (self.depth or 0) / 2)

    def describe(self) -> str:
        if self.shape is Shape.CIRCLE:
            where = (
                f"a circle of {_inches(self.radius or 0)} radius centred "
                f"{_inches(self.x)} from the west edge and {_inches(self.y)} from "
                "the north edge"
            )
        else:
            where = (
                f"{_inches(self.width or 0)} × {_inches(self.depth or 0)}, its "
                f"north-west corner {_inches(self.x)} from the west edge and "
                f"{_inches(self.y)} from the north edge"
            )
        return where

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "shape": self.shape.value,
            "x": self.x,
            "y": self.y,
            "width": self.width,
            "depth": self.depth,
            "radius": self.radius,
            "cover": self.cover.value,
            "objective": self.objective,
            "victory_points": self.victory_points,
            "terrain": self.terrain.value,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Feature:
        return cls(
            name=str(data["name"]),
            shape=Shape(data["shape"]),
            x=data["x"],
            y=data["y"],
            width=data.get("width"),
            depth=data.get("depth"),
            radius=data.get("radius"),
            cover=Cover(data.get("cover") or Cover.NONE.value),
            objective=bool(data.get("objective")),
            victory_points=int(data.get("victory_points") or 0),
            terrain=TerrainKind(data.get("terrain") or TerrainKind.OPEN.value),
        )


@dataclass(frozen=True, kw_only=True)
class ObjectiveMark:
    """An objective marker: at a position, carried by a character from the start,
    or (an Assault's stronghold) a feature of the table."""

    name: str
    kind: ObjectiveKind
    x: float | None = None
    y: float | None = None
    carrier: str | None = None
    victory_points: int = 0
    placement: tuple[int, int] | None = None
    """(clock, inches from the centre) when a §3.9 roll placed it."""

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None

    def describe(self) -> str:
        kind = self.kind.label.lower()
        if self.carrier:
            where = f"carried by {self.carrier} from the start"
        elif self.placement is not None:
            clock, inches = self.placement
            where = f"{_inches(inches)} from the centre toward {clock} o'clock"
        elif self.placed:
            where = (
                f"{_inches(self.x or 0)} from the west edge, "
                f"{_inches(self.y or 0)} from the north edge"
            )
        else:
            where = "placed as the setup says"
        points = f", {self.victory_points} VP" if self.victory_points else ""
        return f"{self.name} ({kind}{points}): {where}"

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "x": self.x,
            "y": self.y,
            "carrier": self.carrier,
            "victory_points": self.victory_points,
            "placement": None if self.placement is None else list(self.placement),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ObjectiveMark:
        placement = data.get("placement")
        return cls(
            name=str(data["name"]),
            kind=ObjectiveKind(data["kind"]),
            x=data.get("x"),
            y=data.get("y"),
            carrier=data.get("carrier"),
            victory_points=int(data.get("victory_points") or 0),
            placement=None if placement is None else (placement[0], placement[1]),
        )


@dataclass(frozen=True, kw_only=True)
class Battlefield:
    """The table at the start of one battle, its length and its scoring."""

    width: int
    depth: int
    forces: tuple[Force, ...]
    features: tuple[Feature, ...] = ()
    objectives: tuple[ObjectiveMark, ...] = ()
    sight_limit: int | None = None
    length: int = GENERATED_LENGTH
    scores_victory_points: bool = False
    scoring: tuple[str, ...] = ()
    """How the battle is scored, line by line (the setup sheet and AI card)."""
    generated: bool = False
    log: DiceLog = field(default=(), compare=False)

    def force(self, key: str) -> Force | None:
        return next((f for f in self.forces if f.key == key), None)

    def forces_of(self, side: Side | str) -> tuple[Force, ...]:
        return tuple(f for f in self.forces if f.side is Side(side))

    @property
    def sight_text(self) -> str:
        if self.sight_limit is None:
            return ""
        return (
            f"Nobody sees or shoots further than {_inches(self.sight_limit)} in "
            "this battle."
        )

    @property
    def length_text(self) -> str:
        return f"The battle lasts {self.length} rounds."

    def to_data(self) -> dict[str, Any]:
        return {
            "width": self.width,
            "depth": self.depth,
            "forces": [f.to_data() for f in self.forces],
            "features": [f.to_data() for f in self.features],
            "objectives": [o.to_data() for o in self.objectives],
            "sight_limit": self.sight_limit,
            "length": self.length,
            "scores_victory_points": self.scores_victory_points,
            "scoring": list(self.scoring),
            "generated": self.generated,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Battlefield:
        return cls(
            width=int(data["width"]),
            depth=int(data["depth"]),
            forces=tuple(Force.from_data(f) for f in data.get("forces", ())),
            features=tuple(Feature.from_data(f) for f in data.get("features", ())),
            objectives=tuple(
                ObjectiveMark.from_data(o) for o in data.get("objectives", ())
            ),
            sight_limit=data.get("sight_limit"),
            length=int(data.get("length") or GENERATED_LENGTH),
            scores_victory_points=bool(data.get("scores_victory_points")),
            scoring=tuple(data.get("scoring", ())),
            generated=bool(data.get("generated")),
        )


# --- what the site gives --------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ForceSpec:
    """A scene company as the scene's data describes it."""

    key: str
    name: str
    side: Side
    entry_edge: Edge
    zone: Zone
    arrives_in_round: int | None = None
    dealt: bool = False
    instructions: str = ""
    orders: tuple[Order, ...] = ()
    stretch: tuple[float, float] | None = None
    late: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, kw_only=True)
class TableSpec:
    """The scene's table: size, terrain, objectives, sight, length, scoring."""

    width: int = TABLE_SIDE
    depth: int = TABLE_SIDE
    features: tuple[Feature, ...] = ()
    objectives: tuple[ObjectiveMark, ...] = ()
    sight_limit: int | None = None
    length: int = GENERATED_LENGTH
    scores_victory_points: bool = False


@dataclass(frozen=True, kw_only=True)
class Arriving:
    """A character taking part, for dealing entry edges: its key, name, company."""

    key: str
    name: str
    company: str


# --- a fixed scenario: the scene's own data -------------------------------------------


def _arrival(spec: ForceSpec) -> Arrival | None:
    if spec.arrives_in_round is None:
        return None
    return Arrival(
        round=spec.arrives_in_round,
        edge=None if spec.dealt else spec.entry_edge,
        dealt=spec.dealt,
    )


def scene_battlefield(
    *, table: TableSpec, forces: Sequence[ForceSpec], victory_conditions: str = ""
) -> Battlefield:
    """A fixed scenario's table: the scene's deployments, arrivals, terrain,
    objectives, sight, length and scoring, as the scene gives them."""
    scoring = [f"The battle lasts {table.length} rounds."]
    if table.scores_victory_points:
        for objective in table.objectives:
            if objective.victory_points:
                scoring.append(
                    f"{objective.victory_points} VP: the {objective.name} "
                    f"({_held_or_carried(objective.kind)})."
                )
        for feature in table.features:
            if feature.objective and feature.victory_points:
                scoring.append(
                    f"{feature.victory_points} VP: the {feature.name} (held at the "
                    "end)."
                )
    return Battlefield(
        width=table.width,
        depth=table.depth,
        forces=tuple(
            Force(
                key=spec.key,
                name=spec.name,
                side=spec.side,
                entry_edge=spec.entry_edge,
                zone=spec.zone,
                arrival=_arrival(spec),
                instructions=spec.instructions,
                orders=spec.orders,
                stretch=spec.stretch,
                late=spec.late,
            )
            for spec in forces
        ),
        features=table.features,
        objectives=table.objectives,
        sight_limit=table.sight_limit,
        length=table.length,
        scores_victory_points=table.scores_victory_points,
        scoring=tuple(scoring),
    )


def _held_or_carried(kind: ObjectiveKind) -> str:
    if kind is ObjectiveKind.CARRIABLE:
        return "carried off the table, or still carried, at the end"
    return "held at the end"


# --- a generated scenario: §3.9 deployment, §3.12 length and scoring ------------------

LENGTH_LINE = (
    f"The battle lasts {GENERATED_LENGTH} rounds, or ends earlier when a side routs "
    "or loses its last character: that side loses."
)
LOST_LINE = (
    f"{CHARACTER_VP} VP for each enemy character lost (fallen or off the table)."
)
RESULT_LINE = (
    f"At the end of round {GENERATED_LENGTH} more VP wins; equal VP is a draw."
)


def generated_battlefield(
    scenario: Scenario | str,
    *,
    roles: Mapping[Side, Role],
    table: TableSpec,
    forces: Sequence[ForceSpec],
    placement: tuple[str, ObjectiveKind, int, int] | None = None,
    deployed: Mapping[Side, int] | None = None,
) -> Battlefield:
    """§3.9 deployment and §3.12 length and scoring for a generated scenario.

    Every side deploys within 6" of its entry edge unless the scenario says
    otherwise. ``placement`` is the rolled objective (name, kind, clock,
    inches from the centre). ``deployed`` counts each side's characters on the
    table at the start (for the Trap's "up to a third").
    """
    scenario = Scenario(scenario)
    role_of = {Side(side): role for side, role in roles.items()}
    side_of = {role: side for side, role in role_of.items()}
    edges = {spec.side: spec.entry_edge for spec in forces}
    built: list[Force] = []
    for spec in forces:
        zone = edge_zone(spec.entry_edge)
        arrival = None
        notes: list[str] = []
        role = role_of.get(spec.side)
        match scenario:
            case Scenario.AMBUSH if role is Role.SURPRISED:
                zone = Zone(kind=Deployment.CENTRE, radius=AMBUSH_RADIUS)
            case Scenario.SKIRMISH:
                arrival = Arrival(round=1, edge=spec.entry_edge)
            case Scenario.AMPHIBIOUS_LANDING if role is Role.ATTACKER:
                arrival = Arrival(round=1, edge=spec.entry_edge)
                notes.append("it lands by boat")
            case Scenario.TRAP if role is Role.TRAPPING:
                count = (deployed or {}).get(spec.side, 0) // TRAP_SHARE
                notes.append(
                    f"up to {count} of the side's characters may instead deploy "
                    "anywhere on the table"
                )
                notes.append("it may place field defences (hard cover) first")
            case Scenario.DISPUTED_BORDER:
                notes.append("in hard cover")
        built.append(
            Force(
                key=spec.key,
                name=spec.name,
                side=spec.side,
                entry_edge=spec.entry_edge,
                zone=zone,
                arrival=arrival,
                notes=tuple(notes),
                instructions=spec.instructions,
                orders=spec.orders,
                stretch=spec.stretch,
                late=spec.late,
            )
        )
    # §3.12: the scene's own objectives score like the scenario's pieces unless
    # the scene gives one another value (a value of 0 gives none).
    features = [_scored_feature(f) for f in table.features]
    objectives = [_scored_objective(o) for o in table.objectives]
    scoring = [LENGTH_LINE]
    match scenario:
        case Scenario.ASSAULT | Scenario.SIEGE | Scenario.SURPRISE_ASSAULT:
            defender = side_of.get(Role.DEFENDER)
            edge = edges.get(defender) if defender is not None else None
            name = "castle" if scenario is Scenario.SIEGE else "stronghold"
            if edge is not None:
                features.append(_stronghold(name, edge, table))
            scoring.append(
                f"{HOLD_VP} VP to the side holding the {name} at the end (standing "
                f"within {_inches(HOLD_WITHIN)} with no enemy within "
                f"{_inches(HOLD_WITHIN)})."
            )
        case Scenario.DISPUTED_BORDER:
            features.append(_centre_square("town", TOWN_SIDE, table))
            scoring.append(f"{HOLD_VP} VP to the side holding the town at the end.")
        case Scenario.URBAN_ASSAULT:
            features.append(_centre_square("large town", LARGE_TOWN_SIDE, table))
            scoring.append(
                f"{HOLD_VP} VP to the side holding the large town at the end."
            )
        case Scenario.RIVER_CROSSING:
            attacker = side_of.get(Role.ATTACKER)
            defender = side_of.get(Role.DEFENDER)
            axis_edge = edges.get(defender) or edges.get(attacker) or Edge.NORTH
            features.append(_river(axis_edge, table))
            scoring.append(
                f"The attacker: {CHARACTER_VP} VP for each of its characters "
                "standing beyond the river at the end."
            )
        case Scenario.SKIRMISH:
            scoring.append(
                f"{CHARACTER_VP} VP for each character moved off the opposing "
                "side's entry edge."
            )
    if placement is not None:
        name, kind, clock, inches = placement
        objectives.append(
            ObjectiveMark(
                name=name,
                kind=kind,
                victory_points=HOLD_VP if kind is ObjectiveKind.FIXED else CARRY_VP,
                placement=(clock, inches),
            )
        )
        scoring.append(_objective_line(objectives[-1]))
    scoring += [_objective_line(mark) for mark in objectives[: len(table.objectives)]]
    scoring += [
        f"{feature.victory_points} VP to the side holding {_the(feature.name)} at "
        "the end."
        for feature in features[: len(table.features)]
        if feature.objective
    ]
    scoring += [LOST_LINE, RESULT_LINE]
    built = [
        _with_scenario_orders(
            force,
            scenario,
            role_of.get(force.side),
            edges,
            placement,
        )
        for force in built
    ]
    return Battlefield(
        width=table.width,
        depth=table.depth,
        forces=tuple(built),
        features=tuple(features),
        objectives=tuple(objectives),
        sight_limit=table.sight_limit,
        length=GENERATED_LENGTH,
        scores_victory_points=True,
        scoring=tuple(scoring),
        generated=True,
    )


def objective_points(battlefield: Battlefield) -> int:
    """§3.12: what all the battle's objectives are worth together, the pieces
    and features it scores (the most VP objectives can give one side)."""
    return sum(o.victory_points for o in battlefield.objectives) + sum(
        f.victory_points for f in battlefield.features if f.objective
    )


def most_victory_points(*, objectives: int, characters: int) -> int:
    """§3.12: the most VP one side can score in a generated battle whose
    objectives are worth ``objectives`` together, with ``characters`` taking
    part on both sides: every objective, and one point per character (an enemy
    lost, or one of its own off the opposing edge or beyond the river)."""
    return objectives + CHARACTER_VP * characters


def objective_worth(kind: ObjectiveKind, own: int = 0) -> int:
    """§3.12: what a scene's objective scores in a generated battle: the value
    the scene gives it, else 3 VP held (fixed) or 3 VP carried (carriable)."""
    if own:
        return own
    return CARRY_VP if kind is ObjectiveKind.CARRIABLE else HOLD_VP


def _scored_feature(feature: Feature) -> Feature:
    """A scene's fixed-objective feature worth §3.12's points unless it has its own."""
    if not feature.objective:
        return feature
    worth = objective_worth(ObjectiveKind.FIXED, feature.victory_points)
    return replace(feature, victory_points=worth)


def _scored_objective(mark: ObjectiveMark) -> ObjectiveMark:
    """A scene's objective worth §3.12's points unless it has its own."""
    return replace(mark, victory_points=objective_worth(mark.kind, mark.victory_points))


def _the(name: str) -> str:
    """A piece's name with "the" before it, unless its name already has one."""
    return name if name.lower().startswith("the ") else f"the {name}"


def _objective_line(mark: ObjectiveMark) -> str:
    """The setup sheet's scoring line for one objective of a generated battle."""
    if mark.kind is ObjectiveKind.CARRIABLE:
        return (
            f"{mark.victory_points} VP to the side that carried {_the(mark.name)} "
            "off the table (any edge), or still carries it, at the end."
        )
    return f"{mark.victory_points} VP to the side holding {_the(mark.name)} at the end."


def _with_scenario_orders(
    force: Force,
    scenario: Scenario,
    role: Role | None,
    edges: Mapping[Side, Edge],
    placement: tuple[str, ObjectiveKind, int, int] | None,
) -> Force:
    """An AI force with its generated scenario's orders merged in (§5): a
    scene's own order of the same kind takes the place of the scenario's."""
    if force.side is not Side.AI:
        return force
    attacker_edge = edges.get(force.side)
    far = OPPOSITE.get(attacker_edge) if attacker_edge is not None else None
    given = scenario_orders(
        scenario,
        role=role,
        player_edge=edges.get(Side.PLAYER),
        piece=None if placement is None else placement[0],
        far_edge=far,
        piece_carriable=placement is None or placement[1] is ObjectiveKind.CARRIABLE,
    )
    return replace(force, orders=merged(force.orders, given))


def _centre_square(name: str, side: int, table: TableSpec) -> Feature:
    side = min(side, table.width, table.depth)
    return Feature(
        name=name,
        shape=Shape.RECTANGLE,
        x=(table.width - side) / 2,
        y=(table.depth - side) / 2,
        width=side,
        depth=side,
        cover=Cover.HARD,
        objective=True,
        victory_points=HOLD_VP,
    )


def _stronghold(name: str, edge: Edge, table: TableSpec) -> Feature:
    """A square of hard cover near the middle of the defender's entry edge."""
    side = STRONGHOLD_SIDE
    mid_x, mid_y = (table.width - side) / 2, (table.depth - side) / 2
    far_x, far_y = table.width - side, table.depth - side
    x, y = {
        Edge.NORTH: (mid_x, STRONGHOLD_FROM_EDGE),
        Edge.SOUTH: (mid_x, far_y - STRONGHOLD_FROM_EDGE),
        Edge.WEST: (STRONGHOLD_FROM_EDGE, mid_y),
        Edge.EAST: (far_x - STRONGHOLD_FROM_EDGE, mid_y),
    }.get(edge, (mid_x, mid_y))
    return Feature(
        name=name,
        shape=Shape.RECTANGLE,
        x=x,
        y=y,
        width=side,
        depth=side,
        cover=Cover.HARD,
        objective=True,
        victory_points=HOLD_VP,
    )


def _river(edge: Edge, table: TableSpec) -> Feature:
    """A river across the middle, parallel to the sides' entry edges."""
    if edge in (Edge.EAST, Edge.WEST):
        x = (table.width - RIVER_WIDTH) / 2
        return Feature(
            name="river",
            shape=Shape.RECTANGLE,
            x=x,
            y=0,
            width=RIVER_WIDTH,
            depth=table.depth,
        )
    y = (table.depth - RIVER_WIDTH) / 2
    return Feature(
        name="river",
        shape=Shape.RECTANGLE,
        x=0,
        y=y,
        width=table.width,
        depth=RIVER_WIDTH,
    )


# --- dealt entry edges ----------------------------------------------------------------


def deal_entry_edges(
    battlefield: Battlefield, characters: Sequence[Arriving], *, dice: Dice
) -> Battlefield:
    """Deal one card to each character of a company whose entry edge is dealt;
    the suit is its edge (♠ north, ♥ east, ♣ south, ♦ west). A joker is
    discarded and another card dealt. One fresh deck, logged with the setup."""
    dealt = [f for f in battlefield.forces if f.arrival is not None and f.arrival.dealt]
    if not dealt:
        return battlefield
    deck = Deck(dice=dice, name="entry deck")
    forces = []
    for force in battlefield.forces:
        if force not in dealt:
            forces.append(force)
            continue
        cards = []
        for character in characters:
            if character.company != force.key:
                continue
            card = _deal(deck, character.name)
            assert card.suit is not None
            cards.append(
                EntryCard(
                    key=character.key,
                    name=character.name,
                    card=str(card),
                    edge=EDGE_OF_SUIT[card.suit],
                )
            )
        assert force.arrival is not None
        forces.append(
            replace(force, arrival=replace(force.arrival, cards=tuple(cards)))
        )
    return replace(battlefield, forces=tuple(forces))


def _deal(deck: Deck, name: str) -> Card:
    def read(card: Card) -> str:
        if card.suit is None:
            return "joker: dealt again"
        return f"enters at the {EDGE_OF_SUIT[card.suit]} edge"

    card = deck.draw(f"entry edge: {name}", outcome=read)
    while card.is_joker:
        card = deck.draw(f"entry edge: {name}", outcome=read)
    return card
