"""The battle pack: setup sheet, AI reference cards, character cards, result
form and co-op pages, as one HTML document rendered to PDF.

:func:`battle_pack_context` turns the selector's plain data
(:func:`campaigns.selectors.battle_pack.battle_pack_data`) into what the
templates under ``templates/print/`` draw. The AI cards print each doctrine's
procedure from the engine's step table (``engines.doctrines``), with this
battle's numbers beside it; nothing of a rule is retyped here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from django.template.loader import render_to_string

from campaigns.models import Battle
from campaigns.printing.cards import (
    EMPTY_SLOT,
    MARKED_SLOT,
    card_sheets,
    character_cards,
)
from campaigns.printing.diagram import table_diagram
from campaigns.printing.fit import PT, Run, layout, text_width
from campaigns.printing.parallel import parts_to_pdf
from campaigns.printing.qr import qr_code
from campaigns.selectors.battle_pack import battle_pack_data
from engines.cards import Card
from engines.combat import ATTACK_QUICK_REFERENCE, INITIATIVE_TABLE, activation_order
from engines.dice import LogEntry
from engines.doctrines import ORDER_RULE
from engines.enums import Doctrine, EndReason, Mishap, Outcome, Reputation, Side
from engines.events import EVENT_KEYS
from engines.events import PROCEDURE as EVENTS_PROCEDURE
from engines.roles import DISORGANIZED_RULE, Role
from engines.scouting import (
    RATING_BONUS,
    SCOUT_SELECTION_MODIFIER,
    STANCE_MODIFIER,
)

TEMPLATE = "print/battle_pack.html"
PARTS = ("setup", "ai", "events", "cards", "result")
"""The pack's independent parts, laid out side by side and joined in this order."""
PAPER_CLASSES = {"A4": "a4", "LETTER": "letter"}

# The AI card's two columns (mm) and the height they may fill, by paper.
AI_COLUMN_WIDTH = {"a4": 91.5, "letter": 91.5}
AI_COLUMN_HEIGHT = {"a4": 246.0, "letter": 228.0}
"""The page's height less its margins and the card's heading, with room to spare."""
AI_SIZES = (8.5, 8.0, 7.5, 7.0)
AI_SIZE_CLASSES = {8.5: "ai85", 8.0: "ai80", 7.5: "ai75", 7.0: "ai70"}


def battle_pack_html(battle: Battle) -> str:
    """The pack's HTML (user text autoescaped by the templates)."""
    return render_pack_html(battle_pack_data(battle=battle))


def battle_pack_pdf(battle: Battle) -> bytes:
    """The pack as PDF bytes, rendered now (the pack store keeps copies)."""
    return render_pack_pdf(battle_pack_data(battle=battle))


def render_pack_pdf(data: dict[str, Any]) -> bytes:
    """The selector's data to PDF: the pack's parts laid out in parallel, joined."""
    context = battle_pack_context(data)
    parts = [
        render_to_string(TEMPLATE, {**context, "part": part})
        for part in PARTS
        if part != "events" or context["events"]
    ]
    title = f"Battle {context['battle']['number']}: {context['scene']['title']}"
    return parts_to_pdf(parts, title=title)


def render_pack_html(data: dict[str, Any]) -> str:
    return render_to_string(TEMPLATE, battle_pack_context(data))


def battle_pack_text(battle: Battle) -> str:
    """The setup sheet as plain text (``battle_pack --text``)."""
    return setup_text(battle_pack_context(battle_pack_data(battle=battle)))


# --- the context ------------------------------------------------------------------


def battle_pack_context(data: dict[str, Any]) -> dict[str, Any]:
    paper = PAPER_CLASSES.get(data["paper"], "a4")
    companies = [_with_ink(c) for c in data["companies"]]
    participants = [_with_ink(p) for p in data["participants"]]
    battle = data["battle"]
    cards = character_cards(participants)
    return {
        "paper": paper,
        "campaign": data["campaign"],
        "battle": battle,
        "scene": data["scene"],
        "companies": companies,
        "setup": _setup(data, companies, participants),
        "diagram": table_diagram(
            width_in=data["scene"]["table_width"],
            depth_in=data["scene"]["table_depth"],
            companies=companies,
            objective=battle["objective"],
        ),
        "ai_cards": [
            _ai_card(data, company, participants, paper)
            for company in companies
            if company["side"] == Side.AI
        ],
        "events": _events(data["events"]),
        "event_columns": _halves(_events(data["events"])),
        "events_size_class": _events_size(data["events"], paper),
        "event_rules": _event_rules() if data["events"] else [],
        "card_sheets": [_sheet(cards) for cards in card_sheets(cards)],
        "result": _result(data, participants),
        "coop_pages": _coop_pages(battle, participants),
        "qr": qr_code(data["result_url"]),
        "result_url": data["result_url"],
    }


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
) -> dict[str, Any]:
    battle = data["battle"]
    log = [LogEntry.from_dict(entry).describe() for entry in battle["dice_log"]]
    return {
        "scoring": _scoring(battle),
        "roles": _roles(battle),
        "statuses": _statuses(participants),
        "initiative": _initiative(battle),
        "coop_order": _coop_order(battle["coop_players"]),
        "dice_log": log,
        "leading": {c["side"]: c for c in companies if c["leading"]},
    }


def _scoring(battle: dict[str, Any]) -> list[tuple[str, str]]:
    """The §3 decisions as (term, value) rows; none for a fixed scenario."""
    if battle["fixed"] or battle["player_score"] is None:
        return []
    rows = [
        ("Stances", f"player {battle['player_stance']}, AI {battle['ai_stance']}"),
        (
            "Scouting",
            f"player {battle['player_score']}, AI {battle['ai_score']}",
        ),
    ]
    if battle["relation"] == "Tied":
        rows.append(("Result", "tied"))
    elif battle["higher_side"]:
        other = "AI" if battle["higher_side"] == "Player" else "player"
        rows.append(
            (
                "Result",
                f"{battle['higher_side']} side {battle['relation'].lower()} "
                f"the {other} side",
            )
        )
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
                role = Role(role).label
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
                {
                    "title": title,
                    "rule": rule,
                    "names": [
                        f"{p['name']} ({'AI' if p['side'] == Side.AI else 'player'})"
                        for p in chosen
                    ],
                }
            )
    return rows


def _initiative_rows() -> list[tuple[str, str]]:
    rows, low = [], 1
    for high, side in INITIATIVE_TABLE:
        roll = f"{low}\u2013{high}" if high > low else str(low)
        who = "the AI activates first" if side is Side.AI else "the humans first"
        rows.append((roll, who))
        low = high + 1
    return rows


def _initiative(battle: dict[str, Any]) -> dict[str, Any]:
    first = battle["first_activation"]
    round_one = ""
    if first:
        who = "The AI side" if first == Side.AI else "The player side"
        round_one = (
            f"Round 1: {who} takes the first activation without an initiative "
            f"roll ({battle['scenario_name']}). Roll from round 2 on."
        )
    return {"round_one": round_one, "rows": _initiative_rows()}


def _coop_order(players: list[str]) -> dict[str, list[str]] | None:
    names = [name for name in players if name.strip()]
    if not names:
        return None
    return {
        "humans_first": list(activation_order(names)),
        "ai_first": list(activation_order(names, ai_first=True)),
    }


# --- the AI reference cards -------------------------------------------------------


def _ai_card(
    data: dict[str, Any],
    company: dict[str, Any],
    participants: list[dict[str, Any]],
    paper: str,
) -> dict[str, Any]:
    battle = data["battle"]
    procedure = data["procedures"][company["doctrine"]]
    blocks = [
        {
            "kind": "section",
            "section": _with_term_widths(s),
            "current": _current_mode(s, company),
        }
        for s in procedure["sections"]
    ]
    commander = _commander(battle, company)
    reference = [
        {
            "kind": "commander",
            **commander,
            "term_mm": _term_mm(t for t, _ in commander["modifiers"]),
        },
        *(
            {
                "kind": "table",
                "table": t,
                "term_mm": _term_mm([t["columns"][0], *(r["roll"] for r in t["rows"])]),
            }
            for t in procedure["tables"]
        ),
    ]
    extras = _doctrine_extras(data["scene"], company)
    if extras or procedure["notes"]:
        reference.append({"kind": "notes", "lines": extras + procedure["notes"]})
    reference += [
        {"kind": "order", "text": ORDER_RULE},
        {"kind": "rout", "text": _rout_text(company)},
        {
            "kind": "attack",
            "rows": _attack_rows(),
            "term_mm": _term_mm(t for t, _ in _attack_rows()),
        },
    ]
    scenario = _ai_scenario_lines(data, company, participants)
    if scenario:
        reference.append({"kind": "scenario", "lines": scenario})
    if data["events"]:
        reference.append(
            {
                "kind": "events",
                "rules": _event_rules(),
                "rows": _event_rows(data["events"]),
                "term_mm": _term_mm(t for t, _ in _event_rules()),
            }
        )
    size, left, right = _ai_columns(blocks + reference, paper)
    return {
        "company": company,
        "summary": procedure["summary"],
        "title": procedure["title"],
        "source": procedure["source"],
        "size_class": AI_SIZE_CLASSES[size],
        "columns": [left, right],
    }


TERM_PT = max(AI_SIZES)
TERM_PADDING_MM = 2.2


def _term_mm(terms: Iterable[str]) -> float:
    """The width (mm) of a table's first column: its longest term, in bold at the
    largest AI card type, with the cell's padding. The tables are laid out with
    ``table-layout: fixed``, which is much cheaper than WeasyPrint's auto layout."""
    widest = max((text_width(t, TERM_PT, bold=True) for t in terms), default=0.0)
    return round(widest + TERM_PADDING_MM, 1)


def _with_term_widths(section: dict[str, Any]) -> dict[str, Any]:
    """The section with each step table's first-column width."""
    steps = []
    for step in section["steps"]:
        tables = [
            {
                **table,
                "heading": _table_heading(table),
                "term_mm": _term_mm(
                    [table["columns"][0], *(r["roll"] for r in table["rows"])]
                ),
            }
            for table in step["tables"]
        ]
        steps.append({**step, "tables": tables})
    return {**section, "steps": steps}


def _table_heading(table: dict[str, Any]) -> str:
    """A step table's second header cell: what is rolled, and what it gives."""
    title, (roll, result) = table["title"], table["columns"]
    if title == roll:
        return result
    return title if result == "Result" else f"{title}: {result[:1].lower()}{result[1:]}"


def _current_mode(section: dict[str, Any], company: dict[str, Any]) -> bool:
    return (
        company["doctrine"] == Doctrine.HORDE
        and section["id"] == (company["starting_mode"] or "").lower()
    )


def _commander(battle: dict[str, Any], company: dict[str, Any]) -> dict[str, Any]:
    commander = company["commander"]
    reputation = Reputation(commander["reputation"])
    rep, rating = commander["reputation_label"], commander["rating_label"]
    modifiers = [
        (f"AI stance roll ({rep})", _signed(STANCE_MODIFIER[reputation])),
        (
            f"AI scout selection roll ({rep})",
            _signed(SCOUT_SELECTION_MODIFIER[reputation]),
        ),
        (f"Scouting score ({rating})", _signed(RATING_BONUS[commander["rating"]])),
    ]
    if not company["leading"]:
        note = "Does not lead the AI side: its commander made no roll in this setup."
        lines: list[str] = []
    elif battle["fixed"] or not battle["dice_log"]:
        note = "A fixed scenario: no stance or scouting rolls in this setup."
        lines = []
    else:
        note = "Leads the AI side. In this setup:"
        lines = [
            LogEntry.from_dict(entry).describe()
            for entry in battle["dice_log"]
            if str(entry.get("purpose", "")).startswith(
                ("AI stance", "AI scout selection", "AI scouting score")
            )
        ]
    return {
        "name": commander["name"],
        "reputation": commander["reputation_label"],
        "rating": commander["rating_label"],
        "modifiers": modifiers,
        "note": note,
        "lines": lines,
    }


def _sentence(text: str) -> str:
    """The text ending in a full stop (once)."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _signed(value: int) -> str:
    """+1, −1 (a real minus sign), ±0."""
    if value == 0:
        return "\u00b10"
    return f"+{value}" if value > 0 else f"\u2212{-value}"


def _doctrine_extras(scene: dict[str, Any], company: dict[str, Any]) -> list[str]:
    """This scene's settings of the doctrine's levers."""
    doctrine = company["doctrine"]
    if doctrine == Doctrine.HORDE:
        lines = [f"This battle starts in {company['starting_mode'].lower()} mode."]
        if scene["reinforcements"]:
            template = company["reinforcement_template"]
            lines.append(
                f"Reinforcements: on, cap {scene['reinforcement_cap']}"
                + (f"; each is a {template}." if template else ".")
            )
        else:
            lines.append("Reinforcements: off in this scene (no lurking either).")
        return lines
    if doctrine == Doctrine.PURSUIT:
        quarry = ", ".join(scene["quarry"]) or "the nearest player character"
        lines = [f"Quarry: {quarry}."]
        if scene["route"]:
            lines.append(_sentence(f"Route: {scene['route']}"))
        bonus = scene["pursuit_bonus_inches"]
        lines.append(
            f"Difficulty lever: +{bonus}\u2033 to pursuers behind the player's "
            "rearmost model."
            if bonus
            else "Difficulty lever: none in this scene."
        )
        return lines
    return []


def _rout_text(company: dict[str, Any]) -> str:
    if company["doctrine"] == Doctrine.HORDE:
        return "A horde company takes no rout check: it scatters instead."
    for term, rule in ATTACK_QUICK_REFERENCE:
        if term == "Rout check":
            rule = rule[:1].upper() + rule[1:]
            return f"{rule}; all its characters rout from then on."
    return ""


def _attack_rows() -> list[tuple[str, str]]:
    return [row for row in ATTACK_QUICK_REFERENCE if row[0] != "Rout check"]


def _ai_scenario_lines(
    data: dict[str, Any],
    company: dict[str, Any],
    participants: list[dict[str, Any]],
) -> list[str]:
    battle, scene = data["battle"], data["scene"]
    lines = []
    role = battle["roles"].get(Side.AI.value)
    if role:
        try:
            role = Role(role).label
        except ValueError:
            pass
        lines.append(f"{battle['scenario_name']}: the AI side is the {role.lower()}.")
    if battle["first_activation"] == Side.AI:
        lines.append("The AI takes the first activation of round 1 without a roll.")
    elif battle["first_activation"] == Side.PLAYER:
        lines.append("The players take the first activation of round 1.")
    placed = battle["objective"]
    if placed:
        lines.append(
            f"Objective: the {placed['name']} ({placed['kind'].lower()}), "
            f"{placed['inches']}\u2033 from the centre toward {placed['clock']} "
            "o'clock."
        )
    for objective in scene["objectives"]:
        points = (
            f", {objective['victory_points']} VP" if objective["victory_points"] else ""
        )
        lines.append(
            f"Objective: {objective['name']} ({objective['kind'].lower()}{points})."
        )
    mine = [p for p in participants if p["company_id"] == company["id"]]
    for key, title, _rule in STATUSES:
        if key in ("lost", "misses"):
            chosen = [p for p in mine if p["mishap"] == key]
        else:
            chosen = [p for p in mine if p[key]]
        if not chosen:
            continue
        deployed = [p for p in mine if not p["mishap"]]
        if key == "disorganized" and len(chosen) == len(deployed) > 3:
            names = f"all {len(chosen)} deployed characters"
        else:
            names = ", ".join(p["name"] for p in chosen)
        lines.append(f"{title}: {names}.")
    return lines


def _event_rules() -> list[tuple[str, str]]:
    """The start-of-round draw, from the engine's procedure."""
    return [(step.label, step.text) for step in EVENTS_PROCEDURE.steps()]


def _event_rows(events: list[dict[str, str]]) -> list[tuple[str, str]]:
    return [(e["card_label"], e["title"]) for e in _events(events)]


def _halves(items: list) -> list[list]:
    half = math.ceil(len(items) / 2)
    return [items[:half], items[half:]]


EVENTS_HEIGHT = {"a4": 232.0, "letter": 214.0}
"""Room for the two columns of events under the page's heading and rules."""


def _events_size(events: list[dict[str, str]], paper: str) -> str:
    """The largest type that puts all the events on one page (two columns)."""
    if not events:
        return ""
    width = AI_COLUMN_WIDTH[paper]
    for size in AI_SIZES:
        line = size * LINE_HEIGHT * PT
        heights = [
            (
                _lines([Run(e["title"], bold=True)], width, size * HEADING_EM)
                * size
                * HEADING_EM
                * HEADING_LINE
                * PT
                + _lines(e["text"], width, size) * line
                + PARA_GAP
                + 2.5
            )
            * SAFETY
            for e in events
        ]
        half = math.ceil(len(heights) / 2)
        if max(sum(heights[:half]), sum(heights[half:])) <= EVENTS_HEIGHT[paper]:
            break
    return AI_SIZE_CLASSES[size]


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


# The AI card's two columns: the blocks stay in order, split where the taller
# column is shortest, at the largest type that fits the page.


def _ai_columns(
    blocks: list[dict[str, Any]], paper: str
) -> tuple[float, list[dict[str, Any]], list[dict[str, Any]]]:
    width, room = AI_COLUMN_WIDTH[paper], AI_COLUMN_HEIGHT[paper]
    for size in AI_SIZES:
        heights = [_block_height(b, width, size) for b in blocks]
        best = min(
            range(1, len(blocks)),
            key=lambda k: max(sum(heights[:k]), sum(heights[k:])),
        )
        tallest = max(sum(heights[:best]), sum(heights[best:]))
        if tallest <= room or size == AI_SIZES[-1]:
            return size, blocks[:best], blocks[best:]
    raise AssertionError("unreachable")


# The AI card's vertical rhythm, as print.css sets it (mm unless noted).
LINE_HEIGHT = 1.25
HEADING_EM, HEADING_LINE, HEADING_EXTRA = 1.1, 1.15, 0.85
BLOCK_GAP = 2.2
PARA_GAP = 1.4
STEP_GAP = 0.5
STEP_LABEL = 10.0
TABLE_GAP = 0.9
BULLET_INDENT = 2.5
SAFETY = 1.06
"""Estimates run this much over the text's own height (rounding, line boxes)."""


def _lines(text: str | Iterable[Run], width: float, size: float) -> int:
    return max(1, len(layout(text, width, size)))


def _term_width(terms: Iterable[str], size: float) -> float:
    return max((text_width(t, size, bold=True) for t in terms), default=0.0) + 1.2


def _block_height(block: dict[str, Any], width: float, size: float) -> float:
    """An estimate (mm) of the block as ai_card.html draws it."""
    line = size * LINE_HEIGHT * PT
    kind = block["kind"]
    mm = size * HEADING_EM * HEADING_LINE * PT + HEADING_EXTRA

    def rows_height(rows: list[tuple[str, str]], bold_terms: bool = True) -> float:
        term = _term_width((t for t, _ in rows), size) if bold_terms else 0.0
        return sum(_lines(text, width - term, size) * line for _t, text in rows)

    if kind == "section":
        section = block["section"]
        if section["intro"]:
            mm += _lines(section["intro"], width, size) * line + PARA_GAP
        body = width - STEP_LABEL
        for step in section["steps"]:
            runs = [Run(step["when"], bold=True), Run(step["then"])]
            mm += _lines(runs, body, size) * line + STEP_GAP
            for table in step["tables"]:
                rows = [(r["roll"], r["result"]) for r in table["rows"]]
                rows.insert(0, (table["columns"][0], table["title"]))
                roll = _term_width((t for t, _ in rows), size) + 1.0
                mm += TABLE_GAP + sum(
                    _lines(text, body - roll, size) * line for _t, text in rows
                )
        mm += sum(
            _lines(n, width - BULLET_INDENT, size) * line for n in section["notes"]
        )
    elif kind == "table":
        table = block["table"]
        rows = [(r["roll"], r["result"]) for r in table["rows"]]
        mm += rows_height([tuple(table["columns"]), *rows]) + 0.4 * len(rows)
    elif kind == "commander":
        mm += (
            _lines([Run(block["name"] or "No commander", bold=True)], width, size)
            * line
            + PARA_GAP
        )
        mm += rows_height(block["modifiers"]) + 0.4 * len(block["modifiers"])
        mm += _lines(block["note"], width, size) * line + PARA_GAP
        mm += sum(_lines(t, width - BULLET_INDENT, size) * line for t in block["lines"])
    elif kind in ("notes", "scenario"):
        mm += sum(
            _lines(t, width - BULLET_INDENT, size) * line + 0.3 for t in block["lines"]
        )
    elif kind in ("order", "rout"):
        mm += _lines(block["text"], width, size) * line + PARA_GAP
    elif kind == "attack":
        mm += rows_height(block["rows"]) + 0.4 * len(block["rows"])
    elif kind == "events":
        mm += rows_height(block["rules"]) + 0.4 * len(block["rules"])
        mm += line + PARA_GAP
        mm += rows_height(block["rows"]) + 0.4 * len(block["rows"])
    return mm * SAFETY + BLOCK_GAP


# --- character card sheets --------------------------------------------------------


def _sheet(cards: list[dict[str, Any]]) -> dict[str, Any]:
    """One sheet of cards with the crop marks around its grid (mm)."""
    columns = min(3, len(cards))
    rows = math.ceil(len(cards) / 3)
    return {
        "cards": cards,
        "xs": [63 * i for i in range(columns + 1)],
        "ys": [88 * i for i in range(rows + 1)],
        "width": 63 * columns,
        "height": 88 * rows,
    }


# --- the result form --------------------------------------------------------------


def _result(data: dict[str, Any], participants: list[dict[str, Any]]) -> dict[str, Any]:
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
    sides = [("player", "Player side"), ("ai", "AI side")]
    return {
        "rows": rows,
        "outcomes": [o.label for o in Outcome],
        "end_reasons": [r.label for r in EndReason],
        "sides": sides,
        "has_victory_points": bool(
            data["scene"]["objectives"]
            or data["battle"]["objective"]
            or "victory point" in " ".join(data["battle"]["setup_text"]).lower()
        ),
    }


# --- co-op pages ------------------------------------------------------------------


def _coop_pages(
    battle: dict[str, Any], participants: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    players = [name for name in battle["coop_players"] if name.strip()]
    if not players:
        return []
    order = _coop_order(players)
    humans = [p for p in participants if p["side"] == Side.PLAYER]
    unassigned = [p["name"] for p in humans if p["coop_player"] not in players]
    return [
        {
            "player": name,
            "turn": index,
            "characters": [p for p in humans if p["coop_player"] == name],
            "order": order,
            "unassigned": unassigned,
        }
        for index, name in enumerate(players, start=1)
    ]


# --- plain text -------------------------------------------------------------------


def setup_text(context: dict[str, Any]) -> str:
    """The setup sheet in plain text, for a terminal or a note."""
    battle, scene, setup = context["battle"], context["scene"], context["setup"]
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
    heading("Companies")
    for c in context["companies"]:
        commander = c["commander"]["name"] or "no commander"
        where = (
            "centre zone"
            if c["entry_edge"] == "centre"
            else f"{c['entry_edge_label'].lower()} edge"
        )
        out.append(
            f"- {c['name']} ({c['side_label']}, {where}, {c['doctrine_label']}; "
            f"{commander})"
        )
    if battle["objective"]:
        o = battle["objective"]
        out.append(f"Objective: {o['name']}, {o['clock']} o'clock, {o['inches']}\"")
    for o in scene["objectives"]:
        out.append(f"Objective: {o['name']} ({o['kind'].lower()})")
    for status in setup["statuses"]:
        out.append(f"{status['title']}: {', '.join(status['names'])}")
    if scene["special_rules"]:
        heading("Special rules")
        out.append(scene["special_rules"])
    if scene["victory_conditions"]:
        heading("Victory conditions")
        out.append(scene["victory_conditions"])
    heading("Initiative")
    if setup["initiative"]["round_one"]:
        out.append(setup["initiative"]["round_one"])
    out.append(
        "Each round the first-named human general rolls D6: "
        + "; ".join(f"{roll} {who}" for roll, who in setup["initiative"]["rows"])
    )
    if setup["coop_order"]:
        out.append("Co-op order: " + " > ".join(setup["coop_order"]["humans_first"]))
    heading("Characters")
    for p in context["result"]["rows"]:
        out.append(f"{p['order']:>3}. {p['name']} ({p['company']})")
    heading("Dice log")
    out += setup["dice_log"] or ["No dice rolled: the scene's fixed scenario."]
    return "\n".join(out) + "\n"
