"""Hostile and random POSTs to every form: never a 500, never a half-written change.

Each example posts values drawn by hypothesis (odd unicode, NUL bytes, huge and
negative numbers, markup, lists where one value is expected, unknown fields).
A post the site rejects must leave the database exactly as it was.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns.services.battle_setup import battle_set_up
from tests.campaigns.dump import database_dump
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

hostile_text = st.one_of(
    st.text(max_size=60),
    st.sampled_from(
        [
            "",
            "\x00",
            "a\x00b",
            "-1",
            "0",
            "7",
            "99999999999999999999999",
            "1e9",
            "NaN",
            "<script>alert(1)</script>",
            "' OR 1=1 --",
            "../../etc/passwd",
            "true",
            "on",
            "x" * 6000,
        ]
    ),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
)
value = st.one_of(hostile_text, st.lists(hostile_text, max_size=3))


def post_data(field_names: list[str]):
    """A dict over known field names (each maybe left out) plus unknown ones."""
    known = st.fixed_dictionaries({}, optional={name: value for name in field_names})
    extra = st.dictionaries(st.text(min_size=1, max_size=12), value, max_size=3)
    return st.tuples(known, extra).map(lambda pair: {**pair[1], **pair[0]})


def assert_safe(response, before) -> None:
    assert response.status_code < 500
    if response.status_code not in (301, 302, 303):
        assert database_dump() == before


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


@pytest.fixture
def planned(playable):
    return battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=3,
    )


def battle_url(name: str, battle) -> str:
    return reverse(name, kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk})


SETUP_FIELDS = ["stance", "participants", "scouts", "seed", "coop_1", "coop_2"]


def test_setup_form_survives_hostile_posts(client, user, playable):
    client.force_login(user)
    url = reverse(
        "campaigns:battle_setup",
        kwargs={"slug": playable.campaign.slug, "scene": playable.scene.slug},
    )
    ids = [str(c.pk) for c in playable.players]

    @FUZZ
    @given(data=post_data(SETUP_FIELDS), participants=st.lists(st.sampled_from(ids)))
    def check(data, participants):
        data.setdefault("participants", participants)
        before = database_dump()
        assert_safe(client.post(url, data), before)

    check()


def result_field_names(battle) -> list[str]:
    names = ["outcome", "end_reason", "player_routed", "ai_routed"]
    names += ["player_victory_points", "ai_victory_points"]
    for participant in battle.participants.all():
        for field in ("wound_tokens", "fallen", "routed", "carried_objective"):
            names.append(f"p{participant.pk}-{field}")
        names.append(f"p{participant.pk}-killed_outright")
    return names


def test_result_form_survives_hostile_posts(client, user, planned):
    client.force_login(user)
    url = battle_url("campaigns:result_entry", planned)

    @FUZZ
    @given(data=post_data(result_field_names(planned)))
    def check(data):
        before = database_dump()
        assert_safe(client.post(url, data), before)

    check()


def test_notes_form_survives_hostile_posts(client, user, planned):
    client.force_login(user)
    url = battle_url("campaigns:battle_notes", planned)

    @FUZZ
    @given(data=post_data(["notes"]))
    def check(data):
        before = database_dump()
        assert_safe(client.post(url, data), before)

    check()


def test_import_form_survives_hostile_uploads(client, user):
    client.force_login(user)
    url = reverse("campaigns:import")
    documents = st.one_of(
        st.binary(max_size=300),
        st.sampled_from(
            [
                b"{}",
                b"[]",
                b'{"format": "warband-chronicle-campaign", "schema_version": 1}',
                b'{"schema_version": 999}',
                b"null",
                b"\xff\xfe",
            ]
        ),
    )

    @FUZZ
    @given(document=documents, extra=post_data(["file", "owner"]))
    def check(document, extra):
        before = database_dump()
        upload = SimpleUploadedFile("campaign.json", document)
        response = client.post(url, {**extra, "file": upload})
        assert response.status_code < 500
        assert database_dump() == before

    check()


ADMIN_MODELS = {
    "campaign": ["name", "slug", "owner", "paper_size", "random_events", "event_deck"],
    "scene": [
        "campaign",
        "order",
        "slug",
        "title",
        "kind",
        "parent",
        "status",
        "table_width",
        "table_depth",
        "scenario_mode",
        "fixed_scenario",
    ],
    "company": ["campaign", "name", "side", "commander", "default_doctrine", "colour"],
    "character": [
        "company",
        "name",
        "troop_type",
        "attack",
        "defence",
        "shooting_range",
        "move",
        "wound_slots",
        "card_order",
    ],
    "commander": ["campaign", "name", "reputation", "rating", "reason_for_change"],
    "persistingwound": ["character", "name", "status", "heals_at_sanctuary"],
    "eventdeck": ["slug", "name", "description"],
}


@pytest.mark.parametrize("model", sorted(ADMIN_MODELS))
def test_admin_add_and_change_forms_survive_hostile_posts(
    client, admin_user, playable, model
):
    client.force_login(admin_user)
    existing = {
        "campaign": playable.campaign.pk,
        "scene": playable.scene.pk,
        "company": playable.player_company.pk,
        "character": playable.players[0].pk,
        "commander": playable.ai_commander.pk,
    }.get(model)
    urls = [reverse(f"admin:campaigns_{model}_add")]
    if existing:
        urls.append(reverse(f"admin:campaigns_{model}_change", args=[existing]))

    @FUZZ
    @given(data=post_data(ADMIN_MODELS[model]), which=st.sampled_from(urls))
    def check(data, which):
        before = database_dump()
        assert_safe(client.post(which, data), before)

    check()
