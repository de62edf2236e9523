"""What each part of a playtest battle costs (RULES §7, SITE.md ``playtest_s``).

A playtest must fight 1,000 battles of the largest demo scene in 5 s on two
cores: about 10 ms of one core per battle, so a few hundred microseconds per
activation. This times the abstract table's calls one by one on a busy 36"
table (a house, a wall, woods, a hill, a river with its ford; five characters
a side) and prints microseconds per call as JSON, so a change that makes one
slower shows here before it shows in the whole playtest. ``activation_us``
is one whole activation by the priority list (measure, decide, move), combat
aside, on a fresh board (``board_us``: compiling the terrain and its graph,
once per table). ``route_again_us`` is a way asked again (kept by the graph).

Run it as ``python -m bench.playtest_parts``.
"""

from __future__ import annotations

import itertools
import json
import random
import timeit
from collections.abc import Callable
from typing import Any

from campaigns.printing.playtest_svg import outcome_bar, rounds_histogram
from engines.battlefield import Feature
from engines.cards import Deck
from engines.dice import Dice
from engines.doctrines import deck_activate, priority_decide
from engines.enums import Cover, Outcome, Shape, Side, TerrainKind
from engines.playtest.apply import apply
from engines.playtest.report import Battle, report
from engines.playtest.situation import situation_for
from engines.playtest.table import Board, Piece, Table
from engines.playtest.terrain import ground


def _feature(name: str, kind: TerrainKind, cover: Cover, **shape: float) -> Feature:
    circle = "radius" in shape
    return Feature(
        name=name,
        shape=Shape.CIRCLE if circle else Shape.RECTANGLE,
        cover=cover,
        terrain=kind,
        **shape,
    )


FEATURES = (
    _feature("House", TerrainKind.BUILDING, Cover.HARD, x=10, y=8, width=6, depth=4),
    _feature("Wall", TerrainKind.WALL, Cover.HARD, x=20, y=14, width=6, depth=1),
    _feature("Wood", TerrainKind.WOODS, Cover.SOFT, x=27, y=7, radius=3),
    _feature("Hill", TerrainKind.HILL, Cover.NONE, x=8, y=24, radius=4),
    _feature("River", TerrainKind.WATER, Cover.NONE, x=0, y=18, width=36, depth=3),
    _feature("Ford", TerrainKind.ROAD, Cover.NONE, x=30, y=17, width=3, depth=5),
)


def busy_table() -> Table:
    board = Board(ground(FEATURES, width=36, depth=36))
    pieces = [
        Piece(key=f"ai{i}", side=Side.AI, company="ai", at=(4 + 6 * i, 3), card_order=i)
        for i in range(5)
    ] + [
        Piece(
            key=f"pc{i}",
            side=Side.PLAYER,
            company="players",
            at=(4 + 6 * i, 32),
            card_order=i,
            shooting_range=12,
        )
        for i in range(5)
    ]
    return Table(board=board, pieces=tuple(pieces))


def _micro(call: Callable[[], Any], number: int) -> float:
    return round(min(timeit.repeat(call, number=number, repeat=3)) / number * 1e6, 1)


def activations(table: Table, rounds: int, rng: random.Random) -> Table:
    """Every character activates ``rounds`` times by the priority list: the
    table measured, the doctrine asked, the move applied (no combat)."""
    for _ in range(rounds):
        for piece in table.pieces:
            reading = situation_for(table, piece.key, with_cover=False)
            decision = priority_decide(reading.situation, rng=rng)
            moved = apply(table, piece.key, decision, reading=reading)
            table = table.moved(piece.key, moved.end)
    return table


def measure() -> dict[str, float]:
    """Microseconds per call of each part."""
    table = busy_table()
    nav = table.board.navigator()
    me, far = table.piece("ai0"), table.piece("pc0")
    plain = situation_for(table, "ai0", with_cover=False).situation
    reading = situation_for(table, "ai0")
    decision = priority_decide(plain, rng=random.Random(1))
    battles = [
        Battle(outcome=Outcome(o), rounds=1 + i % 6, way="routed")
        for i, o in enumerate(["victory", "draw", "defeat"] * 334)
    ][:1000]
    done = report(battles, seed=1)
    rng = random.Random(2)
    fresh = itertools.count()  # a goal not asked before: no way kept
    board = _micro(lambda: busy_table().board.navigator(), 20)
    deck = Deck(dice=Dice(rng))
    return {
        "route_clear_us": _micro(
            lambda: nav.route((2, 2), (34, 2 + next(fresh) % 1000 / 1e4)), 2000
        ),
        "route_round_us": _micro(
            lambda: nav.route(me.at, (far.at[0], far.at[1] - next(fresh) % 1000 / 1e4)),
            500,
        ),
        "route_again_us": _micro(lambda: nav.route(me.at, far.at), 2000),
        "sees_us": _micro(lambda: table.sees(me, far), 5000),
        "cover_us": _micro(lambda: table.cover(me), 5000),
        "situation_us": _micro(
            lambda: situation_for(table, "ai0", with_cover=False), 500
        ),
        "situation_with_cover_us": _micro(lambda: situation_for(table, "ai0"), 100),
        "priority_decide_us": _micro(lambda: priority_decide(plain, rng=rng), 500),
        "deck_activate_us": _micro(
            lambda: deck_activate(reading.situation, deck=deck), 500
        ),
        "apply_us": _micro(
            lambda: apply(
                table.moved("ai0", (4, 3 + next(fresh) % 1000 / 1e4)), "ai0", decision
            ),
            500,
        ),
        "board_us": board,
        "activation_us": round(
            (_micro(lambda: activations(busy_table(), 3, rng), 5) - board)
            / (3 * len(table.pieces)),
            1,
        ),
        "report_1000_us": _micro(lambda: report(battles, seed=1), 20),
        "svg_us": _micro(
            lambda: (outcome_bar(done), rounds_histogram(done.rounds)), 200
        ),
    }


if __name__ == "__main__":
    print(json.dumps(measure(), indent=2))
