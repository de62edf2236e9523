"""Members by invitation (SITE.md "Access"): the owner makes a link (a secret
token, 7 days, revocable, one use); whoever opens it logged in and accepts
becomes a member. A dead or forged link is refused with a clear page and
changes nothing."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from campaigns.models import Invitation
from campaigns.services.invitations import invitation_make

pytestmark = pytest.mark.django_db


@pytest.fixture
def invitee(django_user_model):
    return django_user_model.objects.create_user(username="samwise", password="pw")


def page_url(campaign) -> str:
    return reverse("campaigns:invitations", kwargs={"slug": campaign.slug})


def accept_url(token: str) -> str:
    return reverse("campaigns:invitation_accept", args=[token])


def text(response) -> str:
    return " ".join(response.content.decode().replace("&#x27;", "'").split())


def make_link(client, campaign, label="Sam") -> str:
    """The owner makes a link on the page and reads it off the page."""
    client.post(page_url(campaign), {"label": label})
    html = client.get(page_url(campaign)).content.decode()
    return re.search(r'id="new-link"[^>]*value="([^"]+)"', html).group(1)


def is_member(campaign, user) -> bool:
    return campaign.members.filter(pk=user.pk).exists()


# --- the owner's page --------------------------------------------------------------


def test_the_owner_makes_a_link_to_the_accept_page(owner, campaign):
    link = make_link(owner, campaign)
    assert re.fullmatch(r"http://testserver/invitations/[\w-]{43}/", link)


def test_the_new_link_is_shown_once(owner, campaign):
    make_link(owner, campaign)
    assert 'id="new-link"' not in owner.get(page_url(campaign)).content.decode()


def test_the_site_keeps_no_copy_of_the_token(owner, campaign):
    token = make_link(owner, campaign).rstrip("/").rsplit("/", 1)[1]
    invitation = Invitation.objects.get()
    assert token not in {invitation.token_hash, invitation.label}


def test_a_link_works_for_seven_days(campaign):
    invitation = invitation_make(campaign=campaign).invitation
    assert invitation.expires_at - invitation.created_at == timedelta(days=7)


def test_the_list_shows_whom_each_link_is_for_and_its_state(owner, campaign):
    make_link(owner, campaign, label="Pippin")
    assert "Pippin" in text(owner.get(page_url(campaign)))


def test_a_label_too_long_is_refused_and_nothing_made(owner, campaign):
    response = owner.post(page_url(campaign), {"label": "x" * 81})
    assert (response.status_code, Invitation.objects.count()) == (200, 0)


def test_the_owner_withdraws_a_link(owner, campaign):
    invitation = invitation_make(campaign=campaign).invitation
    owner.post(page_url(campaign), {"revoke": invitation.pk})
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None


def test_withdrawing_a_used_link_says_nothing_changed(owner, campaign, other_user):
    invitation = invitation_make(campaign=campaign).invitation
    Invitation.objects.filter(pk=invitation.pk).update(
        accepted_at=timezone.now(), accepted_by=other_user
    )
    response = owner.post(page_url(campaign), {"revoke": invitation.pk}, follow=True)
    invitation.refresh_from_db()
    assert ("nothing changed" in text(response), invitation.revoked_at) == (
        True,
        None,
    )


@pytest.mark.parametrize("value", ["abc", "", "-1", "99999999999999999999999"])
def test_a_bad_revoke_is_told_and_changes_nothing(owner, campaign, value):
    invitation = invitation_make(campaign=campaign).invitation
    response = owner.post(page_url(campaign), {"revoke": value}, follow=True)
    invitation.refresh_from_db()
    assert (response.status_code, invitation.revoked_at) == (200, None)


def test_the_dashboard_links_the_owner_to_the_invitations(owner, campaign):
    html = owner.get(reverse("campaigns:dashboard", kwargs={"slug": campaign.slug}))
    assert f'href="{page_url(campaign)}"' in html.content.decode()


def test_a_member_is_not_offered_the_invitations(client, campaign, invitee):
    campaign.members.add(invitee)
    client.force_login(invitee)
    html = client.get(reverse("campaigns:dashboard", kwargs={"slug": campaign.slug}))
    assert page_url(campaign) not in html.content.decode()


# --- strangers and members ------------------------------------------------------------


def test_a_member_cannot_list_the_invitations(client, campaign, invitee):
    campaign.members.add(invitee)
    client.force_login(invitee)
    assert client.get(page_url(campaign)).status_code == 403


def test_a_stranger_cannot_list_another_campaigns_invitations(
    client, campaign, other_user
):
    invitation_make(campaign=campaign, label="Sam")
    client.force_login(other_user)
    response = client.get(page_url(campaign))
    assert (response.status_code, "Sam" in text(response)) == (404, False)


def test_a_stranger_cannot_revoke_another_campaigns_invitation(
    client, campaign, other_user, make_campaign
):
    """Not through that campaign's page (404), nor through their own with the
    other's id (404 too: it is not one of theirs)."""
    invitation = invitation_make(campaign=campaign).invitation
    theirs = make_campaign(owner=other_user)
    client.force_login(other_user)
    statuses = (
        client.post(page_url(campaign), {"revoke": invitation.pk}).status_code,
        client.post(page_url(theirs), {"revoke": invitation.pk}).status_code,
    )
    invitation.refresh_from_db()
    assert (statuses, invitation.revoked_at) == ((404, 404), None)


# --- accepting ------------------------------------------------------------------------


def test_opening_the_link_asks_first_and_adds_no_one(client, campaign, invitee):
    token = invitation_make(campaign=campaign).token
    client.force_login(invitee)
    response = client.get(accept_url(token))
    assert (
        response.status_code,
        "Join the campaign" in text(response),
        campaign.name in text(response),
        is_member(campaign, invitee),
    ) == (200, True, True, False)


def test_accepting_makes_a_member(client, campaign, invitee):
    token = invitation_make(campaign=campaign).token
    client.force_login(invitee)
    response = client.post(accept_url(token))
    assert (
        response["Location"],
        is_member(campaign, invitee),
        client.get(response["Location"]).status_code,
    ) == (reverse("campaigns:dashboard", kwargs={"slug": campaign.slug}), True, 200)


def test_accepting_records_who_and_when(client, campaign, invitee):
    token = invitation_make(campaign=campaign).token
    client.force_login(invitee)
    client.post(accept_url(token))
    invitation = Invitation.objects.get()
    assert (invitation.accepted_by, invitation.accepted_at is not None) == (
        invitee,
        True,
    )


def _expire(invitation):
    past = timezone.now() - timedelta(days=8)
    Invitation.objects.filter(pk=invitation.pk).update(
        created_at=past, expires_at=past + Invitation.VALID_FOR
    )


def _revoke(invitation):
    Invitation.objects.filter(pk=invitation.pk).update(revoked_at=timezone.now())


def _use(invitation, django_user_model):
    first = django_user_model.objects.create_user(username="first")
    Invitation.objects.filter(pk=invitation.pk).update(
        accepted_at=timezone.now(), accepted_by=first
    )


@pytest.mark.parametrize(
    ("spoil", "status", "says"),
    [
        (_expire, 410, "This invitation has expired"),
        (_revoke, 410, "This invitation was withdrawn"),
        (_use, 410, "This invitation has been used"),
    ],
    ids=["expired", "revoked", "used"],
)
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_dead_link_is_refused_with_a_clear_page(
    client, campaign, invitee, django_user_model, spoil, status, says, method
):
    made = invitation_make(campaign=campaign)
    if spoil is _use:
        spoil(made.invitation, django_user_model)
    else:
        spoil(made.invitation)
    client.force_login(invitee)
    response = getattr(client, method)(accept_url(made.token))
    assert (
        response.status_code,
        says in text(response),
        is_member(campaign, invitee),
    ) == (status, True, False)


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize(
    "token", ["forged-token", "x" * 43, "a" * 500], ids=["short", "43", "long"]
)
def test_a_forged_link_is_refused_with_a_clear_page(
    client, campaign, invitee, method, token
):
    invitation_make(campaign=campaign)
    client.force_login(invitee)
    response = getattr(client, method)(accept_url(token))
    assert (
        response.status_code,
        "This invitation link does not work" in text(response),
        campaign.name in text(response),
        is_member(campaign, invitee),
    ) == (404, True, False, False)


def test_a_link_makes_one_member_only(client, campaign, invitee, django_user_model):
    token = invitation_make(campaign=campaign).token
    client.force_login(invitee)
    client.post(accept_url(token))
    second = django_user_model.objects.create_user(username="second")
    client.force_login(second)
    response = client.post(accept_url(token))
    assert (response.status_code, is_member(campaign, second)) == (410, False)


def test_the_owner_opening_their_own_link_leaves_it_unused(owner, campaign):
    token = invitation_make(campaign=campaign).token
    response = owner.post(accept_url(token))
    assert (
        "This is your own campaign" in text(response),
        Invitation.objects.get().accepted_at,
    ) == (True, None)


def test_a_member_opening_a_link_leaves_it_for_someone_else(client, campaign, invitee):
    campaign.members.add(invitee)
    token = invitation_make(campaign=campaign).token
    client.force_login(invitee)
    response = client.post(accept_url(token))
    assert (
        "You are already a member" in text(response),
        Invitation.objects.get().accepted_at,
    ) == (True, None)


def test_a_put_on_the_accept_page_is_the_405_page(client, campaign, invitee):
    token = invitation_make(campaign=campaign).token
    client.force_login(invitee)
    assert client.put(accept_url(token)).status_code == 405
