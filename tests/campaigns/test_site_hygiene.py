"""The site's own error pages, the favicon, the export link, short seeds and
the co-op names only when co-op is on (issue 13, "site hygiene")."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.template.loader import get_template
from django.urls import reverse

from campaigns.models import Battle
from campaigns.models.battle import new_seed
from campaigns.services.battle_setup import battle_reroll, battle_set_up
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


# --- error pages ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["400.html", "403.html", "403_csrf.html", "404.html", "405.html", "500.html"],
)
def test_every_error_page_is_the_sites_own(name):
    assert get_template(name)


def test_a_get_on_a_post_only_address_is_never_empty(owner, playable):
    """The pack's retry is a POST: a GET gets the 405 page, saying what it takes."""
    battle = battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
    )
    url = reverse(
        "campaigns:battle_pack_retry",
        kwargs={"slug": playable.campaign.slug, "battle_id": battle.pk},
    )
    response = owner.get(url)
    assert (
        response.status_code,
        response["Allow"],
        b"it takes POST" in response.content,
    ) == (
        405,
        "POST",
        True,
    )


def test_logging_out_by_get_shows_the_sites_405_page(owner):
    response = owner.get(reverse("logout"))
    assert (response.status_code, b"<h1>Not this way</h1>" in response.content) == (
        405,
        True,
    )


def test_make_run_never_runs_with_debug_on():
    """The test settings stand for make run's here; run.py forces DEBUG off."""
    source = (settings.BASE_DIR / "config" / "settings" / "run.py").read_text()
    assert 'os.environ["DEBUG"] = "0"' in source


# --- favicon, export link, import page ------------------------------------------------


def test_every_page_links_the_favicon(owner, playable):
    html = owner.get(reverse("campaigns:dashboard", args=[playable.campaign.slug]))
    assert b'rel="icon"' in html.content


def test_favicon_ico_leads_to_the_icon(client):
    response = client.get("/favicon.ico")
    assert (response.status_code, response["Location"].endswith("favicon.ico")) == (
        302,
        True,
    )


def test_a_member_finds_the_export_link(client, django_user_model, playable):
    member = django_user_model.objects.create_user(username="sam")
    playable.campaign.members.add(member)
    client.force_login(member)
    html = client.get(
        reverse("campaigns:dashboard", args=[playable.campaign.slug])
    ).content.decode()
    export = reverse("campaigns:export", args=[playable.campaign.slug])
    assert f'href="{export}"' in html


def test_the_import_page_names_the_export_button_that_exists(owner):
    html = owner.get(reverse("campaigns:import")).content.decode()
    assert "the “Export the campaign” button on a campaign's page" in html.replace(
        "&#x27;", "'"
    )


# --- seeds ----------------------------------------------------------------------------


def test_new_seeds_have_at_most_six_digits():
    assert all(0 <= new_seed() < 1_000_000 for _ in range(200))


def test_a_battle_set_up_without_a_seed_gets_a_short_one(playable):
    battle = battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
    )
    assert (battle.setup_seed < 10**6, battle.resolution_seed < 10**6) == (True, True)


def test_an_old_long_seed_still_sets_up_and_shows(owner, playable):
    seed = 4_611_686_018_427_387_903
    data = {"stance": "attack", "participants": [c.pk for c in playable.players]}
    owner.post(setup_url(playable), {**data, "seed": str(seed)})
    battle = Battle.objects.get()
    html = owner.get(
        reverse("campaigns:battle_detail", args=[playable.campaign.slug, battle.pk])
    ).content.decode()
    assert (battle.setup_seed, f"Seed {seed}" in html) == (seed, True)


def test_re_rolling_an_old_long_seed_keeps_it_on_record(playable):
    battle = battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=4_611_686_018_427_387_903,
    )
    rerolled = battle_reroll(battle=battle)
    assert (rerolled.previous_setups[0]["seed"], rerolled.setup_seed < 10**6) == (
        4_611_686_018_427_387_903,
        True,
    )


# --- co-op names only when co-op is on ------------------------------------------------


def test_the_co_op_switch_comes_before_the_name_boxes(owner, playable):
    """The CSS reveals the name boxes only when the switch before them is on."""
    html = owner.get(setup_url(playable)).content.decode()
    switch = re.search(r'<input type="checkbox" name="coop"[^>]*>', html).group()
    assert (
        'class="coop-toggle"' in switch,
        html.index(switch) < html.index('class="coop-col"'),
    ) == (
        True,
        True,
    )


def test_names_typed_with_co_op_off_are_not_kept(owner, playable):
    frodo = playable.players[0]
    data = {
        "stance": "attack",
        "participants": [c.pk for c in playable.players],
        f"coop_{frodo.pk}": "Anna",
    }
    owner.post(setup_url(playable), data)
    assert Battle.objects.get().coop_players == []


def test_names_typed_with_co_op_on_are_kept(owner, playable):
    frodo, sam = playable.players[:2]
    data = {
        "stance": "attack",
        "participants": [c.pk for c in playable.players],
        "coop": "on",
        f"coop_{frodo.pk}": "Anna",
        f"coop_{sam.pk}": "Ben",
    }
    owner.post(setup_url(playable), data)
    assert Battle.objects.get().coop_players == ["Anna", "Ben"]


def test_a_bad_co_op_name_is_shown_next_to_the_switch(owner, playable):
    frodo = playable.players[0]
    data = {
        "stance": "attack",
        "participants": [c.pk for c in playable.players],
        "coop": "on",
        f"coop_{frodo.pk}": "Anna \U0001f409",
    }
    response = owner.post(setup_url(playable), data)
    assert response.context["form"].errors["coop"]


# --- words ----------------------------------------------------------------------------


def test_one_wound_slot_is_one_slot(owner, playable, make_character):
    make_character(playable.player_company, name="Tiny", wound_slots=1)
    html = owner.get(
        reverse(
            "campaigns:company",
            args=[playable.campaign.slug, playable.player_company.pk],
        )
    ).content.decode()
    assert ("0 of 1 wound slot filled" in html, "0 of 1 wound slots" in html) == (
        True,
        False,
    )
