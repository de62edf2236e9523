"""A scene's battlefield rows as the engine's inputs (RULES §1).

:func:`scene_table` and :func:`scene_forces` read the scene's table, terrain,
objectives and companies into :mod:`engines.battlefield`'s plain values; the
engine turns them into the battle's :class:`~engines.battlefield.Battlefield`
at setup (the scene's own for a fixed scenario, §3.9's for a generated one).
"""

from __future__ import annotations

from collections.abc import Iterable

from campaigns.bidi import isolated
from campaigns.models import Objective, Scene, SceneCompany, SceneFeature, Setting
from engines.battlefield import (
    DEFAULT_BAND,
    Feature,
    ForceSpec,
    ObjectiveMark,
    TableSpec,
    Zone,
)
from engines.battlefield.terrain import Piece
from engines.enums import (
    Cover,
    Deployment,
    Edge,
    ObjectiveKind,
    Shape,
    Side,
    TerrainKind,
)
from engines.orders import Order


def scene_table(
    *,
    scene: Scene,
    features: Iterable[SceneFeature],
    objectives: Iterable[Objective],
    terrain_words: tuple[tuple[str, str], ...] = (),
) -> TableSpec:
    """The scene's table: size, terrain, objectives, sight, length, scoring,
    and the setting's words for terrain a generated battle rolls (§3.13)."""
    return TableSpec(
        width=scene.table_width,
        depth=scene.table_depth,
        features=tuple(_feature(f) for f in features),
        objectives=tuple(_objective(o) for o in objectives),
        sight_limit=scene.sight_limit,
        length=scene.battle_length,
        scores_victory_points=scene.scores_victory_points,
        terrain_words=terrain_words,
    )


def setting_terrain_words(setting: Setting | None) -> tuple[tuple[str, str], ...]:
    """Each kind of rolled terrain piece in the setting's words (§3.13): the
    rules' word where the setting gives none, or there is no setting."""
    return tuple(
        (piece.value, setting.terrain_word(piece.value) if setting else piece.value)
        for piece in Piece
    )


def scene_forces(
    scene_companies: Iterable[SceneCompany], *, orders: bool = True
) -> tuple[ForceSpec, ...]:
    """Each company of the scene: side, entry edge, deployment, arrival, its
    arrival stretch and single characters' arrival rounds, and, for the AI,
    its orders and notes (prefetch ``orders_prefetch()``)."""
    return tuple(
        ForceSpec(
            key=str(sc.company_id),
            name=sc.company.name,
            side=Side(sc.side),
            entry_edge=Edge(sc.entry_edge),
            zone=deployment_zone(sc),
            arrives_in_round=sc.arrives_in_round,
            dealt=sc.entry_edge_dealt,
            instructions=sc.notes if sc.side == Side.AI else "",
            orders=scene_orders(sc) if orders else (),
            stretch=None
            if sc.arrival_start is None or sc.arrival_length is None
            else (sc.arrival_start, sc.arrival_length),
            late=tuple((a.character.name, a.round) for a in sc.arrivals.all())
            if orders
            else (),
        )
        for sc in scene_companies
    )


def scene_orders(sc: SceneCompany) -> tuple[Order, ...]:
    """An AI scene company's orders for the engine; those that cannot apply
    (the readiness panel names them) are left out."""
    if sc.side != Side.AI:
        return ()
    return tuple(
        order.to_engine(tuple(c.name for c in order.characters.all()))
        for order in sc.orders.all()
        if not order.problem()
    )


def deployment_zone(sc: SceneCompany) -> Zone:
    """Where the scene company deploys, as the engine's zone."""
    match Deployment(sc.deployment):
        case Deployment.CENTRE:
            return Zone(kind=Deployment.CENTRE, radius=sc.deployment_radius or 6)
        case Deployment.RECTANGLE:
            return Zone(
                kind=Deployment.RECTANGLE,
                x=sc.zone_x,
                y=sc.zone_y,
                width=sc.zone_width,
                depth=sc.zone_depth or DEFAULT_BAND,
            )
        case Deployment.ANYWHERE:
            return Zone(kind=Deployment.ANYWHERE, distance=sc.deployment_distance or 0)
    edge = Edge(sc.entry_edge)
    return Zone(
        kind=Deployment.EDGE,
        edge=None if edge is Edge.CENTRE else edge,
        depth=sc.deployment_depth,
    )


def _feature(f: SceneFeature) -> Feature:
    return Feature(
        name=f.name,
        shape=Shape(f.shape),
        x=f.x,
        y=f.y,
        width=f.width,
        depth=f.depth,
        radius=f.radius,
        cover=Cover(f.cover),
        objective=f.objective,
        victory_points=f.victory_points,
        terrain=TerrainKind(f.terrain),
        lit_within=f.lit_within,
    )


def _objective(o: Objective) -> ObjectiveMark:
    return ObjectiveMark(
        name=o.name,
        kind=ObjectiveKind(o.kind),
        x=o.x,
        y=o.y,
        carrier=isolated(o.carried_by.name) if o.carried_by is not None else None,
        victory_points=o.victory_points,
    )
