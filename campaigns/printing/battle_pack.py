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

from campaigns.models import Battle
from campaigns.printing import rules_text
from campaigns.printing.ai_card import ai_card
from campaigns.printing.cards import (
    EMPTY_SLOT,
    MARKED_SLOT,
    card_sheets,
    character_cards,
)
from campaigns.printing.diagram import table_diagram
from campaigns.printing.fit import PT, Run, layout
from campaigns.printing.qr import qr_code
from campaigns.printing.render import html_to_pdf
from campaigns.printing.sheet_fit import result_density, setup_density
from campaigns.selectors.battle_pack import battle_pack_data
from engines.battlefield import Battlefield
from engines.cards import Card
from engines.combat import activation_order
from engines.dice import LogEntry
from engines.enums import EndReason, Mishap, Outcome, Reputation, Side
from engines.events import EVENT_KEYS
from engines.roles import DISORGANIZED_RULE, Role
from engines.scouting import RATING_BONUS, SCOUT_SELECTION_MODIFIER, STANCE_MODIFIER

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


def battle_pack_context(data: dict[str, Any]) -> dict[str, Any]:
    context = _context(data)
    context["setup_density"] = setup_density(context)
    return context


def _context(data: dict[str, Any]) -> dict[str, Any]:
    paper = PAPER_CLASSES.get(data["paper"], "a4")
    companies = [_with_ink(c) for c in data["companies"]]
    participants = [_with_ink(p) for p in data["participants"]]
    battle = data["battle"]
    battlefield = Battlefield.from_data(data["battlefield"])
    events = _events(data["events"])
    return {
        "paper": paper,
        "campaign": data["campaign"],
        "battle": battle,
        "scene": data["scene"],
        "battlefield": battlefield,
        "companies": companies,
        "setup": _setup(data, companies, participants, battlefield),
        "diagram": table_diagram(battlefield=battlefield, companies=companies),
        "ai_cards": _ai_cards(data, companies, participants, battlefield, paper),
        "events": events,
        "events_problem": data["events_problem"],
        "event_columns": _halves(events),
        "events_size_class": _events_size(events, paper),
        "event_rules": rules_text.event_draw_rows() if events else [],
        "random_selection": f"Random selection: {rules_text.RANDOM_SELECTION}",
        "card_sheets": [
            _sheet(cards, paper) for cards in card_sheets(character_cards(participants))
        ],
        "result": _result(data, participants, battlefield),
        "qr": qr_code(data["result_url"]),
        "result_url": data["result_url"],
        "result_link": data["result_url"].split("://", 1)[-1],
    }


def _ai_cards(data, companies, participants, battlefield, paper) -> list[dict]:
    """One card per AI company; the first carries what the side shares."""
    ai = [c for c in companies if c["side"] == Side.AI]
    return [
        ai_card(
            data=data,
            company=company,
            participants=participants,
            battlefield=battlefield,
            paper=paper,
            home="" if index == 0 else ai[0]["name"],
        )
        for index, company in enumerate(ai)
    ]


def _with_ink(item: dict[str, Any]) -> dict[str, Any]:
    """Adds the text colour readable on the item's colour (white or near-black)."""
    hex_colour = item["colour"].lstrip("#")
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (0, 2, 4))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return {**item, "ink": "#111111" if luminance > 0.55 else "#ffffff"}


# --- the setup sheet --------------------------------------------------------------


def _setup(
    data: dict[str, Any],
    companies: list[dict[str, Any]],
    participants: list[dict[str, Any]],
    battlefield: Battlefield,
) -> dict[str, Any]:
    battle = data["battle"]
    log = [LogEntry.from_dict(entry).describe() for entry in battle["dice_log"]]
    return {
        "scoring": _scoring(battle),
        "commanders": _commanders(battle, companies),
        "roles": _roles(battle),
        "statuses": _statuses(participants),
        "initiative": _initiative(battle),
        "coop": _coop(battle, participants),
        "dice_log": _halves(log) if len(log) > 6 else [log],
        "has_dice_log": bool(log),
        "battlefield_lines": _battlefield_lines(battlefield),
    }


def _commanders(
    battle: dict[str, Any], companies: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The leading commanders' modifiers to this setup's rolls; none where
    nothing was rolled (a fixed scenario)."""
    if battle["fixed"] or battle["player_score"] is None:
        return []
    rows = []
    for company in companies:
        if not company["leading"]:
            continue
        commander = company["commander"]
        reputation = Reputation(commander["reputation"])
        rep, rating = commander["reputation_label"], commander["rating_label"]
        score = f"scouting score {_signed(RATING_BONUS[commander['rating']])}"
        if company["side"] == Side.AI:
            stance = _signed(STANCE_MODIFIER[reputation])
            scouts = _signed(SCOUT_SELECTION_MODIFIER[reputation])
            effect = f"stance roll {stance}, scout selection {scouts}, {score}"
        else:
            effect = score
        rows.append(
            {
                "side": company["side_label"],
                "name": commander["name"] or "No commander",
                "character": f"{rep}, {rating}",
                "effect": effect,
            }
        )
    return rows


def _signed(value: int) -> str:
    """+1, −1 (a real minus sign), ±0."""
    if value == 0:
        return "\u00b10"
    return f"+{value}" if value > 0 else f"\u2212{-value}"


def _battlefield_lines(battlefield: Battlefield) -> list[str]:
    lines = []
    if battlefield.sight_text:
        lines.append(battlefield.sight_text)
    return lines


def _scoring(battle: dict[str, Any]) -> list[tuple[str, str]]:
    """The §3 decisions as (term, value) rows; none where nothing was rolled."""
    if battle["fixed"] or battle["player_score"] is None:
        return []
    rows = [
        ("Stances", f"player {battle['player_stance']}, AI {battle['ai_stance']}"),
        ("Scouting", f"player {battle['player_score']}, AI {battle['ai_score']}"),
    ]
    if battle["relation"] == "Tied":
        rows.append(("Result", "tied"))
    elif battle["higher_side"]:
        other = "AI" if battle["higher_side"] == "Player" else "player"
        verb = {"Outscouts": "outscouts", "Surprises": "surprises"}.get(
            battle["relation"], battle["relation"].lower()
        )
        rows.append(("Result", f"{battle['higher_side']} side {verb} the {other} side"))
    if battle["table_cell"] and battle["table_cell"] != battle["scenario_name"]:
        cell = battle["table_cell"]
        if battle["special_roll"]:
            cell = f"{cell} (D6 {battle['special_roll']})"
        rows.append(("Table", cell))
    return rows


def _roles(battle: dict[str, Any]) -> list[tuple[str, str]]:
    rows = []
    for side, label in ((Side.PLAYER, "Player side"), (Side.AI, "AI side")):
        role = battle["roles"].get(side.value)
        if role:
            try:
                role = Role(role.replace(" ", "_")).label
            except ValueError:
                pass
            rows.append((label, role))
    return rows


STATUSES = (
    ("disorganized", "Disorganized", DISORGANIZED_RULE),
    ("reserve", "In reserve", f"{Mishap.LATE.label}."),
    ("lost", "Lost scouts", f"{Mishap.LOST.label}."),
    ("misses", "Missing", f"{Mishap.MISSES.label}: not deployed."),
)
"""How each start is named on the setup sheet, with the rule's own words."""


def _statuses(participants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for key, title, rule in STATUSES:
        if key in ("lost", "misses"):
            chosen = [p for p in participants if p["mishap"] == key]
        else:
            chosen = [p for p in participants if p[key]]
        if chosen:
            rows.append(
                {"title": title, "rule": rule, "names": _names(chosen, participants)}
            )
    return rows


def _names(
    chosen: list[dict[str, Any]], participants: list[dict[str, Any]]
) -> list[tuple[str, str]]:
    """(name, side) of each; a whole side's deployed characters in one entry."""
    names = []
    for side, label in ((Side.PLAYER, "player"), (Side.AI, "AI")):
        mine = [p for p in chosen if p["side"] == side]
        deployed = [p for p in participants if p["side"] == side and not p["mishap"]]
        if len(mine) > 3 and mine == deployed:
            names.append((f"all {len(mine)} deployed characters", label))
        else:
            names += [(p["name"], label) for p in mine]
    return names


def _initiative(battle: dict[str, Any]) -> dict[str, Any]:
    first = battle["first_activation"]
    round_one = ""
    if first:
        who = "The AI side" if first == Side.AI else "The player side"
        round_one = (
            f"Round 1: {who} takes the first activation without an initiative "
            "roll. Roll from round 2 on."
        )
    return {
        "round_one": round_one,
        "rule": rules_text.INITIATIVE_RULE,
        "ai_choice": rules_text.AI_INITIATIVE_CHOICE,
    }


def _coop(
    battle: dict[str, Any], participants: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """Every human general on one sheet: their characters and the turn order."""
    names = [name for name in battle["coop_players"] if name.strip()]
    if not names:
        return None
    humans = [p for p in participants if p["side"] == Side.PLAYER]
    return {
        "generals": [
            {
                "turn": turn,
                "name": name,
                "characters": [p["name"] for p in humans if p["coop_player"] == name],
            }
            for turn, name in enumerate(names, start=1)
        ],
        "unassigned": [p["name"] for p in humans if p["coop_player"] not in names],
        "humans_first": list(activation_order(names)),
        "ai_first": list(activation_order(names, ai_first=True)),
    }


# --- random events ----------------------------------------------------------------


def _halves(items: list) -> list[list]:
    half = math.ceil(len(items) / 2)
    return [items[:half], items[half:]]


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
    marks = []
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


# --- the result form --------------------------------------------------------------


def _result(
    data: dict[str, Any],
    participants: list[dict[str, Any]],
    battlefield: Battlefield,
) -> dict[str, Any]:
    rows = []
    for p in participants:
        if p["mishap"] == "misses":
            continue
        persisting = min(len(p["wounds"]), p["wound_slots"])
        rows.append(
            {
                **p,
                "slots": " ".join(
                    chr((MARKED_SLOT if n <= persisting else EMPTY_SLOT) + n - 1)
                    for n in range(1, p["wound_slots"] + 1)
                ),
                "fallen": p["mishap"] == "lost",
            }
        )
    kill_rule = data["scene"]["outright_kill_rule"]
    return {
        "rows": rows,
        "density": result_density(
            rows=len(rows),
            paper=PAPER_CLASSES.get(data["paper"], "a4"),
            kill_rule=bool(kill_rule),
        ),
        "outcomes": [o.label for o in Outcome],
        "end_reasons": [r.label for r in EndReason],
        "sides": [("player", "Player side"), ("ai", "AI side")],
        "has_victory_points": battlefield.scores_victory_points,
        "rounds": list(range(1, battlefield.length + 1)),
        "kill_rule": kill_rule,
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
        out.append(f"- {force.name} ({side}): {force.describe()}")
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
        out.append(battlefield.sight_text)
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
