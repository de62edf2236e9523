"""A battle's pack is asked for when what it prints changes, not when a page
is looked at (issue 22, part 7): each admin edit of something a planned
battle's pack prints — the campaign's paper size, the scene, a company, a
character, a commander, a wound, a company's notes in the scene — sends
exactly one render once it commits; an edit of something the pack does not
print sends none. Tasks run with the immediate backend, on commit."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from campaigns.models import (
    Battle,
    Character,
    Company,
    PersistingWound,
    SceneCompany,
)
from campaigns.printing import pack_store
from campaigns.printing.models import PackRender
from campaigns.printing.pack_store import pack_key
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.services.pack_render import campaign_packs_schedule
from tests.campaigns.admin_helpers import admin_url, page_form_data

pytestmark = pytest.mark.django_db

SETUP_SITE = "http://127.0.0.1:8000"
"""The address the setup service printed (no request): the pack's address."""


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def renders(monkeypatch):
    calls = []

    def fake_render_pack_pdf(data) -> bytes:
        calls.append(data)
        return b"%PDF-1.7 stand-in " + str(len(calls)).encode()

    monkeypatch.setattr(pack_store.printing, "render_pack_pdf", fake_render_pack_pdf)
    return calls


@pytest.fixture
def battle(make_pack_battle, renders, django_capture_on_commit_callbacks) -> Battle:
    """A planned battle whose pack the setup stored (one render so far)."""
    with django_capture_on_commit_callbacks(execute=True):
        battle = make_pack_battle(players=2, ai=2)
    assert len(renders) == 1
    return battle


def current_row(battle: Battle) -> PackRender | None:
    key = pack_key(battle_pack_data(battle=battle, site_url=SETUP_SITE))
    return PackRender.objects.filter(key=key).first()


def ai_company(battle: Battle) -> Company:
    return battle.companies.get(side="ai").company


EDITS: dict[str, tuple[Callable[[Battle], object], str, str]] = {
    "the campaign's paper size": (lambda b: b.campaign, "paper_size", "LETTER"),
    "the scene's briefing": (lambda b: b.scene, "briefing", "Hold the ford."),
    "an AI company's name": (ai_company, "name", "Uruk-hai of Isengard"),
    "a character's name": (
        lambda b: b.participants.first().character,
        "name",
        "Strider",
    ),
    "a commander's name": (
        lambda b: ai_company(b).commander,
        "name",
        "Uglúk",
    ),
}
NOT_PRINTED: dict[str, tuple[Callable[[Battle], object], str, str]] = {
    "the campaign's description": (
        lambda b: b.campaign,
        "description",
        "Not printed on the pack.",
    ),
    # The battlefield (orders, notes, terrain) is kept as it was set up.
    "a company's notes in the scene": (
        lambda b: SceneCompany.objects.get(scene=b.scene, company=ai_company(b)),
        "notes",
        "Never crosses the river.",
    ),
}


def post_change(admin_client, obj, field: str, value: str, capture):
    url = admin_url(type(obj), "change", obj.pk)
    data = page_form_data(admin_client.get(url))
    data[field] = value
    with capture(execute=True):
        response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_an_admin_edit_of_what_the_pack_prints_sends_exactly_one_render(
    admin_client, battle, renders, edit, django_capture_on_commit_callbacks
):
    """Once the edit commits, the pack as it is now is rendered and stored:
    one render, whatever the page's inlines saved along with it."""
    of, field, value = EDITS[edit]
    post_change(
        admin_client, of(battle), field, value, django_capture_on_commit_callbacks
    )
    assert (len(renders), current_row(battle).status) == (2, "stored")


@pytest.mark.parametrize("edit", sorted(NOT_PRINTED))
def test_an_admin_edit_of_what_the_pack_does_not_print_sends_none(
    admin_client, battle, renders, edit, django_capture_on_commit_callbacks
):
    """The pack stored at setup is still the current one: nothing is sent."""
    of, field, value = NOT_PRINTED[edit]
    post_change(
        admin_client, of(battle), field, value, django_capture_on_commit_callbacks
    )
    assert (len(renders), current_row(battle).status) == (1, "stored")


def test_deleting_a_wound_in_the_admin_sends_one_render(
    admin_client, battle, renders, django_capture_on_commit_callbacks
):
    """A persisting wound a character carries is printed on its card: deleting
    one of two makes a new pack."""
    character = battle.participants.first().character
    wound = PersistingWound.objects.create(character=character, name="Scarred arm")
    PersistingWound.objects.create(character=character, name="Lame leg")
    with django_capture_on_commit_callbacks(execute=True):
        campaign_packs_schedule(campaign_ids=[battle.campaign_id], site_url="")
    assert len(renders) == 2
    url = admin_url(PersistingWound, "delete", wound.pk)
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(url, {"post": "yes"})
    assert (len(renders), current_row(battle).status) == (3, "stored")


def test_a_battle_no_longer_planned_is_not_rendered_again(
    admin_client, battle, renders, django_capture_on_commit_callbacks
):
    Battle.objects.filter(pk=battle.pk).update(status="resolved")
    post_change(
        admin_client,
        battle.scene,
        "briefing",
        "Hold the ford.",
        django_capture_on_commit_callbacks,
    )
    assert len(renders) == 1


def test_the_pack_is_asked_again_at_each_address_it_was_asked_at(
    battle, renders, django_capture_on_commit_callbacks
):
    """A pack asked for at the players' address too is rendered again for each."""
    from campaigns.services.pack_render import pack_render_schedule

    with django_capture_on_commit_callbacks(execute=True):
        pack_render_schedule(battle=battle, site_url="http://192.168.1.20:8000")
    Character.objects.filter(pk=battle.participants.first().character_id).update(
        name="Strider"
    )
    with django_capture_on_commit_callbacks(execute=True):
        campaign_packs_schedule(campaign_ids=[battle.campaign_id], site_url="")
    addresses = sorted(r["site_url"] for r in renders[-2:])
    assert (len(renders), addresses) == (
        4,
        ["http://127.0.0.1:8000", "http://192.168.1.20:8000"],
    )


def test_applying_a_result_asks_for_the_resolved_battle_s_pack(
    battle, renders, django_capture_on_commit_callbacks
):
    """The pack prints the battle's status: once resolved, its pack as it is
    now is stored for the battle page's quiet download."""
    from campaigns.services.pack_render import battle_packs_schedule

    Battle.objects.filter(pk=battle.pk).update(status="resolved")
    with django_capture_on_commit_callbacks(execute=True):
        battle_packs_schedule(battle_ids=[battle.pk])
    assert (len(renders), current_row(battle).status) == (2, "stored")
