"""Walk the URL configuration: every campaign URL keeps SITE.md's access rules.

A URL added later is covered automatically (stranger 404, anonymous login
redirect); it must also be listed below as read or owner-only, or the
classification test fails. A page members read and only the owner changes
is in both; the table page is read by members and written by the owner and the
members alike (they are the other generals at the table).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from campaigns.models import Battle
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.invitations import invitation_make
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db

READ = {
    "dashboard",
    "company",
    "character",
    "scene_detail",
    "scene_playtest",
    "battle_detail",
    "battle_table",
    "battle_pack",
    "resolution",
    "chronicle",
    "chronicle_pdf",
    "export",
}
OWNER = {
    "battle_setup",
    "scene_playtest",
    "scene_rest",
    "rest_undo",
    "battle_reroll",
    "battle_discard",
    "battle_pack_retry",
    "result_entry",
    "result_reopen",
    "battle_notes",
    "invitations",
}
OWNER_EVEN_TO_READ = {"invitations"}
"""Owner-only pages a member may not even read (a 403 on GET too)."""
MEMBERS_WRITE = {"battle_table"}
NOT_CAMPAIGN = {"home", "import", "campaign_new", "invitation_accept"}
LOGGED_IN = {"home", "import", "campaign_new", "invitation_accept"}
"""URLs outside any one campaign: for anyone logged in."""


def campaign_url_names() -> list[str]:
    names = []

    def walk(patterns, namespace=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, pattern.namespace or namespace)
            elif isinstance(pattern, URLPattern) and namespace == "campaigns":
                names.append(pattern.name)

    walk(get_resolver().url_patterns)
    return names


@pytest.fixture
def world(campaign, django_user_model):
    playable = build_playable(campaign)
    battle = battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=5,
    )
    member = django_user_model.objects.create_user(username="member", password="pw")
    campaign.members.add(member)
    return playable, battle, member


def url_for(name: str, playable, battle: Battle) -> str:
    kwargs = {
        "slug": playable.campaign.slug,
        "scene": playable.scene.slug,
        "battle_id": battle.pk,
        "company_id": playable.player_company.pk,
        "character_id": playable.players[0].pk,
    }
    for keys in (
        ("slug",),
        ("slug", "scene"),
        ("slug", "battle_id"),
        ("slug", "company_id"),
        ("slug", "character_id"),
    ):
        try:
            return reverse(f"campaigns:{name}", kwargs={k: kwargs[k] for k in keys})
        except Exception:  # noqa: BLE001 - try the next shape of arguments
            continue
    raise AssertionError(f"cannot build a URL for {name}")


def status(response) -> int:
    """The status code, after reading a streamed body to its end (the test
    client closes the file then). Closing the response by hand would send
    request_finished, which closes the database connection mid-test."""
    if response.streaming:
        b"".join(response.streaming_content)
    return response.status_code


def campaign_urls():
    return [n for n in campaign_url_names() if n not in NOT_CAMPAIGN]


def test_every_campaign_url_is_classified_as_read_or_owner_only():
    unclassified = set(campaign_urls()) - READ - OWNER - MEMBERS_WRITE
    assert not unclassified


def test_every_url_of_the_app_is_classified():
    """A URL outside the campaigns is listed as for anyone logged in."""
    assert set(campaign_url_names()) - set(campaign_urls()) == LOGGED_IN


def logged_in_url(name: str) -> str:
    if name == "invitation_accept":
        return reverse(f"campaigns:{name}", args=["a-token-of-no-invitation"])
    return reverse(f"campaigns:{name}")


@pytest.mark.parametrize("name", sorted(LOGGED_IN))
def test_anonymous_visitor_is_sent_to_log_in_outside_the_campaigns_too(
    client, world, name
):
    url = logged_in_url(name)
    for response in (client.get(url), client.post(url)):
        assert (status(response), response["Location"].split("?")[0]) == (
            302,
            reverse("login"),
        )


@pytest.mark.parametrize("name", sorted(OWNER_EVEN_TO_READ))
def test_member_get_of_an_owner_only_page_is_403(client, world, name):
    playable, battle, member = world
    client.force_login(member)
    assert status(client.get(url_for(name, playable, battle))) == 403


@pytest.mark.parametrize("name", campaign_urls())
def test_stranger_gets_404_on_every_campaign_url(client, other_user, world, name):
    playable, battle, _ = world
    client.force_login(other_user)
    url = url_for(name, playable, battle)
    assert status(client.get(url)) == 404
    assert status(client.post(url)) == 404


@pytest.mark.parametrize("name", campaign_urls())
def test_anonymous_visitor_is_sent_to_log_in(client, world, name):
    playable, battle, _ = world
    url = url_for(name, playable, battle)
    for response in (client.get(url), client.post(url)):
        assert status(response) == 302
        assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", sorted(OWNER))
def test_member_post_to_owner_only_url_is_403(client, world, name):
    playable, battle, member = world
    client.force_login(member)
    assert status(client.post(url_for(name, playable, battle))) == 403


@pytest.mark.parametrize("name", sorted(READ))
def test_member_reads_every_read_url(client, world, name):
    playable, battle, member = world
    client.force_login(member)
    assert status(client.get(url_for(name, playable, battle))) in (200, 304)


@pytest.mark.parametrize("name", sorted(MEMBERS_WRITE))
def test_member_post_to_a_members_write_url_is_not_refused(client, world, name):
    """A member's POST is taken (a redirect back to the page), not a 403."""
    playable, battle, member = world
    client.force_login(member)
    assert status(client.post(url_for(name, playable, battle))) == 302


@pytest.mark.parametrize(
    "name", [*sorted(OWNER | MEMBERS_WRITE), "import", "invitation_accept"]
)
def test_every_form_refuses_a_post_without_its_csrf_token(world, user, name):
    from django.test import Client

    playable, battle, _ = world
    client = Client(enforce_csrf_checks=True)
    invitee = get_user_model().objects.create_user(username="invitee")
    client.force_login(invitee if name == "invitation_accept" else user)
    if name == "invitation_accept":
        token = invitation_make(campaign=playable.campaign).token
        url = reverse("campaigns:invitation_accept", args=[token])
    elif name == "import":
        url = reverse("campaigns:import")
    else:
        url = url_for(name, playable, battle)
    assert status(client.post(url, {})) == 403
    assert (
        Battle.objects.get(pk=battle.pk).times_rolled,
        playable.campaign.members.filter(pk=invitee.pk).exists(),
        playable.campaign.invitations.count() == (name == "invitation_accept"),
    ) == (1, False, True)


def test_admin_refuses_a_post_without_its_csrf_token(world, admin_user):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)
    response = client.post(reverse("admin:campaigns_campaign_add"), {"name": "x"})
    assert status(response) == 403
