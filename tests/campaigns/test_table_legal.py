"""The table page's POSTs: what the battle does not offer now is refused with a
clear message and writes nothing, whatever the version (the review's forged
POSTs); one POST folds the log once."""

from __future__ import annotations

from unittest import mock

import pytest
from django.urls import reverse

from campaigns.models import Battle, BattleParticipant, TableEntry
from engines.enums import Side
from engines.table import state as table_state
from engines.table.moves import ChooseFirst, TellTap
from tests.campaigns.table_helpers import add, doctrine_battle, now, version

pytestmark = pytest.mark.django_db


def table_url(battle: Battle) -> str:
    return reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


def post(client, battle, **data):
    """POST with the log's current version: forged, never stale."""
    return client.post(
        table_url(battle), {"version": version(battle), **data}, follow=True
    )


def entries(battle) -> int:
    return TableEntry.objects.filter(log__battle=battle).count()


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def playing(client, user, campaign):
    """Round 1 of a horde battle begun, the AI to go first: an AI character
    has still to act."""
    _, battle = doctrine_battle(campaign, "horde", seed=12)
    client.force_login(user)
    post(client, battle, action="begin")
    if now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first="ai"))
    assert now(battle)[1].question().phase == "activate"
    return battle


def refused(client, battle, **data) -> list[str]:
    """The POST's messages; it wrote nothing."""
    before = (entries(battle), version(battle))
    response = post(client, battle, **data)
    assert (entries(battle), version(battle)) == before
    return messages_of(response)


def test_a_round_begun_while_an_activation_is_due_is_refused(client, playing):
    (message,) = refused(client, playing, action="begin")
    assert "does not take that now" in message
    assert "acts next" in message


def test_the_end_of_the_round_is_refused_mid_round(client, playing):
    (message,) = refused(client, playing, action="end_round")
    assert "acts next" in message


def test_the_rounds_end_orders_are_refused_mid_round(client, playing):
    assert refused(client, playing, action="round_orders")


def test_the_end_of_the_battle_is_refused_before_it_begins(client, user, campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    client.force_login(user)
    (message,) = refused(client, battle, action="end", reason="objective")
    assert "begin the first round" in message


def test_an_activation_of_a_character_not_next_is_refused(client, playing):
    """The AI's order is picked as the round goes: any AI character still to
    act may go next, not one that has acted."""
    context, state, _ = now(playing)
    assert state.order == []
    nxt = state.question().key
    other = next(
        f.key for f in state.fighters_on_table(context, Side.AI) if f.key != nxt
    )
    add(playing, TellTap(tap="activated", key=other))
    data = {"action": "activate", "who": other, "melee": "no"}
    (message,) = refused(client, playing, **data)
    assert "does not take that now" in message


def test_a_tap_for_a_character_not_on_the_table_is_refused(client, playing):
    context, state, _ = now(playing)
    fallen = context.fighters[0]
    add(playing, TellTap(tap="fell", key=fallen.key))
    assert refused(client, playing, action="tap", tap="wound", key=fallen.key)
    assert refused(client, playing, action="tap", tap="routed", key=fallen.key)


def test_a_tap_for_a_character_yet_to_come_on_is_refused(client, user, campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    late = battle.participants.filter(side="ai").order_by("order").last()
    BattleParticipant.objects.filter(pk=late.pk).update(reserve=True)
    client.force_login(user)
    post(client, battle, action="begin")
    context, state, _ = now(battle)
    waiting = next(f for f in context.fighters if f.arrives > state.round)
    assert refused(client, battle, action="tap", tap="wound", key=waiting.key)


def test_a_tap_for_no_character_of_the_battle_is_refused(client, playing):
    assert refused(client, playing, action="tap", tap="wound", key="p99")


def test_the_players_may_say_the_rest_cannot_act_and_end_the_round(client, playing):
    """The skip link's forms carry skip=1: then the end of round is offered."""
    page = client.get(table_url(playing) + "?skip=1").context["page"]
    assert (page.phase, page.skipping) == ("end_round", True)
    html = client.get(table_url(playing) + "?skip=1").content.decode()
    assert 'name="skip" value="1"' in html
    response = post(client, playing, action="end_round", skip="1", lurked="1")
    assert not any("does not take" in m for m in messages_of(response))


def test_an_activation_post_folds_the_log_once(client, playing):
    """The view no longer pre-checks the answers: the service folds once, and
    an answer missing is asked again without a second fold."""
    _, state, rows = now(playing)
    key = state.question().key
    starts = mock.patch.object(
        table_state, "state_start", wraps=table_state.state_start
    )
    with starts as counted:
        client.post(
            table_url(playing),
            {"version": version(playing), "action": "activate", "who": key},
        )
    assert counted.call_count == 1
    assert entries(playing) == len(rows)
