"""A battle changed on a laptop while a phone's tap is on its way: discarded,
fought or re-rolled between the table page's read of the battle and its write.

The club night's 500 on ``/battles/<id>/table/``: the write saved an entry for
a battle deleted meanwhile and the database refused it at commit (a foreign
key). Each test here lets the view load the battle, then changes it before the
write, as the other device would.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

import campaigns.views.table as table_view
from campaigns.models import Battle, TableEntry, TableLog
from campaigns.models.battle import BattleStatus
from tests.campaigns.table_helpers import doctrine_battle

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("no_worker"),
]


def table_url(battle: Battle) -> str:
    return reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


@pytest.fixture
def begun(campaign, user, client) -> Battle:
    """A battle whose log has one entry (a round begun), the phone logged in."""
    _, battle = doctrine_battle(campaign, "priority")
    client.force_login(user)
    client.post(table_url(battle), {"action": "begin", "version": 0})
    assert TableLog.objects.get(battle=battle).version == 1
    client.raise_request_exception = True
    return battle


def meanwhile(monkeypatch, change) -> None:
    """The view loads the battle, then ``change`` happens to it elsewhere."""
    real = table_view.battle_for_table

    def loaded_then_changed(**kwargs):
        battle = real(**kwargs)
        change(battle.pk)
        return battle

    monkeypatch.setattr(table_view, "battle_for_table", loaded_then_changed)


def discard(pk: int) -> None:
    Battle.objects.filter(pk=pk).delete()


@pytest.mark.parametrize(
    "data",
    [
        {"action": "undo", "version": 1},
        {"action": "restart", "version": 1},
        {"action": "tap", "version": 1, "tap": "wound", "key": "p1"},
    ],
    ids=["undo", "restart", "tap"],
)
def test_a_tap_on_a_battle_discarded_meanwhile_is_the_sites_404(
    begun, client, monkeypatch, data
):
    meanwhile(monkeypatch, discard)
    response = client.post(table_url(begun), data)
    assert (response.status_code, "<h1>Not found</h1>" in response.text) == (404, True)
    assert not TableEntry.objects.exists()


def test_the_first_tap_on_a_battle_discarded_meanwhile_creates_no_log(
    campaign, user, client, monkeypatch
):
    _, battle = doctrine_battle(campaign, "priority")
    client.force_login(user)
    client.raise_request_exception = True
    meanwhile(monkeypatch, discard)
    response = client.post(table_url(battle), {"action": "begin", "version": 0})
    assert response.status_code == 404
    assert (TableLog.objects.count(), TableEntry.objects.count()) == (0, 0)


def test_a_tap_on_a_battle_fought_meanwhile_is_refused_and_writes_nothing(
    begun, client, monkeypatch
):
    def fought(pk: int) -> None:
        Battle.objects.filter(pk=pk).update(status=BattleStatus.FOUGHT)

    meanwhile(monkeypatch, fought)
    response = client.post(table_url(begun), {"action": "undo", "version": 1})
    page = client.get(response.headers["Location"])
    assert "no longer planned" in page.text
    assert TableEntry.objects.filter(log__battle=begun).count() == 1


def test_a_tap_on_a_battle_re_rolled_meanwhile_is_refused_and_writes_nothing(
    begun, client, monkeypatch
):
    def rerolled(pk: int) -> None:
        Battle.objects.filter(pk=pk).update(setup_seed=begun.setup_seed + 1)

    meanwhile(monkeypatch, rerolled)
    data = {"action": "tap", "version": 1, "tap": "wound", "key": "p1"}
    response = client.post(table_url(begun), data)
    page = client.get(response.headers["Location"])
    assert "re-rolled" in page.text
    assert TableEntry.objects.filter(log__battle=begun).count() == 1


def test_the_page_of_a_battle_discarded_while_it_is_drawn_still_draws(
    begun, client, monkeypatch
):
    """A GET writes nothing: the page as the battle was when it was loaded."""
    meanwhile(monkeypatch, discard)
    response = client.get(table_url(begun) + "?do=people")
    assert response.status_code == 200
