"""The table page: GET shows, POST writes and redirects; the battle page, the
chronicle and the result form read the log."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from campaigns.models import Battle, TableEntry
from campaigns.selectors.table_record import battle_table_log, result_initial_from_log
from campaigns.services.result_apply import result_apply
from campaigns.services.result_entry import row_field
from engines.table.moves import BeginRound, TellTap
from tests.campaigns.table_helpers import add, doctrine_battle, version

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(campaign, user, django_user_model):
    playable, battle = doctrine_battle(campaign, "priority", seed=12)
    member = django_user_model.objects.create_user(username="sam", password="pw")
    campaign.members.add(member)
    return playable, battle, member


def table_url(battle: Battle) -> str:
    return reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


def begin(client, battle, **extra):
    data = {"action": "begin", "version": version(battle), **extra}
    return client.post(table_url(battle), data)


def ai_first(client, battle):
    """The humans won round 1's initiative (seed 12): the AI goes first."""
    data = {"action": "first", "version": version(battle), "first": "ai"}
    return client.post(table_url(battle), data)


def entries(battle) -> int:
    return TableEntry.objects.filter(log__battle=battle).count()


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


# --- reading --------------------------------------------------------------------------


def test_the_owner_is_asked_to_begin_round_one(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    assert "Begin round 1" in client.get(table_url(battle)).content.decode()


def test_a_member_plays_the_robot_too(client, world):
    """SITE.md Access: a member is another general at the table; the page
    offers the member its buttons, and the member's round begins in the log."""
    _, battle, member = world
    client.force_login(member)
    html = client.get(table_url(battle)).content.decode()
    assert 'name="action"' in html
    assert (begin(client, battle).status_code, entries(battle)) == (302, 1)


def test_a_member_still_cannot_apply_the_result(client, world):
    """Applying the result stays the owner's: a member's POST is a 403."""
    _, battle, member = world
    client.force_login(member)
    url = reverse(
        "campaigns:result_entry",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    assert client.post(url, {}).status_code == 403


def test_a_resolved_battles_page_writes_nothing(client, user, world):
    _, battle, _ = world
    Battle.objects.filter(pk=battle.pk).update(status="resolved")
    client.force_login(user)
    html = client.get(table_url(battle)).content.decode()
    assert 'name="action"' not in html


def test_another_campaigns_battle_is_not_found(client, user, world, make_campaign):
    _, battle, _ = world
    other = make_campaign(owner=user)
    client.force_login(user)
    url = reverse(
        "campaigns:battle_table", kwargs={"slug": other.slug, "battle_id": battle.pk}
    )
    assert client.get(url).status_code == 404


# --- writing --------------------------------------------------------------------------


def test_beginning_a_round_redirects_to_the_page_with_the_entry(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    response = begin(client, battle, fighter=["p7"], sees=["p7"])
    assert (response.status_code, response["Location"], entries(battle)) == (
        302,
        table_url(battle),
        1,
    )


def test_a_tap_from_a_page_no_longer_current_is_refused_with_a_message(
    client, user, world
):
    """This phone wrote since (another tab, or back): the refusal says the page
    was out of date here, and never blames another phone."""
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    response = client.post(
        table_url(battle), {"action": "begin", "version": 0}, follow=True
    )
    said = " ".join(messages_of(response))
    assert ("out of date" in said, "another phone" in said, entries(battle)) == (
        True,
        False,
        1,
    )


def test_a_tap_refused_after_another_phone_wrote_says_so(user, world):
    """Two phones of the same player (two sessions): the second one's stale tap
    is refused and told that the log changed on another phone."""
    from django.test import Client

    _, battle, _ = world
    first, second = Client(), Client()
    first.force_login(user)
    second.force_login(user)
    begin(first, battle)
    response = second.post(
        table_url(battle), {"action": "begin", "version": 0}, follow=True
    )
    said = " ".join(messages_of(response))
    assert ("on another phone" in said, entries(battle)) == (True, 1)


def test_a_post_without_a_version_writes_nothing(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    response = client.post(table_url(battle), {"action": "begin"}, follow=True)
    assert (messages_of(response), entries(battle)) == (
        ["This page is out of date: here is the battle now."],
        0,
    )


def test_an_unknown_action_writes_nothing(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    client.post(table_url(battle), {"action": "teleport", "version": 0})
    assert entries(battle) == 0


def test_undo_takes_back_the_last_entry(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    response = client.post(
        table_url(battle),
        {"action": "undo", "version": version(battle)},
        follow=True,
    )
    assert (entries(battle), messages_of(response)[0].startswith("Taken back")) == (
        0,
        True,
    )


def test_a_tap_is_kept(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    client.post(
        table_url(battle),
        {"action": "tap", "version": version(battle), "tap": "wound", "key": "p1"},
    )
    last = TableEntry.objects.filter(log__battle=battle).last()
    assert last.text == "Frodo took a wound token."


# --- the questions --------------------------------------------------------------------


def ask(client, battle, **query):
    return client.get(table_url(battle), query).context["page"]


def test_an_activation_first_asks_whether_it_is_in_melee(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    page = ask(client, battle, do="act", who="p7")
    assert page.walk.question.text.startswith(
        "Is Witch-king in base contact with an enemy?"
    )


def test_the_melee_question_answers_the_usual_melee_and_the_nearest_in_one_tap(
    client, user, world
):
    """Fewer taps: "Yes — with Frodo" is the melee and its one contact; "No —
    Sam is nearest" is no melee and the nearest enemy."""
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    page = ask(client, battle, do="act", who="p7")
    labels = [c.label for c in page.walk.question.choices]
    assert "Yes — with Frodo" in labels and "No — Sam is nearest" in labels
    page = ask(client, battle, do="act", who="p7", melee="near:p2")
    assert [a.question.name for a in page.walk.asked] == ["melee", "near"]


def test_each_answer_in_the_query_string_leads_to_the_next_question(
    client, user, world
):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    page = ask(client, battle, do="act", who="p7", melee="no", near="p1")
    assert page.walk.question.name == "near_in"


def test_a_quick_distance_tapped_beside_an_empty_field_is_the_answer(
    client, user, world
):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    response = client.get(
        table_url(battle) + "?do=act&who=p7&melee=no&near=p1&near_in=&near_in=6"
    )
    assert response.context["page"].walk.answers["near_in"] == "6"


def test_every_answer_can_be_changed_by_asking_it_again(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    page = ask(client, battle, do="act", who="p7", melee="no", near="p1")
    assert [c.url.endswith("who=p7") for c in page.changes] == [True, False]


def test_the_decision_is_one_post_once_every_answer_is_in(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    ai_first(client, battle)
    answers = {"melee": "no", "near": "p1", "near_in": "8", "near_seen": "yes"}
    page = ask(client, battle, do="act", who="p7", **answers)
    data = dict(page.hidden) | {"action": "activate", "version": page.version}
    response = client.post(table_url(battle), data, follow=True)
    answer = response.context["page"].answer
    assert (answer.sentence, answer.step) == (
        'Witch-king — Shoot: shoots Frodo at 8" (range 12").',
        "3",
    )


def test_an_activation_sent_with_an_answer_missing_asks_again(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    data = {"action": "activate", "version": version(battle), "who": "p7"}
    data["melee"] = "no"
    response = client.post(table_url(battle), data)
    assert (entries(battle), "do=act" in response["Location"]) == (1, True)


def test_a_follow_up_is_offered_after_a_melee(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    ai_first(client, battle)
    data = {
        "action": "activate",
        "version": version(battle),
        "who": "p7",
        "melee": "yes",
        "contacts": "p1",
    }
    page = client.post(table_url(battle), data, follow=True).context["page"]
    assert (page.answer.follow_up_url.endswith("follow=1"), page.answer.fell.key) == (
        True,
        "p1",
    )


# --- elsewhere: the battle page, the chronicle, the result form -----------------------


def test_the_battle_page_leads_to_the_table(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    html = client.get(
        reverse(
            "campaigns:battle_detail",
            kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
        )
    ).content.decode()
    assert f'href="{table_url(battle)}"' in html


def test_the_battle_page_shows_the_log(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    add(battle, TellTap(tap="fell", key="p2"))
    html = client.get(
        reverse(
            "campaigns:battle_detail",
            kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
        )
    ).content.decode()
    assert "Sam fell." in html


def played_and_applied(client, user, world):
    """Sam falls at the table, then the result the log fills in is applied
    (the AI side routed)."""
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    add(battle, TellTap(tap="fell", key="p2"))
    result_apply(
        battle=battle,
        data=result_initial_data(battle)
        | {"outcome": "victory", "end_reason": "rout", "ai_routed": True},
    )
    return battle


def test_the_chronicle_keeps_the_log_of_a_battle_played_at_the_table(
    client, user, world
):
    battle = played_and_applied(client, user, world)
    html = client.get(
        reverse("campaigns:chronicle", kwargs={"slug": battle.campaign.slug})
    ).content.decode()
    rolls = [
        roll for line in battle_table_log(battle=battle).lines for roll in line.dice
    ]
    assert (
        "Sam fell." in html,
        bool(rolls),
        [roll for roll in rolls if escape(roll) not in html],
    ) == (True, True, [])


def result_initial_data(battle) -> dict:
    """The result the log fills in, in the service's shape."""
    initial = result_initial_from_log(battle=battle)
    characters = {}
    for name, value in initial.items():
        match = re.fullmatch(r"p(\d+)-(\w+)", name)
        if match:
            characters.setdefault(int(match[1]), {})[match[2]] = value
    top = {k: v for k, v in initial.items() if not k.startswith("p")}
    return top | {"characters": characters}


def test_the_result_form_arrives_filled_in_from_what_was_tapped(client, user, world):
    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    add(battle, TellTap(tap="wound", key="p1"))
    add(battle, TellTap(tap="fell", key="p2"))
    add(battle, TellTap(tap="side_routed", side="ai"))
    form = client.get(
        reverse(
            "campaigns:result_entry",
            kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
        )
    ).context["form"]
    frodo, sam = battle.participants.order_by("order")[:2]
    filled = {
        name: form[name].value()
        for name in (
            "outcome",
            "end_reason",
            "ai_routed",
            "rounds_played",
            row_field(frodo.pk, "wound_tokens"),
            row_field(sam.pk, "fallen"),
        )
    }
    assert filled == {
        "outcome": "victory",
        "end_reason": "rout",
        "ai_routed": True,
        "rounds_played": 1,
        row_field(frodo.pk, "wound_tokens"): 1,
        row_field(sam.pk, "fallen"): True,
    }


def test_without_a_log_the_result_form_is_as_it_was(world):
    _, battle, _ = world
    assert result_initial_from_log(battle=battle) == {}


# --- query counts ---------------------------------------------------------------------


def count(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def grow(battle, taps: int) -> None:
    for n in range(taps):
        key = "p1" if n % 2 else "p7"
        add(battle, TellTap(tap="routed", key=key))


@pytest.mark.parametrize("name", ["battle_table", "battle_detail", "result_entry"])
def test_the_pages_reading_the_log_make_as_many_queries_for_a_long_log(
    client, user, world, name
):
    """At most 15 queries, the same for a log of 3 entries as for one of 40."""
    _, battle, _ = world
    client.force_login(user)
    add(battle, BeginRound(sightings={}))
    url = reverse(
        f"campaigns:{name}",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    grow(battle, 2)
    short = count(client, url)
    grow(battle, 37)
    long = count(client, url)
    assert (short == long, long <= 15) == (True, True), (short, long)


def test_a_log_begun_before_a_reroll_is_shown_with_a_way_to_start_again(
    client, user, world
):
    from campaigns.services.battle_setup import battle_reroll

    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    battle_reroll(battle=battle, seed=4242)
    html = client.get(table_url(battle)).content.decode()
    assert ("no longer fits the battle" in html, 'value="restart"' in html) == (
        True,
        True,
    )


def test_a_log_begun_before_a_reroll_fills_in_nothing(client, user, world):
    from campaigns.services.battle_setup import battle_reroll

    _, battle, _ = world
    client.force_login(user)
    begin(client, battle)
    add(battle, TellTap(tap="fell", key="p1"))
    battle = battle_reroll(battle=battle, seed=4242)
    assert result_initial_from_log(battle=battle) == {}


def test_the_printed_chronicle_keeps_the_log_too(client, user, world):
    from tests.campaigns.pack_helpers import page_texts

    battle = played_and_applied(client, user, world)
    response = client.get(
        reverse("campaigns:chronicle_pdf", kwargs={"slug": battle.campaign.slug})
    )
    assert "Sam fell." in " ".join(page_texts(response.content))
