"""RULES §5: every doctrine is one printed procedure, and the cards print it all."""

from __future__ import annotations

import json

import pytest

from engines.doctrines import PROCEDURES, procedure
from engines.doctrines.steps import PRE_ACTIVATION, Procedure, Table, band
from engines.enums import Doctrine
from engines.events import PROCEDURE as EVENTS

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


@pytest.mark.parametrize(
    ("doctrine", "adaptations"),
    [
        # 4: closest enemy; 9: the list ends at 8
        (Doctrine.PRIORITY, 2),
        # squares; Stay Frosty; the defensive draw's effects
        (Doctrine.DECK, 3),
        # wound versus scratch; bugs do not shoot; reinforcements' timing
        (Doctrine.HORDE, 3),
        # track spaces; movement bonus
        (Doctrine.PURSUIT, 2),
    ],
)
def test_the_card_prints_every_adaptation_rules_marks(
    doctrine: Doctrine, adaptations: int
) -> None:
    lines = printed_lines(procedure(doctrine))
    assert sum(line.count("(adaptation") for line in lines) == adaptations


@pytest.mark.parametrize(
    ("doctrine", "numbers"),
    [
        (Doctrine.HORDE, ['within 8\\"', 'within 6\\"', 'than 12\\"', "default 5"]),
        (Doctrine.DECK, ["pips × 2 inches", "+1 defence", "−1 to this attack"]),
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
