"""The access selector (SITE.md "Access"): owners and members read, only the
owner writes, everyone else is told the campaign does not exist."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from campaigns.selectors.access import (
    campaign_for_user,
    campaigns_for_user,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(django_user_model, campaign):
    member = django_user_model.objects.create_user(username="sam")
    campaign.members.add(member)
    return member


@pytest.mark.parametrize("write", [False, True])
def test_the_owner_reads_and_writes(campaign, user, write):
    assert campaign_for_user(user=user, slug=campaign.slug, write=write) == campaign


def test_a_member_reads(campaign, member):
    assert campaign_for_user(user=member, slug=campaign.slug) == campaign


def test_a_member_may_not_write(campaign, member):
    with pytest.raises(PermissionDenied):
        campaign_for_user(user=member, slug=campaign.slug, write=True)


@pytest.mark.parametrize("write", [False, True])
def test_a_stranger_is_told_the_campaign_does_not_exist(campaign, other_user, write):
    with pytest.raises(Http404):
        campaign_for_user(user=other_user, slug=campaign.slug, write=write)


@pytest.mark.parametrize("write", [False, True])
def test_an_anonymous_visitor_is_a_stranger(campaign, write):
    with pytest.raises(Http404):
        campaign_for_user(user=AnonymousUser(), slug=campaign.slug, write=write)


def test_a_missing_slug_is_not_found(user):
    with pytest.raises(Http404):
        campaign_for_user(user=user, slug="no-such-campaign")


def test_campaigns_for_user_lists_owned_and_member_campaigns_once(
    campaign, make_campaign, user, other_user
):
    theirs = make_campaign(owner=other_user)
    theirs.members.add(user)
    campaign.members.add(user)  # the owner listed as a member too: still once
    make_campaign()  # a stranger's
    assert sorted(c.slug for c in campaigns_for_user(user=user)) == sorted(
        [campaign.slug, theirs.slug]
    )


def test_campaigns_for_an_anonymous_visitor_are_none(campaign):
    assert list(campaigns_for_user(user=AnonymousUser())) == []


def test_the_lookup_is_one_query(campaign, member, django_assert_num_queries):
    with django_assert_num_queries(1):
        campaign_for_user(user=member, slug=campaign.slug)
