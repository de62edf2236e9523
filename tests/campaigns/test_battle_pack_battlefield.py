"""The pack drawn from the battlefield data: the diagram's geometry is the data's,
every page keeps inside the printable area, wounded values print as they play,
and nothing on paper speaks of sources or sections."""

from __future__ import annotations

import io
import re

import pdfplumber
import pypdf
import pytest
from html5lib import parse

from campaigns.models import (
    Event,
    EventDeck,
    Objective,
    PersistingWound,
    SceneCompany,
    SceneFeature,
)
from campaigns.printing.ai_card import ai_card
from campaigns.printing.ai_layout import REFERENCE_KINDS
from campaigns.printing.battle_pack import (
    battle_pack_context,
    battle_pack_html,
    battle_pack_pdf,
)
from campaigns.selectors.battle_pack import battle_pack_data
from engines.battlefield import Battlefield
from engines.events import EVENT_KEYS
from tests.campaigns.pack_helpers import MM, page_texts, pages_with, squash

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"
FORBIDDEN = re.compile(r"§|adaptation|\(00\d\)|SOURCE 00\d|source 00\d", re.I)
PRINTABLE_MM = 5.0


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def battle(make_pack_battle):
    battle = make_pack_battle(
        doctrine="horde",
        scene={"reinforcements": True, "sight_limit": 12, "table_width": 48},
        coop=("Ann", "Bob"),
    )
    return battle


def _svg(battle):
    """The setup sheet's diagram: its zones, features and objectives."""
    root = parse(battle_pack_html(battle), namespaceHTMLElements=False)
    return next(root.iter(f"{SVG}svg"))


def _rects(svg, cls):
    return [
        tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
        for r in svg.iter(f"{SVG}rect")
        if r.get("class") == cls
    ]


def test_the_diagram_draws_each_edge_band_at_its_place_in_inches(battle):
    """Units are inches: the player's 6″ band on the south edge of a 48″ × 36″
    table, the AI's on the north edge."""
    assert sorted(_rects(_svg(battle), "zone")) == [
        (0, 0, 48, 6),
        (0, 30, 48, 6),
    ]


def test_the_diagram_draws_a_deep_band_rectangle_and_circle_as_the_data_says(
    make_pack_battle,
):
    battle = make_pack_battle(
        scene={
            "scenario_mode": "fixed",
            "custom_scenario_name": "Hold",
            "custom_scenario_setup": "Hold.",
        },
        stance=None,
    )
    scene = battle.scene
    battle.delete()
    player, ai = SceneCompany.objects.filter(scene=scene).order_by("side")[::-1]
    player.deployment, player.zone_x, player.zone_y = "rectangle", 12, 24
    player.zone_width, player.zone_depth = 6, 10
    player.save()
    ai.deployment_depth = 9
    ai.save()
    SceneFeature.objects.create(
        scene=scene, name="tower", shape="circle", x=18, y=12, radius=3, cover="hard"
    )
    from campaigns.selectors.lineup import scene_lineup
    from campaigns.services.battle_setup import battle_set_up

    battle = battle_set_up(
        scene=scene,
        stance=None,
        participant_ids=scene_lineup(scene=scene).default_participant_ids(),
        seed=1,
    )
    svg = _svg(battle)
    circles = [
        tuple(float(c.get(k)) for k in ("cx", "cy", "r"))
        for c in svg.iter(f"{SVG}circle")
        if c.get("class") == "feature"
    ]
    assert (sorted(_rects(svg, "zone")), circles) == (
        [(0, 0, 36, 9), (12, 24, 6, 10)],
        [(18, 12, 3)],
    )


def test_the_diagram_labels_a_band_s_depth_and_has_a_scale(battle):
    texts = [t.text for t in _svg(battle).iter(f"{SVG}text")]
    assert texts.count("6″") == 3  # two bands and the scale bar


def test_an_objective_is_drawn_at_its_position(make_pack_battle):
    battle = make_pack_battle()
    Objective.objects.create(scene=battle.scene, name="Beacon", x=30, y=6)
    battle.setup_data.pop("battlefield")
    battle.save()
    marker = next(
        p for p in _svg(battle).iter(f"{SVG}polygon") if p.get("class") == "objective"
    )
    xs = [float(point.split(",")[0]) for point in marker.get("points").split()]
    ys = [float(point.split(",")[1]) for point in marker.get("points").split()]
    assert ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2) == (30, 6)


def test_a_late_company_is_marked_with_its_round_at_its_edge(make_pack_battle):
    battle = make_pack_battle(
        scene={
            "scenario_mode": "fixed",
            "custom_scenario_name": "Hold",
            "custom_scenario_setup": "Hold.",
        },
        stance=None,
    )
    ai = SceneCompany.objects.get(scene=battle.scene, side="ai")
    ai.arrives_in_round = 3
    ai.save()
    battle.setup_data.pop("battlefield")
    battle.save()
    texts = [t.text for t in _svg(battle).iter(f"{SVG}text")]
    assert "2: R3" in texts


# --- what the AI card and the cards print -------------------------------------------


def ai_card_text(battle) -> str:
    """The AI card's pages (a horde's runs front and back at 8 pt) as one text."""
    texts = page_texts(battle_pack_pdf(battle))
    return " ".join(texts[n] for n in pages_with(texts, "AI REFERENCE CARD"))


def test_the_ai_card_carries_this_battle(battle):
    text = ai_card_text(battle)
    assert all(
        words in text
        for words in (
            "This battle, for the AI",
            "Deploys within 6″ of the north edge.",
            "Nobody sees or shoots further than 12″ in this battle.",
            "The battle lasts 6 rounds.",
            "Reinforcements: on, cap 5",
            "Horde fallen",
            "Horde characters on the table (every one)",
        )
    )


def test_the_scene_s_notes_to_the_robot_come_last_on_its_card(battle):
    """Notes (what no order can say) are printed after everything else."""
    ai = SceneCompany.objects.get(scene=battle.scene, side="ai")
    ai.notes = "Never cross the river."
    ai.save()
    battle.setup_data.pop("battlefield")
    battle.save()
    data = battle_pack_data(battle=battle)
    company = next(c for c in data["companies"] if c["side"] == "ai")
    card = ai_card(
        data=data,
        company=company,
        participants=data["participants"],
        battlefield=Battlefield.from_data(data["battlefield"]),
        paper="a4",
    )
    blocks = [block for page in card["pages"] for column in page for block in column]
    reading = [b for b in blocks if b["kind"] not in REFERENCE_KINDS]
    assert (reading[-1]["title"], reading[-1]["lines"]) == (
        "Notes from the scene",
        ["Never cross the river."],
    )
    assert "Never cross the river." in ai_card_text(battle)


def test_a_wound_that_lowers_defence_prints_the_lower_defence(battle):
    participant = battle.participants.filter(side="player").first()
    character = participant.character
    character.defence = 2
    character.save()
    PersistingWound.objects.create(
        character=character, name="Morgul-blade", defence_modifier=-1
    )
    context = battle_pack_context(battle_pack_data(battle=battle))
    card = next(
        c
        for sheet in context["card_sheets"]
        for c in sheet["cards"]
        if c["name"] == character.name
    )
    assert card["stats"][:2] == ["Attack +0", "Defence +1 (+2, Morgul-blade \u22121)"]


def test_the_wound_s_effect_is_said_once_on_the_card(battle):
    character = battle.participants.filter(side="player").first().character
    character.wound_slots = 3
    character.save()
    for _ in range(2):
        PersistingWound.objects.create(
            character=character, name="Black Breath", attack_modifier=-1
        )
    context = battle_pack_context(battle_pack_data(battle=battle))
    card = next(
        c
        for sheet in context["card_sheets"]
        for c in sheet["cards"]
        if c["name"] == character.name
    )
    wound_paras = [p for p in card["paras"] if "Black Breath" in p["label"]]
    assert [p["text"] for p in wound_paras] == ["\u22121 attack while open."]


def test_the_result_form_asks_for_vp_only_where_the_battle_scores(make_pack_battle):
    fixed = make_pack_battle(
        scene={
            "scenario_mode": "fixed",
            "custom_scenario_name": "Hold",
            "custom_scenario_setup": "Hold.",
        },
        stance=None,
    )
    generated = make_pack_battle()
    assert (
        "Victory points" in squash(battle_pack_html(fixed)),
        "Victory points" in squash(battle_pack_html(generated)),
    ) == (False, True)


def test_killed_outright_is_asked_only_where_the_scene_has_such_a_rule(
    make_pack_battle,
):
    plain = make_pack_battle()
    fated = make_pack_battle(scene={"outright_kill_rule": "Lurtz's third arrow."})
    assert (
        "Killed outright" in battle_pack_html(plain),
        "Killed outright" in battle_pack_html(fated),
    ) == (False, True)


def test_the_result_form_has_rounds_and_notes(battle):
    page = page_texts(battle_pack_pdf(battle))[-1]
    assert "Rounds played ☐ 1 ☐ 2 ☐ 3 ☐ 4 ☐ 5 ☐ 6" in page and "Notes" in page


def test_the_printed_link_is_the_sites_address_without_its_scheme(battle):
    context = battle_pack_context(
        battle_pack_data(battle=battle, site_url="http://10.0.0.5:8000")
    )
    assert context["result_link"].startswith("10.0.0.5:8000/campaigns/")


# --- the whole pack ---------------------------------------------------------------


@pytest.fixture
def with_events(campaign):
    deck = EventDeck.objects.create(slug="tiny-deck", name="Tiny")
    for key in EVENT_KEYS:
        Event.objects.create(deck=deck, card=key, title=f"Event {key}", text="Rain.")
    campaign.event_deck, campaign.random_events = deck, True
    campaign.save()


def test_page_numbers_run_across_the_whole_pack(battle):
    texts = page_texts(battle_pack_pdf(battle))
    footers = [re.search(r"page (\d+) of (\d+)", t) for t in texts]
    numbered = [(int(m[1]), int(m[2])) for m in footers if m]
    assert numbered == [(n, len(texts)) for n, _ in numbered] and numbered[0][0] == 1


def test_each_font_is_embedded_once(battle):
    reader = pypdf.PdfReader(io.BytesIO(battle_pack_pdf(battle)))
    files = set()
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for font in fonts.values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts") or [font]
            for each in descendants:
                descriptor = each.get_object().get("/FontDescriptor")
                if descriptor is not None:
                    stream = descriptor.get_object().get("/FontFile2")
                    files.add(stream.idnum)
    assert len(files) == 2


def test_the_events_are_printed_once_per_pack(with_events, make_pack_battle):
    battle = make_pack_battle(doctrine="deck")
    texts = page_texts(battle_pack_pdf(battle))
    assert sum(t.count("Event KS") for t in texts) == 1


@pytest.mark.parametrize("paper", ["A4", "LETTER"])
@pytest.mark.parametrize("doctrine", ["priority", "deck", "horde", "pursuit"])
def test_every_page_keeps_inside_the_printable_area(
    with_events, make_pack_battle, campaign, paper, doctrine
):
    campaign.paper_size = paper
    campaign.save()
    battle = make_pack_battle(
        doctrine=doctrine, scene={"reinforcements": True}, coop=("Ann", "Bob")
    )
    stray = []
    with pdfplumber.open(io.BytesIO(battle_pack_pdf(battle))) as document:
        for number, page in enumerate(document.pages, start=1):
            inside = (
                PRINTABLE_MM * MM,
                PRINTABLE_MM * MM,
                page.width - PRINTABLE_MM * MM,
                page.height - PRINTABLE_MM * MM,
            )
            for obj in (*page.chars, *page.lines, *page.rects, *page.curves):
                if (
                    obj["x0"] < inside[0] - 0.01
                    or obj["top"] < inside[1] - 0.01
                    or obj["x1"] > inside[2] + 0.01
                    or obj["bottom"] > inside[3] + 0.01
                ):
                    stray.append(f"p{number} {obj.get('text', obj['object_type'])}")
    assert stray == []


def test_no_page_speaks_of_sources_or_sections(with_events, make_pack_battle):
    for doctrine in ("priority", "deck", "horde", "pursuit"):
        battle = make_pack_battle(doctrine=doctrine, scene={"reinforcements": True})
        text = " ".join(page_texts(battle_pack_pdf(battle)))
        assert FORBIDDEN.findall(text) == [], doctrine


def test_the_battle_keeps_the_battlefield_it_was_set_up_with(battle):
    """A scene changed after setup does not change the battle's pack."""
    before = battle_pack_data(battle=battle)["battlefield"]
    SceneFeature.objects.create(
        scene=battle.scene, name="late wood", x=1, y=1, width=2, depth=2
    )
    after = battle_pack_data(battle=battle)["battlefield"]
    assert before == after == Battlefield.from_data(after).to_data()


def test_an_incomplete_event_deck_is_said_on_the_events_page(
    with_events, make_pack_battle, campaign
):
    Event.objects.filter(deck=campaign.event_deck, card="KS").delete()
    battle = make_pack_battle(doctrine="deck")
    texts = page_texts(battle_pack_pdf(battle))
    page = next(t for t in texts if "Random events: the AI deck" in t)
    assert "This campaign's event deck is not complete. An event deck needs" in page
    assert "missing K♠" in page


def _ai_tracker_rows(battle) -> dict[str, int]:
    """The horde card's trackers: each row's label and how many boxes it has."""
    context = battle_pack_context(battle_pack_data(battle=battle))
    blocks = [
        block
        for card in context["ai_cards"]
        for page in card["pages"]
        for column in page
        for block in column
    ]
    track = next(b for b in blocks if b["kind"] == "track")
    return {row["label"]: len(row["boxes"]) for row in track["rows"]}


def test_the_horde_tracker_counts_every_horde_character_against_the_cap(battle):
    """The cap counts every horde character on the table (those that started and
    those that came since), so the tracker asks for all of them, one box per
    character up to the cap of 5, never for the reinforcements alone."""
    rows = _ai_tracker_rows(battle)
    assert (
        rows.get("Horde characters on the table (every one)"),
        "Reinforcements on the table" in rows,
    ) == (5, False)
