"""The demo's battle packs: every fighting scene's battlefield data reaches paper.

Each demo fighting scene is made current and set up with seed 1 (its default
participants; stance "attack" where the scenario is generated); its pack is
rendered once on A4 and once on Letter, and every test below reads those
renders. The AI card carries the scene's orders, sight limit, arrivals and this
battle's numbers; no page speaks of sources or sections or leaves the printable
area; the diagram draws the scene's zones and terrain where the data puts them.
The setup form of Bree offers only the five who were there.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pdfplumber
import pypdfium2 as pdfium
import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.test import override_settings
from django.urls import reverse
from html5lib import parse

from campaigns.models import Battle, Campaign, Scene
from campaigns.printing.battle_pack import battle_pack_html, battle_pack_pdf
from campaigns.printing.inches import inch_marks
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.demo import demo_seed
from engines.battlefield import OPPOSITE, Battlefield
from engines.enums import Side
from engines.orders import (
    LIMIT_KINDS,
    EachRound,
    Hunt,
    NoEnemyInSight,
    Order,
    RoutToward,
    scenario_orders,
)
from engines.roles import Role
from tests.campaigns.pack_helpers import MM, squash

FIGHTING_SCENES = (
    "bree",
    "bree-bridge",
    "weathertop",
    "flight-to-the-ford",
    "osgiliath-the-east-bank-falls",
    "osgiliath-breaking-the-bridge",
    "moria",
    "amon-hen",
    "the-deeping-wall-breached",
    "charge-from-the-keep",
    "the-relief-of-helms-deep",
    "the-ents-march-on-isengard",
    "the-flooding-of-isengard",
    "lighting-the-beacons",
    "the-red-arrow",
    "osgiliath-orcs-on-the-river",
    "osgiliath-faramirs-retreat",
    "grond-breaks-the-gate",
    "the-rohirrim-arrive",
    "the-witch-king-and-theoden",
    "eowyn-and-merry",
    "the-dead-arrive",
    "the-host-of-the-west",
    "the-eagles-are-coming",
    "raising-the-shire",
    "the-battle-of-bywater",
)
pytestmark = pytest.mark.django_db

PAPERS = ("A4", "LETTER")
PAGE_POINTS = {"A4": (595, 842), "LETTER": (612, 792)}
FORBIDDEN = re.compile(
    r"§|adaptation|\(00\d\)|SOURCE 00\d|source 00\d|Solo Narrative|Firefight|"
    r"Snow Tails|Bug Safari|Scenario Generator",
    re.I,
)
PRINTABLE_MM = 5.0
SVG = "{http://www.w3.org/2000/svg}"
INCH = "\u2033"


@dataclass(frozen=True)
class AiOrders:
    """One AI company of a scene: its orders and arrival, as the data gives them."""

    name: str
    doctrine: str
    instructions: str
    arrives_in_round: int | None
    entry_edge: str
    dealt: bool
    cards: tuple[str, ...] = ()
    """Dealt entry edges, as the card prints them: "Name 4♠ → north"."""
    orders: tuple[Order, ...] = ()
    """Its scene orders as the battle keeps them (a generated scenario's too)."""


@dataclass(frozen=True)
class Reading:
    """A rendered pack read back: what it says and where it draws."""

    pages: list[str]
    """Each page's text in drawing order (column by column), whitespace
    normalised."""
    strays: list[str]
    """Characters, lines, rectangles and curves outside the printable area."""
    sizes: set[tuple[int, int]]

    @property
    def text(self) -> str:
        return " ".join(self.pages)


@dataclass(frozen=True)
class DemoPack:
    """What a test needs of one scene's battle: its data and its rendered pack."""

    slug: str
    sight_limit: int | None
    length: int
    pursuit_lever: int
    quarry: tuple[str, ...]
    reinforcement_cap: int | None
    reinforcement_template: str
    ai: tuple[AiOrders, ...]
    readings: dict[str, Reading]
    html: str
    zones: tuple[list, list] = field(default=((), ()))
    """The zones the scene's data gives: (rectangles, circles), in inches."""
    features: tuple[list, list] = field(default=((), ()))
    lit: tuple[tuple[str, int], ...] = ()
    """Its lit features: (name, within how many inches)."""
    """The terrain the scene's data gives: (rectangles, circles), in inches."""
    horde_on_table: int = 0
    """The horde company's characters that take part in the battle."""
    scenario: tuple = ()
    """What a generated scenario's orders depend on: (scenario, the AI's role,
    the player side's entry edge, the rolled piece, the edge beyond the river)."""

    def ai_card(self, company: str, paper: str = "A4") -> str:
        """The text of the company's AI card (all its pages)."""
        return " ".join(
            text
            for text in self.readings[paper].pages
            if "AI REFERENCE CARD" in text and f"AI {company}" in text
        )


NEAR_MM = PRINTABLE_MM + 1.0
"""A page with anything this close to an edge is measured object by object."""


def _read(pdf: bytes) -> Reading:
    """Every page's text and size, and whatever it draws outside the printable
    area. PDFium finds quickly the pages that draw anything near an edge (its
    bounds include strokes, and 1 mm of slack covers the small differences in
    how text is boxed); pdfplumber then measures those pages' characters, lines,
    rectangles and curves exactly, as the pack tests do."""
    pages, near, sizes = [], [], set()
    document = pdfium.PdfDocument(pdf)
    try:
        for number, page in enumerate(document, start=1):
            width, height = page.get_size()
            sizes.add((round(width), round(height)))
            pages.append(squash(page.get_textpage().get_text_range()))
            margin = NEAR_MM * MM
            for obj in page.get_objects(max_depth=20):
                left, bottom, right, top = obj.get_bounds()
                if (
                    left < margin
                    or bottom < margin
                    or right > width - margin
                    or top > height - margin
                ):
                    near.append(number)
                    break
    finally:
        document.close()
    return Reading(pages=pages, strays=_strays(pdf, near), sizes=sizes)


def _strays(pdf: bytes, numbers: list[int]) -> list[str]:
    stray = []
    if not numbers:
        return stray
    with pdfplumber.open(io.BytesIO(pdf), pages=numbers) as document:
        for page in document.pages:
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
                    label = obj.get("text", obj["object_type"])
                    stray.append(f"p{page.page_number} {label}")
    return stray


def _band(edge: str, depth: int, width: int, table_depth: int) -> tuple:
    return {
        "north": (0, 0, width, depth),
        "south": (0, table_depth - depth, width, depth),
        "west": (0, 0, depth, table_depth),
        "east": (width - depth, 0, depth, table_depth),
    }[edge]


def _scene_zones(scene: Scene) -> tuple[list, list]:
    """The zones a fixed scene's companies deploy in (those already on the
    table, and those arriving into a drawn area), in inches."""
    width, depth = scene.table_width, scene.table_depth
    rects, circles = [], []
    for sc in scene.scene_companies.all():
        if sc.deployment == "edge" and sc.arrives_in_round is None:
            rects.append(_band(sc.entry_edge, sc.deployment_depth, width, depth))
        elif sc.deployment == "rectangle":
            rects.append((sc.zone_x, sc.zone_y, sc.zone_width, sc.zone_depth))
        elif sc.deployment == "centre":
            circles.append((width / 2, depth / 2, sc.deployment_radius))
    return sorted(rects), sorted(circles)


def _scene_features(scene: Scene) -> tuple[list, list]:
    rects = [
        (f.x, f.y, f.width, f.depth)
        for f in scene.features.all()
        if f.shape != "circle"
    ]
    circles = [
        (f.x, f.y, f.radius) for f in scene.features.all() if f.shape == "circle"
    ]
    return sorted(rects), sorted(circles)


def _ai_orders(scene: Scene, battlefield: Battlefield) -> tuple[AiOrders, ...]:
    orders = []
    for sc in scene.scene_companies.filter(side="ai").select_related("company"):
        force = battlefield.force(str(sc.company_id))
        cards = ()
        if force is not None and force.arrival is not None:
            cards = tuple(f"{c.name} {c.card} → {c.edge}" for c in force.arrival.cards)
        orders.append(
            AiOrders(
                name=sc.company.name,
                doctrine=sc.doctrine(),
                instructions=sc.notes,
                arrives_in_round=sc.arrives_in_round,
                entry_edge=sc.entry_edge,
                dealt=sc.entry_edge_dealt,
                cards=cards,
                orders=() if force is None else force.orders,
            )
        )
    return tuple(orders)


def _render(campaign: Campaign, slug: str) -> DemoPack:
    scene = campaign.scenes.get(slug=slug)
    campaign.scenes.update(status="pending")
    scene.status = "current"
    scene.save(update_fields=["status"])
    if scene.parent_id:
        Scene.objects.filter(pk=scene.parent_id).update(status="current")
    battle = battle_set_up(
        scene=scene,
        stance=None if scene.scenario_mode == "fixed" else "attack",
        participant_ids=scene_lineup(scene=scene).default_participant_ids(),
        seed=1,
    )
    readings = {}
    for paper in PAPERS:
        Campaign.objects.filter(pk=campaign.pk).update(paper_size=paper)
        readings[paper] = _read(battle_pack_pdf(Battle.objects.get(pk=battle.pk)))
    battlefield = Battlefield.from_data(battle.setup_data["battlefield"])
    template = next(
        (
            sc.company.reinforcement_template.name
            for sc in scene.scene_companies.filter(side="ai")
            if sc.doctrine() == "horde" and sc.company.reinforcement_template
        ),
        "",
    )
    ai_edge = next(iter(battlefield.forces_of(Side.AI))).entry_edge
    role = (battle.roles or {}).get(Side.AI.value)
    scenario = (
        battle.scenario_name,
        Role(role) if role else None,
        next(iter(battlefield.forces_of(Side.PLAYER))).entry_edge,
        (battle.objective_placement or {}).get("name"),
        OPPOSITE.get(ai_edge),
    )
    return DemoPack(
        slug=slug,
        scenario=scenario,
        sight_limit=scene.sight_limit,
        lit=tuple((f.name, f.lit_within) for f in scene.features.all() if f.lit_within),
        length=battlefield.length,
        pursuit_lever=scene.pursuit_bonus_inches,
        quarry=tuple(scene.quarry.values_list("name", flat=True)),
        reinforcement_cap=scene.reinforcement_cap if scene.reinforcements else None,
        reinforcement_template=template,
        horde_on_table=battle.participants.filter(
            character__company__reinforcement_template__isnull=False, mishap=""
        ).count(),
        ai=_ai_orders(scene, battlefield),
        readings=readings,
        html=battle_pack_html(battle),
        zones=_scene_zones(scene),
        features=_scene_features(scene),
    )


@pytest.fixture(scope="module")
def packs(django_db_setup, django_db_blocker, tmp_path_factory) -> dict[str, Any]:
    """Every demo fighting scene's battle, set up with seed 1 and rendered on
    both papers; the database is left as it was."""
    folder = tmp_path_factory.mktemp("demo-packs")
    rendered: dict[str, Any] = {}
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
        rendered["fighting"] = tuple(
            s.slug for s in campaign.scenes.order_by("order") if s.is_fighting()
        )
        for slug in FIGHTING_SCENES:
            rendered[slug] = _render(campaign, slug)
        transaction.set_rollback(True)
    return rendered


def test_the_tests_cover_every_demo_fighting_scene(packs):
    assert packs["fighting"] == FIGHTING_SCENES


# --- the AI card ---------------------------------------------------------------------


@pytest.mark.parametrize("slug", FIGHTING_SCENES)
def test_each_ai_company_has_its_card_on_both_papers(packs, slug):
    pack = packs[slug]
    cards = [
        (ai.name, paper, "This battle, for the AI" in pack.ai_card(ai.name, paper))
        for ai in pack.ai
        for paper in PAPERS
    ]
    assert cards == [(ai.name, paper, True) for ai in pack.ai for paper in PAPERS]


@pytest.mark.parametrize("slug", FIGHTING_SCENES)
def test_each_ai_card_carries_its_company_s_orders(packs, slug):
    """The scene's orders to each AI company are on that company's card, word
    for word."""
    pack = packs[slug]
    missing = [
        ai.name
        for ai in pack.ai
        if re.sub(r'(?<=\d)"', INCH, squash(ai.instructions))
        not in pack.ai_card(ai.name)
    ]
    assert missing == []


def where_it_acts(order: Order) -> str:
    """The words an order prints where it acts on the card (RULES §5)."""
    match order:
        case Hunt():
            return f"— {order.who() + ': ' if order.characters else ''}" + (
                order.target_words()
            )
        case NoEnemyInSight() if order.place is not None:
            return f"toward {order.place.words()}"
        case NoEnemyInSight():
            return "Hold"
        case RoutToward():
            return f"toward the {order.edge.value} edge"
        case EachRound():
            return order.effect_words()[1:]
    return order.words()


@pytest.mark.parametrize("slug", FIGHTING_SCENES)
def test_each_order_is_printed_where_it_acts(packs, slug):
    """Every order of each AI company (a generated scenario's too) is on its
    card in the words of the step, box or round it changes."""
    pack = packs[slug]
    missing = [
        (ai.name, where_it_acts(order))
        for ai in pack.ai
        for order in ai.orders
        if ai.doctrine != "pursuit" or order.kind in LIMIT_KINDS
        # The AI card prints one inch mark: 2″, never 2".
        if squash(inch_marks(where_it_acts(order))) not in pack.ai_card(ai.name)
    ]
    assert missing == []


GENERATED = (
    "osgiliath-the-east-bank-falls",
    "amon-hen",
    "charge-from-the-keep",
    "the-ents-march-on-isengard",
    "the-rohirrim-arrive",
    "the-dead-arrive",
    "the-host-of-the-west",
    "raising-the-shire",
)


def test_the_generated_scenes_carry_their_scenarios_orders(packs):
    """Each generated demo scene's AI has its scenario's orders, where the
    scenario rolled gives any (§5), and a scene order of the same kind wins."""
    given = {
        slug: sorted(
            {
                o.kind.value
                for ai in packs[slug].ai
                for o in ai.orders
                if o.source == "scenario"
            }
        )
        for slug in GENERATED
    }
    rolled = {slug: packs[slug].scenario for slug in GENERATED}
    expected = {
        slug: sorted(
            {
                o.kind.value
                for o in scenario_orders(
                    rolled[slug][0],
                    role=rolled[slug][1],
                    player_edge=rolled[slug][2],
                    piece=rolled[slug][3],
                    far_edge=rolled[slug][4],
                )
            }
            - {
                o.kind.value
                for ai in packs[slug].ai
                for o in ai.orders
                if o.source == "scene"
            }
        )
        for slug in GENERATED
    }
    assert given == expected


@pytest.mark.parametrize("slug", FIGHTING_SCENES)
def test_each_ai_card_carries_the_sight_limit_and_length(packs, slug):
    pack = packs[slug]
    lines = [f"The battle lasts {pack.length} rounds."]
    if pack.sight_limit:
        # The limit and its lit exceptions in one line (RULES §1).
        lit = " or ".join(
            f"within {inches}{INCH} of the {name.removeprefix('The ')}"
            for name, inches in pack.lit
        )
        exception = f", but a character {lit} (lit) can be seen from any distance"
        lines.append(
            f"Nobody sees or shoots further than {pack.sight_limit}{INCH} in this "
            f"battle{exception if lit else ''}."
        )
    missing = [
        (ai.name, line)
        for ai in pack.ai
        for line in lines
        if line not in pack.ai_card(ai.name)
    ]
    assert missing == []


@pytest.mark.parametrize("slug", FIGHTING_SCENES)
def test_each_ai_card_says_when_and_where_its_company_comes_on(packs, slug):
    """A late company's round and edge, or every character's dealt card."""
    pack = packs[slug]
    missing = []
    for ai in pack.ai:
        if ai.arrives_in_round is None:
            continue
        comes_on = f"Comes on at the start of round {ai.arrives_in_round} at the"
        if ai.dealt:
            wanted = [
                f"{comes_on} edge of the card each character was dealt",
                *ai.cards,
            ]
        else:
            wanted = [f"{comes_on} {ai.entry_edge} edge"]
        card = pack.ai_card(ai.name)
        missing += [(ai.name, words) for words in wanted if words not in card]
    assert missing == []


def test_dealt_entry_edges_give_every_arriving_wraith_a_card(packs):
    """Weathertop: each of the five wraiths is dealt its edge."""
    wraiths = next(ai for ai in packs["weathertop"].ai if ai.dealt)
    assert len(wraiths.cards) == 5


@pytest.mark.parametrize("slug", ["bree-bridge", "flight-to-the-ford", "the-red-arrow"])
def test_a_pursuit_card_prints_this_battle_s_lever_and_quarry(packs, slug):
    pack = packs[slug]
    hunters = next(ai for ai in pack.ai if ai.doctrine == "pursuit")
    card = pack.ai_card(hunters.name)
    assert (
        f"rearmost model (measured along the route) → +{pack.pursuit_lever}{INCH} "
        "to its move in this battle"
        in card
        and f"The quarry: {', '.join(pack.quarry)}" in card
    )


def test_the_pursuit_levers_are_the_scenes_own(packs):
    assert [packs[s].pursuit_lever for s in ("bree-bridge", "flight-to-the-ford")] == [
        2,
        4,
    ]


def test_the_horde_card_prints_this_battle_s_reinforcements(packs):
    """Moria: the cap, its tracker boxes (one for every horde character that
    can be on the table at once) and the reinforcement's model."""
    pack = packs["moria"]
    card = pack.ai_card("Goblins of Moria")
    assert pack.horde_on_table > pack.reinforcement_cap
    boxes = " ".join(["☐"] * pack.horde_on_table)
    assert (
        f"Reinforcements: on, cap {pack.reinforcement_cap}" in card
        and f"Horde characters on the table (every one): {boxes}" in card
        and f"Each reinforcement is a {pack.reinforcement_template}." in card
    )


# --- every page ----------------------------------------------------------------------


@pytest.mark.parametrize("slug", FIGHTING_SCENES)
def test_no_printed_text_speaks_of_sources_or_sections(packs, slug):
    found = {
        paper: FORBIDDEN.findall(packs[slug].readings[paper].text) for paper in PAPERS
    }
    assert found == {"A4": [], "LETTER": []}


@pytest.mark.parametrize("slug", FIGHTING_SCENES)
def test_every_page_keeps_inside_the_printable_area(packs, slug):
    strays = {paper: packs[slug].readings[paper].strays for paper in PAPERS}
    assert strays == {"A4": [], "LETTER": []}


@pytest.mark.parametrize("slug", FIGHTING_SCENES)
def test_the_setup_sheet_and_the_result_form_each_take_one_page(packs, slug):
    """No box or a few rows spill onto a page of their own, on either paper."""
    counts = {
        paper: [
            sum(f"· {part} page" in text for text in reading.pages)
            for part in ("Setup sheet", "Result form")
        ]
        for paper, reading in packs[slug].readings.items()
    }
    assert counts == {"A4": [1, 1], "LETTER": [1, 1]}


@pytest.mark.parametrize("slug", FIGHTING_SCENES)
def test_each_pack_is_printed_on_its_paper(packs, slug):
    sizes = {paper: packs[slug].readings[paper].sizes for paper in PAPERS}
    assert sizes == {paper: {PAGE_POINTS[paper]} for paper in PAPERS}


# --- the diagram ---------------------------------------------------------------------


def _svg(html: str):
    root = parse(html, namespaceHTMLElements=False)
    return next(root.iter(f"{SVG}svg"))


def _drawn(html: str, cls: str) -> tuple[list, list]:
    svg = _svg(html)
    rects = [
        tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
        for r in svg.iter(f"{SVG}rect")
        if r.get("class") == cls
    ]
    circles = [
        tuple(float(c.get(k)) for k in ("cx", "cy", "r"))
        for c in svg.iter(f"{SVG}circle")
        if c.get("class") == cls
    ]
    return sorted(rects), sorted(circles)


DIAGRAM_SCENES = (
    "bree",
    "bree-bridge",
    "weathertop",
    "moria",
    "osgiliath-breaking-the-bridge",
    "the-battle-of-bywater",
    "eowyn-and-merry",
    "the-eagles-are-coming",
)


@pytest.mark.parametrize("slug", DIAGRAM_SCENES)
def test_the_diagram_draws_the_scene_s_zones_in_inches(packs, slug):
    pack = packs[slug]
    assert _drawn(pack.html, "zone") == pack.zones


@pytest.mark.parametrize("slug", DIAGRAM_SCENES)
def test_the_diagram_draws_the_scene_s_terrain_in_inches(packs, slug):
    pack = packs[slug]
    assert _drawn(pack.html, "feature") == pack.features


def test_bree_s_hobbits_deploy_within_3_inches_of_the_prancing_pony(packs):
    """The zone is the inn grown by 3″ on every side, and the inn stands at the
    centre of the table."""
    zone = packs["bree"].zones[0][0]
    pony = (14, 15, 8, 6)
    assert pony in packs["bree"].features[0] and zone == (
        pony[0] - 3,
        pony[1] - 3,
        pony[2] + 6,
        pony[3] + 6,
    )


def test_bree_bridge_puts_the_hobbits_on_the_road_12_to_18_inches_from_the_west(
    packs,
):
    (zone,), _ = packs["bree-bridge"].zones
    road = next(r for r in packs["bree-bridge"].features[0] if r[:2] == (0, 16))
    assert (zone[0], zone[0] + zone[2], zone[1], zone[3]) == (12, 18, road[1], road[3])


def test_weathertop_s_company_deploys_inside_the_ruined_ring(packs):
    _, (zone,) = packs["weathertop"].zones
    assert zone in packs["weathertop"].features[1]


# --- who may take part ---------------------------------------------------------------

FIVE = (
    "Frodo Baggins",
    "Samwise Gamgee",
    "Meriadoc Brandybuck",
    "Peregrin Took",
    "Aragorn",
)


@pytest.fixture
def bree(demo_campaign):
    return demo_campaign.scenes.get(slug="bree")


def test_bree_s_setup_form_offers_only_the_five_who_were_there(client, bree):
    client.force_login(bree.campaign.owner)
    url = reverse(
        "campaigns:battle_setup", kwargs={"slug": bree.campaign.slug, "scene": "bree"}
    )
    form = client.get(url).context["form"]
    assert tuple(name for _pk, name in form.fields["participants"].choices) == FIVE


def _fellowship(scene, *names):
    fellowship = scene.campaign.companies.get(name="The Fellowship of the Ring")
    return [c.pk for c in fellowship.characters.filter(name__in=names)]


def test_gandalf_is_refused_at_bree_with_the_reason(bree):
    """The refusal names him and says who may take part."""
    with pytest.raises(ValidationError) as refused:
        battle_set_up(
            scene=bree,
            stance=None,
            participant_ids=_fellowship(bree, "Frodo Baggins", "Gandalf"),
            seed=1,
        )
    assert refused.value.message_dict["participants"] == [
        "Gandalf cannot take part in Bree. The Fellowship of the Ring: Only "
        + ", ".join(FIVE)
        + " may take part."
    ]


def test_a_setup_request_with_gandalf_sets_nothing_up(client, bree):
    client.force_login(bree.campaign.owner)
    ids = _fellowship(bree, "Frodo Baggins", "Gandalf")
    url = reverse(
        "campaigns:battle_setup", kwargs={"slug": bree.campaign.slug, "scene": "bree"}
    )
    response = client.post(url, {"participants": [str(pk) for pk in ids]})
    assert (response.status_code, Battle.objects.exists()) == (200, False)


def test_moria_s_setup_sheet_shows_the_west_door_and_the_troll_s_round(packs):
    """The arrival stretch, where an arriving goblin is placed, and the cave
    troll's own arrival round are on the setup sheet (and nowhere as prose)."""
    sheet = packs["moria"].readings["A4"].pages[0]
    assert squash(
        'An arriving model is placed touching the 4" of the west edge starting '
        '16" from its north end'
    ) in sheet.replace("″", '"')
    assert "Cave troll comes on at the start of round 2." in sheet


def test_bree_s_wraith_with_no_enemy_in_sight_goes_for_the_ring(packs):
    """Step 9 of the Bree card itself sends a wraith that sees no one toward the
    Ring (or whoever carries it): the engine's decision for the same situation."""
    card = packs["bree"].ai_card("The Ringwraiths")
    assert (
        squash(
            "Otherwise (no enemy in sight) → Full move toward the One Ring (or whoever "
            "carries it)."
        )
        in card
    )
