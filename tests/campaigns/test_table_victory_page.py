"""The table page knows the scene's ways to win (issue 31 item 4) and ends a
generated battle when a side has nobody left on the table (issue 30 item 5)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Scene, TableEntry, WayToWin, WinCondition
from engines.table.moves import BeginRound, ChooseFirst, TellTap
from tests.campaigns.table_helpers import add, doctrine_battle, now, version

pytestmark = pytest.mark.django_db


def table_url(battle) -> str:
    return reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


def _begin(battle) -> None:
    add(battle, BeginRound(sightings={}))
    if now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first="ai"))


@pytest.fixture
def weathertop(campaign):
    """A fixed Weathertop: the Ringwraiths win at once when Frodo falls; the
    Fellowship wins at time-out if Frodo holds out."""
    playable, battle = doctrine_battle(campaign, "priority", seed=12)
    length = now(battle)[0].length
    Scene.objects.filter(pk=playable.scene.pk).update(
        scenario_mode="fixed", battle_length=length
    )
    frodo = playable.players[0]
    ringwraiths = WayToWin.objects.create(
        scene=playable.scene, side="ai", at_once=True, order=0
    )
    WinCondition.objects.create(way=ringwraiths, kind="fell", character=frodo)
    fellowship = WayToWin.objects.create(scene=playable.scene, side="player", order=1)
    WinCondition.objects.create(way=fellowship, kind="hold_out", character=frodo)
    battle.refresh_from_db()
    return battle


def test_frodo_falling_ends_the_battle_there_with_an_undo(client, user, weathertop):
    battle = weathertop
    client.force_login(user)
    _begin(battle)
    assert "The battle ends here" not in client.get(table_url(battle)).content.decode()
    add(battle, TellTap(tap="fell", key="p1"))
    html = client.get(table_url(battle)).content.decode()
    assert "The battle ends here" in html
    assert "Frodo has fallen or left the table: the AI side wins." in html
    assert 'value="objective:ai"' in html
    assert "Undo: " in html
    assert "Choose at random" not in html
    response = client.post(
        table_url(battle),
        {"action": "end", "reason": "objective:ai", "version": version(battle)},
    )
    assert response.status_code == 302
    assert now(battle)[1].ended == "objective"
    assert now(battle)[1].ended_by == "ai"


def test_undoing_the_fall_plays_on(client, user, weathertop):
    battle = weathertop
    client.force_login(user)
    _begin(battle)
    add(battle, TellTap(tap="fell", key="p1"))
    client.post(table_url(battle), {"action": "undo", "version": version(battle)})
    html = client.get(table_url(battle)).content.decode()
    assert "The battle ends here" not in html


def test_the_last_round_asks_only_what_the_log_does_not_hold_then_judges(
    client, user, weathertop
):
    battle = weathertop
    client.force_login(user)
    while now(battle)[1].question().phase != "over":
        _begin(battle)
        for key in ("p7", "p8", "p9"):
            add(battle, TellTap(tap="activated", key=key))
    assert now(battle)[1].question().phase == "over"
    html = client.get(table_url(battle)).content.decode()
    assert "Judge the battle" in html
    assert "Frodo" in html and 'name="win0"' in html
    assert 'name="win1"' not in html  # Frodo's fall is in the log: not asked
    html = client.get(table_url(battle) + "?win0=yes").content.decode()
    assert "the player side wins." in html
    assert 'value="objective:player"' in html


def test_a_generated_battle_ends_when_the_ai_has_nobody_left(client, user, campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    client.force_login(user)
    _begin(battle)
    context, _, _ = now(battle)
    ai = [f.key for f in context.fighters if f.side.value == "ai"]
    for key in ai[:-1]:
        add(battle, TellTap(tap="fell", key=key))
    assert "The battle ends here" not in client.get(table_url(battle)).content.decode()
    add(battle, TellTap(tap="fell", key=ai[-1]))
    html = client.get(table_url(battle)).content.decode()
    assert "The AI side lost its last character: your side wins." in html
    assert 'value="last_character_lost:ai"' in html
    assert TableEntry.objects.filter(log__battle=battle).count() >= 4


def test_the_table_knows_the_rolled_terrain_as_the_sheet_letters_it(campaign):
    """Issue 30 item 2: the cover questions name the pieces rolled for the battle."""
    from campaigns.selectors.battle_pack import battle_battlefield
    from campaigns.selectors.table_context import table_context

    _, battle = doctrine_battle(campaign, "deck", seed=12)
    battlefield = battle_battlefield(battle)
    expected = [
        (f"{chr(ord('A') + n)} {f.name}", f.cover)
        for n, f in enumerate(battlefield.features)
        if f.cover.value != "none"
    ]
    assert expected, "a generated battle rolls terrain that gives cover"
    pieces = [
        (n.replace("\u2068", "").replace("\u2069", ""), c)
        for n, c in table_context(battle=battle).cover_pieces
    ]
    assert pieces == expected


# --- the result form filled from the log (issue 30 item 6) ----------------------------


def test_the_result_form_from_the_log_carries_exits_losses_and_their_vp(
    client, user, campaign
):
    """A generated battle scoring exits: Frodo left by the scoring edge, Sam
    fell, every rider fell; the form has Frodo's line ticked, Sam fallen, and
    the VP the log makes: the players 1 + 3, the AI 1."""
    from dataclasses import replace as dc_replace

    from campaigns.selectors.result import battle_result_rules
    from campaigns.selectors.table_record import result_initial_from_log
    from campaigns.services.result_entry import row_field

    _, battle = doctrine_battle(campaign, "priority", seed=12)
    _begin(battle)
    add(battle, TellTap(tap="left", key="p1"))
    add(battle, TellTap(tap="fell", key="p2"))
    context, _, _ = now(battle)
    for f in context.fighters:
        if f.side.value == "ai":
            add(battle, TellTap(tap="fell", key=f.key))
    rules = dc_replace(
        battle_result_rules(battle=battle),
        scores_victory_points=True,
        scores_exits=True,
    )
    initial = result_initial_from_log(battle=battle, rules=rules)
    frodo, sam = battle.participants.order_by("order")[:2]
    assert initial[row_field(frodo.pk, "left_battle")] is True
    assert initial[row_field(sam.pk, "left_battle")] is False
    assert initial[row_field(sam.pk, "fallen")] is True
    ai = sum(1 for f in context.fighters if f.side.value == "ai")
    assert (initial["player_victory_points"], initial["ai_victory_points"]) == (
        1 + ai,
        1,
    )
    assert initial["outcome"] == "victory"  # the AI lost its last character
    # Where exits do not score, Frodo's leaving is a loss and no line is ticked.
    plain = result_initial_from_log(
        battle=battle, rules=dc_replace(rules, scores_exits=False)
    )
    assert row_field(frodo.pk, "left_battle") not in plain
    assert plain["ai_victory_points"] == 2


def test_a_scattered_horde_character_is_ticked_routed_as_the_pack_says(campaign):
    from campaigns.selectors.table_record import result_initial_from_log
    from campaigns.services.result_entry import row_field

    _, battle = doctrine_battle(campaign, "horde", seed=12)
    _begin(battle)
    context, _, _ = now(battle)
    horde = next(c for c in context.companies if c.horde)
    add(battle, TellTap(tap="company_routed", company=horde.order))
    initial = result_initial_from_log(battle=battle)
    rider = next(f for f in context.fighters if f.company == horde.order)
    assert initial[row_field(rider.participant_id, "routed")] is True


# --- who tapped each entry (issue 35 item 5) ------------------------------------------


def test_the_log_says_who_tapped_each_entry(client, user, campaign, django_user_model):
    """The owner begins the round, a member taps a fall: each entry keeps its
    author, and the table page and the battle page show them."""
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    member = django_user_model.objects.create_user(username="merry", password="pw")
    campaign.members.add(member)
    client.force_login(user)
    client.post(table_url(battle), {"action": "begin", "version": version(battle)})
    if now(battle)[1].question().phase == "choose":
        client.post(
            table_url(battle),
            {"action": "first", "first": "ai", "version": version(battle)},
        )
    client.force_login(member)
    client.post(
        table_url(battle),
        {"action": "tap", "tap": "fell", "key": "p2", "version": version(battle)},
    )
    authors = list(
        TableEntry.objects.filter(log__battle=battle)
        .order_by("position")
        .values_list("author", flat=True)
    )
    assert authors[0] == user.username and authors[-1] == "merry"
    html = client.get(table_url(battle)).content.decode()
    assert f"by <bdi>{user.username}</bdi>" in html and "by <bdi>merry</bdi>" in html
    detail = reverse(
        "campaigns:battle_detail",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    assert "by <bdi>merry</bdi>" in client.get(detail).content.decode()


# --- issue 33 item 9: the battle's end says whose -------------------------------------


def test_last_character_lost_asks_whose_and_the_result_form_reads_it(
    client, user, campaign
):
    from campaigns.selectors.table_record import result_initial_from_log

    _, battle = doctrine_battle(campaign, "priority", seed=12)
    _begin(battle)
    client.force_login(user)
    html = client.get(table_url(battle) + "?do=end").content.decode()
    assert 'value="last_character_lost:player"' in html
    assert 'value="last_character_lost:ai"' in html
    assert "your side lost its last character" in html
    client.post(
        table_url(battle),
        {
            "action": "end",
            "reason": "last_character_lost:player",
            "version": version(battle),
        },
    )
    initial = result_initial_from_log(battle=battle)
    assert (initial["end_reason"], initial["outcome"]) == (
        "last_character_lost",
        "defeat",
    )


def test_objectives_are_spoken_of_only_where_the_battle_has_them(
    client, user, campaign
):
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    _begin(battle)
    client.force_login(user)
    context = now(battle)[0]
    html = client.get(table_url(battle) + "?do=people").content.decode()
    said = "or an objective carried off" in html
    assert said == bool(context.carriable_objectives)
    if not context.objectives and not context.fixed_objectives:
        end = client.get(table_url(battle) + "?do=end").content.decode()
        assert "the scenario's objective ends it" not in end


# --- issue 33 item 10: one name on every page -----------------------------------------


def test_two_characters_of_one_name_are_numbered_on_the_result_form_as_at_the_table(
    client, user, campaign
):
    from campaigns.models import Character

    playable, battle = doctrine_battle(campaign, "priority", seed=12)
    Character.objects.filter(pk=playable.ai[2].pk).update(name="Khamûl")
    context = now(battle)[0]
    labels = [f.label for f in context.fighters if f.name == "Khamûl"]
    assert labels == ["Khamûl", "Khamûl 2"]
    client.force_login(user)
    url = reverse(
        "campaigns:result_entry",
        kwargs={"slug": campaign.slug, "battle_id": battle.pk},
    )
    html = client.get(url).content.decode()
    assert "<strong><bdi>Khamûl 2</bdi></strong>" in html
    assert "<strong><bdi>Khamûl</bdi></strong>" in html


# --- issue 33 item 11: the wound slots read plainly -----------------------------------


def test_the_characters_screen_says_how_many_wound_slots_are_left(
    client, user, campaign
):
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    _begin(battle)
    add(battle, TellTap(tap="wound", key="p1"))
    client.force_login(user)
    html = client.get(table_url(battle) + "?do=people&who=p1").content.decode()
    html += client.get(table_url(battle) + "?do=people").content.decode()
    assert "1 wound token, 2 free slots left" in html
    assert "wound tokens 1 of" not in html


# --- issue 30: River Crossing's "beyond the river" from the log ----------------------


def _river_crossing(campaign, attacker: str = "player"):
    from campaigns.models import Battle

    _, battle = doctrine_battle(campaign, "priority", seed=12)
    defender = "ai" if attacker == "player" else "player"
    Battle.objects.filter(pk=battle.pk).update(
        scenario_name="River Crossing",
        roles={attacker: "attacker", defender: "defender"},
    )
    battle.refresh_from_db()
    return battle


@pytest.mark.parametrize(("attacker", "vp"), [("player", (2, 0)), ("ai", (0, 2))])
def test_the_attackers_beyond_the_river_score_on_the_result_form_from_the_log(
    client, user, campaign, attacker, vp
):
    """The end screen asks how many of the attacker's characters stand beyond
    the river; the result form's VP carry them (1 each) to the attacker."""
    from campaigns.selectors.result import battle_result_rules
    from campaigns.selectors.table_record import result_initial_from_log

    battle = _river_crossing(campaign, attacker)
    client.force_login(user)
    _begin(battle)
    html = client.get(table_url(battle) + "?do=end").content.decode()
    assert "stand beyond the river now?" in html and 'name="beyond"' in html
    response = client.post(
        table_url(battle),
        {
            "action": "end",
            "reason": "objective",
            "beyond": "2",
            "version": version(battle),
        },
    )
    assert response.status_code == 302
    assert now(battle)[2][-1].text.endswith("Beyond the river at the end: 2.")
    rules = battle_result_rules(battle=battle)
    initial = result_initial_from_log(battle=battle, rules=rules)
    assert (initial["player_victory_points"], initial["ai_victory_points"]) == vp


def test_a_count_beyond_the_river_that_is_no_number_is_refused(client, user, campaign):
    battle = _river_crossing(campaign)
    client.force_login(user)
    _begin(battle)
    before = version(battle)
    response = client.post(
        table_url(battle),
        {"action": "end", "reason": "objective", "beyond": "lots", "version": before},
        follow=True,
    )
    assert "stand beyond the river (a whole number" in response.content.decode()
    assert (version(battle), now(battle)[1].ended) == (before, "")


def test_only_a_river_crossing_asks_who_stands_beyond_the_river(client, user, campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    client.force_login(user)
    _begin(battle)
    html = client.get(table_url(battle) + "?do=end").content.decode()
    assert "beyond the river" not in html and 'name="beyond"' not in html
