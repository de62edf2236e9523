"""The result form suggests the outcome the scene's ways to win give (issue 31,
item 5): it asks the facts they need, says which way gave the outcome, and
lets the owner overrule it with a reason the chronicle keeps."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import BattleResult
from campaigns.selectors.battles import battle_url as url
from tests.campaigns.transfer_helpers import set_up

pytestmark = pytest.mark.django_db

LEAVE = "Has Frodo Baggins left the table through The East Gate carrying The One Ring?"
CARRIED = "Has The One Ring been carried off the table by the AI side?"


@pytest.fixture
def bree(demo_campaign, client):
    client.force_login(demo_campaign.owner)
    return set_up(demo_campaign, seed=3)


def _post(client, battle, **values):
    data = {"outcome": "victory", "end_reason": "objective", **values}
    return client.post(url("result_entry", battle), data)


def test_the_form_asks_what_bree_s_ways_need(client, bree):
    html = client.get(url("result_entry", bree)).content.decode()
    assert (LEAVE in html, CARRIED in html) == (True, True)


def test_another_outcome_without_a_reason_is_refused_with_the_suggestion(client, bree):
    response = _post(client, bree)
    html = response.content.decode()
    assert (response.status_code, BattleResult.objects.count()) == (200, 0)
    assert (
        "The ways to win give a draw, not a victory: The last round ended with no "
        "way to win met: a draw. Choose that outcome, or say why you overrule them."
    ) in html


def test_the_outcome_the_ways_give_is_applied(client, bree):
    response = _post(client, bree, victory_0="on")
    assert (response.status_code, BattleResult.objects.get().overruled) == (302, "")


def test_an_overruled_outcome_keeps_its_reason_in_the_chronicle(client, bree):
    response = _post(client, bree, overrule_reason="Frodo slipped out by the hedge.")
    overruled = BattleResult.objects.get().overruled
    chronicle = client.get(
        reverse("campaigns:chronicle", args=[bree.campaign.slug])
    ).content.decode()
    assert response.status_code == 302
    assert overruled == (
        "The ways to win gave a draw (The last round ended with no way to win met: "
        "a draw); the owner chose a victory: Frodo slipped out by the hedge."
    )
    assert "the owner chose a victory: Frodo slipped out by the hedge." in chronicle


def test_a_fall_in_the_lines_is_judged(client, demo_campaign, bree):
    """Frodo fell and a wraith carried the Ring off: the AI's way, a defeat."""
    frodo = bree.participants.get(character__name="Frodo Baggins")
    response = _post(client, bree, victory_1="on", **{f"p{frodo.pk}-fallen": "on"})
    html = response.content.decode()
    assert (
        "The One Ring has been carried off the table by the AI side: the AI side "
        "wins." in html
    )


def _rows(scene, names):
    """The result form's lines, as result_verdict reads them."""
    from types import SimpleNamespace

    from campaigns.models import Character

    rows = []
    for n, character in enumerate(Character.objects.filter(name__in=names), 1):
        entry = scene.scene_companies.get(company_id=character.company_id)
        rows.append(
            SimpleNamespace(
                character=character,
                side=entry.side,
                participant=SimpleNamespace(pk=n),
            )
        )
    return rows


def test_a_yes_to_leaving_through_the_bridge_is_a_fact_every_way_reads(
    demo_campaign,
):
    """Frodo left through the bridge: he has "fallen or left", but he has
    left, so the wraiths' way (fallen and not left) is not met."""
    from campaigns.models import Scene
    from campaigns.selectors.result_victory import result_verdict, result_victory

    scene = Scene.objects.get(campaign=demo_campaign, slug="bree-bridge")
    battle = type("B", (), {"scene": scene, "campaign_id": demo_campaign.pk})()
    rv = result_victory(battle=battle)
    rows = _rows(scene, ["Frodo Baggins", "The Witch-king of Angmar"])
    bridge = next(q for q in rv.questions if "bridge" in q.text)
    verdict = result_verdict(
        rv=rv, rows=rows, data={"characters": {}}, answers={bridge.key: True}
    )
    assert (verdict.outcome, verdict.way) == ("victory", 0)


def test_a_side_that_conceded_lost_without_a_reason_asked(client, bree):
    """A concession decides: a defeat by conceding is not checked against the
    ways to win (which would give a draw), and needs no reason."""
    response = _post(client, bree, outcome="defeat", end_reason="conceded")
    assert (response.status_code, BattleResult.objects.get().outcome) == (
        302,
        "defeat",
    )
