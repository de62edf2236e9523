"""The battle pack: setup sheet, AI reference cards, random events, character
cards and the result form, as one HTML document rendered to one PDF.

:func:`battle_pack_context` turns the selector's plain data
(:func:`campaigns.selectors.battle_pack.battle_pack_data`) into what the
templates under ``templates/print/`` draw. Rules come from the engine (the
doctrines' step tables, the battlefield, the scoring); nothing of a rule is
retyped here. One document means page numbers across the whole pack and each
font embedded once.
"""

from __future__ import annotations

import math
from typing import Any

from django.template.loader import render_to_string

from campaigns.bidi import sight_text
from campaigns.models import Battle
from campaigns.printing import rules_text
from campaigns.printing.ai_card import ai_card
from campaigns.printing.cards import (
    card_sheets,
    character_cards,
)
from campaigns.printing.diagram import table_diagram
from campaigns.printing.diagram_text import diagram_key
from campaigns.printing.fit import PT, Run, layout
from campaigns.printing.inches import inch_marks
from campaigns.printing.qr import qr_code, reachable_from_a_phone
from campaigns.printing.render import html_to_pdf
from campaigns.printing.result_form import result_form
from campaigns.printing.setup_sheet import halves, setup_sheet, with_generals
from campaigns.printing.sheet_fit import (
    dice_log_left,
    lifted_boxes,
    lower_boxes,
    setup_density,
)
from campaigns.selectors.battle_pack import battle_pack_data
from engines.battlefield import Battlefield
from engines.cards import Card
from engines.enums import Side
from engines.events import EVENT_KEYS

TEMPLATE = "print/battle_pack.html"
PAPER_CLASSES = {"A4": "a4", "LETTER": "letter"}

# Crop marks: how far out from the card grid (mm) they start and end, so they
# stay inside the printable area (5 mm from the sheet's edge) on each paper.
CROP_MARKS = {
    "a4": {"x": (-5.0, -0.8), "y": (-6.0, -0.8)},
    "letter": {"x": (-6.0, -0.8), "y": (-2.5, -0.6)},
}


def battle_pack_html(battle: Battle, *, site_url: str | None = None) -> str:
    """The pack's HTML (user text autoescaped by the templates)."""
    return render_pack_html(battle_pack_data(battle=battle, site_url=site_url))


def battle_pack_pdf(battle: Battle, *, site_url: str | None = None) -> bytes:
    """The pack as PDF bytes, rendered now (the pack store keeps copies)."""
    return render_pack_pdf(battle_pack_data(battle=battle, site_url=site_url))


def render_pack_pdf(data: dict[str, Any]) -> bytes:
    """The selector's data to one PDF document."""
    return html_to_pdf(render_pack_html(data))


def render_pack_html(data: dict[str, Any]) -> str:
    return render_to_string(TEMPLATE, battle_pack_context(data))


def battle_pack_text(battle: Battle) -> str:
    """The setup sheet as plain text (``battle_pack --text``)."""
    return setup_text(battle_pack_context(battle_pack_data(battle=battle)))


# --- the context ------------------------------------------------------------------

INCH_TEXTS = ("events", "participants", "scene", "companies")


def battle_pack_context(data: dict[str, Any]) -> dict[str, Any]:
    context = _context(data)
    context["setup_density"] = setup_density(context)
    context["dice_log_left"] = dice_log_left(context, context["setup_density"])
    keys = [key for key, _p, _g in lower_boxes(context)]
    lifted = lifted_boxes(context, context["setup_density"])
    context["setup_lifted"], context["setup_lower"] = keys[:lifted], keys[lifted:]
    return context


def _context(data: dict[str, Any]) -> dict[str, Any]:
    # One inch mark on paper: the texts players and builders type (events,
    # specials, wounds, the scene's prose) are printed with 6″, not 6".
    data = {
        **data,
        **{key: inch_marks(data[key]) for key in INCH_TEXTS if key in data},
    }
    paper = PAPER_CLASSES.get(data["paper"], "a4")
    companies = [_with_ink(c) for c in data["companies"]]
    battle = data["battle"]
    # Each character printed under the name the table page and the result
    # page give it: numbered where two share a name ("Boarder 2").
    participants = with_generals(
        battle,
        [
            _with_ink(p | {"name": p.get("label", p["name"])})
            for p in data["participants"]
        ],
    )
    battlefield = Battlefield.from_data(data["battlefield"])
    events = _events(data["events"])
    diagram = table_diagram(
        battlefield=battlefield, companies=companies, uses=data["scene"].get("uses")
    )
    return {
        "paper": paper,
        "campaign": data["campaign"],
        "battle": battle,
        "scene": data["scene"],
        "battlefield": battlefield,
        "companies": companies,
        "setup": setup_sheet(data, companies, participants, battlefield),
        "diagram": diagram,
        "diagram_key": diagram_key(diagram),
        "ai_cards": _ai_cards(data, companies, participants, battlefield, paper),
        "events": events,
        "events_problem": data["events_problem"],
        "event_columns": halves(events),
        "events_size_class": _events_size(events, paper),
        "event_rules": rules_text.event_draw_table() if events else [],
        "random_selection": f"Random selection: {rules_text.RANDOM_SELECTION}",
        "card_sheets": [
            _sheet(cards, paper) for cards in card_sheets(character_cards(participants))
        ],
        "result": result_form(data, participants, battlefield),
        "qr": qr_code(data["result_url"])
        if reachable_from_a_phone(data["result_url"])
        else None,
        "result_url": data["result_url"],
        "result_link": data["result_url"].split("://", 1)[-1],
    }


def _ai_cards(data, companies, participants, battlefield, paper) -> list[dict]:
    """One card per AI company; the first carries what the side shares."""
    ai = [
        c
        for c in companies
        if c["side"] == Side.AI and _on_the_table(c, participants, data["scene"])
    ]
    return [
        ai_card(
            data=data,
            company=company,
            participants=participants,
            battlefield=battlefield,
            paper=paper,
            home="" if index == 0 else ai[0]["name"],
            others=tuple(c["name"] for c in ai[1:]) if index == 0 else (),
        )
        for index, company in enumerate(ai)
    ]


def _on_the_table(
    company: dict[str, Any], participants: list[dict[str, Any]], scene: dict[str, Any]
) -> bool:
    """Whether anyone of the company can be on the table in this battle: one
    that takes part (not lost scouting, not missing the battle), or a horde's
    reinforcement. A company with nobody gets no AI card."""
    if company["reinforcement_template"] and scene["reinforcements"]:
        return True
    return any(
        p["company_id"] == company["id"] and p["mishap"] not in ("lost", "misses")
        for p in participants
    )


def _with_ink(item: dict[str, Any]) -> dict[str, Any]:
    """Adds the text colour readable on the item's colour (white or near-black)."""
    hex_colour = item["colour"].lstrip("#")
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (0, 2, 4))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return {**item, "ink": "#111111" if luminance > 0.55 else "#ffffff"}


# --- random events ----------------------------------------------------------------


EVENTS_WIDTH = 91.5
EVENTS_HEIGHT = {"a4": 222.0, "letter": 204.0}
"""Room for the two columns of events under the page's heading and rules."""
EVENT_SIZES = (8.5, 8.0, 7.5, 7.0)
EVENT_SIZE_CLASSES = {8.5: "ai85", 8.0: "ai80", 7.5: "ai75", 7.0: "ai70"}
LINE_HEIGHT = 1.25
SAFETY = 1.06


def _events_size(events: list[dict[str, str]], paper: str) -> str:
    """The largest type that puts all the events on one page (two columns)."""
    if not events:
        return ""
    for size in EVENT_SIZES:
        line = size * LINE_HEIGHT * PT
        heights = [
            (
                len(layout([Run(e["title"], bold=True)], EVENTS_WIDTH, size * 1.1))
                * size
                * 1.1
                * 1.15
                * PT
                + len(layout(e["text"], EVENTS_WIDTH, size)) * line
                + 1.4
                + 2.5
            )
            * SAFETY
            for e in events
        ]
        half = math.ceil(len(heights) / 2)
        if max(sum(heights[:half]), sum(heights[half:])) <= EVENTS_HEIGHT[paper]:
            break
    return EVENT_SIZE_CLASSES[size]


def _events(events: list[dict[str, str]]) -> list[dict[str, str]]:
    order = {key: i for i, key in enumerate(EVENT_KEYS)}
    rows = sorted(events, key=lambda e: order.get(e["card"], len(order)))
    result = []
    for e in rows:
        try:
            label = str(Card.parse(e["card"]))
        except ValueError:
            label = e["card"]
        result.append({**e, "card_label": label})
    return result


# --- character card sheets --------------------------------------------------------


def _sheet(cards: list[dict[str, Any]], paper: str) -> dict[str, Any]:
    """One sheet of cards with the crop marks around its grid (mm)."""
    columns = min(3, len(cards))
    rows = math.ceil(len(cards) / 3)
    width, height = 63 * columns, 88 * rows
    (x_out, x_in), (y_out, y_in) = CROP_MARKS[paper]["x"], CROP_MARKS[paper]["y"]
    marks: list[tuple[float, float, float, float]] = []
    for x in (63 * i for i in range(columns + 1)):
        marks.append((x, y_out, x, y_in))
        marks.append((x, height - y_in, x, height - y_out))
    for y in (88 * i for i in range(rows + 1)):
        marks.append((x_out, y, x_in, y))
        marks.append((width - x_in, y, width - x_out, y))
    return {
        "cards": cards,
        "width": width,
        "height": height,
        "pad_x": -x_out,
        "pad_y": -y_out,
        "box_width": width - 2 * x_out,
        "box_height": height - 2 * y_out,
        "marks": marks,
    }


# --- plain text -------------------------------------------------------------------


def setup_text(context: dict[str, Any]) -> str:
    """The setup sheet in plain text, for a terminal or a note."""
    battle, scene, setup = context["battle"], context["scene"], context["setup"]
    battlefield: Battlefield = context["battlefield"]
    out: list[str] = []

    def heading(text: str) -> None:
        out.extend(["", text, "-" * len(text)])

    title = (
        f"{context['campaign']['name']} - Battle {battle['number']}: {scene['title']}"
    )
    out += [title, "=" * len(title), f"Scenario: {battle['scenario_name']}"]
    for term, value in setup["scoring"] + setup["roles"]:
        out.append(f"{term}: {value}")
    if battle["times_rolled"] > 1:
        out.append(f"Setup rolled {battle['times_rolled']} times.")
    out.append(f"Seed: {battle['seed']}")
    out.append(f'Table: {scene["table_width"]}" x {scene["table_depth"]}"')
    if scene["briefing"]:
        heading("Briefing")
        out.append(scene["briefing"])
    if battle["setup_text"]:
        heading("Setup")
        out += battle["setup_text"]
    heading("Deployment")
    names = {str(c["id"]): c for c in context["companies"]}
    for force in battlefield.forces:
        company = names.get(force.key, {})
        side = company.get("side_label") or force.side.label
        out.append(
            f"- {force.name} ({side}): "
            + " ".join((force.describe(), *force.arrival_lines()))
        )
    for feature in battlefield.features:
        out.append(f"- Terrain: {feature.name}, {feature.describe()}")
    for objective in battlefield.objectives:
        out.append(f"- Objective: {objective.describe()}")
    for status in setup["statuses"]:
        names_text = ", ".join(f"{name} ({side})" for name, side in status["names"])
        out.append(f"{status['title']}: {names_text}")
    heading("Length and scoring")
    out += list(battlefield.scoring)
    if battlefield.sight_text:
        heading("Sight")
        out.append(sight_text(battlefield))
    if scene["special_rules"]:
        heading("Special rules")
        out.append(scene["special_rules"])
    if scene["victory_conditions"]:
        heading("Victory conditions")
        out.append(scene["victory_conditions"])
    heading("Initiative")
    if setup["initiative"]["round_one"]:
        out.append(setup["initiative"]["round_one"])
    out.append(setup["initiative"]["rule"])
    out.append(setup["initiative"]["ai_choice"])
    if setup["coop"]:
        out.append("Co-op order: " + " > ".join(setup["coop"]["humans_first"]))
    heading("Characters")
    for p in context["result"]["rows"]:
        out.append(f"{p['order']:>3}. {p['name']} ({p['company']})")
    if setup["has_dice_log"]:
        heading("Dice log")
        out += [line for column in setup["dice_log"] for line in column]
    return "\n".join(out) + "\n"
