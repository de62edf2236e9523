"""Small things a newcomer met (issue 25, part 7): a wound's own name on the
setup form, the seed's over-range message in the site's words, co-op rows left
without a player dealt to a general, the back button after a discard, a result
form opened before a re-roll, and an imported campaign whose name is taken."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.forms.result import SETUP_CHANGED
from campaigns.models import Battle, BattleResult, Campaign, PersistingWound
from campaigns.selectors.battles import battle_url as url
from campaigns.services.battle_discard import battle_discard
from campaigns.services.battle_setup import (
    SEED_RANGE_MESSAGE,
    battle_reroll,
    battle_set_up,
)
from campaigns.transfer import campaign_export, campaign_import
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


def setup_url(playable) -> str:
    return reverse(
        "campaigns:battle_setup",
        kwargs={"slug": playable.campaign.slug, "scene": playable.scene.slug},
    )


def test_the_setup_form_shows_a_wound_by_its_own_name(owner, playable):
    """ "Morgul-blade wound" as typed, not shouted in an upper-case badge."""
    PersistingWound.objects.create(
        character=playable.players[0], name="Morgul-blade wound"
    )
    html = owner.get(setup_url(playable)).content.decode()
    assert '<span class="wound"><bdi>Morgul-blade wound</bdi></span>' in html


@pytest.mark.parametrize("seed", [str(10**20), "-3"])
def test_a_seed_out_of_range_is_told_in_the_sites_words(owner, playable, seed):
    data = {
        "stance": "recon",
        "participants": [str(c.pk) for c in playable.players],
        "seed": seed,
    }
    html = owner.post(setup_url(playable), data).content.decode()
    assert (
        SEED_RANGE_MESSAGE in html.replace("&#x27;", "'"),
        "9223372036854775807" in html,
        Battle.objects.exists(),
    ) == (True, False, False)


def test_a_coop_row_left_without_a_player_is_dealt_to_a_general(playable):
    """RULES §4: unassigned characters are dealt round-robin in card order to
    the generals named."""
    first, second, *rest = playable.players
    names = {first.pk: "Ann", second.pk: "Bob"} | {c.pk: "" for c in rest}
    battle = battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=3,
        coop_players=names,
    )
    players = [
        p.coop_player
        for p in battle.participants.order_by("order")
        if p.side == "player"
    ]
    assert players == [("Ann", "Bob")[i % 2] for i in range(len(players))]


@pytest.fixture
def planned(playable):
    return battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=8,
    )


def test_the_back_button_after_a_discard_says_the_battle_was_discarded(owner, planned):
    address = url("battle_detail", planned)
    battle_discard(battle=planned)
    response = owner.get(address)
    assert (
        response.status_code,
        "This battle was discarded" in response.content.decode(),
    ) == (
        404,
        True,
    )


def test_a_battle_that_never_was_is_a_plain_404(owner, planned):
    response = owner.get(
        reverse(
            "campaigns:battle_detail",
            kwargs={"slug": planned.campaign.slug, "battle_id": planned.pk + 99},
        )
    )
    assert (response.status_code, "was discarded" in response.content.decode()) == (
        404,
        False,
    )


def test_a_stranger_learns_nothing_of_a_discard(client, other_user, planned):
    address = url("battle_detail", planned)
    battle_discard(battle=planned)
    client.force_login(other_user)
    response = client.get(address)
    assert "discarded" not in response.content.decode()


def test_a_result_form_opened_before_a_reroll_is_refused_after_it(owner, planned):
    """The form carries the setup it was opened on; after a re-roll the same
    post applies nothing and says the setup changed."""
    form = owner.get(url("result_entry", planned)).content.decode()
    assert 'name="setup_rolled" value="1"' in form
    battle_reroll(battle=planned, seed=9)
    response = owner.post(
        url("result_entry", planned),
        {"outcome": "victory", "end_reason": "objective", "setup_rolled": "1"},
    )
    assert (
        SETUP_CHANGED in response.content.decode().replace("&#x27;", "'"),
        BattleResult.objects.exists(),
    ) == (True, False)


def test_the_result_form_after_a_reroll_carries_the_new_setup(owner, planned):
    battle_reroll(battle=planned, seed=9)
    form = owner.get(url("result_entry", planned)).content.decode()
    assert 'name="setup_rolled" value="2"' in form


def test_an_imported_campaign_whose_name_is_taken_is_told_apart(user, campaign):
    """Importing a campaign the user already has: the copy's name says it is
    the imported one."""
    copy = campaign_import(data=campaign_export(campaign=campaign), owner=user).campaign
    names = set(Campaign.objects.filter(owner=user).values_list("name", flat=True))
    assert (len(names), copy.name.startswith(f"{campaign.name} (imported ")) == (
        2,
        True,
    )


def test_an_imported_campaign_with_a_free_name_keeps_it(user, other_user, campaign):
    copy = campaign_import(
        data=campaign_export(campaign=campaign), owner=other_user
    ).campaign
    assert copy.name == campaign.name
