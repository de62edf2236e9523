"""The demo's battle packs read as a player reads them: nothing to look up,
nothing to guess, nothing wasted.

Every demo fighting scene is set up with seed 1 (its default participants,
stance "attack" where the scenario is generated) and its pack rendered once on
A4 and once on Letter; the tests below read those renders: the text of every
page, the type size of every character on the pages a player reads at the
table, and the card sheets.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pypdfium2 as pdfium
import pytest
from django.conf import settings
from django.db import transaction
from django.test import override_settings

from campaigns.models import Battle, Campaign, Scene
from campaigns.printing.battle_pack import battle_pack_context, render_pack_pdf
from campaigns.printing.diagram import EXIT_DASH
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.demo import demo_seed
from engines.doctrines.horde.procedure import (
    CHARGE_WORDS,
    DIRECTION_WORDS,
    HURT_WORDS,
    WOUNDED_WORDS,
)
from engines.enums import ObjectiveKind
from tests.campaigns.pack_helpers import MM, squash
from tests.campaigns.test_demo_packs import FIGHTING_SCENES

pytestmark = pytest.mark.django_db

PAPERS = ("A4", "LETTER")
PAGE_HEIGHT_MM = {"A4": 297.0, "LETTER": 279.4}
BOTTOM_MARGIN_MM = {"A4": 12.0, "LETTER": 11.0}
LEFT_MARGIN_MM = {"A4": 11.0, "LETTER": 13.95}
ASCII_INCH = re.compile(r'\d"')


@dataclass(frozen=True)
class Render:
    """One pack on one paper: its bytes, its pages' text, its context."""

    pdf: bytes
    pages: list[str]
    context: dict[str, Any]

    def part(self, name: str) -> list[int]:
        """The pages of one part ("Setup sheet", "AI reference cards", ...)."""
        return [i for i, text in enumerate(self.pages) if f"· {name} page" in text]

    def text(self, name: str) -> str:
        return " ".join(self.pages[i] for i in self.part(name))

    def ai_card(self, company: str) -> str:
        return " ".join(
            text
            for text in self.pages
            if "AI REFERENCE CARD" in text and f"AI {company}" in text
        )


@dataclass(frozen=True)
class Pack:
    slug: str
    data: dict[str, Any]
    renders: dict[str, Render]


def _pages(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(pdf)
    try:
        return [squash(page.get_textpage().get_text_range()) for page in document]
    finally:
        document.close()


def _render(campaign: Campaign, slug: str) -> Pack:
    scene = campaign.scenes.get(slug=slug)
    campaign.scenes.update(status="pending")
    Scene.objects.filter(pk=scene.pk).update(status="current")
    if scene.parent_id:
        Scene.objects.filter(pk=scene.parent_id).update(status="current")
    scene.refresh_from_db()
    battle = battle_set_up(
        scene=scene,
        stance=None if scene.scenario_mode == "fixed" else "attack",
        participant_ids=scene_lineup(scene=scene).default_participant_ids(),
        seed=1,
    )
    renders, data = {}, {}
    for paper in PAPERS:
        Campaign.objects.filter(pk=campaign.pk).update(paper_size=paper)
        data = battle_pack_data(battle=Battle.objects.get(pk=battle.pk))
        pdf = render_pack_pdf(data)
        renders[paper] = Render(
            pdf=pdf, pages=_pages(pdf), context=battle_pack_context(data)
        )
    return Pack(slug=slug, data=data, renders=renders)


@pytest.fixture(scope="module")
def packs(django_db_setup, django_db_blocker, tmp_path_factory) -> dict[str, Pack]:
    """Every demo fighting scene's pack on both papers; the database is left
    as it was."""
    folder = tmp_path_factory.mktemp("demo-packs-read")
    rendered: dict[str, Pack] = {}
    with (
        django_db_blocker.unblock(),
        override_settings(
            DEMO_FIXTURES_DIR=Path(settings.BASE_DIR) / "fixtures",
            DEMO_LOGIN_FILE=folder / ".demo-login",
            MEDIA_ROOT=folder / "media",
        ),
        transaction.atomic(),
    ):
        login = demo_seed(password="x-demo-pass-1")
        campaign = Campaign.objects.get(slug=login.campaign_slug)
        for slug in FIGHTING_SCENES:
            rendered[slug] = _render(campaign, slug)
        transaction.set_rollback(True)
    return rendered


def _ai_companies(pack: Pack) -> list[dict[str, Any]]:
    return [c for c in pack.data["companies"] if c["side"] == "ai"]


CASES = [(slug, paper) for slug in FIGHTING_SCENES for paper in PAPERS]


# --- 1. once per round, once per pack ------------------------------------------------


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_the_round_its_trackers_and_the_deck_are_printed_once(packs, slug, paper):
    """Over all the AI cards: one round sequence, one round tracker, one events
    tracker (with random events), one deck set-up; every other card says on
    which card they are."""
    pack = packs[slug]
    render = pack.renders[paper]
    cards = render.text("AI reference cards")
    home, *others = [c["name"] for c in _ai_companies(pack)]
    events = bool(pack.data["events"])
    counts = (
        cards.count("Each round one human general"),
        cards.count("Round: ☐"),
        cards.count("Events drawn:"),
        cards.count("One 54-card deck"),
    )
    pointers = [
        f"One for the whole AI side, on the {home} card" in render.ai_card(name)
        for name in others
    ]
    assert (counts, pointers) == ((1, 1, int(events), 1), [True] * len(others))


@pytest.mark.parametrize("paper", PAPERS)
def test_faramir_s_retreat_draws_one_event_a_round_from_the_orcs_card(packs, paper):
    """Two AI companies, random events on: the Ringwraiths' card sends the
    player to the Orcs' card instead of asking for a second draw."""
    render = packs["osgiliath-faramirs-retreat"].renders[paper]
    wraiths = render.ai_card("The Ringwraiths")
    assert "Draw a random event" not in wraiths and (
        "the random event, initiative and who goes first" in wraiths
    )


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_every_ai_card_page_is_one_the_card_planned(packs, slug, paper):
    """No block spills on to a page of its own: every page of the AI cards
    opens with its card's heading, and each card is one page, or two printed
    as "page 1 of 2", "page 2 of 2"."""
    render = packs[slug].renders[paper]
    pages = [render.pages[n] for n in render.part("AI reference cards")]
    headed = [text for text in pages if "AI REFERENCE CARD" in text]
    cards = [len(card["pages"]) for card in render.context["ai_cards"]]
    assert (len(pages), len(headed)) == (sum(cards), sum(cards))


# --- 2. the company on its card ------------------------------------------------------


def _stat_row(p: dict[str, Any]) -> str:
    def signed(value: int) -> str:
        return f"{value:+d}".replace("-", "\u2212")

    shooting = f"{p['shooting_range']}″" if p["shooting_range"] else "\u2014"
    return (
        f"{p['name']} {signed(p['attack'])} {signed(p['defence'])} {shooting} "
        f"{p['move']}″"
    )


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_each_ai_card_carries_its_company_s_stat_table(packs, slug, paper):
    """Name, attack, defence, range, move of every character of the company on
    the table, in its own card's table."""
    pack = packs[slug]
    render = pack.renders[paper]
    missing = []
    for company in _ai_companies(pack):
        card = render.ai_card(company["name"])
        if "Character Attack Defence Range Move Wounds" not in card:
            missing.append(company["name"])
        missing += [
            _stat_row(p)
            for p in pack.data["participants"]
            if p["company_id"] == company["id"]
            and p["mishap"] not in ("lost", "misses")
            and _stat_row(p) not in card
        ]
    assert missing == []


# --- 3. type a player can read -------------------------------------------------------

MIN_PT = {"AI reference cards": 8.0, "Setup sheet": 7.5, "Result form": 7.5}
DICE_LOG_PT = 6.5


def _small_type(render: Render, paper: str, part: str) -> list[str]:
    """Characters under the part's least size: the page furniture (the kicker
    line and the footer) and the table diagram's labels aside; on the setup
    sheet the dice log may be as small as 6.5 pt."""
    left = LEFT_MARGIN_MM[paper]
    footer = (PAGE_HEIGHT_MM[paper] - BOTTOM_MARGIN_MM[paper]) * MM
    small = []
    with pdfplumber.open(io.BytesIO(render.pdf), pages=None) as document:
        for number in render.part(part):
            page = document.pages[number]
            chars = page.chars
            first_line = min(c["top"] for c in chars)
            diagram = _diagram_box(page, left) if part == "Setup sheet" else None
            dice_log = _dice_log_box(page) if part == "Setup sheet" else None
            for c in chars:
                if c["top"] >= footer or c["top"] <= first_line + 1:
                    continue
                if diagram and (
                    diagram[0] <= c["x0"]
                    and c["x1"] <= diagram[2]
                    and diagram[1] <= c["top"]
                    and c["bottom"] <= diagram[3]
                ):
                    continue
                least = MIN_PT[part]
                if dice_log and _inside(c, dice_log):
                    least = DICE_LOG_PT
                if c["size"] < least - 0.05:
                    small.append(f"p{number + 1} {c['text']!r} {c['size']:.1f}")
    return small[:10]


def _inside(obj: dict, box: tuple[float, ...]) -> bool:
    return (
        box[0] <= obj["x0"]
        and obj["x1"] <= box[2]
        and box[1] <= obj["top"]
        and obj["bottom"] <= box[3]
    )


def _dice_log_box(page) -> tuple[float, ...] | None:
    """The area under the "Dice log" heading: its column, down to the end of
    the log (the box's border is drawn as filled strips, not a rectangle)."""
    words = page.extract_words()
    heading = next(
        (
            w
            for w, after in zip(words, words[1:], strict=False)
            if w["text"] == "Dice" and after["text"] == "log"
        ),
        None,
    )
    if heading is None:
        return None
    return (
        heading["x0"] - 3 * MM,
        heading["top"],
        heading["x0"] + 100 * MM,
        heading["top"] + 90 * MM,
    )


TABLE_FILL = (0.98, 0.98, 0.96)
"""The table's own colour on the diagram (#fbfaf6)."""


def _diagram_box(page, left: float) -> tuple[float, ...] | None:
    """The table diagram's area: the table's rectangle (the largest drawn in
    the sheet's left column) and the margin round it for its labels."""
    rects = [
        r
        for r in page.rects
        if r["fill"]
        and tuple(round(v, 2) for v in r["non_stroking_color"] or ()) == TABLE_FILL
    ]
    if not rects:
        return None
    table = max(rects, key=lambda r: r["width"] * r["height"])
    out = 8 * MM
    return (
        table["x0"] - out,
        table["top"] - out,
        table["x1"] + out,
        table["bottom"] + out,
    )


@pytest.mark.parametrize(("slug", "paper"), CASES)
@pytest.mark.parametrize("part", list(MIN_PT))
def test_the_type_is_never_below_its_least_size(packs, slug, paper, part):
    """AI cards at least 8 pt, setup sheets and result forms at least 7.5 pt,
    the dice log at least 6.5 pt."""
    assert _small_type(packs[slug].renders[paper], paper, part) == []


# --- 5. no lonely pages --------------------------------------------------------------


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_no_card_sheet_holds_fewer_than_three_cards_when_there_are_more(
    packs, slug, paper
):
    """The cards are shared out over the fewest sheets: ten make five and five,
    never nine and one."""
    render = packs[slug].renders[paper]
    sheets = [len(sheet["cards"]) for sheet in render.context["card_sheets"]]
    printed = [
        len(re.findall(r"\b(?:PLAYER|AI) · ", text))
        for text in render.pages
        if not re.search(r" page \d+ of \d+", text)
    ]
    assert printed == sheets and (len(sheets) == 1 or min(sheets) >= 3)


def test_bree_s_ten_cards_take_two_sheets_of_five(packs):
    sheets = packs["bree"].renders["A4"].context["card_sheets"]
    assert [len(s["cards"]) for s in sheets] == [5, 5]


# --- 6. the map says what it shows ---------------------------------------------------


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_the_key_explains_only_the_arrival_markers_on_this_map(packs, slug, paper):
    render = packs[slug].renders[paper]
    marks = {a.text.split(": ", 1)[1] for a in render.context["diagram"].arrows}
    sheet = render.text("Setup sheet")
    explained = set(
        re.findall(r"(R\d+(?:×\d+)?): (?:\d+ characters? )?comes? on", sheet)
    )
    assert explained == marks


def test_a_rectangle_s_place_names_its_north_west_corner(packs):
    sheet = packs["bree"].renders["A4"].text("Setup sheet")
    assert "8″ × 6″, north-west corner at 14″, 15″" in sheet


# --- 7. the scene's special wound is announced ---------------------------------------

SPECIAL_WOUNDS = {
    "weathertop": "Morgul-blade wound",
    "osgiliath-orcs-on-the-river": "Black Breath",
    "osgiliath-faramirs-retreat": "Black Breath",
    "eowyn-and-merry": "Black Breath",
}


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_the_setup_sheet_and_result_form_say_what_a_wound_taken_here_becomes(
    packs, slug, paper
):
    render = packs[slug].renders[paper]
    wound = SPECIAL_WOUNDS.get(slug)
    said = [
        "Every persisting wound a player character takes in this battle becomes"
        in render.text(part)
        for part in ("Setup sheet", "Result form")
    ]
    if wound is None:
        assert said == [False, False]
    else:
        sentence = (
            "Every persisting wound a player character takes in this battle becomes "
            f"a {wound}."
        )
        assert [sentence in render.text(p) for p in ("Setup sheet", "Result form")] == [
            True,
            True,
        ]


def test_weathertop_announces_the_morgul_blade_s_effect(packs):
    sheet = packs["weathertop"].renders["A4"].text("Setup sheet")
    assert "−1 defence while open" in sheet and "does not heal at a sanctuary" in sheet


# --- 8. the result form asks what the site asks --------------------------------------


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_carried_off_is_asked_only_where_an_objective_can_be_carried(
    packs, slug, paper
):
    render = packs[slug].renders[paper]
    carriable = any(
        o.kind is ObjectiveKind.CARRIABLE
        for o in render.context["battlefield"].objectives
    )
    assert ("Carried an objective off" in render.text("Result form")) == carriable


ESCAPED = "A character that left the table as this battle asks"
LEAVINGS = {
    "bree": [ESCAPED],
    "moria": ["A horde character that scattered off the table", ESCAPED],
    "weathertop": ["A character driven off or swept away"],
    "flight-to-the-ford": ["A character driven off or swept away", ESCAPED],
    "bree-bridge": [ESCAPED],
    "the-red-arrow": [ESCAPED],
    "osgiliath-faramirs-retreat": [ESCAPED],
}
ALL_LEAVINGS = sorted({line for lines in LEAVINGS.values() for line in lines})


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_the_form_says_how_to_record_each_way_off_the_table_this_scene_has(
    packs, slug, paper
):
    form = packs[slug].renders[paper].text("Result form")
    said = [line for line in ALL_LEAVINGS if line in form]
    assert said == sorted(LEAVINGS.get(slug, []))


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_no_sentence_about_lost_scouts_without_one(packs, slug, paper):
    form = packs[slug].renders[paper].text("Result form")
    lost = any(p["mishap"] == "lost" for p in packs[slug].data["participants"])
    assert ("Lost scouts are marked fallen" in form) == lost


# --- 9. one rule decides -------------------------------------------------------------


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_a_generated_battle_s_scoring_decides_and_the_scene_s_conditions_are_stakes(
    packs, slug, paper
):
    pack = packs[slug]
    sheet = pack.renders[paper].text("Setup sheet")
    generated = not pack.data["battle"]["fixed"]
    has_conditions = bool(pack.data["scene"]["victory_conditions"])
    assert (
        "this decides the battle" in sheet,
        "The story's stakes" in sheet,
        "Victory conditions" in sheet,
    ) == (generated, generated and has_conditions, not generated and has_conditions)


def test_the_scene_page_says_a_company_deploys_in_the_centre(client, demo_campaign):
    """Weathertop's Fellowship deploys in the ruined ring at the centre: the
    scene page never says it enters from an edge."""
    client.force_login(demo_campaign.owner)
    page = client.get(f"/campaigns/{demo_campaign.slug}/scenes/weathertop/")
    text = squash(page.content.decode())
    assert "deploys in the centre" in text and "enters from the centre" not in text


# --- 11. words -----------------------------------------------------------------------


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_the_ai_cards_use_one_inch_mark_and_say_the_sight_limit_once(
    packs, slug, paper
):
    pack = packs[slug]
    render = pack.renders[paper]
    found = []
    for company in _ai_companies(pack):
        card = render.ai_card(company["name"])
        found += [f"{company['name']}: {m}" for m in ASCII_INCH.findall(card)]
        # The limit's own words, not a scene note's "may go further than 8″".
        sight = len(re.findall(r"sees (?:or shoots )?further than", card))
        if sight > 1 + card.count("no one sees or shoots"):
            found.append(f"{company['name']}: the sight limit twice")
    assert found == []


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_no_printed_page_has_an_empty_field_or_a_scout_banner(packs, slug, paper):
    text = " ".join(packs[slug].renders[paper].pages)
    assert (": →" in text, " Scout " in f" {text} ".replace("Scout ·", "")) == (
        False,
        False,
    )


@pytest.mark.parametrize("paper", PAPERS)
def test_the_deck_card_says_the_nearest_and_points_to_the_events_page(packs, paper):
    """The random events' draw is printed once, on the events page; the AI
    card's round names that page."""
    render = packs["osgiliath-faramirs-retreat"].renders[paper]
    card = render.ai_card("Orcs of Mordor")
    events = [page for page in render.pages if "RANDOM EVENTS" in page.upper()]
    assert (
        "Shoot the nearest such enemy" in card  # a hunt may add its target
        and "Move and shoot at the nearest such enemy" in card
        and "(see the events page)" in card
        and "A–10 Nothing happens." not in card
        and sum("A–10 Nothing happens." in page for page in events) == 1
    )


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_the_random_event_table_is_printed_once_per_pack(packs, slug, paper):
    pages = packs[slug].renders[paper].pages
    expected = 1 if packs[slug].data["events"] else 0
    assert sum(page.count("A–10 Nothing happens.") for page in pages) == expected


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_no_printed_page_has_a_straight_inch_mark(packs, slug, paper):
    """Events, specials and the scene's prose print 6″ like the rules do."""
    pages = packs[slug].renders[paper].pages
    assert [m for page in pages for m in ASCII_INCH.findall(page)] == []


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_arrivals_are_placed_first_in_the_round(packs, slug, paper):
    """RULES §4: arrivals, then start-of-round orders, the event, initiative."""
    pack = packs[slug]
    home = _ai_companies(pack)[0]
    card = pack.renders[paper].ai_card(home["name"])
    arrivals = card.find("Place the characters arriving this round")
    initiative = card.find("rolls D6: 1–3 the AI side wins the initiative")
    event = card.find("Draw a random event from the AI deck")
    battlefield = pack.renders[paper].context["battlefield"]
    arriving = any(f.arrival is not None or f.late for f in battlefield.forces) or any(
        p["reserve"] for p in pack.data["participants"]
    )
    assert (arrivals >= 0) == arriving
    if arriving:
        assert 0 <= arrivals < initiative and (event < 0 or arrivals < event)


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_every_card_of_a_side_of_several_companies_says_one_order_runs(
    packs, slug, paper
):
    pack = packs[slug]
    companies = _ai_companies(pack)
    cards = [pack.renders[paper].ai_card(c["name"]) for c in companies]
    one_order = "One order for the whole AI side, across its companies"
    assert [one_order in card for card in cards] == [len(companies) > 1] * len(cards)
    if len(companies) > 1:
        assert all(
            "companies' order in the scene, then card order" in card for card in cards
        ) and all(f"on the {companies[0]['name']} card" in card for card in cards[1:])


@pytest.mark.parametrize("slug", ["bree-bridge", "flight-to-the-ford"])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_pursuit_card_defines_the_quarry_s_line_and_the_route(packs, slug, paper):
    pack = packs[slug]
    hunters = next(c for c in _ai_companies(pack) if c["doctrine"] == "pursuit")
    card = pack.renders[paper].ai_card(hunters["name"])
    assert (
        "The quarry's line: the straight line from the pursuer to the quarry at "
        "the start of its move"
        in card
        and "once the quarry has left the route, the pursuer moves straight toward "
        "the quarry"
        in card
        and "At the start of its activation it is behind the players' rearmost model"
        in card
    )


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_the_sight_limit_is_not_under_length_and_scoring(packs, slug, paper):
    context = packs[slug].renders[paper].context
    sight = context["battlefield"].sight_text
    assert not sight or sight not in context["battlefield"].scoring
    if sight:
        sheet = packs[slug].renders[paper].text("Setup sheet")
        scoring = sheet.split("Length and scoring", 1)[1].split("Order of play")[0]
        assert sight not in scoring and sight in sheet


@pytest.mark.parametrize("slug", ["bree-bridge", "flight-to-the-ford", "the-red-arrow"])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_pursuit_card_reads_plainly(packs, slug, paper):
    pack = packs[slug]
    hunters = next(c for c in _ai_companies(pack) if c["doctrine"] == "pursuit")
    card = pack.renders[paper].ai_card(hunters["name"])
    battle_box = card[card.index("This battle, for the AI") : card.index("The company")]
    assert (
        "The quarry:" in battle_box,
        "The route:" in battle_box,
        all(f" {label} " in card for label in ("3a", "3b", "3c")),
        "lever" in card.lower(),
        ".." in card,
    ) == (True, True, True, False, False)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_horde_card_speaks_of_no_pool(packs, paper):
    card = packs["moria"].renders[paper].ai_card("Goblins of Moria")
    assert "pool" not in card.lower() and "Lurking" in card


HORDE_WORDS = (
    (WOUNDED_WORDS, "Wounded → Does not act."),
    (HURT_WORDS, "Hurt this round → Roll D6"),
    (DIRECTION_WORDS, "toward a direction roll"),
    (CHARGE_WORDS, "Charge D6"),
)
"""Each horde definition, and words of an activation step that uses it."""


@pytest.mark.parametrize("paper", PAPERS)
def test_the_horde_card_defines_its_words_on_the_page_of_the_steps_using_them(
    packs, paper
):
    render = packs["moria"].renders[paper]
    pages = [render.pages[i] for i in render.part("AI reference cards")]
    placed = [
        (
            definition[:16],
            [squash(definition) in page for page in pages if step in page],
        )
        for definition, step in HORDE_WORDS
    ]
    assert placed == [(definition[:16], [True]) for definition, _step in HORDE_WORDS]


@pytest.mark.parametrize("paper", PAPERS)
def test_a_hunt_s_shooting_line_prints_only_for_a_hunter_with_a_range(packs, paper):
    """The Witch-king (no range) hunts Frodo at Weathertop: no shooting line;
    Lurtz (18″) hunts Boromir at Amon Hen: his shooting lines stay."""
    witch_king = packs["weathertop"].renders[paper].text("AI reference cards")
    lurtz = packs["amon-hen"].renders[paper].text("AI reference cards")
    assert (
        "Frodo Baggins whenever in sight and within" in witch_king,
        "Frodo Baggins whenever unengaged and within move" in witch_king,
        "Lurtz: Boromir whenever in sight and within shooting range" in lurtz,
    ) == (False, True, True)


# --- 6. the map says what it shows (continued) ---------------------------------------

KIND_FILLS = {"water": "#c9dcec", "road": "#eee4c8", "wall": "#262626"}


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_water_roads_and_walls_are_drawn_and_keyed_as_what_they_are(packs, slug, paper):
    """A river or stream is drawn as water, a road as a road, a wall as a wall,
    each in its own fill, and the key names the kind."""
    diagram = packs[slug].renders[paper].context["diagram"]
    wrong = [
        (entry["feature"].name, entry["kind"], shape.fill)
        for shape, entry in zip(diagram.features, diagram.feature_legend, strict=True)
        if entry["kind"] and shape.fill != KIND_FILLS[entry["kind"]]
    ]
    assert wrong == []


@pytest.mark.parametrize("paper", PAPERS)
def test_bree_bridge_s_stream_is_water_and_its_road_a_road(packs, paper):
    """And the woods beside the road stay woods, drawn by their cover."""
    legend = {
        e["feature"].name: e["kind"]
        for e in packs["bree-bridge"].renders[paper].context["diagram"].feature_legend
    }
    assert (
        legend["The stream"],
        legend["The Great East Road"],
        legend["Woods north of the road"],
    ) == ("water", "road", "")


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_arrival_labels_sit_inside_the_table_apart_from_each_other(packs, slug, paper):
    diagram = packs[slug].renders[paper].context["diagram"]
    labels = [(a.text_x, a.text_y) for a in diagram.arrows]
    inside = all(
        0 < y < diagram.table_depth and 0 <= x <= diagram.table_width for x, y in labels
    )
    apart = all(
        abs(a[0] - b[0]) > 3 * diagram.font or abs(a[1] - b[1]) > diagram.font
        for i, a in enumerate(labels)
        for b in labels[i + 1 :]
    )
    assert (inside, apart) == (True, True)


def test_a_company_with_nobody_on_the_table_gets_no_ai_card(packs):
    """A company whose every character misses the battle prints no card; the
    first card left keeps the side's round and names no missing company."""
    pack = next(p for p in packs.values() if len(_ai_companies(p)) > 1)
    first, second = _ai_companies(pack)[:2]
    data = {
        **pack.data,
        "participants": [
            {**p, "mishap": "misses"} if p["company_id"] == second["id"] else p
            for p in pack.data["participants"]
        ],
    }
    cards = battle_pack_context(data)["ai_cards"]
    names = [card["company"]["name"] for card in cards]
    assert second["name"] not in names and names[0] == first["name"]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_quarry_says_the_nearest_counts_only_when_several(packs, paper):
    card = (
        packs["bree-bridge"]
        .renders[paper]
        .ai_card(
            next(
                c["name"]
                for c in _ai_companies(packs["bree-bridge"])
                if c["doctrine"] == "pursuit"
            )
        )
    )
    several = len(packs["bree-bridge"].data["scene"]["quarry"]) > 1
    assert ("the nearest one counts" in card) == several


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_arrival_wedges_point_where_the_text_places_the_models(packs, slug, paper):
    """The middle of the arrival stretch, else of the edge — never offset by
    the company's number; two labels never print over each other."""
    context = packs[slug].renders[paper].context
    battlefield, diagram = context["battlefield"], context["diagram"]
    keys = {str(c["id"]): n for n, c in enumerate(context["companies"], start=1)}
    wrong = []
    for force in battlefield.forces:
        if force.arrival is None or force.arrival.dealt:
            continue
        edge = force.arrival.edge or force.entry_edge
        if edge.value == "centre":
            continue
        along_x = edge.value in ("north", "south")
        length = battlefield.width if along_x else battlefield.depth
        middle = (
            force.stretch[0] + force.stretch[1] / 2 if force.stretch else length / 2
        )
        for arrow in diagram.arrows:
            if arrow.key != keys[force.key]:
                continue
            tip = [float(v) for v in arrow.points.split()[2].split(",")]
            if abs(tip[0 if along_x else 1] - middle) > 1.5:
                wrong.append((force.name, tip, middle))
    labels = [(a.text_x, a.text_y, a.anchor) for a in diagram.arrows]
    assert wrong == [] and len(set(labels)) == len(labels)


@pytest.mark.parametrize("paper", PAPERS)
def test_moria_s_troll_has_its_round_two_marker(packs, paper):
    arrows = packs["moria"].renders[paper].context["diagram"].arrows
    assert any(a.text.endswith(": R2") for a in arrows)


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_the_dice_log_does_not_repeat_the_dealt_edges_the_key_shows(packs, slug, paper):
    context = packs[slug].renders[paper].context
    lines = [line for column in context["setup"]["dice_log"] for line in column]
    dealt = any(
        f.arrival is not None and f.arrival.dealt and f.arrival.cards
        for f in context["battlefield"].forces
    )
    assert not any("enters at the" in line for line in lines)
    assert sum(line.startswith("Entry edges: one card dealt") for line in lines) == (
        1 if dealt else 0
    )


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_no_ai_card_page_is_a_spill_of_reference_blocks_or_one_column(
    packs, slug, paper
):
    """A card's further page holds more than the quick reference and rout
    check, and its blocks share both columns."""
    wasted = []
    for card in packs[slug].renders[paper].context["ai_cards"]:
        for number, page in enumerate(card["pages"], start=1):
            blocks = [b for column in page for b in column]
            if {b["kind"] for b in blocks} <= {"track", "rows", "text-ref"}:
                wasted.append((card["company"]["name"], number, "reference only"))
            if number > 1 and len(blocks) > 1 and sum(1 for c in page if c) < 2:
                wasted.append((card["company"]["name"], number, "one column"))
    assert wasted == []


PURPOSES = (
    "decides the battle (see the victory conditions)",
    "scores its VP at the end",
    "the story's alone: it decides nothing by itself",
)


@pytest.mark.parametrize(("slug", "paper"), CASES)
def test_every_printed_objective_says_what_it_is_for(packs, slug, paper):
    legend = packs[slug].renders[paper].context["diagram"].objective_legend
    assert [line for line in legend if not any(p in line for p in PURPOSES)] == []


@pytest.mark.parametrize(("slug", "gate"), [("bree", "The East Gate")])
@pytest.mark.parametrize("paper", PAPERS)
def test_a_way_out_is_drawn_and_keyed_as_one(packs, slug, gate, paper):
    """Bree's East Gate, which the players' way to win leaves through, is an
    open outline and the key says it is a way out (not a solid wall)."""
    render = packs[slug].renders[paper]
    diagram = render.context["diagram"]
    entry = next(e for e in diagram.feature_legend if e["feature"].name == gate)
    shape = next(f for f in diagram.features if f.letter == entry["letter"])
    sheet = render.text("Setup sheet")
    assert (entry["exit"], shape.dash, shape.opacity <= 0.3) == (True, EXIT_DASH, True)
    assert "a way out: leaving through it counts" in sheet
