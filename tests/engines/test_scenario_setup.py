"""RULES §3: the whole generator — roll order, roles, disorganization, fixed scenes."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.enums import (
    Mishap,
    ObjectiveKind,
    Rating,
    Relation,
    Reputation,
    Scenario,
    Side,
    Stance,
    TableCell,
    TroopType,
)
from engines.roles import Role
from engines.scenario import (
    SetupCharacter,
    SetupError,
    SetupInputs,
    SetupResult,
    generate_setup,
    scenario_for,
)
from tests.engines.scripted import Loaded

FELLOWSHIP = (
    SetupCharacter("1", "Aragorn", TroopType.INFANTRY, 0, 1),
    SetupCharacter("2", "Legolas", TroopType.ROGUE, 0, 2),
    SetupCharacter("3", "Gimli", TroopType.INFANTRY, 0, 3),
    SetupCharacter("4", "Boromir", TroopType.INFANTRY, 1, 1),
    SetupCharacter("5", "Eomer", TroopType.CAVALRY, 1, 2),
    SetupCharacter("6", "Gandalf", TroopType.MAGICIAN, 1, 3),
)
ORCS = (
    SetupCharacter("11", "Ugluk", TroopType.INFANTRY, 0, 1),
    SetupCharacter("12", "Warg rider", TroopType.CAVALRY, 0, 2),
    SetupCharacter("13", "Orc archer", TroopType.ARCHER, 0, 3),
    SetupCharacter("14", "Lurtz", TroopType.INFANTRY, 1, 1),
    SetupCharacter("15", "Snaga", TroopType.LURKER, 1, 2),
    SetupCharacter("16", "Fell bat", TroopType.FLYER, 1, 3),
)

TWO_ORCS = ORCS[:2]  # no AI scout pool: no selection rolls


def run(*faces: int, **inputs: object) -> SetupResult:
    """Set up with loaded dice; every face must be used."""
    source = Loaded(*faces)
    fields: dict[str, object] = {
        "player_stance": Stance.ATTACK,
        "player_characters": FELLOWSHIP[:2],
        "ai_characters": TWO_ORCS,
    }
    fields.update(inputs)
    result = generate_setup(SetupInputs(**fields), rng=source)  # type: ignore[arg-type]
    assert source.faces == [], "unused dice"
    return result


# --- §3.11 roll order ---------------------------------------------------------


def test_rolls_follow_the_order_of_rules_3_11() -> None:
    result = run(
        5,  # AI stance: Attack
        4,  # AI scout selection: Fell bat, selected
        1,  # player's score D6: Legolas 4 + poor 0 + 1 = 5
        1,  # AI's score D6: Fell bat 4 + poor 0 + 1 = 5 → tied
        2,  # player scout mishap: Legolas → roll again
        6,  # ... late
        3,  # AI scout mishap: Fell bat → safe
        1,  # Special: Seize Magic Item
        3,  # direction: first die 3
        4,  # ... second die even: 9 o'clock
        5,  # distance 2D6
        6,  # ... 11"
        player_stance="recon",
        player_characters=FELLOWSHIP[:3],
        player_scouts=("2",),
        ai_characters=ORCS[3:],
    )
    assert [(e.purpose, e.dice) for e in result.log] == [
        ("AI stance", (5,)),
        ("AI scout selection: Fell bat", (4,)),
        ("Player scouting score", (1,)),
        ("AI scouting score", (1,)),
        ("Player scout mishap: Legolas", (2,)),
        ("Player mishap for Legolas", (6,)),
        ("AI scout mishap: Fell bat", (3,)),
        ("Special scenario", (1,)),
        ("objective direction (magic item)", (3, 4)),
        ("objective distance (magic item)", (5, 6)),
    ]
    assert (result.table_cell, result.scenario) == (
        TableCell.SPECIAL,
        Scenario.SEIZE_MAGIC_ITEM,
    )
    assert (result.objective.clock, result.objective.inches) == (9, 11)


SEED_1039_LOG = [
    "AI stance: D6 6 → Attack",
    "AI scout selection: Fell bat: D6 6 → selected",
    "AI scout selection: Warg rider: D6 2 → not selected",
    "Player scouting score: D6 2, scout Legolas (rogue) +4, "
    "scout Gandalf (magician) +4, Average commander +2 = 12 → score 12",
    "AI scouting score: D6 6, scout Fell bat (flyer) +4, Average commander +2 = 12"
    " → score 12",
    "Player scout mishap: Legolas: D6 1 → mishap, roll again",
    "Player mishap for Legolas: D6 1 → Lost (starts fallen)",
    "Player scout mishap: Gandalf: D6 2 → mishap, roll again",
    "Player mishap for Gandalf: D6 4 → Misses the battle",
    "AI scout mishap: Fell bat: D6 1 → mishap, roll again",
    "AI mishap for Fell bat: D6 2 → Lost (starts fallen)",
    "Special scenario: D6 2 → Wizard's Tower",
    "objective direction (wizard's tower): 1, 2 (even, +6) → 7 o'clock",
    "objective distance (wizard's tower): 2D6 1+1 = 2 → 2\" from the centre",
]


def test_a_fixed_seed_gives_the_exact_expected_log() -> None:
    inputs = SetupInputs(
        player_stance=Stance.RECON,
        player_characters=FELLOWSHIP,
        ai_characters=ORCS,
        player_scouts=("2", "6"),
        ai_reputation=Reputation.BOLD,
        ai_rating=Rating.AVERAGE,
        player_rating=Rating.AVERAGE,
    )
    result = generate_setup(inputs, rng=random.Random(1039))
    assert [entry.describe() for entry in result.log] == SEED_1039_LOG
    assert result.objective is not None
    assert result.objective.kind is ObjectiveKind.FIXED
    assert {c.name: c.mishap for c in result.characters if c.mishap} == {
        "Legolas": Mishap.LOST,
        "Gandalf": Mishap.MISSES,
        "Fell bat": Mishap.LOST,
    }


# --- scores, relation and the row side ----------------------------------------


def test_tied_defend_against_attack_rolls_on_the_assault_special_table() -> None:
    result = run(5, 4, 4, 5, player_stance="defend")
    assert (result.relation, result.higher) == (Relation.TIED, None)
    assert result.table_cell is TableCell.ASSAULT_SPECIAL
    assert result.special_roll == 5
    assert result.scenario is Scenario.AMPHIBIOUS_LANDING
    assert (result.player_role, result.ai_role) == (Role.DEFENDER, Role.ATTACKER)
    assert result.setup_text == ("The AI side (the attacker) lands by boat.",)


def test_the_higher_scorers_stance_is_the_row() -> None:
    """AI Defend surprising player Attack is a Trap, not a Surprise Assault."""
    result = run(1, 1, 3, player_stance="attack")
    assert (result.ai_stance, result.higher) == (Stance.DEFEND, Side.AI)
    assert result.relation is Relation.SURPRISES
    assert result.scenario is Scenario.TRAP


def test_exactly_three_times_the_lower_score_surprises() -> None:
    result = run(5, 2, 6, player_stance="attack")
    assert (result.player_score, result.ai_score) == (2, 6)
    assert (result.higher, result.relation) == (Side.AI, Relation.SURPRISES)
    assert result.scenario is Scenario.SURPRISE_ATTACK


def test_just_under_three_times_the_lower_score_outscouts() -> None:
    result = run(5, 5, 2, player_stance="attack")
    assert (result.player_score, result.ai_score) == (5, 2)
    assert (result.higher, result.relation) == (Side.PLAYER, Relation.OUTSCOUTS)
    assert result.scenario is Scenario.PITCHED_BATTLE


def test_rating_bonus_counts_toward_the_comparison() -> None:
    result = run(5, 2, 2, player_stance="attack", player_rating="superior")
    assert (result.player_score, result.ai_score) == (6, 2)
    assert result.relation is Relation.SURPRISES


# --- roles, disorganization, first activation (§3.9, §3.10) --------------------


def test_assault_makes_the_defend_side_the_defender() -> None:
    result = run(1, 6, 3, player_stance="attack")
    assert result.scenario is Scenario.ASSAULT
    assert (result.player_role, result.ai_role) == (Role.ATTACKER, Role.DEFENDER)
    assert "The AI side (the defender) holds a stronghold" in result.setup_text[0]


def test_assault_defender_is_the_player_when_the_player_defends() -> None:
    result = run(5, 3, 6, player_stance="defend")
    assert (result.higher, result.scenario) == (Side.AI, Scenario.ASSAULT)
    assert (result.player_role, result.ai_role) == (Role.DEFENDER, Role.ATTACKER)


def test_a_castle_nearby_makes_the_assault_a_siege() -> None:
    result = run(1, 6, 3, player_stance="attack", castle_nearby=True)
    assert result.table_cell is TableCell.ASSAULT
    assert result.scenario is Scenario.SIEGE
    assert result.ai_role is Role.DEFENDER


def test_surprise_attack_gives_the_surprising_side_the_first_activation() -> None:
    result = run(5, 6, 2, player_stance="attack")
    assert result.scenario is Scenario.SURPRISE_ATTACK
    assert (result.player_role, result.ai_role) == (Role.SURPRISING, Role.SURPRISED)
    assert result.first_activation is Side.PLAYER
    assert result.disorganized_sides == (Side.AI,)
    assert all(c.disorganized for c in result.characters_of(Side.AI))
    assert not any(c.disorganized for c in result.characters_of(Side.PLAYER))


def test_surprise_assault_disorganizes_the_defender() -> None:
    result = run(1, 6, 2, player_stance="recon")
    assert result.scenario is Scenario.SURPRISE_ASSAULT
    assert result.ai_role is Role.DEFENDER
    assert result.disorganized_sides == (Side.AI,)
    assert result.first_activation is None


def test_ambush_disorganizes_the_surprised_side() -> None:
    result = run(3, 1, 3, player_stance="attack")
    assert (result.higher, result.scenario) == (Side.AI, Scenario.AMBUSH)
    assert (result.player_role, result.ai_role) == (Role.SURPRISED, Role.SURPRISING)
    assert result.disorganized_sides == (Side.PLAYER,)
    assert (
        "The player side (the surprised side) sets up in the middle"
        in (result.setup_text[0])
    )


def test_trap_disorganizes_the_surprised_attacker() -> None:
    result = run(1, 1, 1, 1, 3, player_stance="recon", ai_characters=ORCS)
    assert result.scenario is Scenario.TRAP
    assert (result.player_role, result.ai_role) == (Role.TRAPPED, Role.TRAPPING)
    assert result.disorganized_sides == (Side.PLAYER,)
    assert "deploy up to a third of its characters (at most 2)" in result.setup_text[1]


def test_an_ai_side_under_three_characters_rolls_no_scout_selection() -> None:
    result = run(1, 1, 3, player_stance="recon", ai_characters=TWO_ORCS)
    assert [e.purpose for e in result.log] == [
        "AI stance",
        "Player scouting score",
        "AI scouting score",
    ]


def test_surprise_encounter_leaves_absent_characters_organized() -> None:
    result = run(
        5,  # AI stance Attack
        1,  # player: Legolas 4 + Gandalf 4 + poor 0 + 1 = 9
        5,  # AI: superior 4 + 5 = 9 → tied: Attack vs Attack is Special
        1,  # Legolas: mishap
        5,  # ... late
        2,  # Gandalf: mishap
        3,  # ... misses the battle
        5,  # Special: Surprise Encounter
        player_stance="attack",
        player_characters=FELLOWSHIP,
        player_scouts=("6", "2"),
        ai_rating="superior",
    )
    assert result.scenario is Scenario.SURPRISE_ENCOUNTER
    assert result.disorganized_sides == (Side.PLAYER, Side.AI)
    state = {c.name: c for c in result.characters}
    assert state["Legolas"].in_reserve and not state["Legolas"].disorganized
    assert state["Legolas"].arrives_round == 2
    assert state["Gandalf"].misses_battle and not state["Gandalf"].disorganized
    assert state["Aragorn"].disorganized and state["Ugluk"].disorganized
    assert state["Legolas"].scout and not state["Aragorn"].scout


def test_a_lost_scout_starts_the_battle_fallen() -> None:
    result = run(
        5,  # AI stance Attack
        1,  # player: Legolas 4 + 1 = 5
        6,  # AI: 6, outscouts: a Pitched Battle
        2,  # Legolas: mishap
        1,  # ... lost
        player_stance="attack",
        player_characters=FELLOWSHIP[:3],
        player_scouts=("2",),
    )
    legolas = result.characters_of(Side.PLAYER)[1]
    assert legolas.mishap is Mishap.LOST
    assert legolas.starts_fallen and not legolas.deployed
    assert "Legolas (player scout) is lost: it starts the battle fallen." in (
        result.setup_text
    )


def test_player_scout_mishaps_roll_in_card_order_before_the_ai() -> None:
    result = run(
        5,  # AI stance Attack
        6,  # Fell bat selected
        1,  # Warg rider not selected
        1,  # player: Legolas 4 + Gandalf 4 + 1 = 9
        1,  # AI: Fell bat 4 + 1 = 5: outscouted, a Pitched Battle
        6,  # Legolas (card order, though picked second)
        6,  # Gandalf
        6,  # Fell bat
        player_stance="recon",
        player_characters=FELLOWSHIP,
        player_scouts=("6", "2"),
        ai_characters=ORCS,
    )
    assert [e.purpose for e in result.log[5:8]] == [
        "Player scout mishap: Legolas",
        "Player scout mishap: Gandalf",
        "AI scout mishap: Fell bat",
    ]


# --- validation ---------------------------------------------------------------


def test_too_many_scouts_is_a_setup_error() -> None:
    with pytest.raises(SetupError, match="Too many scouts") as error:
        run(player_characters=FELLOWSHIP[:5], player_scouts=("2", "5"))
    assert error.value.field == "player_scouts"


def test_one_scout_per_three_characters_is_allowed() -> None:
    result = run(5, 1, 1, 3, player_characters=FELLOWSHIP[:3], player_scouts=("2",))
    assert result.characters[1].scout


def test_a_scout_must_take_part() -> None:
    with pytest.raises(SetupError, match="must be one of the characters"):
        run(player_characters=FELLOWSHIP[:3], player_scouts=("6",))


def test_at_least_one_player_character_takes_part() -> None:
    with pytest.raises(SetupError) as error:
        run(player_characters=())
    assert error.value.field == "player_characters"


def test_the_ai_side_needs_at_least_one_character() -> None:
    with pytest.raises(SetupError) as error:
        run(ai_characters=())
    assert error.value.field == "ai_characters"


def test_setup_error_is_a_value_error() -> None:
    assert issubclass(SetupError, ValueError)


# --- fixed scenarios ------------------------------------------------------------


def test_fixed_scenario_makes_no_rolls() -> None:
    result = run(player_stance="defend", fixed_scenario="Ambush")
    assert result.log == ()
    assert result.fixed and result.scenario is Scenario.AMBUSH
    assert result.player_stance is Stance.DEFEND
    assert (result.ai_stance, result.player_score, result.ai_score) == (
        None,
        None,
        None,
    )
    assert (result.relation, result.table_cell) == (None, None)


def test_fixed_scene_specific_scenario_keeps_its_name_and_text() -> None:
    result = run(
        fixed_scenario="Weathertop",
        fixed_setup_text="Frodo's company holds the summit.\nThe wraiths come.",
    )
    assert result.scenario == "Weathertop"
    assert result.setup_text == (
        "Frodo's company holds the summit.",
        "The wraiths come.",
    )


def test_fixed_scenario_ignores_scouts() -> None:
    result = run(
        player_characters=FELLOWSHIP[:3],
        player_scouts=("2",),
        fixed_scenario="Skirmish",
    )
    assert not any(c.scout or c.mishap for c in result.characters)


# --- storage ----------------------------------------------------------------------


def test_result_round_trips_through_json() -> None:
    result = generate_setup(
        SetupInputs(
            player_stance="recon",
            player_characters=FELLOWSHIP,
            ai_characters=ORCS,
            player_scouts=("2", "6"),
            ai_rating="average",
            player_rating="average",
        ),
        rng=random.Random(1039),
    )
    data = json.loads(json.dumps(result.to_data()))
    assert data["scenario"] == "Wizard's Tower"
    assert data["table_cell"] == "Special"
    assert SetupResult.from_data(data) == result


# --- properties over many seeds ------------------------------------------------------

characters = st.lists(st.sampled_from(list(TroopType)), min_size=1, max_size=9)


@st.composite
def setup_inputs(draw: st.DrawFn) -> SetupInputs:
    player = [
        SetupCharacter(str(i), f"P{i}", t, i % 2, i)
        for i, t in enumerate(draw(characters))
    ]
    ai = [
        SetupCharacter(str(100 + i), f"A{i}", t, i % 3, i)
        for i, t in enumerate(draw(characters))
    ]
    allowed = len(player) // 3
    scouts = draw(st.lists(st.sampled_from([c.key for c in player]), max_size=allowed))
    return SetupInputs(
        player_stance=draw(st.sampled_from(list(Stance))),
        player_characters=tuple(player),
        ai_characters=tuple(ai),
        player_scouts=tuple(scouts),
        ai_reputation=draw(st.sampled_from(list(Reputation))),
        ai_rating=draw(st.sampled_from(list(Rating))),
        player_rating=draw(st.sampled_from(list(Rating))),
        castle_nearby=draw(st.booleans()),
    )


@settings(database=None, deadline=None, max_examples=200)
@given(inputs=setup_inputs(), seed=st.integers(min_value=0, max_value=2**32))
def test_the_same_seed_gives_the_same_setup_and_log(
    inputs: SetupInputs, seed: int
) -> None:
    first = generate_setup(inputs, rng=random.Random(seed))
    second = generate_setup(inputs, rng=random.Random(seed))
    assert first == second
    assert first.log == second.log


@settings(database=None, deadline=None, max_examples=200)
@given(inputs=setup_inputs(), seed=st.integers(min_value=0, max_value=2**32))
def test_every_setup_is_consistent_with_the_rules(
    inputs: SetupInputs, seed: int
) -> None:
    result = generate_setup(inputs, rng=random.Random(seed))
    row = Side.PLAYER if result.higher in (None, Side.PLAYER) else Side.AI
    stances = {Side.PLAYER: result.player_stance, Side.AI: result.ai_stance}
    other = Side.AI if row is Side.PLAYER else Side.PLAYER
    assert result.table_cell is scenario_for(
        stances[row], result.relation, stances[other]
    )
    assert result.log[0].purpose == "AI stance"
    assert all(c.deployed for c in result.characters if c.disorganized)
    assert all(c.scout for c in result.characters if c.mishap)
    assert SetupResult.from_data(json.loads(json.dumps(result.to_data()))) == result
