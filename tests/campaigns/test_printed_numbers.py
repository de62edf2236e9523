"""Numbers a page or the pack prints that a mutation review could change
unnoticed (issue 22 part 8): the reserve's round, the late arrival on the AI
card, the victories toward a rating, the wound slots, a fixed scene's scouts."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaigns.models import Battle, BattleParticipant, Commander, PersistingWound
from campaigns.printing.battle_pack import battle_pack_context
from campaigns.selectors.battle_pack import battle_pack_data
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def late(make_pack_battle) -> Battle:
    """A battle where one player character and one AI character are late scouts
    (in reserve, §3.5: they arrive at the start of round 2)."""
    battle = make_pack_battle()
    for side in ("player", "ai"):
        participant = battle.participants.filter(side=side).first()
        participant.scout = True
        participant.mishap = "late"
        participant.reserve = True
        participant.save()
    return battle


def _names(battle: Battle, side: str) -> str:
    participant = battle.participants.filter(side=side, reserve=True).get()
    return participant.character.name


def test_the_character_card_prints_the_reserve_and_its_round(late):
    """The late scout's card says it is in reserve and comes on in round 2."""
    context = battle_pack_context(battle_pack_data(battle=late))
    name = _names(late, "player")
    card = next(
        c
        for sheet in context["card_sheets"]
        for c in sheet["cards"]
        if c["name"] == name
    )
    assert "Reserve: arrives round 2" in card["flags"]


def test_the_ai_card_says_when_its_late_scout_arrives(late):
    """The AI card's "This battle" block names the late AI scout and round 2."""
    context = battle_pack_context(battle_pack_data(battle=late))
    lines = [
        line
        for card in context["ai_cards"]
        for page in card["pages"]
        for column in page
        for block in column
        if block.get("title") == "This battle, for the AI"
        for line in block["lines"]
    ]
    name = _names(late, "ai")
    assert f"Late: arrives at its entry edge at the start of round 2: {name}." in lines


def test_the_battle_page_marks_the_reserve_with_its_round(client, user, late):
    """The battle page's list of who takes part says "arrives round 2"."""
    client.force_login(user)
    page = client.get(
        reverse(
            "campaigns:battle_detail",
            kwargs={"slug": late.campaign.slug, "battle_id": late.pk},
        )
    ).content.decode()
    assert page.count("Reserve: arrives round 2") == 2


# --- the company and character pages ------------------------------------------------


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


def test_the_company_page_counts_victories_toward_the_third(client, user, playable):
    """One victory led since the last rating change: "1 of 3 toward the next
    rating" (§6.4: the third raises the rating)."""
    Commander.objects.filter(pk=playable.ai_commander.pk).update(
        victories_since_rating_change=1
    )
    client.force_login(user)
    page = client.get(
        reverse(
            "campaigns:company",
            kwargs={
                "slug": playable.campaign.slug,
                "company_id": playable.ai_company.pk,
            },
        )
    ).content.decode()
    assert "1 of 3 toward the next rating" in page


def test_the_character_page_counts_filled_wound_slots(client, user, playable):
    """A character of 4 wound slots with one open wound: "1 of 4 wound slots
    filled"."""
    frodo = playable.players[0]
    frodo.wound_slots = 4
    frodo.save()
    PersistingWound.objects.create(character=frodo, name="Morgul-blade")
    client.force_login(user)
    page = client.get(
        reverse(
            "campaigns:character",
            kwargs={"slug": playable.campaign.slug, "character_id": frodo.pk},
        )
    ).content.decode()
    assert "1 of 4 wound slots filled" in page


# --- a fixed scenario: no scouting ----------------------------------------------------


@pytest.fixture
def fixed(campaign):
    return build_playable(
        campaign, scenario_mode="fixed", fixed_scenario="Pitched Battle"
    )


def _setup_url(playable) -> str:
    return reverse(
        "campaigns:battle_setup",
        kwargs={"slug": playable.campaign.slug, "scene": playable.scene.slug},
    )


def test_a_fixed_scenarios_scout_boxes_cannot_be_ticked(client, user, fixed):
    """Every scout box of a fixed scene's setup form is disabled, and the form
    says there is no scouting."""
    client.force_login(user)
    html = client.get(_setup_url(fixed)).content.decode()
    boxes = re.findall(r'<input[^>]*name="scouts"[^>]*>', html)
    assert (
        len(boxes),
        all("disabled" in box for box in boxes),
        "This scene has a fixed scenario: no scouting." in html,
    ) == (len(fixed.players), True, True)


def test_scouts_sent_for_a_fixed_scenario_are_not_kept(client, user, fixed):
    """A posted scout for a fixed scene is ignored: the battle has no scout."""
    client.force_login(user)
    client.post(
        _setup_url(fixed),
        {
            "participants": [str(c.pk) for c in fixed.players],
            "scouts": [str(fixed.players[0].pk)],
        },
    )
    assert (
        Battle.objects.count(),
        BattleParticipant.objects.filter(scout=True).count(),
    ) == (1, 0)


# --- the scene page: what an objective scores ---------------------------------------


@pytest.mark.parametrize(
    ("mode", "listed"),
    [("generate", "(fixed, 3 VP)"), ("fixed", "(fixed)")],
)
def test_the_scene_page_says_what_an_objective_scores(
    client, user, campaign, mode, listed
):
    """In a generated scenario a scene objective with no value of its own scores
    §3.12's 3 VP held; a fixed scenario prints only the scene's own value."""
    extra = {"fixed_scenario": "Pitched Battle"} if mode == "fixed" else {}
    playable = build_playable(campaign, scenario_mode=mode, **extra)
    playable.scene.objectives.create(name="The ford", kind="fixed", x=3, y=3)
    client.force_login(user)
    page = client.get(
        reverse(
            "campaigns:scene_detail",
            kwargs={"slug": campaign.slug, "scene": playable.scene.slug},
        )
    ).content.decode()
    assert f"<bdi>The ford</bdi> {listed}" in page
