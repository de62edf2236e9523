"""result_reopen (RULES §6.5): only the latest result, reversed exactly, and the
same result entered again gives the same fates."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import (
    Battle,
    BattleResult,
    CampaignLogEntry,
    Character,
    Commander,
    CommanderChange,
    Effect,
    PersistingWound,
    Scene,
)
from campaigns.services.result_apply import result_apply
from campaigns.services.result_reopen import result_reopen
from campaigns.services.scene_rest import scene_rest
from tests.campaigns.dump import database_dump

pytestmark = pytest.mark.django_db


def applied(*, battle, data):
    """The result applied (or found applied) for ``data``."""
    return result_apply(battle=battle, data=data).result


SKIPPED_FIELDS = {"updated_at", "reopened_entry"}
"""Auto timestamps, and what was entered for the result (kept on reopening so
the form starts from it: tested below)."""


def dump() -> dict[str, list[dict]]:
    """Every row but auto timestamps. The campaign log is left out: it is the
    chronicle, kept whole — it says the result was applied and then reopened
    (tested below)."""
    return database_dump(exclude_models=[CampaignLogEntry], skip_fields=SKIPPED_FIELDS)


@pytest.fixture
def grim_data(result_data):
    """A result that changes everything it can: a death, a grievous wound, a
    token, routs and both commanders."""

    def build(battle):
        return result_data(
            battle,
            boromir={"fallen": True},
            merry={"wound_tokens": 1},
            pippin={"fallen": True, "routed": True},
            player_routed=True,
            ai_routed=True,
        )

    return build


@pytest.fixture
def battle(skirmish, fates_rolling) -> Battle:
    """The battle, with an open wound on Merry, and Sam unfit (flag set, a
    wound) sitting it out. Boromir rolls 2 (grievous), Merry's token 1 (a
    wound), Pippin 1 (killed), Sam's wound 6 (healed); Aragorn's third
    victory raises his rating."""
    PersistingWound.objects.create(character=skirmish.merry, name="old cut")
    sam = skirmish.fellowship.characters.create(name="Sam", unfit_next_battle=True)
    PersistingWound.objects.create(character=sam, name="Sam's cut")
    Commander.objects.filter(name="Aragorn").update(victories_since_rating_change=2)
    battle = skirmish.set_up()
    fates_rolling(battle, boromir=(2,), merry=(1,), pippin=(1,), sam=(6,))
    return battle


def test_reopening_restores_every_row_exactly(battle, grim_data):
    before = dump()
    result_apply(battle=battle, data=grim_data(battle))
    result_reopen(battle=battle)
    assert dump() == before


def test_the_grim_result_changes_every_kind_of_row(battle, grim_data):
    result_apply(battle=battle, data=grim_data(battle))
    kinds = set(Effect.objects.values_list("kind", flat=True))
    assert kinds == {
        "wound_opened",
        "wound_healed",
        "death",
        "unfit_set",
        "unfit_cleared",
        "reputation",
        "rating",
        "other",
        "victories",
        "scene_outcome",
        "current_scene",
        "battle_status",
    }


def test_the_same_result_again_gives_the_same_fates(battle, grim_data):
    first = applied(battle=battle, data=grim_data(battle))
    fates = list(first.character_outcomes.values_list("participant", "fate"))
    result_reopen(battle=battle)
    again = applied(battle=battle, data=grim_data(battle))
    assert list(again.character_outcomes.values_list("participant", "fate")) == fates


def test_the_same_result_again_rolls_the_same_dice(battle, grim_data):
    log = applied(battle=battle, data=grim_data(battle)).resolution_log
    result_reopen(battle=battle)
    assert applied(battle=battle, data=grim_data(battle)).resolution_log == log


def test_a_reopened_battle_is_planned_again(battle, grim_data):
    result_apply(battle=battle, data=grim_data(battle))
    assert result_reopen(battle=battle).battle.status == "planned"


def test_a_reopened_battle_keeps_what_was_entered(battle, grim_data, skirmish):
    """The result form starts from it: each line under its participant's order."""
    result_apply(battle=battle, data=grim_data(battle))
    reopened = result_reopen(battle=battle).battle
    merry = battle.participants.get(character=skirmish.merry)
    entry = reopened.reopened_entry
    assert (entry["outcome"], entry["lines"][str(merry.order)]["wound_tokens"]) == (
        "victory",
        1,
    )


def test_reopening_deletes_the_result_and_its_effects(battle, grim_data):
    result_apply(battle=battle, data=grim_data(battle))
    result_reopen(battle=battle)
    assert (BattleResult.objects.count(), Effect.objects.count()) == (0, 0)


def test_reopening_deletes_the_commander_changes(battle, grim_data):
    result_apply(battle=battle, data=grim_data(battle))
    result_reopen(battle=battle)
    assert CommanderChange.objects.count() == 0


def test_the_log_says_the_result_was_reopened(battle, grim_data):
    result_apply(battle=battle, data=grim_data(battle))
    result_reopen(battle=battle)
    assert CampaignLogEntry.objects.filter(kind="reopen", battle=battle).exists()


def test_after_reopening_a_different_result_can_be_applied(
    battle, grim_data, result_data
):
    result_apply(battle=battle, data=grim_data(battle))
    result_reopen(battle=battle)
    result = applied(battle=battle, data=result_data(battle, "defeat"))
    assert result.outcome == "defeat"


def test_a_battle_without_a_result_cannot_be_reopened(battle):
    with pytest.raises(ValidationError, match="no applied result"):
        result_reopen(battle=battle)


def test_only_the_latest_resolved_battle_can_be_reopened(skirmish, result_data):
    older = skirmish.set_up()
    result_apply(battle=older, data=result_data(older))
    newer = skirmish.set_up()
    result_apply(battle=newer, data=result_data(newer))
    with pytest.raises(ValidationError, match="battle 2 .* came after this battle"):
        result_reopen(battle=older)


def test_reopening_is_refused_once_a_later_battle_is_set_up(skirmish, result_data):
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    skirmish.set_up()
    with pytest.raises(ValidationError, match="has been set up since"):
        result_reopen(battle=battle)


def test_reopening_is_refused_after_a_sanctuary_rest(
    skirmish, result_data, fates_rolling
):
    Scene.objects.filter(pk=skirmish.next_scene.pk).update(
        kind="sanctuary", scenario_mode="generate", custom_scenario_name=""
    )
    battle = skirmish.set_up()
    fates_rolling(battle, merry=(1,))
    result_apply(battle=battle, data=result_data(battle, merry={"wound_tokens": 1}))
    scene_rest(scene=skirmish.next_scene)
    with pytest.raises(ValidationError, match="the rest at Parth Galen came after"):
        result_reopen(battle=battle)


def test_a_refused_reopen_changes_nothing(skirmish, result_data):
    Scene.objects.filter(pk=skirmish.next_scene.pk).update(
        kind="sanctuary", scenario_mode="generate", custom_scenario_name=""
    )
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    scene_rest(scene=skirmish.next_scene)
    before = dump()
    with pytest.raises(ValidationError):
        result_reopen(battle=battle)
    assert dump() == before


def test_reopening_brings_a_dead_character_back(battle, grim_data, skirmish):
    result_apply(battle=battle, data=grim_data(battle))
    dead = Character.objects.filter(alive=False).count()
    result_reopen(battle=battle)
    assert (dead, Character.objects.filter(alive=False).count()) == (1, 0)


def test_a_reopen_is_refused_when_a_target_changed_since(battle, grim_data):
    """Reversing exactly is only possible while every target still holds what
    the result left: a commander changed by hand since is named in the refusal,
    and the result stays applied, its effects kept."""
    applied(battle=battle, data=grim_data(battle))
    effects = Effect.objects.count()
    Commander.objects.filter(name="Aragorn").update(reputation="rash")
    with pytest.raises(ValidationError) as refused:
        result_reopen(battle=battle)
    assert (
        refused.value.messages[0].startswith(
            "The campaign has changed since this step was taken"
        ),
        BattleResult.objects.filter(battle=battle).exists(),
        Effect.objects.count(),
    ) == (True, True, effects)
