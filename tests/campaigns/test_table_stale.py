"""A phone whose page is no longer current posts nothing: after another phone's
undo, after the battle's end in the log, and once the scene's rules end the
battle (the page says "The battle ends here") — refused with a clear message,
nothing written. Forged POSTs with the current version are refused too."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Scene, TableEntry, WayToWin, WinCondition
from campaigns.services.table_log import table_entry_undo
from engines.table.moves import BeginRound, ChooseFirst, EndBattle, TellTap
from tests.campaigns.table_helpers import add, doctrine_battle, now, version

pytestmark = pytest.mark.django_db

STALE = "the battle log changed on another phone"


def table_url(battle) -> str:
    return reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


def written(battle) -> tuple[int, int]:
    return TableEntry.objects.filter(log__battle=battle).count(), version(battle)


def refused(client, battle, shown: int, **data) -> list[str]:
    """POST ``data`` from a page that showed version ``shown``: its messages;
    nothing was written."""
    before = written(battle)
    response = client.post(table_url(battle), {"version": shown, **data}, follow=True)
    assert written(battle) == before
    return [str(m) for m in response.context["messages"]]


def _begin(battle) -> None:
    add(battle, BeginRound(sightings={}))
    if now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first="ai"))


def _next_activation(battle) -> dict[str, str]:
    key = now(battle)[1].question().key
    return {"action": "activate", "who": key, "melee": "no"}


@pytest.fixture
def playing(client, user, campaign):
    """Round 1 of a priority battle, an AI character to act next."""
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    client.force_login(user)
    _begin(battle)
    return battle


@pytest.fixture
def weathertop(client, user, campaign):
    """A fixed Weathertop: the Ringwraiths win at once when Frodo falls."""
    playable, battle = doctrine_battle(campaign, "priority", seed=12)
    length = now(battle)[0].length
    Scene.objects.filter(pk=playable.scene.pk).update(
        scenario_mode="fixed", battle_length=length
    )
    way = WayToWin.objects.create(
        scene=playable.scene, side="ai", at_once=True, order=0
    )
    WinCondition.objects.create(way=way, kind="fell", character=playable.players[0])
    battle.refresh_from_db()
    client.force_login(user)
    _begin(battle)
    return battle


# --- a page from before an undo -------------------------------------------------------


@pytest.mark.parametrize("action", ["activate", "tap", "undo", "end"])
def test_a_page_shown_before_an_undo_posts_nothing(client, playing, action):
    shown = version(playing)
    data = {
        "activate": _next_activation(playing),
        "tap": {"action": "tap", "tap": "wound", "key": "p1"},
        "undo": {"action": "undo"},
        "end": {"action": "end", "reason": "conceded", "side": "player"},
    }[action]
    add(playing, TellTap(tap="wound", key="p2"))
    table_entry_undo(battle=playing, version=version(playing))
    (message,) = refused(client, playing, shown, **data)
    assert STALE in message or "out of date" in message


# --- after the battle's end in the log ------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        {"action": "begin"},
        {"action": "tap", "tap": "wound", "key": "p1"},
        {"action": "select", "everyone": "1"},
        {"action": "undo"},
    ],
    ids=["begin", "tap", "select", "undo"],
)
def test_a_page_shown_before_the_end_posts_nothing(client, playing, data):
    shown = version(playing)
    add(playing, EndBattle(reason="conceded", side="ai"))
    (message,) = refused(client, playing, shown, **data)
    assert "Not recorded" in message


def test_an_activation_forged_after_the_end_is_refused(client, playing):
    activation = _next_activation(playing)
    add(playing, EndBattle(reason="conceded", side="ai"))
    (message,) = refused(client, playing, version(playing), **activation)
    assert "the battle is over" in message


# --- once the scene's rules end the battle --------------------------------------------


def test_the_page_ends_the_battle_when_frodo_falls(client, weathertop):
    add(weathertop, TellTap(tap="fell", key="p1"))
    page = client.get(table_url(weathertop)).context["page"]
    assert page.phase == "won"


@pytest.mark.parametrize(
    "data",
    [
        {"action": "begin"},
        {"action": "select", "everyone": "1"},
        {"action": "end_round"},
    ],
    ids=["begin", "select", "end-round"],
)
def test_what_the_ended_page_does_not_offer_is_refused(client, weathertop, data):
    add(weathertop, TellTap(tap="fell", key="p1"))
    (message,) = refused(client, weathertop, version(weathertop), **data)
    assert "over by the scene's rules" in message
    assert "Frodo" in message


def test_the_next_activation_is_refused_once_the_battle_ends_here(client, weathertop):
    """The engine alone would take it: the AI character is next to act."""
    activation = _next_activation(weathertop)
    add(weathertop, TellTap(tap="fell", key="p1"))
    assert now(weathertop)[1].question().phase == "activate"
    (message,) = refused(client, weathertop, version(weathertop), **activation)
    assert "over by the scene's rules" in message


def test_a_stale_page_from_before_the_fall_posts_nothing(client, weathertop):
    shown = version(weathertop)
    activation = _next_activation(weathertop)
    add(weathertop, TellTap(tap="fell", key="p1"))
    (message,) = refused(client, weathertop, shown, **activation)
    assert STALE in message or "out of date" in message


def test_the_ended_page_still_ends_the_battle_taps_and_undoes(client, weathertop):
    add(weathertop, TellTap(tap="fell", key="p1"))
    url = table_url(weathertop)
    client.post(
        url,
        {"action": "tap", "tap": "wound", "key": "p2", "version": version(weathertop)},
    )
    assert now(weathertop)[1].fighters["p2"].wounds == 1
    client.post(url, {"action": "undo", "version": version(weathertop)})
    assert now(weathertop)[1].fighters["p2"].wounds == 0
    client.post(
        url, {"action": "end", "reason": "objective:ai", "version": version(weathertop)}
    )
    assert now(weathertop)[1].ended == "objective"


def test_a_new_start_forged_for_a_log_that_fits_is_refused(client, playing):
    """Only a log that no longer fits the battle is offered a new start."""
    (message,) = refused(client, playing, version(playing), action="restart")
    assert "fits the battle's set-up" in message
