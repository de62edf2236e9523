"""The battle pack's second pass, where a test needs a battle of its own:
wounded cards whose boxes hold their text, a wound rule applied before round 1,
co-op generals, a reprint of a battle played, and a pack with no dead QR code.
"""

from __future__ import annotations

import io

import pdfplumber
import pytest
from django.core.management import call_command

from campaigns.models import Battle, BattleParticipant, Character, PersistingWound
from campaigns.printing.battle_pack import (
    battle_pack_context,
    battle_pack_html,
    battle_pack_pdf,
    render_pack_pdf,
)
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup import battle_set_up
from tests.campaigns.pack_helpers import (
    MM,
    cell_texts,
    chars_outside_cards,
    page_texts,
)

pytestmark = pytest.mark.django_db

MORGUL = "A shard of the Morgul-blade works toward the heart: −1 defence while open."
BLACK_BREATH = (
    "The shadow of the Nazgûl: −1 attack while open. Senseless: at the start of "
    "each battle, roll a D6 for a character with an open Black Breath wound; on "
    "1–2 it counts as activated in round 1."
)


def _make_current(campaign, slug):
    scene = campaign.scenes.get(slug=slug)
    campaign.scenes.update(status="pending")
    scene.status = "current"
    scene.save(update_fields=["status"])
    if scene.parent_id:
        campaign.scenes.filter(pk=scene.parent_id).update(status="current")
    return scene


def _set_up(scene, **setup):
    return battle_set_up(
        scene=scene,
        stance=None if scene.scenario_mode == "fixed" else "attack",
        participant_ids=scene_lineup(scene=scene).default_participant_ids(),
        seed=1,
        **setup,
    )


# --- 4. boxes that hold their text ---------------------------------------------------


def _wounded(character: Character, order: int) -> dict:
    """A participant's card data for a demo character carrying every kind of
    wound modifier there is."""
    wounds = [
        {"name": "Morgul-blade wound", "rules": MORGUL, "heals_at_sanctuary": False}
        | {"attack": 0, "defence": -1, "move": 0},
        {"name": "Black Breath", "rules": BLACK_BREATH, "heals_at_sanctuary": True}
        | {"attack": -1, "defence": 0, "move": 0},
        {"name": "Crippled leg", "rules": "", "heals_at_sanctuary": True}
        | {"attack": 0, "defence": 0, "move": -2},
    ]
    return {
        "id": 100000 + character.pk,
        "order": order,
        "name": character.name,
        "company_id": character.company_id,
        "company": character.company.name,
        "colour": "#5a6b7c",
        "side": character.company.side,
        "troop_type": character.get_troop_type_display(),
        "attack": character.attack,
        "defence": character.defence,
        "shooting_range": character.shooting_range,
        "move": character.move,
        "wound_slots": character.wound_slots,
        "hero": character.hero,
        "special_rules": character.special_rules,
        "scout": False,
        "mishap": "",
        "mishap_label": "",
        "disorganized": False,
        "reserve": False,
        "coop_player": "",
        "wounds": wounds[: character.wound_slots],
    }


def _boxes_crossed(pdf: bytes, pages: list[int]) -> list[str]:
    """Characters that overlap a drawn box (a card's stats box) without lying
    wholly inside it."""
    crossed = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for number in pages:
            page = document.pages[number]
            boxes = [r for r in page.rects if r["width"] > 40 * MM and r["stroke"]]
            for c in page.chars:
                for b in boxes:
                    overlaps = (
                        c["x1"] > b["x0"]
                        and c["x0"] < b["x1"]
                        and c["bottom"] > b["top"]
                        and c["top"] < b["bottom"]
                    )
                    inside = (
                        c["x0"] >= b["x0"] - 0.3
                        and c["x1"] <= b["x1"] + 0.3
                        and c["top"] >= b["top"] - 0.3
                        and c["bottom"] <= b["bottom"] + 0.3
                    )
                    if overlaps and not inside:
                        crossed.append(f"p{number + 1} {c['text']!r} {c['top']:.0f}")
    return crossed


@pytest.mark.parametrize("paper", ["A4", "LETTER"])
def test_every_demo_character_with_wound_modifiers_keeps_its_text_in_its_boxes(
    demo_campaign, paper
):
    """Every demo character, carrying a wound to its defence, its attack and
    its move: each stats box grows with its lines, and no letter crosses a box
    or leaves its card."""
    battle = _set_up(demo_campaign.current_scene())
    data = battle_pack_data(battle=battle)
    characters = Character.objects.filter(company__campaign=demo_campaign)
    data["participants"] = [
        _wounded(c, n)
        for n, c in enumerate(characters.select_related("company"), start=1)
    ]
    data["paper"] = paper
    pdf = render_pack_pdf(data)
    texts = page_texts(pdf)
    card_pages = [
        i
        for i, t in enumerate(texts)
        if "Wounds" in t and "AI REFERENCE" not in t and "Result:" not in t
    ]
    frodo = next(
        text
        for number in card_pages
        for text in cell_texts(pdf, number, paper)
        if text.startswith("PLAYER · The Fellowship of the Ring Frodo Baggins")
    )
    assert len(card_pages) >= characters.count() // 9
    assert "Defence +0 (+1, Morgul-blade wound −1)" in frodo
    assert chars_outside_cards(pdf, card_pages, paper) == []
    assert _boxes_crossed(pdf, card_pages) == []


# --- 7. a wound rule before round 1 --------------------------------------------------


def test_a_black_breath_carrier_s_senseless_roll_is_in_the_order_of_play(
    demo_campaign,
):
    scene = _make_current(demo_campaign, "osgiliath-faramirs-retreat")
    faramir = Character.objects.get(company__campaign=demo_campaign, name="Faramir")
    PersistingWound.objects.create(
        character=faramir, name="Black Breath", rules_text=BLACK_BREATH
    )
    sheet = page_texts(battle_pack_pdf(_set_up(scene)))[0]
    order = sheet[sheet.index("Order of play") :]
    assert (
        "Before round 1: Senseless: at the start of each battle, roll a D6 for a "
        "character with an open Black Breath wound; on 1–2 it counts as activated "
        "in round 1. Here: Faramir." in order
    )


def test_without_a_carrier_nothing_is_rolled_before_round_1(demo_campaign):
    scene = _make_current(demo_campaign, "osgiliath-faramirs-retreat")
    sheet = page_texts(battle_pack_pdf(_set_up(scene)))[0]
    assert "Before round 1" not in sheet


# --- 10. co-op that adds up ----------------------------------------------------------


def test_a_general_whose_only_character_misses_is_not_in_the_turn_order(
    make_pack_battle,
):
    """Ann, Bob and Cid command the four rangers in turn; Cid's only ranger
    misses the battle and the fourth is left unassigned: it is dealt to Ann,
    the first general, and the turns are Ann's and Bob's alone."""
    battle = make_pack_battle(players=4, coop=("Ann", "Bob", "Cid"))
    rangers = list(battle.participants.filter(side="player").order_by("order"))
    BattleParticipant.objects.filter(pk=rangers[2].pk).update(
        mishap="misses", scout=True
    )
    BattleParticipant.objects.filter(pk=rangers[3].pk).update(coop_player="")
    context = battle_pack_context(battle_pack_data(battle=battle))
    coop = context["setup"]["coop"]
    generals = [(g["name"], g["characters"]) for g in coop["generals"]]
    names = [p.character.name for p in rangers]
    assert generals == [("Ann", [names[0], names[3]]), ("Bob", [names[1]])]
    assert coop["humans_first"] == ["Ann", "AI", "Bob", "AI"]
    sheet = page_texts(battle_pack_pdf(battle))[0]
    assert "Cid" not in sheet and "Turns, humans first: Ann → AI → Bob → AI." in sheet


def test_an_unassigned_character_s_card_names_the_general_it_was_dealt_to(
    make_pack_battle,
):
    battle = make_pack_battle(players=3, coop=("Ann", "Bob"))
    last = battle.participants.filter(side="player").order_by("order").last()
    BattleParticipant.objects.filter(pk=last.pk).update(coop_player="")
    context = battle_pack_context(battle_pack_data(battle=battle))
    cards = [c for sheet in context["card_sheets"] for c in sheet["cards"]]
    card = next(c for c in cards if c["participant_id"] == last.pk)
    assert "Commanded by Ann" in card["flags"]


# --- 12. a reprint is the battle as it was -------------------------------------------


def test_a_reprint_after_later_battles_keeps_the_wounds_brought_to_it(demo_campaign):
    """Pippin brought a Morgul-blade wound to Amon Hen; it healed afterwards.
    The battle's pack, printed again, still shows it on his card."""
    scene = _make_current(demo_campaign, "amon-hen")
    pippin = Character.objects.get(
        company__campaign=demo_campaign, name="Peregrin Took"
    )
    wound = PersistingWound.objects.create(
        character=pippin,
        name="Morgul-blade wound",
        rules_text=MORGUL,
        defence_modifier=-1,
    )
    battle = _set_up(scene)
    Battle.objects.filter(pk=battle.pk).update(status="resolved")
    PersistingWound.objects.filter(pk=wound.pk).update(status="healed")
    pippin.defence += 1
    pippin.save()
    participant = next(
        p
        for p in battle_pack_data(battle=Battle.objects.get(pk=battle.pk))[
            "participants"
        ]
        if p["name"] == "Peregrin Took"
    )
    assert (
        [w["name"] for w in participant["wounds"]],
        participant["defence"],
    ) == (["Morgul-blade wound"], pippin.defence - 1)


# --- 13. no dead QR ------------------------------------------------------------------


def test_a_pack_made_at_a_loopback_address_prints_no_qr_code_and_says_why(
    make_pack_battle, settings
):
    settings.SITE_URL = ""
    battle = make_pack_battle()
    local = battle_pack_html(battle, site_url="http://127.0.0.1:8000")
    public = battle_pack_html(battle, site_url="https://chronicle.example")
    assert (
        'aria-label="QR code' in local,
        "No QR code" in local,
        'aria-label="QR code' in public,
        "No QR code" in public,
    ) == (False, True, True, False)


def test_the_battle_pack_command_warns_once_without_site_url(
    make_pack_battle, settings, tmp_path
):
    settings.SITE_URL = ""
    battle = make_pack_battle()
    errors = io.StringIO()
    call_command(
        "battle_pack",
        "--battle",
        str(battle.pk),
        "-o",
        str(tmp_path / "pack.pdf"),
        stdout=io.StringIO(),
        stderr=errors,
    )
    settings.SITE_URL = "https://chronicle.example"
    quiet = io.StringIO()
    call_command(
        "battle_pack",
        "--battle",
        str(battle.pk),
        "-o",
        str(tmp_path / "pack2.pdf"),
        stdout=io.StringIO(),
        stderr=quiet,
    )
    assert (errors.getvalue().count("prints no QR code"), quiet.getvalue()) == (1, "")
