"""The battlefield as data (RULES §1) and a generated scenario's table (§3.9, §3.12)."""

from __future__ import annotations

import random

import pytest

from engines.battlefield import (
    Arriving,
    Battlefield,
    Feature,
    ForceSpec,
    ObjectiveMark,
    TableSpec,
    Zone,
    deal_entry_edges,
    edge_zone,
    generated_battlefield,
    scene_battlefield,
)
from engines.battlefield.numbers import (
    AMBUSH_RADIUS,
    EDGE_OF_SUIT,
    LARGE_TOWN_SIDE,
    RIVER_WIDTH,
    STRONGHOLD_SIDE,
    TOWN_SIDE,
)
from engines.cards import Card
from engines.dice import Dice
from engines.enums import (
    Cover,
    Deployment,
    Edge,
    ObjectiveKind,
    Scenario,
    Shape,
    Side,
    Stance,
)
from engines.roles import Role
from engines.scenario import SetupInputs, generate_setup
from engines.scouting import SetupCharacter

TABLE = TableSpec(width=48, depth=36)
PLAYER = ForceSpec(
    key="1",
    name="Fellowship",
    side=Side.PLAYER,
    entry_edge=Edge.SOUTH,
    zone=edge_zone(Edge.SOUTH),
)
AI = ForceSpec(
    key="2",
    name="Orcs",
    side=Side.AI,
    entry_edge=Edge.NORTH,
    zone=edge_zone(Edge.NORTH),
)


@pytest.mark.parametrize(
    ("edge", "box"),
    [
        (Edge.NORTH, (0, 0, 48, 6)),
        (Edge.SOUTH, (0, 30, 48, 6)),
        (Edge.WEST, (0, 0, 6, 36)),
        (Edge.EAST, (42, 0, 6, 36)),
    ],
)
def test_an_edge_band_is_six_inches_deep_along_its_edge(edge, box):
    assert edge_zone(edge).box(48, 36) == box


def test_the_centre_edge_is_a_circle_at_the_centre():
    zone = edge_zone(Edge.CENTRE)
    assert (zone.kind, zone.radius, zone.box(48, 36)) == (Deployment.CENTRE, 6, None)


def test_a_rectangle_zone_is_its_own_box():
    zone = Zone(kind=Deployment.RECTANGLE, x=12, y=4, width=6, depth=28)
    assert zone.box(36, 36) == (12, 4, 6, 28)


@pytest.mark.parametrize(
    ("zone", "words"),
    [
        (edge_zone(Edge.NORTH, 8), "within 8″ of the north edge"),
        (edge_zone(Edge.CENTRE, 6), "within 6″ of the centre of the table"),
        (
            Zone(kind=Deployment.RECTANGLE, x=12, y=9, width=6, depth=18),
            "in the area 12″–18″ from the west edge and 9″–27″ from the north edge",
        ),
        (Zone(kind=Deployment.ANYWHERE, distance=0), "anywhere on the table"),
        (
            Zone(kind=Deployment.ANYWHERE, distance=6),
            "anywhere on the table at least 6″ from every enemy",
        ),
    ],
)
def test_a_zone_says_where_in_words(zone, words):
    assert zone.describe() == words


# --- a fixed scenario: the scene's data ---------------------------------------------


def test_a_fixed_scenario_lasts_the_scenes_rounds():
    field = scene_battlefield(table=TableSpec(length=8), forces=[PLAYER, AI])
    assert (field.length, field.scoring[0]) == (8, "The battle lasts 8 rounds.")


def test_a_company_arriving_later_comes_on_at_its_edge_in_that_round():
    late = ForceSpec(
        key="3",
        name="Rangers",
        side=Side.PLAYER,
        entry_edge=Edge.EAST,
        zone=edge_zone(Edge.EAST),
        arrives_in_round=3,
    )
    force = scene_battlefield(table=TABLE, forces=[late]).forces[0]
    assert force.describe() == ("Comes on at the start of round 3 at the east edge.")


def test_a_dealt_company_has_no_fixed_edge():
    dealt = ForceSpec(
        key="2",
        name="Wraiths",
        side=Side.AI,
        entry_edge=Edge.NORTH,
        zone=edge_zone(Edge.NORTH),
        arrives_in_round=1,
        dealt=True,
    )
    arrival = scene_battlefield(table=TABLE, forces=[dealt]).forces[0].arrival
    assert (arrival.round, arrival.edge, arrival.dealt) == (1, None, True)


def test_a_scene_that_scores_lists_each_objective_and_its_points():
    table = TableSpec(
        scores_victory_points=True,
        objectives=(
            ObjectiveMark(name="Ring", kind=ObjectiveKind.CARRIABLE, victory_points=3),
        ),
        features=(
            Feature(
                name="tower",
                shape=Shape.CIRCLE,
                x=18,
                y=18,
                radius=3,
                objective=True,
                victory_points=2,
            ),
        ),
    )
    assert scene_battlefield(table=table, forces=[]).scoring[1:] == (
        "3 VP: the Ring (carried off the table, or still carried, at the end).",
        "2 VP: the tower (held at the end).",
    )


def test_a_scene_that_does_not_score_prints_only_its_length():
    table = TableSpec(
        objectives=(
            ObjectiveMark(name="Ring", kind=ObjectiveKind.CARRIABLE, victory_points=3),
        )
    )
    assert scene_battlefield(table=table, forces=[]).scoring == (
        "The battle lasts 6 rounds.",
    )


# --- a generated scenario ------------------------------------------------------------


def _generated(scenario, roles=None, **kwargs) -> Battlefield:
    return generated_battlefield(
        scenario, roles=roles or {}, table=TABLE, forces=[PLAYER, AI], **kwargs
    )


def test_a_generated_scenario_lasts_six_rounds_and_scores():
    field = _generated(Scenario.PITCHED_BATTLE)
    assert (field.length, field.scores_victory_points, field.generated) == (
        6,
        True,
        True,
    )


def test_a_pitched_battle_deploys_within_six_inches_of_each_entry_edge():
    zones = [force.zone for force in _generated(Scenario.PITCHED_BATTLE).forces]
    assert zones == [edge_zone(Edge.SOUTH), edge_zone(Edge.NORTH)]


def test_a_pitched_battle_scores_enemy_losses_only():
    assert _generated(Scenario.PITCHED_BATTLE).scoring == (
        "The battle lasts 6 rounds, or ends earlier when a side routs or loses its "
        "last character: that side loses.",
        "1 VP for each enemy character lost (fallen or off the table).",
        "At the end of round 6 more VP wins; equal VP is a draw.",
    )


def test_an_ambush_puts_the_surprised_side_in_the_centre():
    field = _generated(
        Scenario.AMBUSH, {Side.PLAYER: Role.SURPRISED, Side.AI: Role.SURPRISING}
    )
    player, ai = field.forces
    assert (player.zone, ai.zone) == (
        Zone(kind=Deployment.CENTRE, radius=AMBUSH_RADIUS),
        edge_zone(Edge.NORTH),
    )


def test_in_a_skirmish_no_one_starts_on_the_table():
    field = _generated(Scenario.SKIRMISH)
    assert [(f.arrival.round, f.arrival.edge) for f in field.forces] == [
        (1, Edge.SOUTH),
        (1, Edge.NORTH),
    ]


def test_a_skirmish_scores_characters_off_the_opposing_edge():
    assert (
        "1 VP for each of a side's characters that leaves by the opposing side's "
        "entry edge: it has left the battle, not been lost, and gives the other "
        "side nothing." in _generated(Scenario.SKIRMISH).scoring
    )


def test_a_skirmish_does_not_count_a_scoring_exit_as_lost():
    """§3.12: a character that left by the scoring edge is not lost, and a
    side that got everyone off does not lose for having nobody left."""
    scoring = " ".join(_generated(Scenario.SKIRMISH).scoring)
    assert "(fallen or off the table)" not in scoring
    assert "one that left by the edge it scores at is not lost" in scoring
    assert "then the VP decide" in scoring


def test_a_pitched_battle_keeps_the_plain_lost_line():
    assert "1 VP for each enemy character lost (fallen or off the table)." in (
        _generated(Scenario.PITCHED_BATTLE).scoring
    )


def test_an_amphibious_attacker_lands_by_boat_in_round_one():
    field = _generated(
        Scenario.AMPHIBIOUS_LANDING,
        {Side.PLAYER: Role.DEFENDER, Side.AI: Role.ATTACKER},
    )
    player, ai = field.forces
    assert (player.arrival, ai.arrival.round, ai.notes) == (
        None,
        1,
        ("it lands by boat",),
    )


def test_a_trap_lets_a_third_of_the_trapping_side_deploy_anywhere():
    field = _generated(
        Scenario.TRAP,
        {Side.PLAYER: Role.TRAPPING, Side.AI: Role.TRAPPED},
        deployed={Side.PLAYER: 7, Side.AI: 5},
    )
    assert field.forces[0].notes[0] == (
        "up to 2 of the side's characters may instead deploy anywhere on the table"
    )


def test_a_disputed_border_has_a_town_at_the_centre_held_for_three_points():
    field = _generated(Scenario.DISPUTED_BORDER)
    town = field.features[-1]
    assert (town.x, town.y, town.width, town.cover, town.objective) == (
        (48 - TOWN_SIDE) / 2,
        (36 - TOWN_SIDE) / 2,
        TOWN_SIDE,
        Cover.HARD,
        True,
    )


def test_a_disputed_border_starts_both_sides_in_hard_cover():
    field = _generated(Scenario.DISPUTED_BORDER)
    assert [f.notes for f in field.forces] == [("in hard cover",), ("in hard cover",)]


def test_an_urban_assault_has_a_large_town():
    town = _generated(
        Scenario.URBAN_ASSAULT, {Side.PLAYER: Role.ATTACKER, Side.AI: Role.DEFENDER}
    ).features[-1]
    assert (town.name, town.width) == ("large town", LARGE_TOWN_SIDE)


@pytest.mark.parametrize(
    ("ai_edge", "box"),
    [
        (Edge.NORTH, (0, (36 - RIVER_WIDTH) / 2, 48, RIVER_WIDTH)),
        (Edge.WEST, ((48 - RIVER_WIDTH) / 2, 0, RIVER_WIDTH, 36)),
    ],
)
def test_a_river_runs_across_the_middle_between_the_sides(ai_edge, box):
    defender = ForceSpec(
        key="2",
        name="Orcs",
        side=Side.AI,
        entry_edge=ai_edge,
        zone=edge_zone(ai_edge),
    )
    field = generated_battlefield(
        Scenario.RIVER_CROSSING,
        roles={Side.PLAYER: Role.ATTACKER, Side.AI: Role.DEFENDER},
        table=TABLE,
        forces=[PLAYER, defender],
    )
    river = field.features[-1]
    assert (river.x, river.y, river.width, river.depth) == box


def test_the_stronghold_stands_in_the_defenders_zone():
    field = _generated(
        Scenario.ASSAULT, {Side.PLAYER: Role.ATTACKER, Side.AI: Role.DEFENDER}
    )
    hold = field.features[-1]
    assert (hold.name, hold.x, hold.y, hold.width, hold.cover) == (
        "stronghold",
        (48 - STRONGHOLD_SIDE) / 2,
        3,
        STRONGHOLD_SIDE,
        Cover.HARD,
    )


def test_a_siege_names_the_castle():
    field = _generated(
        Scenario.SIEGE, {Side.PLAYER: Role.DEFENDER, Side.AI: Role.ATTACKER}
    )
    assert field.features[-1].name == "castle"
    assert field.features[-1].y == 36 - STRONGHOLD_SIDE - 3


def test_a_rolled_carriable_objective_is_worth_three_points_carried():
    field = _generated(
        Scenario.SEIZE_MAGIC_ITEM,
        placement=("magic item", ObjectiveKind.CARRIABLE, 11, 7),
    )
    assert (field.objectives[-1].victory_points, field.scoring[1]) == (
        3,
        "3 VP to the side that carried the magic item off the table (any edge), or "
        "still carries it, at the end.",
    )


def test_the_scenes_terrain_stays_on_a_generated_table():
    wood = Feature(name="wood", shape=Shape.CIRCLE, x=10, y=10, radius=4)
    field = generated_battlefield(
        Scenario.PITCHED_BATTLE,
        roles={},
        table=TableSpec(features=(wood,)),
        forces=[PLAYER, AI],
    )
    assert field.features == (wood,)


# --- dealt entry edges ---------------------------------------------------------------


def _dealt_field() -> Battlefield:
    dealt = ForceSpec(
        key="2",
        name="Wraiths",
        side=Side.AI,
        entry_edge=Edge.NORTH,
        zone=edge_zone(Edge.NORTH),
        arrives_in_round=1,
        dealt=True,
    )
    return scene_battlefield(table=TABLE, forces=[PLAYER, dealt])


WRAITHS = [Arriving(key=str(n), name=f"Wraith {n}", company="2") for n in range(5)]


def test_every_dealt_character_enters_at_its_cards_suit():
    field = deal_entry_edges(_dealt_field(), WRAITHS, dice=Dice(random.Random(3)))
    cards = field.forces[1].arrival.cards
    assert [c.edge for c in cards] == [
        EDGE_OF_SUIT[Card.parse(c.card).suit] for c in cards
    ]


def test_each_character_of_the_dealt_company_gets_one_card():
    field = deal_entry_edges(_dealt_field(), WRAITHS, dice=Dice(random.Random(3)))
    assert [c.name for c in field.forces[1].arrival.cards] == [w.name for w in WRAITHS]


def test_dealing_is_logged_and_the_same_seed_deals_the_same_edges():
    first, second = Dice(random.Random(9)), Dice(random.Random(9))
    a = deal_entry_edges(_dealt_field(), WRAITHS, dice=first)
    b = deal_entry_edges(_dealt_field(), WRAITHS, dice=second)
    purposes = [entry.purpose for entry in first.log if entry.card]
    assert (a, purposes[:1]) == (b, ["entry edge: Wraith 0"])


def test_a_joker_is_dealt_again():
    class JokerFirst:
        """Shuffles the two jokers to the top."""

        def randint(self, a, b):
            return a

        def shuffle(self, cards):
            cards.sort(key=lambda c: not c.is_joker)

    field = deal_entry_edges(_dealt_field(), WRAITHS[:1], dice=Dice(JokerFirst()))
    assert field.forces[1].arrival.cards[0].card != "Joker"


def test_nothing_is_dealt_when_no_company_is_dealt():
    dice = Dice(random.Random(1))
    field = scene_battlefield(table=TABLE, forces=[PLAYER, AI])
    assert (deal_entry_edges(field, WRAITHS, dice=dice), dice.log) == (field, [])


def test_a_battlefield_round_trips_through_its_data():
    field = deal_entry_edges(
        _generated(
            Scenario.ASSAULT,
            {Side.PLAYER: Role.ATTACKER, Side.AI: Role.DEFENDER},
            placement=("treasure", ObjectiveKind.CARRIABLE, 3, 5),
        ),
        WRAITHS,
        dice=Dice(random.Random(1)),
    )
    assert Battlefield.from_data(field.to_data()) == field


# --- through the generator ----------------------------------------------------------


def _characters(side: str, count: int, company: str) -> tuple[SetupCharacter, ...]:
    return tuple(
        SetupCharacter(
            key=f"{side}{n}",
            name=f"{side} {n}",
            troop_type="infantry",
            card_order=n,
            company=company,
        )
        for n in range(count)
    )


def test_a_fixed_trap_with_the_player_trapping_disorganizes_the_ai():
    result = generate_setup(
        SetupInputs(
            player_stance=None,
            player_characters=_characters("p", 3, "1"),
            ai_characters=_characters("a", 3, "2"),
            fixed_scenario=Scenario.TRAP,
            fixed_player_role=Role.TRAPPING,
            table=TABLE,
            forces=(PLAYER, AI),
        ),
        rng=random.Random(1),
    )
    disorganized = {c.key for c in result.characters if c.disorganized}
    assert disorganized == {"a0", "a1", "a2"}


def test_a_fixed_scene_with_dealt_edges_logs_its_deal():
    dealt = ForceSpec(
        key="2",
        name="Wraiths",
        side=Side.AI,
        entry_edge=Edge.NORTH,
        zone=edge_zone(Edge.NORTH),
        arrives_in_round=1,
        dealt=True,
    )
    result = generate_setup(
        SetupInputs(
            player_stance=None,
            player_characters=_characters("p", 2, "1"),
            ai_characters=_characters("a", 2, "2"),
            fixed_scenario="Hold the tower",
            table=TABLE,
            forces=(PLAYER, dealt),
        ),
        rng=random.Random(1),
    )
    cards = result.battlefield.forces[1].arrival.cards
    assert ([c.key for c in cards], bool(result.log)) == (["a0", "a1"], True)


def test_a_generated_setup_carries_its_battlefield():
    result = generate_setup(
        SetupInputs(
            player_stance=Stance.ATTACK,
            player_characters=_characters("p", 3, "1"),
            ai_characters=_characters("a", 3, "2"),
            table=TABLE,
            forces=(PLAYER, AI),
        ),
        rng=random.Random(4),
    )
    assert (result.battlefield.length, result.battlefield.generated) == (6, True)


def test_a_generated_setup_without_stance_is_refused():
    with pytest.raises(ValueError, match="stance"):
        SetupInputs(
            player_stance=None,
            player_characters=_characters("p", 3, "1"),
            ai_characters=_characters("a", 3, "2"),
        )


def test_a_fixed_siege_without_victory_points_says_none():
    result = generate_setup(
        SetupInputs(
            player_stance=None,
            player_characters=_characters("p", 3, "1"),
            ai_characters=_characters("a", 3, "2"),
            fixed_scenario=Scenario.SIEGE,
            fixed_player_role=Role.DEFENDER,
            table=TABLE,
            forces=(PLAYER, AI),
        ),
        rng=random.Random(1),
    )
    assert result.setup_text[0] == (
        "The player side (the defender) holds the castle nearby as its stronghold: "
        "a fortification and a fixed objective."
    )


def test_a_generated_assault_s_stronghold_is_where_the_diagram_shows_it():
    for seed in range(200):
        result = generate_setup(
            SetupInputs(
                player_stance=Stance.ATTACK,
                player_characters=_characters("p", 3, "1"),
                ai_characters=_characters("a", 3, "2"),
                table=TABLE,
                forces=(PLAYER, AI),
            ),
            rng=random.Random(seed),
        )
        if result.scenario == Scenario.ASSAULT:
            break
    assert (
        "near its entry edge, where the table diagram shows it"
        in (result.setup_text[0])
        and "worth victory points" in result.setup_text[0]
    )


# --- a generated scenario scores the scene's objectives (§3.12) ---------------------


def _generated_with(*, features=(), objectives=()) -> Battlefield:
    return generated_battlefield(
        Scenario.PITCHED_BATTLE,
        roles={},
        table=TableSpec(features=tuple(features), objectives=tuple(objectives)),
        forces=[PLAYER, AI],
    )


def test_a_scenes_fixed_objective_in_a_generated_battle_is_worth_three_held():
    """A scene objective with no value of its own scores §3.12's 3 VP held, and
    the setup sheet says so."""
    ford = ObjectiveMark(name="ford", kind=ObjectiveKind.FIXED, x=10, y=10)
    field = _generated_with(objectives=[ford])
    assert (field.objectives[0].victory_points, field.scoring[1]) == (
        3,
        "3 VP to the side holding the ford at the end.",
    )


def test_a_scenes_carriable_objective_in_a_generated_battle_is_worth_three():
    """A carriable scene objective scores 3 VP carried off or still carried."""
    ring = ObjectiveMark(name="Ring", kind=ObjectiveKind.CARRIABLE, carrier="Frodo")
    field = _generated_with(objectives=[ring])
    assert (field.objectives[0].victory_points, field.scoring[1]) == (
        3,
        "3 VP to the side that carried the Ring off the table (any edge), or "
        "still carries it, at the end.",
    )


def test_a_scene_objectives_own_value_stands_in_a_generated_battle():
    """The scene may give an objective another value: that value is scored."""
    banner = ObjectiveMark(name="banner", kind=ObjectiveKind.FIXED, victory_points=5)
    field = _generated_with(objectives=[banner])
    assert (field.objectives[0].victory_points, field.scoring[1]) == (
        5,
        "5 VP to the side holding the banner at the end.",
    )


def test_a_scenes_objective_feature_in_a_generated_battle_is_worth_three_held():
    """A terrain feature marked as a fixed objective scores 3 VP held; a feature
    that is no objective scores nothing."""
    tower = Feature(
        name="tower", shape=Shape.CIRCLE, x=18, y=18, radius=2, objective=True
    )
    wood = Feature(name="wood", shape=Shape.CIRCLE, x=5, y=5, radius=3)
    field = _generated_with(features=[tower, wood])
    assert (
        [f.victory_points for f in field.features],
        field.scoring[1:-2],
    ) == ([3, 0], ("3 VP to the side holding the tower at the end.",))


def test_arrival_lines_say_where_an_arriving_model_goes_and_single_rounds():
    """RULES §1 "Arrival": the stretch, the placement and a single round."""
    from engines.battlefield import Arrival, Force, edge_zone
    from engines.enums import Edge, Side

    force = Force(
        key="1",
        name="Goblins",
        side=Side.AI,
        entry_edge=Edge.WEST,
        zone=edge_zone(Edge.WEST),
        arrival=Arrival(round=1, edge=Edge.WEST),
        stretch=(16, 4),
        late=(("Cave troll", 2),),
    )
    assert force.arrival_lines() == (
        "An arriving model is placed touching the 4\u2033 of the west edge starting "
        "16\u2033 from its north end, as near its middle as it can be, at least "
        "1\u2033 from every enemy.",
        "Cave troll comes on at the start of round 2.",
    )
    assert Force.from_data(force.to_data()) == force
