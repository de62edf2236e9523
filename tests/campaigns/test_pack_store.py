"""Stored battle packs: rendered once, served again while nothing changed, and
rendered anew after any change the pack shows."""

from __future__ import annotations

import pytest
from django.core.files.storage import default_storage
from django.urls import reverse

from campaigns.models import PersistingWound
from campaigns.printing import pack_store
from campaigns.printing.pack_store import pack_key, stored_pack, template_version
from campaigns.selectors.battle_pack import battle_pack_data
from tests.campaigns.stored_packs import pack_stored_by_worker

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def renders(monkeypatch):
    """Counts renders; each makes a small stand-in PDF (the layout is tested
    elsewhere: here only when a render happens matters)."""
    calls = []

    def fake_render_pack_pdf(data) -> bytes:
        calls.append(pack_store.printing.render_pack_html(data))
        return b"%PDF-1.7 stand-in " + str(len(calls)).encode()

    monkeypatch.setattr(pack_store.printing, "render_pack_pdf", fake_render_pack_pdf)
    return calls


@pytest.fixture
def battle(make_pack_battle):
    return make_pack_battle(players=3, ai=2)


def url(battle) -> str:
    return reverse(
        "campaigns:battle_pack",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


def get(client, battle, **headers):
    """The download, once a worker has stored the battle's pack as it is now."""
    pack_stored_by_worker(battle)
    response = client.get(url(battle), headers=headers)
    response.body = (
        b"".join(response.streaming_content) if response.streaming else response.content
    )
    return response


def test_the_first_request_renders_and_stores_the_pack(owner, battle, renders):
    response = get(owner, battle)
    key = response["ETag"].strip('"')
    assert (len(renders), default_storage.exists(f"packs/{key}.pdf")) == (1, True)


def test_a_second_request_serves_the_stored_pack_without_rendering(
    owner, battle, renders
):
    first = get(owner, battle)
    second = get(owner, battle)
    assert (len(renders), second.body, second["ETag"]) == (
        1,
        first.body,
        first["ETag"],
    )


def test_the_response_carries_etag_and_last_modified(owner, battle, renders):
    response = get(owner, battle)
    data = battle_pack_data(battle=battle, site_url="http://testserver")
    assert response["ETag"] == f'"{pack_key(data)}"'
    assert response["Last-Modified"].endswith("GMT")
    assert "private" in response["Cache-Control"]


def test_if_none_match_gets_a_304(owner, battle, renders):
    etag = get(owner, battle)["ETag"]
    response = get(owner, battle, if_none_match=etag)
    assert (response.status_code, response.body, response["ETag"]) == (
        304,
        b"",
        etag,
    )


def test_a_stale_etag_gets_the_pack(owner, battle, renders):
    get(owner, battle)
    response = get(owner, battle, if_none_match='"not-this-one"')
    assert (response.status_code, response.body[:5]) == (200, b"%PDF-")


def test_renaming_a_character_renders_a_new_pack(owner, battle, renders):
    before = get(owner, battle)["ETag"]
    character = battle.participants.first().character
    character.name = "Strider"
    character.save()
    after = get(owner, battle)["ETag"]
    assert (len(renders), before != after, "Strider" in renders[-1]) == (2, True, True)


def test_healing_a_wound_renders_a_new_pack(owner, battle, renders):
    character = battle.participants.filter(side="player").first().character
    wound = PersistingWound.objects.create(character=character, name="Gash")
    with_wound = get(owner, battle)["ETag"]
    wound.status = "healed"
    wound.save()
    healed = get(owner, battle)["ETag"]
    assert (len(renders), with_wound != healed, "Gash" in renders[-1]) == (
        2,
        True,
        False,
    )


def test_changing_the_paper_size_renders_a_new_pack(owner, battle, campaign, renders):
    a4 = get(owner, battle)["ETag"]
    campaign.paper_size = "LETTER"
    campaign.save()
    letter = get(owner, battle)["ETag"]
    assert (len(renders), a4 != letter, 'class="letter"' in renders[-1]) == (
        2,
        True,
        True,
    )


def test_a_change_elsewhere_in_the_campaign_keeps_the_pack(
    owner, battle, campaign, renders
):
    get(owner, battle)
    campaign.description = "Not printed on the pack."
    campaign.save()
    get(owner, battle)
    assert len(renders) == 1


def test_the_key_depends_on_the_template_version(battle, monkeypatch):
    data = battle_pack_data(battle=battle)
    before = pack_key(data)
    monkeypatch.setattr(pack_store, "template_version", lambda: "another version")
    assert pack_key(data) != before


def test_the_template_version_is_computed_once_per_process():
    """Alone or after others: computed on the first call, kept for the next."""
    template_version.cache_clear()
    first, second = template_version(), template_version()
    info = template_version.cache_info()
    assert (info.misses, info.hits, first == second, len(first)) == (1, 1, True, 64)


def test_the_key_is_the_same_for_the_same_data(battle):
    assert pack_key(battle_pack_data(battle=battle)) == pack_key(
        battle_pack_data(battle=battle)
    )


def test_stored_pack_says_whether_it_rendered(battle, renders):
    assert (
        stored_pack(battle=battle).rendered,
        stored_pack(battle=battle).rendered,
    ) == (
        True,
        False,
    )


def test_the_admin_action_downloads_one_battles_pack(
    client, battle, renders, admin_user
):
    client.force_login(admin_user)
    response = client.post(
        reverse("admin:campaigns_battle_changelist"),
        {"action": "download_battle_pack", "_selected_action": [battle.pk]},
    )
    assert (response["Content-Type"], response.content[:5]) == (
        "application/pdf",
        b"%PDF-",
    )


def test_the_admin_action_asks_for_one_battle(
    client, battle, make_pack_battle, renders, admin_user
):
    other = make_pack_battle()
    client.force_login(admin_user)
    response = client.post(
        reverse("admin:campaigns_battle_changelist"),
        {"action": "download_battle_pack", "_selected_action": [battle.pk, other.pk]},
        follow=True,
    )
    assert "Select exactly one battle" in response.content.decode() and renders == []
