"""RULES §3.13: the terrain of a generated battle, roll by roll."""

from __future__ import annotations

import random

import pytest

from engines.battlefield import Battlefield, Force, ObjectiveMark, edge_zone
from engines.battlefield.terrain import (
    CLOCKWISE,
    PIECES,
    Piece,
    free_sector,
    halved,
    kind_of,
    piece_feature,
    pulled,
    roll_count,
    roll_piece,
    roll_terrain,
    sector_rolled,
    sectors_of,
    taken_sectors,
    with_rolled_terrain,
    zone_boxes,
)
from engines.battlefield.zones import Zone
from engines.enums import Cover, Deployment, Edge, ObjectiveKind, Shape, Side
from tests.engines.scripted import loaded


@pytest.mark.parametrize(
    ("face", "pieces"), [(1, 4), (2, 4), (3, 5), (4, 5), (5, 6), (6, 6)]
)
def test_d3_plus_three_pieces(face, pieces):
    dice = loaded(face)
    assert roll_count(dice) == pieces
    assert dice.log[0].purpose == "Terrain: pieces (D3+3)"


@pytest.mark.parametrize(
    ("faces", "piece"),
    [
        ((1,), Piece.WOODS),
        ((2,), Piece.WOODS),
        ((3,), Piece.ROCKS),
        ((4, 1), Piece.HEDGE),
        ((4, 3), Piece.HEDGE),
        ((4, 5), Piece.HEDGE),
        ((4, 2), Piece.WALL),
        ((4, 4), Piece.WALL),
        ((4, 6), Piece.WALL),
        ((5,), Piece.BUILDING),
        ((6,), Piece.HILL),
    ],
)
def test_kind_by_d6_and_the_wall_or_hedge_die(faces, piece):
    assert kind_of(*faces) is piece
    dice = loaded(*faces, 3, 3)
    assert roll_piece(1, dice)[0] is piece
    assert dice.rng.done and dice.log[0].outcome == f"{piece.value}; centre"


@pytest.mark.parametrize(
    ("piece", "cover", "span", "shape"),
    [
        (Piece.WOODS, Cover.SOFT, (6, 6), Shape.RECTANGLE),
        (Piece.ROCKS, Cover.HARD, (3, 2), Shape.RECTANGLE),
        (Piece.HEDGE, Cover.SOFT, (6, 1), Shape.RECTANGLE),
        (Piece.WALL, Cover.HARD, (6, 1), Shape.RECTANGLE),
        (Piece.BUILDING, Cover.HARD, (5, 4), Shape.RECTANGLE),
        (Piece.HILL, Cover.NONE, (8, 8), Shape.CIRCLE),
    ],
)
def test_each_kind_has_its_cover_and_size(piece, cover, span, shape):
    kind = PIECES[piece]
    feature = piece_feature(piece, (0, 0, *span))
    assert (kind.cover, kind.span, feature.shape, feature.cover) == (
        cover,
        span,
        shape,
        cover,
    )


@pytest.mark.parametrize(
    ("effects_of", "words"),
    [
        (Piece.WOODS, "difficult ground; blocks sight through more than 2″"),
        (Piece.BUILDING, "blocks sight"),
        (Piece.HILL, "blocks sight across its crest"),
        (Piece.WALL, ""),
    ],
)
def test_what_a_kind_does_is_in_its_note(effects_of, words):
    assert piece_feature(effects_of, (0, 0, 6, 6)).note == words


@pytest.mark.parametrize(
    ("face", "half"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)]
)
def test_a_d6_halved_rounds_up(face, half):
    assert halved(face) == half


@pytest.mark.parametrize(
    ("faces", "sector"),
    [
        ((1, 1), (0, 0)),
        ((2, 6), (0, 2)),
        ((3, 1), (1, 0)),
        ((4, 4), (1, 1)),
        ((6, 2), (2, 0)),
        ((5, 5), (2, 2)),
    ],
)
def test_the_first_die_gives_the_column_the_second_the_row(faces, sector):
    assert sector_rolled(*faces) == sector
    assert roll_piece(1, loaded(1, *faces))[1] == sector


@pytest.mark.parametrize(
    ("rolled", "taken", "given"),
    [
        ((0, 0), set(), (0, 0)),
        ((0, 0), {(0, 0)}, (1, 0)),
        ((1, 0), {(1, 0), (2, 0)}, (2, 1)),
        ((0, 1), {(0, 1)}, (1, 1)),
        ((1, 1), {(1, 1)}, (0, 0)),
        ((1, 1), {(1, 1), (0, 0), (1, 0)}, (2, 0)),
        ((0, 1), {(0, 1), (1, 1), (0, 0)}, (1, 0)),
    ],
)
def test_a_taken_sector_gives_the_next_free_one_clockwise(rolled, taken, given):
    assert free_sector(rolled, taken) == given


def test_with_every_sector_taken_there_is_none_free():
    assert free_sector((0, 0), set(CLOCKWISE)) is None


def test_the_sector_roll_logs_a_taken_sector():
    dice = loaded(5, 1, 1)
    assert roll_piece(2, dice, taken={(0, 0)}) == (Piece.BUILDING, (1, 0))
    assert dice.log[0].outcome == "building or ruin; N (NW taken)"


def test_a_pieces_dice_are_one_entry_with_every_die():
    dice = loaded(4, 6, 3, 1)
    roll_piece(2, dice)
    (entry,) = dice.log
    assert (entry.purpose, entry.dice, entry.describe()) == (
        "Terrain 2",
        (4, 6, 3, 1),
        "Terrain 2: 4, 6 → wall; 3, 1 → N",
    )


def test_a_piece_is_centred_in_its_sector():
    # 4 pieces; woods in the centre; rocks north-east; hedge south; hill west.
    dice = loaded(1, 1, 3, 3, 3, 6, 1, 4, 1, 3, 6, 6, 1, 4)
    terrain = roll_terrain(width=36, depth=36, dice=dice)
    assert [
        (f.name, f.x, f.y, f.width, f.depth, f.radius) for f in terrain.features
    ] == [
        ("woods", 15, 15, 6, 6, None),
        ("rocks", 28, 5, 3, 2, None),
        ("hedge", 15, 29, 6, 1, None),
        ("hill", 6, 18, None, None, 4),
    ]
    assert len(terrain.log) == 5 and dice.rng.done


def test_each_piece_is_rolled_whole_before_the_next():
    dice = loaded(1, 4, 2, 1, 1, 5, 6, 6, 3, 3, 3, 3, 4, 4, 4, 4)
    roll_terrain(width=36, depth=36, dice=dice)
    assert [e.purpose for e in dice.log] == [
        "Terrain: pieces (D3+3)",
        "Terrain 1",
        "Terrain 2",
        "Terrain 3",
        "Terrain 4",
    ]
    assert [e.dice for e in dice.log[1:]] == [
        (4, 2, 1, 1),
        (5, 6, 6),
        (3, 3, 3),
        (3, 4, 4),
    ]


def test_two_pieces_rolled_for_one_sector_take_the_next_clockwise():
    dice = loaded(1, 1, 4, 4, 1, 4, 4, 1, 4, 4, 1, 4, 4)
    terrain = roll_terrain(width=36, depth=36, dice=dice)
    centres = [f.centre for f in terrain.features]
    assert centres == [(18, 18), (6, 6), (18, 6), (30, 6)]


def test_the_scenario_piece_sector_is_skipped():
    dice = loaded(1, 1, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    terrain = roll_terrain(width=36, depth=36, taken={(1, 1)}, dice=dice)
    assert [f.centre for f in terrain.features] == [
        (6, 6),
        (18, 6),
        (30, 6),
        (30, 18),
    ]


def test_setting_words_name_the_pieces():
    dice = loaded(1, 1, 1, 1, 3, 3, 3, 5, 5, 5, 6, 6, 6)
    words = {Piece.WOODS: "scrub", Piece.ROCKS: "boulders"}
    names = [
        f.name
        for f in roll_terrain(width=36, depth=36, words=words, dice=dice).features
    ]
    assert names == ["scrub", "boulders", "building or ruin", "hill"]


@pytest.mark.parametrize(
    ("box", "zones", "expected"),
    [
        # Woods in the north-west corner sector, north band: pulled diagonally
        # until its north side is at 6", its corner rounded on toward the centre.
        ((3, 3, 9, 9), [(0, 0, 36, 6)], (6, 6, 12, 12)),
        # Woods in the north sector: pulled straight south.
        ((15, 3, 21, 9), [(0, 0, 36, 6)], (15, 6, 21, 12)),
        # Clear of every zone: it stays.
        ((15, 15, 21, 21), [(0, 0, 36, 6), (0, 30, 36, 36)], (15, 15, 21, 21)),
        # The west band: pulled east.
        ((3, 15, 9, 21), [(0, 0, 6, 36)], (6, 15, 12, 21)),
    ],
)
def test_a_piece_in_a_zone_is_pulled_toward_the_centre(box, zones, expected):
    assert pulled(box, zones, 36, 36) == (expected, True)


def test_a_piece_no_pull_can_clear_goes_as_far_as_the_centre():
    assert pulled((15, 15, 21, 21), [(12, 12, 24, 24)], 36, 36) == (
        (15, 15, 21, 21),
        False,
    )


def _field(*zones: Zone, features=(), objectives=()) -> Battlefield:
    return Battlefield(
        width=36,
        depth=36,
        forces=tuple(
            Force(
                key=str(n),
                name=f"company {n}",
                side=Side.PLAYER if n == 0 else Side.AI,
                entry_edge=zone.edge or Edge.CENTRE,
                zone=zone,
            )
            for n, zone in enumerate(zones)
        ),
        features=features,
        objectives=objectives,
        generated=True,
    )


def test_deployment_zones_as_boxes():
    field = _field(edge_zone(Edge.NORTH), Zone(kind=Deployment.CENTRE, radius=6))
    assert zone_boxes(field) == ((0, 0, 36, 6), (12, 12, 24, 24))


def test_an_anywhere_zone_keeps_nothing_clear():
    assert zone_boxes(_field(Zone(kind=Deployment.ANYWHERE, distance=6))) == ()


def test_the_river_holds_its_three_sectors():
    river = piece_feature(Piece.WALL, (0, 16, 36, 20))
    assert taken_sectors(_field(features=(river,))) == {(0, 1), (1, 1), (2, 1)}


def test_the_special_piece_holds_the_sector_it_was_placed_in():
    tower = ObjectiveMark(name="tower", kind=ObjectiveKind.FIXED, placement=(3, 9))
    assert taken_sectors(_field(objectives=(tower,))) == {(2, 1)}


def test_a_stronghold_holds_only_its_sector():
    assert sectors_of((15, 3, 21, 9), 36, 36) == {(1, 0)}


def test_a_pulled_piece_never_overlaps_a_zone_many_seeds():
    field = _field(edge_zone(Edge.NORTH), edge_zone(Edge.SOUTH))
    for seed in range(300):
        from engines.dice import Dice

        rolled = with_rolled_terrain(field, dice=Dice(random.Random(seed)))
        for feature in rolled.features:
            if feature.shape is Shape.CIRCLE:
                north, south = feature.y - 4, feature.y + 4
            else:
                north, south = feature.y, feature.y + (feature.depth or 0)
            assert north >= 6 and south <= 30, (seed, feature)
        assert rolled.terrain_rolled and not rolled.terrain_notes
        assert 4 <= len(rolled.features) <= 6


def test_a_zone_that_leaves_no_room_gets_a_line_never_an_exception():
    from engines.dice import Dice

    whole_table = Zone(kind=Deployment.RECTANGLE, x=0, y=0, width=36, depth=36)
    rolled = with_rolled_terrain(_field(whole_table), dice=Dice(random.Random(3)))
    assert len(rolled.terrain_notes) == len(rolled.features)
    assert "could not be kept clear of the deployment zones" in rolled.terrain_notes[0]


def test_a_seed_always_gives_the_same_table():
    from engines.dice import Dice

    field = _field(edge_zone(Edge.WEST), edge_zone(Edge.EAST))
    first = with_rolled_terrain(field, dice=Dice(random.Random(7)))
    second = with_rolled_terrain(field, dice=Dice(random.Random(7)))
    assert first.features == second.features


@pytest.mark.parametrize("side", [12, 13, 20, 24, 30, 48, 120])
def test_every_piece_stays_on_any_table(side):
    from engines.dice import Dice

    field = Battlefield(width=side, depth=side, forces=())
    for seed in range(40):
        for f in with_rolled_terrain(field, dice=Dice(random.Random(seed))).features:
            if f.shape is Shape.CIRCLE:
                assert 0 <= f.x - 4 and f.x + 4 <= max(side, 8)
            else:
                assert 0 <= f.x and f.x + (f.width or 0) <= max(side, 6)


# --- through the generator ----------------------------------------------------


def _setup(table, seed=11):
    from engines.scenario import SetupInputs, generate_setup
    from tests.engines.test_battlefield import AI, PLAYER, _characters

    return generate_setup(
        SetupInputs(
            player_stance="attack",
            player_characters=_characters("p", 3, "1"),
            ai_characters=_characters("a", 3, "2"),
            table=table,
            forces=(PLAYER, AI),
        ),
        rng=random.Random(seed),
    )


def test_the_terrain_is_rolled_last_so_earlier_rolls_do_not_change():
    from engines.battlefield import TableSpec

    wall = piece_feature(Piece.WALL, (10, 10, 16, 11), "old wall")
    bare = _setup(TableSpec(width=48, depth=36))
    walled = _setup(TableSpec(width=48, depth=36, features=(wall,)))
    terrain = [e for e in bare.log if e.purpose.startswith("Terrain")]
    assert bare.log[: len(walled.log)] == walled.log
    assert bare.log[len(walled.log) :] == tuple(terrain)
    assert terrain and bare.battlefield.terrain_rolled


def test_a_scene_with_terrain_of_its_own_rolls_none():
    from engines.battlefield import TableSpec

    wall = piece_feature(Piece.WALL, (10, 10, 16, 11), "old wall")
    walled = _setup(TableSpec(width=48, depth=36, features=(wall,)))
    assert not walled.battlefield.terrain_rolled
    assert [f.name for f in walled.battlefield.features] == ["old wall"]


def test_the_table_spec_gives_the_setting_words():
    from engines.battlefield import TableSpec

    words = tuple((piece.value, f"{piece.value}!") for piece in Piece)
    result = _setup(TableSpec(width=48, depth=36, terrain_words=words))
    count = next(e for e in result.log if e.purpose == "Terrain: pieces (D3+3)")
    named = [f for f in result.battlefield.features if f.name.endswith("!")]
    assert len(named) == halved(count.dice[0]) + 3


def test_the_log_names_the_kind_in_the_settings_words():
    dice = loaded(4, 2, 5, 5)
    words = {Piece.WALL: "blast wall", Piece.HEDGE: "wire fence"}
    assert roll_piece(3, dice, words=words)[0] is Piece.WALL
    assert dice.log[0].describe() == "Terrain 3: 4, 2 → blast wall; 5, 5 → SE"


def test_a_table_with_no_room_outside_the_zones_says_so_on_the_sheet():
    """A 12″ table whose two 6″ bands cover it: every piece is pulled as far as
    it goes, and the setup text says so, never an exception."""
    from engines.battlefield import TableSpec

    result = _setup(TableSpec(width=12, depth=12))
    notes = result.battlefield.terrain_notes
    assert notes and all("could not be kept clear" in n for n in notes)
    assert set(notes) <= set(result.setup_text)
