"""RULES §6.2 on the site: each character's resolution rolls come from its own
stream, so a corrected line (reopen, change one character, apply again) leaves
every other character's fate and rolls as they were; the resolution page says so
where a correction was made."""

from __future__ import annotations

import pytest

from campaigns.models import Battle, PersistingWound
from campaigns.selectors.battles import battle_url as url
from campaigns.services.result_apply import result_apply
from campaigns.services.result_reopen import result_reopen

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(skirmish) -> Battle:
    """Amon Hen with an open wound on Pippin, so he rolls to heal it."""
    PersistingWound.objects.create(character=skirmish.pippin, name="old cut")
    return skirmish.set_up()


def fates_and_rolls(battle: Battle) -> dict[str, tuple[str, list]]:
    """Each character's fate and its own rolls (purpose, dice)."""
    result = battle.result
    rolls: dict[str, list] = {}
    for entry in result.resolution_log:
        name = entry["purpose"].split(":")[0]
        rolls.setdefault(name, []).append((entry["purpose"], entry["dice"]))
    return {
        o.participant.character.name: (o.fate, rolls.get(o.participant.character.name))
        for o in result.character_outcomes.select_related("participant__character")
    }


@pytest.mark.parametrize(
    "correction",
    [
        {"wound_tokens": 0},
        {"wound_tokens": 2},
        {"fallen": True},
        {"wound_tokens": 1, "fallen": True},
    ],
)
def test_correcting_merrys_line_leaves_every_other_fate_unchanged(
    battle, result_data, correction
):
    """Merry's tokens corrected after a reopen: Boromir, Pippin and Uglúk keep
    the same rolls and the same fate (the newcomer's Pippin no longer turns
    from "recovers" into "grievously wounded")."""
    lines = {"boromir": {"fallen": True}, "uglúk": {"fallen": True}}
    result_apply(
        battle=battle, data=result_data(battle, merry={"wound_tokens": 1}, **lines)
    )
    battle.refresh_from_db()
    before = fates_and_rolls(battle)
    result_reopen(battle=battle)
    battle.refresh_from_db()
    result_apply(battle=battle, data=result_data(battle, merry=correction, **lines))
    battle.refresh_from_db()
    after = fates_and_rolls(battle)
    before.pop("Merry")
    after.pop("Merry")
    assert after == before


def test_the_same_result_entered_again_rolls_the_same_fates(battle, result_data):
    """Reopen and apply the very same result: the same rolls, the same fates."""
    data = result_data(battle, boromir={"fallen": True}, merry={"wound_tokens": 2})
    result_apply(battle=battle, data=data)
    battle.refresh_from_db()
    before = fates_and_rolls(battle)
    result_reopen(battle=battle)
    battle.refresh_from_db()
    result_apply(battle=battle, data=data)
    battle.refresh_from_db()
    assert fates_and_rolls(battle) == before


def test_the_resolution_page_says_a_correction_moved_no_one_elses_fate(
    owner, battle, result_data
):
    """After a reopen and a corrected result, the resolution page says each
    character rolls their own dice."""
    result_apply(battle=battle, data=result_data(battle, merry={"wound_tokens": 1}))
    result_reopen(battle=battle)
    battle.refresh_from_db()
    result_apply(battle=battle, data=result_data(battle, merry={"wound_tokens": 2}))
    html = owner.get(url("resolution", battle)).content.decode()
    assert "changed no one else's rolls or fate" in html


def test_a_result_never_corrected_says_nothing_of_corrections(
    owner, battle, result_data
):
    """A first result has no correction note."""
    result_apply(battle=battle, data=result_data(battle, merry={"wound_tokens": 1}))
    html = owner.get(url("resolution", battle)).content.decode()
    assert "was corrected after it was reopened" not in html
