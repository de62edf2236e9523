"""The doctrines' input read off the abstract table (RULES §5, §7).

The table page asks the players what an activating AI character knows —
distances, sight, contacts, cover it can reach, objectives — and builds a
:class:`~engines.doctrines.Situation` from the answers. A playtest measures
the same facts on the abstract table and builds the very same object, so it
asks the same decide functions (``priority_decide``, ``deck_activate``,
``horde_decide``…) the card and the table page follow. Nothing here decides:
it only measures.

Distances to enemies are straight, base edge to base edge, as a tape measures
them at the table; "within move" along a path the limits allow is the
decision's to apply (:mod:`engines.playtest.moves` stops a charge that cannot
reach). What the battle loop knows and the table cannot show (wounds, who
hurt whom, routing, the follow-up, the horde's mode) comes in a
:class:`Standing` per character.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from engines.doctrines import Edges, Enemy, Friend, Objective, Situation
from engines.doctrines.horde import HordeMember, HordeRound, PlayerModel, Point
from engines.enums import Cover, HordeMode
from engines.playtest.built import Later, built
from engines.playtest.geometry import Point as XY
from engines.playtest.moves import NO_LIMITS, Limits, reach
from engines.playtest.standing import NOBODY as NOBODY
from engines.playtest.standing import Standing as Standing
from engines.playtest.table import CONTACT, Latest, Marker, Piece, Table
from engines.playtest.terrain import (
    RADIUS,
    base_gap,
    edge_gap,
    touches,
    touching_spot,
)


@dataclass(frozen=True, slots=True)
class CoverSpot:
    """Where a character can end a move in cover, and the cover it gives."""

    cover: Cover
    at: XY


class Reading:
    """A situation and the places behind its cover answers (so a decision to
    end a move in cover is applied at the very spot that was measured); a
    read-only record, as :class:`~engines.playtest.apply.Moved`."""

    __slots__ = ("situation", "toward", "away")

    def __init__(
        self,
        situation: Situation,
        toward: CoverSpot | None = None,
        away: CoverSpot | None = None,
    ) -> None:
        self.situation: Final = situation
        self.toward: Final = toward
        self.away: Final = away


class _Around:
    """What a measured situation's later parts are measured from (one is made
    at each reading: a read-only record, as :class:`~engines.playtest.apply.Moved`)."""

    __slots__ = ("table", "me", "standings", "marks")

    def __init__(
        self,
        table: Table,
        me: Piece,
        standings: Mapping[str, Standing],
        marks: Sequence[Marker],
    ) -> None:
        self.table: Final = table
        self.me: Final = me
        self.standings: Final = standings
        self.marks: Final = marks


def _marker_sight(objective: MeasuredObjective) -> bool:
    """:meth:`Table.sees_point`, from what the objective reading kept."""
    table: Table = objective.__dict__["_from"][0]
    at, there = objective.__dict__["_from"][1:]
    return table.sees_point(at, there)


@mypyc_attr(native_class=False)
class MeasuredObjective(Objective):
    """An objective read off the abstract table, whether it is in sight
    measured when a decide function first asks."""

    in_sight = Later(_marker_sight)


def _objectives(situation: MeasuredSituation) -> tuple[Objective, ...]:
    around = situation.around
    table, me = around.table, around.me
    return tuple(
        built(
            MeasuredObjective,
            {
                "id": m.name,
                "distance": table.marker_gap(me, m),
                "kind": m.kind,
                "_from": (table, me.at, m.at),
            },
        )
        for m in around.marks
    )


def _friends(situation: MeasuredSituation) -> tuple[Friend, ...]:
    around = situation.around
    table, me, standings = around.table, around.me, around.standings
    return tuple(
        built(
            Friend,
            {
                "id": p.key,
                "distance": table.gap(me, p),
                "wounded": standings.get(p.key, NOBODY).wounded,
            },
        )
        for p in table.pieces
        if p.company == me.company and p.key != me.key
    )


def _edges(situation: MeasuredSituation) -> Edges:
    around = situation.around
    width, depth = around.table.ground.width, around.table.ground.depth
    x, y = around.me.at
    return Edges(
        north=y - RADIUS,
        east=width - x - RADIUS,
        south=depth - y - RADIUS,
        west=x - RADIUS,
    )


def _away(situation: MeasuredSituation) -> float | None:
    around = situation.around
    return _edge_away(around.table, around.me, situation.enemies)


@mypyc_attr(native_class=False)
class MeasuredSituation(Situation):
    """A situation read off the abstract table, its objectives, friends and
    edges measured when a decide function first reads them
    (:class:`~engines.playtest.built.Later`): the same values, measured only
    for the decisions that look."""

    objectives = Later(_objectives)
    friends = Later(_friends)
    edges = Later(_edges)
    edge_away = Later(_away)

    @property
    def around(self) -> _Around:
        found: _Around = self.__dict__["_around"]
        return found


def situation_for(
    table: Table,
    key: str,
    *,
    objectives: Sequence[Marker] | None = None,
    standings: Mapping[str, Standing] | None = None,
    limits: Limits | None = None,
    round_number: int | None = None,
    with_cover: bool = True,
) -> Reading:
    """The situation of the character ``key`` as the doctrines read it.

    ``objectives`` are what it counts as objectives (default: every marker
    lying on the table; the players' robot passes its ways to win);
    ``with_cover`` measures the cover it can reach (only the deck reads it).
    """
    standings = standings or {}
    me = table.piece(key)
    mine = standings.get(key, NOBODY)
    enemies = _enemies(table, me, mine)
    marks = table.markers if objectives is None else objectives
    toward = away = None
    furthest = False
    if with_cover and enemies:
        toward, away, furthest = _cover(table, me, limits or NO_LIMITS)
    situation = built(
        MeasuredSituation,
        {
            "id": me.key,
            "card_order": me.card_order,
            "move": me.move,
            "shooting_range": me.shooting_range,
            "enemies": enemies,
            "cover_toward": Cover.NONE if toward is None else toward.cover,
            "cover_away": Cover.NONE if away is None else away.cover,
            "in_furthest_cover": furthest,
            "carrying": me.carrying,
            "wounded": mine.wounded,
            "hurt_this_round": mine.hurt_this_round,
            "attacked_before_activating": mine.attacked_before_activating,
            "routing": mine.routing,
            "follow_up": mine.follow_up,
            "mode": mine.mode,
            "round": round_number,
            "_around": _Around(table, me, standings, marks),
        },
    )
    return Reading(situation=situation, toward=toward, away=away)


def enemies_for(
    table: Table, me: Piece, standings: Mapping[str, Standing]
) -> tuple[Enemy, ...]:
    """The enemies of ``me`` as :func:`situation_for` reads them (the same
    tuple while none of them changes), the rest of its situation unread."""
    return _enemies(table, me, standings.get(me.key, NOBODY))


MEASURED_LATER = frozenset({"objectives", "friends", "edges", "edge_away"})
"""The situation's fields :func:`situation_for` leaves to be measured when read."""


def _enemies(table: Table, me: Piece, mine: Standing) -> tuple[Enemy, ...]:
    """Its enemies as it reads them, in card order.

    The reader's latest reading of its enemies is kept on the board with all
    it depends on: the reader's piece and the enemies' (a piece is never
    changed, only replaced, so the same piece is the same place, company and
    burden), who was engaged, whom it had been hurt by. Read again by the same
    piece with the same hurts, an enemy whose piece and engagement are the
    same is not measured again (:func:`_enemies_since`).
    """
    engaged = table.engaged_keys()
    foes = table.enemies_of(me)
    hurt_by = mine.hurt_by
    latest = table.board.latest
    last = latest.get(me.key)
    if last is not None and last[0] is me and last[3] == hurt_by:
        if last[1] is foes and last[2] == engaged:
            return last[4]  # nobody moved, came, went or engaged since
        found = _enemies_since(table, me, last, foes, engaged)
    else:  # it moved (or was hurt): every distance is new
        found = tuple(
            MeasuredEnemy(table, me, e, e.key in hurt_by, engaged=e.key in engaged)
            for e in foes
        )
    latest[me.key] = (me, foes, engaged, hurt_by, found)
    return found


def _enemies_since(
    table: Table,
    me: Piece,
    last: Latest,
    foes: tuple[Piece, ...],
    engaged: frozenset[str],
) -> tuple[Enemy, ...]:
    """The reader's enemies from its latest reading (by the same piece, with
    the same hurts), measuring again only the enemies whose piece or
    engagement changed."""
    was, before, hurt_by, readings = last[1], last[2], last[3], last[4]
    if len(was) == len(foes):  # most often: one enemy moved (a plain loop,
        # which the compiled engine runs without a call)
        same_engaged = before == engaged
        found: list[Enemy] | None = None
        for i in range(len(foes)):
            enemy, then = foes[i], was[i]
            key = enemy.key
            if enemy is then and (same_engaged or (key in engaged) is (key in before)):
                continue  # the same piece, engaged as it was
            if key != then.key:
                break  # someone came or went: looked up by key below
            if found is None:
                found = list(readings)
            busy = key in engaged
            found[i] = MeasuredEnemy(table, me, enemy, key in hurt_by, engaged=busy)
        else:
            return readings if found is None else tuple(found)
    kept = {p.key: (p, e) for p, e in zip(was, readings, strict=True)}
    listed: list[Enemy] = []
    for enemy in foes:  # someone came or went: each enemy looked up by key
        old = kept.get(enemy.key)
        busy = enemy.key in engaged
        if old is None or old[0] is not enemy or old[1].engaged is not busy:
            hurt = enemy.key in hurt_by
            listed.append(MeasuredEnemy(table, me, enemy, hurt, engaged=busy))
        else:
            listed.append(old[1])
    return tuple(listed)


class MeasuredEnemy(Enemy):
    """An enemy read off the abstract table: :meth:`Table.gap` and
    :meth:`Table.in_contact` measured at once, :meth:`Table.sees` when a
    decide function first asks (as :class:`~engines.playtest.built.Later`)."""

    __slots__ = ("_board", "_at", "_there", "_seen")

    def __init__(
        self,
        table: Table,
        me: Piece,
        enemy: Piece,
        hurt_me: bool,
        *,
        engaged: bool,
    ) -> None:
        gap = base_gap(me.at, enemy.at)
        super().__init__(
            id=enemy.key,
            distance=gap,
            in_contact=gap <= CONTACT,
            engaged=engaged,
            hurt_me=hurt_me,
            company=enemy.company,
            carrying=enemy.carrying,
        )  # ``lit`` as the class has it: a playtest marks no enemy lit
        self._board: Final = table.board
        self._at: Final = me.at
        self._there: Final = enemy.at
        self._seen = UNMEASURED

    @property
    def in_sight(self) -> bool:
        """:meth:`Table.sees`, measured the first time it is asked."""
        seen = self._seen
        if seen == UNMEASURED:
            seen = SEEN if self._sees() else UNSEEN
            self._seen = seen
        return seen == SEEN

    def _sees(self) -> bool:
        return self._board.sees(self._at, self._there, self.distance)


UNMEASURED, UNSEEN, SEEN = -1, 0, 1
"""Whether a :class:`MeasuredEnemy` is in sight: not yet measured, no, yes."""


def _edge_away(table: Table, me: Piece, enemies: Sequence[Enemy]) -> float | None:
    """Inches to the table edge straight away from the nearest enemy."""
    if not enemies:
        return None
    nearest = table.piece(min(enemies, key=lambda e: e.distance).id)
    dx, dy = me.at[0] - nearest.at[0], me.at[1] - nearest.at[1]
    size = math.hypot(dx, dy)
    if size == 0:
        return edge_gap(me.at, table.ground.width, table.ground.depth)
    return ray_to_edge(me.at, (dx / size, dy / size), table) - RADIUS


def ray_to_edge(at: XY, unit: XY, table: Table) -> float:
    """Inches from ``at`` along a unit direction to the table's edge."""
    width, depth = table.ground.width, table.ground.depth
    reach_ = math.inf
    ux, uy = unit
    if ux > 1e-9:
        reach_ = min(reach_, (width - at[0]) / ux)
    elif ux < -1e-9:
        reach_ = min(reach_, at[0] / -ux)
    if uy > 1e-9:
        reach_ = min(reach_, (depth - at[1]) / uy)
    elif uy < -1e-9:
        reach_ = min(reach_, at[1] / -uy)
    return max(0.0, reach_)


def _cover(
    table: Table, me: Piece, limits: Limits
) -> tuple[CoverSpot | None, CoverSpot | None, bool]:
    """The best cover it can end a move in toward the nearest enemy and away
    from it, and whether it already stands in the cover furthest from the
    enemy on the table (§5.2)."""
    enemies = table.enemies_of(me)
    nearest = min(enemies, key=lambda e: table.gap(me, e))
    now = table.gap(me, nearest)
    toward: CoverSpot | None = None
    away: CoverSpot | None = None
    cover_areas = [a for a in table.ground.areas if a.cover is not Cover.NONE]
    for area in cover_areas:
        spot = touching_spot(area, me.at)
        if math.dist(me.at, spot) > me.move or table.crowded(spot, but=me.key):
            continue  # no way round is shorter than the straight line
        if not reach(table, me, spot, limits=limits).reached:
            continue
        gap = max(0.0, math.dist(spot, nearest.at) - 2 * RADIUS)
        found = CoverSpot(cover=area.cover, at=spot)
        if gap <= now and _better(found, toward, me.at):
            toward = found
        if gap >= now and _better(found, away, me.at):
            away = found
    here = table.cover(me)
    furthest = False
    if here is not Cover.NONE and cover_areas:
        far = max(cover_areas, key=lambda a: a.outline.distance(nearest.at))
        furthest = touches(far, me.at)
    return toward, away, furthest


def _better(found: CoverSpot, best: CoverSpot | None, at: XY) -> bool:
    if best is None:
        return True
    if found.cover.rank != best.cover.rank:
        return found.cover.rank > best.cover.rank
    return math.dist(at, found.at) < math.dist(at, best.at)


def horde_round_for(
    table: Table,
    company: str,
    *,
    mode: HordeMode,
    fallen_so_far: int,
    standings: Mapping[str, Standing] | None = None,
) -> HordeRound:
    """The horde company at the end of the round (§5.3), read off the table."""
    standings = standings or {}
    members = []
    players = []
    for piece in table.pieces:
        if piece.company == company:
            foes = table.enemies_of(piece)
            members.append(
                HordeMember(
                    id=piece.key,
                    wounded=standings.get(piece.key, NOBODY).wounded,
                    nearest_enemy=min(
                        (table.gap(piece, e) for e in foes), default=None
                    ),
                )
            )
    first = next((p for p in table.pieces if p.company == company), None)
    if first is not None:
        players = [
            PlayerModel(id=p.key, position=Point(x=p.at[0], y=p.at[1]))
            for p in table.enemies_of(first)
        ]
    return HordeRound(
        mode=mode,
        members=tuple(members),
        fallen_so_far=fallen_so_far,
        players=tuple(players),
        table_width=table.ground.width,
        table_depth=table.ground.depth,
    )
