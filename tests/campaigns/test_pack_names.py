"""One name on every page and paper (issue 33 item 10): two characters that
share a name are numbered alike on the table page, the result page, the
battle page and every sheet of the pack ("Boarder", "Boarder 2")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Setting
from campaigns.printing.battle_pack import battle_pack_context, render_pack_pdf
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.lineup import scene_lineup
from campaigns.selectors.result import result_entry_rows
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.campaign_start import campaign_start
from tests.campaigns.pack_helpers import page_texts

pytestmark = pytest.mark.django_db


@pytest.fixture
def boarders(user):
    """The sci-fi starter's first battle: its pirates bring two Boarders."""
    campaign = campaign_start(
        owner=user,
        name="Two of a name",
        setting=Setting.objects.get(slug="science-fiction"),
        paper_size="A4",
        start="starter",
    )
    scene = campaign.current_scene()
    ids = scene_lineup(scene=scene).default_participant_ids()
    return battle_set_up(scene=scene, stance="attack", participant_ids=ids, seed=1)


def test_the_pack_data_numbers_a_shared_name_as_the_result_form_does(boarders):
    data = battle_pack_data(battle=boarders)
    labels = {p["id"]: p["label"] for p in data["participants"]}
    rows = result_entry_rows(battle=boarders)
    assert [labels[r.participant.pk] for r in rows] == [r.label for r in rows]
    assert "Boarder 2" in labels.values()


def test_every_printed_list_says_boarder_2(boarders):
    context = battle_pack_context(battle_pack_data(battle=boarders))
    cards = [c["name"] for sheet in context["card_sheets"] for c in sheet["cards"]]
    rows = [r["name"] for r in context["result"]["rows"]]
    stats = [
        row["name"]
        for card in context["ai_cards"]
        for page in card["pages"]
        for column in page
        for block in column
        if block["kind"] == "stats"
        for row in block["rows"]
    ]
    for names in (cards, rows, stats):
        assert names.count("Boarder") == 1
        assert names.count("Boarder 2") == 1


def test_the_rendered_pack_says_boarder_2_on_the_cards_and_the_result_form(
    boarders,
):
    pages = page_texts(render_pack_pdf(battle_pack_data(battle=boarders)))
    ai_card = next(p for p in pages if "for the AI" in p and "Captain Sable" in p)
    result = next(p for p in pages if "Result: battle" in p)
    assert "Boarder 2" in ai_card
    assert "Boarder 2" in result
    assert sum("Boarder 2" in p for p in pages) >= 3  # and the character cards


def test_the_battle_page_numbers_the_shared_name(client, user, boarders):
    client.force_login(user)
    url = reverse(
        "campaigns:battle_detail",
        kwargs={"slug": boarders.campaign.slug, "battle_id": boarders.pk},
    )
    html = client.get(url).content.decode()
    assert "<bdi>Boarder 2</bdi>" in html


def test_a_dealt_entry_card_is_named_as_its_character_everywhere():
    from campaigns.selectors.pack_names import card_labels

    data = {
        "forces": [
            {"key": "3", "arrival": None},
            {
                "key": "4",
                "arrival": {
                    "cards": [
                        {"key": "11", "name": "Drone", "card": "2♠", "edge": "north"},
                        {"key": "12", "name": "Drone", "card": "5♥", "edge": "east"},
                    ]
                },
            },
        ]
    }
    labelled = card_labels(data, {11: "Drone", 12: "Drone 2"})
    cards = labelled["forces"][1]["arrival"]["cards"]
    assert [c["name"] for c in cards] == ["Drone", "Drone 2"]


def test_the_resolution_page_numbers_the_shared_name(
    client, user, boarders, result_data
):
    from campaigns.services.result_apply import result_apply

    result_apply(battle=boarders, data=result_data(boarders))
    client.force_login(user)
    url = reverse("campaigns:resolution", args=[boarders.campaign.slug, boarders.pk])
    html = client.get(url).content.decode()
    assert "<bdi>Boarder 2</bdi>" in html and "<bdi>Boarder</bdi>" in html
