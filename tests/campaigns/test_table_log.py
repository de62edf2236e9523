"""The table log: entries in order, each with the random state after it; a tap
from a page that is no longer current is refused; undo restores the dice and
the deck exactly; the log replays from its seed."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import Battle, TableEntry, TableLog
from campaigns.services.battle_setup import battle_reroll
from campaigns.services.table_log import (
    TableLogStale,
    table_entry_add,
    table_entry_undo,
    table_log_restart,
)
from engines.dice import LogEntry
from engines.table.moves import BeginRound, TellTap, entry_action, entry_compute
from engines.table.state import state_fold
from tests.campaigns.table_helpers import (
    DOCTRINES,
    RandomPlayer,
    add,
    doctrine_battle,
    now,
    version,
    with_events,
)

pytestmark = pytest.mark.django_db


def begin(battle, at: int = 0):
    return table_entry_add(battle=battle, version=at, action=BeginRound(sightings={}))


def play(battle, seed: int, steps: int = 80) -> list[TableEntry]:
    player = RandomPlayer(battle, random.Random(seed))
    for _ in range(steps):
        if player.step() is None:
            break
    return now(battle)[2]


# --- versions -------------------------------------------------------------------------


def test_the_first_entry_begins_the_log_with_the_battles_seed(campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=77)
    begin(battle)
    log = TableLog.objects.get(battle=battle)
    assert (log.seed, log.version, log.entries.count()) == (77, 1, 1)


def test_entries_are_kept_in_order(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    add(battle, TellTap(tap="wound", key="p1"))
    add(battle, TellTap(tap="wound", key="p2"))
    positions = list(
        TableEntry.objects.filter(log__battle=battle).values_list("position", "kind")
    )
    assert positions == [(0, "round"), (1, "tap"), (2, "tap")]


def test_a_tap_from_a_page_that_is_no_longer_current_is_refused(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    with pytest.raises(TableLogStale):
        begin(battle, at=0)


def test_a_refused_tap_writes_nothing(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    try:
        begin(battle, at=0)
    except TableLogStale:
        pass
    log = TableLog.objects.get(battle=battle)
    assert (log.version, log.entries.count()) == (1, 1)


def test_a_refused_input_leaves_the_version_as_it_was(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    with pytest.raises(ValidationError):
        add(battle, TellTap(tap="dance", key="p1"))
    assert version(battle) == 1


def test_an_undo_moves_the_version_on_too(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    table_entry_undo(battle=battle, version=1)
    with pytest.raises(TableLogStale):
        begin(battle, at=1)


def test_an_empty_log_has_nothing_to_undo(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    with pytest.raises(ValidationError):
        table_entry_undo(battle=battle, version=0)


def test_a_resolved_battles_log_no_longer_changes(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    Battle.objects.filter(pk=battle.pk).update(status="resolved")
    battle.refresh_from_db()
    with pytest.raises(ValidationError):
        add(battle, TellTap(tap="wound", key="p1"))


def test_a_log_begun_before_a_reroll_must_start_again(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    battle = battle_reroll(battle=battle, seed=999)
    with pytest.raises(ValidationError):
        add(battle, TellTap(tap="wound", key="p1"))


def test_starting_again_empties_the_log_and_takes_the_new_seed(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    battle = battle_reroll(battle=battle, seed=999)
    table_log_restart(battle=battle, version=1)
    log = TableLog.objects.get(battle=battle)
    assert (log.seed, log.entries.count()) == (999, 0)


# --- undo -----------------------------------------------------------------------------


@pytest.mark.parametrize("doctrine", DOCTRINES)
def test_undo_restores_the_dice_and_the_deck_exactly(campaign, doctrine):
    """After every entry of a random battle: undo it, and the state is the one
    before it; send the same input again, and the same entry comes back."""
    _, battle = doctrine_battle(campaign, doctrine, seed=21)
    player = RandomPlayer(battle, random.Random(21))
    for _ in range(40):
        context, before, _ = now(battle)
        entry = player.step()
        if entry is None:
            break
        table_entry_undo(battle=battle, version=version(battle))
        _, after_undo, _ = now(battle)
        assert (after_undo.draws, after_undo.deck) == (before.draws, before.deck)
        again = add(
            battle, entry_action(entry.kind, entry.data["inputs"], entry.subject)
        )
        assert (again.text, again.data, again.draws, again.deck) == (
            entry.text,
            entry.data,
            entry.draws,
            entry.deck,
        )


# --- replay ---------------------------------------------------------------------------


@pytest.mark.parametrize("doctrine", DOCTRINES)
def test_a_log_replayed_from_its_seed_gives_every_answer_again(campaign, doctrine):
    with_events(campaign)
    _, battle = doctrine_battle(campaign, doctrine, seed=33)
    entries = play(battle, 33)
    context, _, _ = now(battle)
    replayed = []
    for position, entry in enumerate(entries):
        state = state_fold(context, entries[:position])
        draft = entry_compute(
            context, state, entry.kind, entry.data["inputs"], entry.subject
        )
        replayed.append((draft.text, draft.data, draft.draws, draft.deck))
    assert replayed == [(e.text, e.data, e.draws, e.deck) for e in entries]


# --- the deck -------------------------------------------------------------------------


def dealt_between_shuffles(entries: list[TableEntry]) -> list[Counter]:
    """The cards drawn from the AI deck between one shuffle and the next."""
    runs: list[Counter] = [Counter()]
    for entry in entries:
        data = entry.data
        logs = [data.get("log"), (data.get("decision") or {}).get("log")]
        for horde in data.get("hordes", ()):
            logs.append(horde.get("log"))
        for log in logs:
            for item in log or ():
                line = LogEntry.from_dict(item)
                if line.purpose.endswith("shuffle"):
                    runs.append(Counter())
                elif line.card is not None and not line.outcome.endswith("selected"):
                    # (A selection's last line names the winning card again.)
                    runs[-1][line.card] += 1
    return runs


@pytest.mark.parametrize("seed", range(6))
def test_the_deck_never_deals_a_card_twice_before_a_reshuffle(campaign, seed):
    """A deck battle with random events and random selections, played at
    random: between shuffles each card comes once (the two jokers twice)."""
    with_events(campaign)
    _, battle = doctrine_battle(campaign, "deck", seed=seed)
    runs = dealt_between_shuffles(play(battle, seed, steps=150))
    twice = [
        card
        for run in runs
        for card, times in run.items()
        if times > (2 if card == "Joker" else 1)
    ]
    drawn = sum(sum(run.values()) for run in runs)
    assert (twice, drawn > 10) == ([], True), drawn


def test_every_card_is_somewhere_after_every_entry(campaign):
    """54 cards, each in the draw pile, the discards or out of the game."""
    with_events(campaign)
    _, battle = doctrine_battle(campaign, "deck", seed=5)
    entries = play(battle, 5)
    counts = {
        len(e.deck["draw_pile"]) + len(e.deck["discards"]) + len(e.deck["removed"])
        for e in entries
    }
    assert counts == {54}


@pytest.mark.parametrize(
    "slug",
    ["bree", "bree-bridge", "weathertop", "moria", "osgiliath-the-east-bank-falls"],
)
def test_the_demos_battles_play_at_the_table_to_their_end(demo_campaign, slug):
    """Each doctrine of the demo, with its objectives, arrivals, sight limits,
    events and reinforcements, played at random to the end of the battle."""
    from campaigns.models import Scene
    from campaigns.selectors.lineup import scene_lineup
    from campaigns.services.battle_setup import battle_set_up

    Scene.objects.filter(campaign=demo_campaign, status="current").update(
        status="pending"
    )
    scene = Scene.objects.get(campaign=demo_campaign, slug=slug)
    Scene.objects.filter(pk=scene.pk).update(status="current")
    scene.refresh_from_db()
    fit = scene_lineup(scene=scene).default_participant_ids()
    battle = battle_set_up(scene=scene, stance="attack", participant_ids=fit, seed=3)
    entries = play(battle, 3, steps=400)
    assert entries[-1].kind == "end"
