"""RULES §5: every doctrine is one printed procedure, and the cards print it all."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engines.cards import DECK_SETUP, RANDOM_SELECTION
from engines.combat import (
    AI_INITIATIVE_CHOICE,
    ATTACK_QUICK_REFERENCE,
    INITIATIVE_RULE,
    initiative_rows,
)
from engines.doctrines import (
    EDGE_RULE,
    FOLLOW_UP_RULE,
    ORDER_RULE,
    ORDER_RULES,
    ORDER_WHEN,
    PROCEDURES,
    PURSUIT_ORDER_RULE,
    DoctrineSettings,
    order_rule,
    procedure,
)
from engines.doctrines.steps import PRE_ACTIVATION, Procedure, Table, band
from engines.enums import (
    Action,
    Cover,
    Doctrine,
    Drift,
    Fate,
    HordeMode,
    Intent,
    Mishap,
    Scenario,
    WoundSide,
)
from engines.events import PROCEDURE as EVENTS
from engines.events import event_deck_message
from engines.roles import DISORGANIZED_RULE, setup_text

ALL = [*PROCEDURES.values(), EVENTS]


def printed_text(card: Procedure) -> str:
    return json.dumps(card.to_data(), ensure_ascii=False)


def printed_lines(card: Procedure) -> list[str]:
    """Every text the card prints once (a step's ``text`` repeats when and then)."""
    lines = [card.summary, *card.notes]
    for section in card.sections:
        lines += [section.intro, *section.notes]
        lines += [part for step in section.steps for part in (step.when, step.then)]
    return lines


def test_every_doctrine_has_its_procedure() -> None:
    assert {d: procedure(d.value).doctrine for d in Doctrine} == {
        d: d for d in Doctrine
    }


@pytest.mark.parametrize("card", ALL, ids=[c.title for c in ALL])
def test_step_ids_are_unique(card: Procedure) -> None:
    ids = card.step_ids()
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("card", ALL, ids=[c.title for c in ALL])
def test_a_card_is_plain_data(card: Procedure) -> None:
    """What a template prints holds text and numbers, never code."""
    data = json.loads(printed_text(card))
    assert data["title"] == card.title and len(data["sections"]) == len(card.sections)


FORBIDDEN = ("§", "adaptation", "(00", "source")
"""What a printed text never holds: section signs, our adaptation notes, sources."""

SETTINGS = [
    None,
    DoctrineSettings(),
    DoctrineSettings(
        sight_limit=12,
        reinforcements=True,
        reinforcement_cap=3,
        horde_start=HordeMode.FRENZY,
        pursuit_lever=4,
        quarry=("Frodo", "Sam"),
        route="along the road to the bridge",
    ),
    DoctrineSettings(pursuit_lever=2),
]
CARDS = [
    procedure(doctrine, settings) for doctrine in Doctrine for settings in SETTINGS
] + [EVENTS]


def strings(data: object) -> list[str]:
    """Every string in plain data, dict keys aside."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for value in data.values() for text in strings(value)]
    if isinstance(data, (list, tuple)):
        return [text for item in data for text in strings(item)]
    return []


def player_texts() -> list[str]:
    """Every text an engine prints for players, outside the cards' own data."""
    texts: list[str] = []
    texts += [t for row in ATTACK_QUICK_REFERENCE for t in row]
    texts += [t for row in initiative_rows() for t in row]
    texts += [INITIATIVE_RULE, AI_INITIATIVE_CHOICE, DECK_SETUP, RANDOM_SELECTION]
    texts += [FOLLOW_UP_RULE, EDGE_RULE, DISORGANIZED_RULE, *ORDER_RULES.values()]
    texts += [order_rule(combo) for combo in ([Doctrine.PURSUIT, Doctrine.DECK],)]
    for enum in (Action, Mishap, Drift, Cover, Intent, HordeMode, Fate, WoundSide):
        texts += [member.label for member in enum]
    for scenario in Scenario:
        texts += list(setup_text(scenario))
    texts.append(event_deck_message(["KS", "10C"]) or "")
    return texts


@pytest.mark.parametrize(
    "card",
    CARDS,
    ids=[f"{c.title}-{i}" for i, c in enumerate(CARDS)],
)
def test_a_card_speaks_to_players_only(card: Procedure) -> None:
    """No section signs, adaptation notes or source names on a printed card."""
    data = card.to_data()
    data.pop("source")
    texts = strings(data) + list(card.texts())
    assert [
        text for text in texts if any(bad in text.lower() for bad in FORBIDDEN)
    ] == []


def test_every_engine_text_for_players_speaks_to_players_only() -> None:
    assert [
        text for text in player_texts() if any(bad in text.lower() for bad in FORBIDDEN)
    ] == []


def test_the_walk_catches_what_it_looks_for() -> None:
    """The check itself: a source note in a step would be found."""
    card = procedure(Doctrine.PRIORITY)
    step = replace(card.step("9"), then="Otherwise hold (adaptation: source 004).")
    texts = [step.then]
    assert [t for t in texts if any(bad in t.lower() for bad in FORBIDDEN)] == texts


@pytest.mark.parametrize("doctrine", list(Doctrine))
def test_every_card_prints_its_order_the_initiative_and_the_follow_up(
    doctrine: Doctrine,
) -> None:
    card = procedure(doctrine)
    assert (card.order, card.initiative, card.section("follow-up").steps[0].id) == (
        ORDER_RULES[doctrine],
        AI_INITIATIVE_CHOICE,
        "follow-up",
    )


def test_pursuers_print_their_own_order() -> None:
    assert "closest to the quarry" in procedure(Doctrine.PURSUIT).order


@pytest.mark.parametrize("doctrine", list(Doctrine))
def test_a_card_with_settings_is_plain_data_with_them(doctrine: Doctrine) -> None:
    settings = DoctrineSettings(sight_limit=12)
    data = json.loads(json.dumps(procedure(doctrine, settings).to_data()))
    assert data["settings"]["sight_limit"] == 12


@pytest.mark.parametrize("doctrine", list(Doctrine))
def test_the_generic_card_has_no_settings(doctrine: Doctrine) -> None:
    assert procedure(doctrine).to_data()["settings"] is None


@pytest.mark.parametrize("doctrine", [d for d in Doctrine if d != Doctrine.PURSUIT])
def test_a_sight_limit_is_printed(doctrine: Doctrine) -> None:
    notes = procedure(doctrine, DoctrineSettings(sight_limit=12)).notes
    assert any('further than 12"' in note for note in notes)


def test_the_same_settings_give_the_same_card() -> None:
    settings = DoctrineSettings(pursuit_lever=2)
    assert procedure(Doctrine.PURSUIT, settings) is procedure(
        Doctrine.PURSUIT, DoctrineSettings(pursuit_lever=2)
    )


@pytest.mark.parametrize("doctrine", list(Doctrine))
def test_every_step_lists_printed_actions(doctrine: Doctrine) -> None:
    """The card's action list is what its steps may decide, each printed once."""
    card = procedure(doctrine)
    actions = card.to_data()["actions"]
    assert [a["action"] for a in actions] == [a.value for a in card.actions()]


def test_the_order_of_a_mixed_side_names_both() -> None:
    text = order_rule([Doctrine.DECK, Doctrine.PURSUIT])
    assert text.startswith(ORDER_RULE) and "quarry" in text


@pytest.mark.parametrize(
    ("doctrines", "text"),
    [
        ([Doctrine.DECK, Doctrine.HORDE], ORDER_RULE),
        ([Doctrine.PURSUIT], PURSUIT_ORDER_RULE),
    ],
)
def test_the_order_of_a_side(doctrines: list[Doctrine], text: str) -> None:
    assert order_rule(doctrines) == f"{text} {ORDER_WHEN}"


def test_the_order_says_it_is_read_at_each_ai_activation() -> None:
    """The table page and the playtest pick the AI's next when its turn comes,
    among those still to act; the card says so."""
    assert "Each time the AI activates" in order_rule([Doctrine.PRIORITY])


@pytest.mark.parametrize(
    ("doctrine", "numbers"),
    [
        (Doctrine.HORDE, ['within 8\\"', 'within 6\\"', 'than 12\\"', "default 5"]),
        (Doctrine.DECK, ["pips × 2 inches", "+1 defence", "−1 to this attack"]),
        (Doctrine.PRIORITY, ["half move", "halved"]),
        (Doctrine.PRIORITY, ["half move"]),
        (Doctrine.PURSUIT, ["capped at 6", "M × 2 inches", '+2\\"']),
    ],
)
def test_the_card_prints_the_rules_numbers(
    doctrine: Doctrine, numbers: list[str]
) -> None:
    text = printed_text(procedure(doctrine))
    assert [number for number in numbers if number not in text] == []


@pytest.mark.parametrize("doctrine", list(Doctrine))
def test_every_doctrine_prints_its_pre_activation(doctrine: Doctrine) -> None:
    pre = procedure(doctrine).pre_activation
    assert pre is not None and pre.id == PRE_ACTIVATION and pre.steps


def test_a_step_prints_its_condition_then_its_action() -> None:
    step = procedure(Doctrine.PRIORITY).step("3")
    assert (
        step.text
        == "An enemy in sight within shooting range → Stand and shoot the nearest."
    )


def test_an_otherwise_step_prints_its_action_alone() -> None:
    assert procedure(Doctrine.PRIORITY).step("9").text.startswith("Otherwise hold")


@pytest.mark.parametrize(
    ("low", "high", "printed"), [(1, 2, "1–2"), (6, 6, "6"), (6, None, "6+")]
)
def test_a_band_prints_its_range(low: int, high: int | None, printed: str) -> None:
    assert band(low, high, "x").roll == printed


def test_a_table_reads_the_band_of_a_total() -> None:
    table = Table(
        "D6", (band(1, 3, "away"), band(4, 5, "hold"), band(6, None, "charge"))
    )
    assert [table.read(total).result for total in (1, 3, 4, 5, 6, 9)] == [
        "away",
        "away",
        "hold",
        "hold",
        "charge",
        "charge",
    ]


def test_a_table_refuses_a_total_it_does_not_cover() -> None:
    with pytest.raises(ValueError):
        Table("D6", (band(1, 3, "away"),)).read(4)
