"""The table page from a newcomer's game on a phone (issue 22, part 3): what
it says and offers where a first game stumbles."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.bidi import isolated
from campaigns.models import Battle, TableEntry
from campaigns.selectors.table_record import result_initial_from_log
from engines.enums import Side
from engines.table.moves import BeginRound, ChooseFirst, EndBattle
from tests.campaigns.table_helpers import add, doctrine_battle, now, version

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(campaign) -> Battle:
    return doctrine_battle(campaign, "priority")[1]


def table_url(battle: Battle, query: str = "") -> str:
    url = reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    return f"{url}?{query}" if query else url


def begin_round(battle: Battle, first: Side) -> None:
    add(battle, BeginRound(sightings={}))
    if now(battle)[1].first is None:
        add(battle, ChooseFirst(first=first.value))


def test_going_first_says_what_to_do_now(client, user, battle):
    """Round 1, the humans first (the scenario gives it them): the page says
    to activate one of yours, then tap Activate — until the AI has acted."""
    Battle.objects.filter(pk=battle.pk).update(first_activation=Side.PLAYER.value)
    battle.refresh_from_db()
    begin_round(battle, Side.PLAYER)
    client.force_login(user)
    html = client.get(table_url(battle)).content.decode()
    assert "You go first: activate one of yours, then tap Activate." in html


def test_an_empty_multiple_choice_says_why_it_is_asked_again(client, user, battle):
    """The contacts question sent with nothing ticked comes back saying so."""
    begin_round(battle, Side.AI)
    context, state, _ = now(battle)
    key = state.question().key
    client.force_login(user)
    html = client.get(
        table_url(battle, f"do=act&who={key}&melee=yes&asked=contacts")
    ).content.decode()
    assert "Nothing was ticked: tick at least one." in html


def test_one_tap_deals_a_card_to_every_character_on_the_table(client, user, battle):
    begin_round(battle, Side.AI)
    context, state, _ = now(battle)
    on_table = [f.key for side in Side for f in state.fighters_on_table(context, side)]
    client.force_login(user)
    client.post(
        table_url(battle),
        {"action": "select", "everyone": "1", "version": version(battle)},
    )
    last = TableEntry.objects.filter(log__battle=battle).order_by("position").last()
    assert (last.kind, sorted(last.data["inputs"]["keys"])) == (
        "selection",
        sorted(on_table),
    )


@pytest.mark.parametrize(
    ("reason", "side", "outcome"),
    [
        ("objective", "player", "victory"),
        ("objective", "ai", "defeat"),
        ("conceded", "player", "defeat"),
        ("conceded", "ai", "victory"),
    ],
)
def test_the_end_fills_in_the_outcome_from_who_achieved_or_conceded(
    battle, reason, side, outcome
):
    begin_round(battle, Side.AI)
    add(battle, EndBattle(reason=reason, side=side))
    initial = result_initial_from_log(battle=battle)
    assert (initial["outcome"], initial["end_reason"]) == (outcome, reason)


def test_the_end_screen_asks_who_achieved_the_objective(client, user, battle):
    begin_round(battle, Side.AI)
    client.force_login(user)
    html = client.get(table_url(battle, "do=end")).content.decode()
    assert "Objective: your side achieved the objective" in html
    assert "Conceded: the AI side conceded" in html
    client.post(
        table_url(battle),
        {"action": "end", "reason": "conceded:ai", "version": version(battle)},
    )
    assert now(battle)[1].ended_by == "ai"


def test_a_reroll_warns_that_the_table_log_will_no_longer_fit(client, user, battle):
    begin_round(battle, Side.AI)
    client.force_login(user)
    url = reverse(
        "campaigns:battle_reroll",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    assert "table log in progress" in client.get(url).content.decode()


def test_a_reroll_without_a_table_log_says_nothing_of_it(client, user, battle):
    client.force_login(user)
    url = reverse(
        "campaigns:battle_reroll",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    assert "table log" not in client.get(url).content.decode()


def test_an_event_brings_a_character_onto_a_side(client, user, battle):
    """The characters screen takes a name and a side; the newcomer is in the
    battle from now (its name isolated like every name on the page)."""
    begin_round(battle, Side.AI)
    client.force_login(user)
    assert (
        "An event brings someone into the battle"
        in client.get(table_url(battle, "do=people")).content.decode()
    )
    client.post(
        table_url(battle),
        {
            "action": "tap",
            "tap": "joined",
            "name": "Halbarad",
            "side": "player",
            "version": version(battle),
        },
    )
    context, state, _ = now(battle)
    joined = [f for f in state.extra.values() if f.side is Side.PLAYER]
    assert [f.label for f in joined] == [isolated("Halbarad")]
