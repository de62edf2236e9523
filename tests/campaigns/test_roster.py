"""The company page (roster, commander and history) and the character page (card,
wounds, battles fought), paginated, in a fixed number of queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.generate import GenerateSizes, campaign_generate
from campaigns.models import (
    BattleParticipant,
    Character,
    CommanderChange,
    Effect,
    PersistingWound,
)
from campaigns.selectors.roster import (
    BATTLES_PAGE_SIZE,
    ROSTER_PAGE_SIZE,
    RosterCharacter,
)
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


def company_url(company, **query) -> str:
    url = reverse(
        "campaigns:company",
        kwargs={"slug": company.campaign.slug, "company_id": company.pk},
    )
    return url + "".join(f"?{k}={v}" for k, v in query.items())


def character_url(character) -> str:
    return reverse(
        "campaigns:character",
        kwargs={
            "slug": character.company.campaign.slug,
            "character_id": character.pk,
        },
    )


# --- RosterCharacter ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("alive", "unfit_flag", "open_wounds", "slots", "status"),
    [
        (True, False, 0, 2, "alive"),
        (True, False, 1, 2, "alive"),
        (True, False, 2, 2, "unfit"),
        (True, True, 0, 2, "unfit"),
        (False, False, 0, 2, "dead"),
        (False, True, 2, 2, "dead"),
    ],
)
def test_a_roster_line_is_alive_unfit_or_dead(
    alive, unfit_flag, open_wounds, slots, status
):
    character = Character(
        name="Sam", alive=alive, unfit_next_battle=unfit_flag, wound_slots=slots
    )
    wounds = tuple(PersistingWound(name="wound") for _ in range(open_wounds))
    entry = RosterCharacter(character, wounds, healed_wound_count=0)
    assert entry.status == status


@pytest.mark.parametrize(
    ("alive", "unfit_flag", "open_wounds", "reason"),
    [
        (True, True, 0, "grievously wounded: misses the company's next battle"),
        (True, True, 2, "grievously wounded: misses the company's next battle"),
        (True, False, 2, "open wounds fill every wound slot"),
        (True, False, 1, ""),
        (False, True, 2, ""),
    ],
    ids=["flag", "flag-and-wounds", "wounds", "fit", "dead"],
)
def test_the_roster_says_why_a_character_is_unfit(
    alive, unfit_flag, open_wounds, reason
):
    """The flag (grievously wounded) is named first; open wounds filling both
    slots come next; a fit or dead character has no reason."""
    character = Character(
        name="Sam", alive=alive, unfit_next_battle=unfit_flag, wound_slots=2
    )
    wounds = tuple(PersistingWound(name="wound") for _ in range(open_wounds))
    entry = RosterCharacter(character, wounds, healed_wound_count=0)
    assert entry.unfit_reason == reason


def test_open_wounds_fill_the_first_slots():
    character = Character(name="Frodo", wound_slots=3)
    blade = PersistingWound(name="Morgul-blade")
    entry = RosterCharacter(character, (blade,), healed_wound_count=0)
    assert entry.slots == [blade, None, None]


# --- the company page ----------------------------------------------------------------


def test_the_company_page_lists_its_characters_in_card_order(client, user, playable):
    client.force_login(user)
    response = client.get(company_url(playable.player_company))
    assert [e.character.name for e in response.context["roster"]] == [
        c.name for c in playable.players
    ]


def test_the_roster_paginates_at_fifty(client, user, playable):
    company = playable.player_company
    for n in range(ROSTER_PAGE_SIZE):
        Character.objects.create(company=company, name=f"Rider {n}")
    client.force_login(user)
    pages = [
        len(client.get(company_url(company, page=n)).context["roster"]) for n in (1, 2)
    ]
    assert pages == [ROSTER_PAGE_SIZE, len(playable.players)]


def test_a_page_number_past_the_end_shows_the_last_page(client, user, playable):
    client.force_login(user)
    response = client.get(company_url(playable.player_company, page=99))
    assert response.context["page_obj"].number == 1


def test_the_roster_counts_open_and_healed_wounds(client, user, playable):
    frodo = playable.players[0]
    PersistingWound.objects.create(character=frodo, name="Morgul-blade")
    PersistingWound.objects.create(character=frodo, status="healed")
    client.force_login(user)
    entry = client.get(company_url(playable.player_company)).context["roster"][0]
    assert ([w.name for w in entry.open_wounds], entry.healed_wound_count) == (
        ["Morgul-blade"],
        1,
    )


def test_the_company_page_shows_the_commanders_history_newest_first(
    client, user, playable
):
    for old, new in (("rash", "bold"), ("bold", "cautious")):
        CommanderChange.objects.create(
            commander=playable.ai_commander,
            field="reputation",
            old_value=old,
            new_value=new,
            reason="Routed",
        )
    client.force_login(user)
    response = client.get(company_url(playable.ai_company))
    history = list(response.context["commander"].history.all())
    assert [c.new_value for c in history] == ["cautious", "bold"]


def test_another_campaigns_company_is_not_found(
    client, user, playable, make_campaign, make_company
):
    stranger = make_company(make_campaign(), name="Elsewhere")
    client.force_login(user)
    url = reverse(
        "campaigns:company",
        kwargs={"slug": playable.campaign.slug, "company_id": stranger.pk},
    )
    assert client.get(url).status_code == 404


def test_a_member_reads_the_company_page(client, playable, django_user_model):
    member = django_user_model.objects.create_user(username="sam")
    playable.campaign.members.add(member)
    client.force_login(member)
    assert client.get(company_url(playable.player_company)).status_code == 200


def test_a_stranger_gets_a_404_for_the_company_page(client, other_user, playable):
    client.force_login(other_user)
    assert client.get(company_url(playable.player_company)).status_code == 404


# --- the character page --------------------------------------------------------------


@pytest.fixture
def fought(playable, make_battle, make_scene):
    """Frodo fought two battles: wounded in the first, healed at Rivendell."""
    frodo = playable.players[0]
    first = make_battle(playable.scene, status="resolved", scenario_name="Ambush")
    second = make_battle(playable.scene, status="planned", scenario_name="Trap")
    for battle in (first, second):
        BattleParticipant.objects.create(battle=battle, character=frodo, side="player")
    rivendell = make_scene(playable.campaign, kind="sanctuary", title="Rivendell")
    wound = PersistingWound.objects.create(
        character=frodo,
        name="Morgul-blade",
        battle_taken=first,
        status="healed",
        healed_at_scene=rivendell,
    )
    Effect.objects.create(
        battle=first,
        order=1,
        kind="wound_opened",
        target_model="persistingwound",
        target_id=wound.pk,
        after={"status": "open"},
        description="Frodo takes a Morgul-blade wound",
    )
    return frodo, first, second


def test_the_character_page_lists_the_battles_fought_newest_first(client, user, fought):
    frodo, first, second = fought
    client.force_login(user)
    lines = client.get(character_url(frodo)).context["battle_lines"]
    assert [line.participant.battle_id for line in lines] == [second.pk, first.pk]


def test_each_battle_shows_what_it_changed_for_the_character(client, user, fought):
    frodo, first, _ = fought
    client.force_login(user)
    lines = client.get(character_url(frodo)).context["battle_lines"]
    assert [[e.description for e in line.effects] for line in lines] == [
        [],
        ["Frodo takes a Morgul-blade wound"],
    ]


def test_a_wound_says_where_it_was_taken_and_where_it_healed(client, user, fought):
    frodo, first, _ = fought
    client.force_login(user)
    content = client.get(character_url(frodo)).content.decode()
    assert (
        f"battle {first.number}</a> (<bdi>Weathertop</bdi>); healed at "
        "<bdi>Rivendell</bdi>." in content
    )


def test_the_card_shows_the_characters_values(client, user, playable):
    legolas = playable.players[4]
    legolas.attack, legolas.shooting_range, legolas.move = 2, 24, 7
    legolas.save()
    client.force_login(user)
    content = client.get(character_url(legolas)).content.decode()
    assert all(
        f"<dt>{label}</dt><dd>{value}</dd>" in content
        for label, value in (
            ("Attack", "+2"),
            ("Range", "24&quot;"),
            ("Move", "7&quot;"),
        )
    )


def test_the_battles_fought_paginate(client, user, playable, make_battle):
    frodo = playable.players[0]
    for _ in range(BATTLES_PAGE_SIZE + 1):
        battle = make_battle(playable.scene, status="resolved")
        BattleParticipant.objects.create(battle=battle, character=frodo, side="player")
    client.force_login(user)
    response = client.get(character_url(frodo) + "?page=2")
    assert len(response.context["battle_lines"]) == 1


def test_another_campaigns_character_is_not_found(
    client, user, playable, make_campaign, make_company, make_character
):
    stranger = make_character(make_company(make_campaign()))
    client.force_login(user)
    url = reverse(
        "campaigns:character",
        kwargs={"slug": playable.campaign.slug, "character_id": stranger.pk},
    )
    assert client.get(url).status_code == 404


# --- query counts ----------------------------------------------------------------


def generated(user, slug: str, factor: int):
    return campaign_generate(
        owner=user,
        slug=slug,
        sizes=GenerateSizes(
            scenes=12 * factor,
            battles=8 * factor,
            companies=4,
            characters=40 * factor,
            wounds=120 * factor,
        ),
        seed=factor,
    )


def queries(client, path: str) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(path)
    assert response.status_code == 200
    return len(context)


def test_the_company_page_runs_as_many_queries_for_a_bigger_company(
    client, user, django_assert_max_num_queries
):
    small = generated(user, "small", 1).companies.first()
    big = generated(user, "big", 5).companies.first()
    client.force_login(user)
    with django_assert_max_num_queries(15):
        client.get(company_url(big))
    assert queries(client, company_url(small)) == queries(client, company_url(big))


def test_the_character_page_runs_as_many_queries_for_a_longer_history(
    client, user, django_assert_max_num_queries
):
    def busiest(campaign) -> Character:
        return (
            Character.objects.filter(company__campaign=campaign)
            .exclude(participations=None)
            .order_by("card_order", "id")
            .first()
        )

    small = busiest(generated(user, "small", 1))
    big = busiest(generated(user, "big", 5))
    client.force_login(user)
    with django_assert_max_num_queries(15):
        client.get(character_url(big))
    assert queries(client, character_url(small)) == queries(client, character_url(big))
