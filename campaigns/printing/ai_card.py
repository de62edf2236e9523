"""An AI reference card: everything a player needs to run one robot company
from the paper alone, for this battle.

The card opens with "This battle, for the AI" (where and when the company comes
on, sight, length, who starts late or disorganized, the scene's orders,
objectives with their positions), then the round (initiative and the AI's
choice, the activation order), the doctrine's procedure from the engine's step
table, and the trackers the doctrine needs. Blocks flow down two columns of a
page; the type is the largest that fits (estimated from the font's real glyph
widths), and a card too long even at the smallest type goes on to a second
page instead of overflowing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from campaigns.bidi import isolated
from campaigns.printing import rules_text
from campaigns.printing.ai_card_orders import round_orders, scene_notes
from campaigns.printing.fit import PT, Run, layout, text_width
from engines.battlefield import DEAL_WORDS, Battlefield
from engines.cards import Card
from engines.doctrines.horde import CAP_TRACKER
from engines.doctrines.orders import ROUND as ROUND_ORDERS
from engines.enums import Doctrine, HordeMode, Side
from engines.events import EVENT_KEYS
from engines.roles import Role
from engines.scouting import LATE_ARRIVAL_ROUND

# The card's two columns (mm) and the height they may fill, by paper.
COLUMN_WIDTH = 91.5
COLUMN_HEIGHT = {"a4": 251.0, "letter": 235.0}
"""The page's height less its margins and the card's heading, with room to spare."""


@dataclass(frozen=True)
class Face:
    """A type size for the card's columns: points, line height, CSS class."""

    pt: float
    leading: float
    css: str


FACES = (
    Face(8.5, 1.25, "ai85"),
    Face(8.0, 1.25, "ai80"),
    Face(7.5, 1.25, "ai75"),
    Face(7.0, 1.25, "ai70"),
    Face(7.0, 1.15, "ai70 tight"),
)
"""Largest first; the last sets the smallest type closer before a card takes a
second page."""
SIZES = tuple(dict.fromkeys(face.pt for face in FACES))
BOX = "\u2610"
HORDE_FALLEN_BOXES = 12


def ai_card(
    *,
    data: dict[str, Any],
    company: dict[str, Any],
    participants: list[dict[str, Any]],
    battlefield: Battlefield,
    paper: str,
) -> dict[str, Any]:
    """The card of one AI company: its heading and its pages of two columns."""
    procedure = data["procedures"][str(company["id"])]
    blocks: list[dict[str, Any]] = [
        _this_battle(data, company, participants, battlefield),
        _round_block(data, company, battlefield),
    ]
    blocks += [
        {
            "kind": "section",
            "section": _with_term_widths(s),
            "current": _current(s, company),
        }
        for s in procedure["sections"]
        if s["id"] != ROUND_ORDERS
    ]
    blocks += [
        {
            "kind": "table",
            "table": t,
            "term_mm": _term_mm([t["columns"][0], *(r["roll"] for r in t["rows"])]),
        }
        for t in procedure["tables"]
    ]
    if procedure["notes"]:
        blocks.append({"kind": "lines", "title": "Notes", "lines": procedure["notes"]})
    deck = _deck_block(company, bool(data["events"]))
    if deck is not None:
        blocks.append(deck)
    blocks.append(_trackers(data, company, battlefield))
    attack = rules_text.attack_rows()
    blocks.append(
        {
            "kind": "rows",
            "title": "Attack quick reference",
            "rows": attack,
            "term_mm": _term_mm(t for t, _ in attack),
        }
    )
    blocks.append(
        {
            "kind": "text-ref",
            "title": "Rout check",
            "text": rules_text.rout_text(company["doctrine"]),
        }
    )
    notes = scene_notes(battlefield, company)
    if notes:
        blocks.append(
            {"kind": "lines", "title": "Notes from the scene", "lines": notes}
        )
    face, pages = _columns(blocks, paper)
    return {
        "company": company,
        "summary": procedure["summary"],
        "title": procedure["title"],
        "size_class": face.css,
        "pages": pages,
    }


# --- this battle ---------------------------------------------------------------------


def _this_battle(
    data: dict[str, Any],
    company: dict[str, Any],
    participants: list[dict[str, Any]],
    battlefield: Battlefield,
) -> dict[str, Any]:
    battle, scene = data["battle"], data["scene"]
    lines: list[str] = []
    role = battle["roles"].get(Side.AI.value)
    if role:
        try:
            role = Role(role.replace(" ", "_")).label
        except ValueError:
            pass
        lines.append(f"{battle['scenario_name']}: the AI side is the {role.lower()}.")
    else:
        lines.append(f"Scenario: {battle['scenario_name']}.")
    force = battlefield.force(str(company["id"]))
    if force is not None:
        lines.append(force.describe())
        if force.arrival is not None and force.arrival.dealt:
            if force.arrival.cards:
                lines.append(
                    "Entry edges dealt: "
                    + "; ".join(
                        f"{c.name} {c.card} → {c.edge}" for c in force.arrival.cards
                    )
                    + "."
                )
            else:
                lines.append(f"Deal a card to each character: {DEAL_WORDS}.")
    mine = [p for p in participants if p["company_id"] == company["id"]]
    lines += _starts(mine)
    if battlefield.sight_text:
        lines.append(battlefield.sight_text)
    lines.append(battlefield.length_text)
    if battle["first_activation"] == Side.AI:
        lines.append("Round 1: the AI takes the first activation, without a roll.")
    elif battle["first_activation"] == Side.PLAYER:
        lines.append("Round 1: the humans take the first activation, without a roll.")
    for objective in battlefield.objectives:
        lines.append(f"Objective: {objective.describe()}.")
    for feature in battlefield.features:
        if feature.objective:
            lines.append(
                f"Objective: the {feature.name} (fixed; hold it by standing within "
                f"1\u2033 with no enemy within 1\u2033)."
            )
    if force is not None:
        lines += force.arrival_lines()
    lines += _doctrine_lines(scene, company)
    return {
        "kind": "battle",
        "title": "This battle, for the AI",
        "lines": lines,
    }


STARTS = (
    ("disorganized", "Starts disorganized (its first activation only reorganizes it)"),
    (
        "reserve",
        f"Late: arrives at its entry edge at the start of round {LATE_ARRIVAL_ROUND}",
    ),
    ("lost", "Lost scouting: starts the battle fallen"),
    ("misses", "Misses the battle"),
)


def _starts(mine: list[dict[str, Any]]) -> list[str]:
    lines = []
    deployed = [p for p in mine if not p["mishap"]]
    for key, text in STARTS:
        if key in ("lost", "misses"):
            chosen = [p for p in mine if p["mishap"] == key]
        else:
            chosen = [p for p in mine if p[key]]
        if not chosen:
            continue
        if key == "disorganized" and len(chosen) == len(deployed) > 3:
            names = f"all {len(chosen)} deployed characters"
        else:
            names = ", ".join(isolated(p["name"]) for p in chosen)
        lines.append(f"{text}: {names}.")
    return lines


def _doctrine_lines(scene: dict[str, Any], company: dict[str, Any]) -> list[str]:
    """What the doctrine's steps do not print: the reinforcements' model."""
    template = company["reinforcement_template"]
    if company["doctrine"] == Doctrine.HORDE and scene["reinforcements"] and template:
        return [f"Each reinforcement is a {template}."]
    return []


# --- the round -----------------------------------------------------------------------


def _round_block(
    data: dict[str, Any], company: dict[str, Any], battlefield: Battlefield
) -> dict[str, Any]:
    procedure = data["procedures"][str(company["id"])]
    steps = round_orders(procedure, "Before 1") + round_orders(procedure, "Start")
    if data["events"]:
        steps.append("Draw a random event from the AI deck (see the events page).")
    steps += [rules_text.INITIATIVE_RULE, rules_text.AI_INITIATIVE_CHOICE]
    steps += round_orders(procedure, "End")
    return {
        "kind": "round",
        "title": "Each round",
        "steps": steps,
        "order": data["ai_order"],
    }


# --- the deck and the trackers -------------------------------------------------------


def _deck_block(company: dict[str, Any], events: bool) -> dict[str, Any] | None:
    """The AI deck's set-up and random selection, where the card or the random
    events need them and the doctrine's own procedure does not print them."""
    lines = []
    own_deck = company["doctrine"] == Doctrine.DECK
    if not own_deck:
        lines.append(rules_text.DECK_SETUP)
    if events:
        lines.append(
            "Random events draw from this deck at the start of each round: "
            + "; ".join(
                f"{label} {text}" for label, text in rules_text.event_draw_rows()
            )
        )
    if not own_deck:
        lines.append(f"Random selection: {rules_text.RANDOM_SELECTION}")
    if not lines:
        return None
    return {"kind": "lines", "title": "The AI deck", "lines": lines}


def _trackers(
    data: dict[str, Any], company: dict[str, Any], battlefield: Battlefield
) -> dict[str, Any]:
    rows = [
        {
            "label": "Round",
            "boxes": [str(n) for n in range(1, battlefield.length + 1)],
        }
    ]
    if company["doctrine"] == Doctrine.HORDE:
        rows.append(
            {"label": "Mode now", "boxes": [m.label for m in HordeMode]},
        )
        rows.append({"label": "Horde fallen", "boxes": [""] * HORDE_FALLEN_BOXES})
        if data["scene"]["reinforcements"]:
            rows.append(
                {
                    "label": CAP_TRACKER,
                    "boxes": [""] * data["scene"]["reinforcement_cap"],
                }
            )
    if data["events"]:
        rows.append(
            {
                "label": "Events drawn",
                "boxes": [str(Card.parse(key)) for key in EVENT_KEYS],
            }
        )
    return {"kind": "track", "title": "Trackers", "rows": rows}


# --- procedure sections --------------------------------------------------------------

TERM_PT = max(SIZES)
TERM_PADDING_MM = 2.2


def _term_mm(terms: Iterable[str], padding: float = TERM_PADDING_MM) -> float:
    """The width (mm) of a fixed-layout table's first column: its longest term,
    in bold at the largest card type, with the cell's padding."""
    widest = max((text_width(t, TERM_PT, bold=True) for t in terms), default=0.0)
    return round(widest + padding, 1)


def _with_term_widths(section: dict[str, Any]) -> dict[str, Any]:
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
    return {**section, "steps": steps, "label_mm": _label_mm(section)}


def _label_mm(section: dict[str, Any]) -> float:
    """The width (mm) of a procedure's step numbers (``3``, ``♠ J Q K``): its
    longest, in bold at the largest card type, and at least the usual 9 mm.
    The steps are a fixed-layout table, so this sets the column."""
    labels = (step["label"] for step in section["steps"])
    return max(STEP_LABEL_MIN, _term_mm(labels, padding=0.3))


def _table_heading(table: dict[str, Any]) -> str:
    title, (roll, result) = table["title"], table["columns"]
    if title == roll:
        return result
    return title if result == "Result" else f"{title}: {result[:1].lower()}{result[1:]}"


def _current(section: dict[str, Any], company: dict[str, Any]) -> bool:
    return (
        company["doctrine"] == Doctrine.HORDE
        and section["id"] == (company["starting_mode"] or "").lower()
    )


# --- two columns a page, the largest type that fits ----------------------------------

HEADING_EM, HEADING_LINE, HEADING_EXTRA = 1.1, 1.15, 0.85
BLOCK_GAP = 2.2
PARA_GAP = 1.4
STEP_GAP = 0.5
STEP_LABEL_MIN = 9.0
"""The step numbers' column at its narrowest (mm), before its 1 mm gap."""
TABLE_GAP = 0.9
BULLET_INDENT = 2.5
NUMBER_INDENT = 4.0
TRACK_ROW = 5.2
"""A tracker row: the label and its boxes at 11 pt (mm)."""
SAFETY = 1.0


def _columns(
    blocks: list[dict[str, Any]], paper: str
) -> tuple[Face, list[list[list[dict[str, Any]]]]]:
    """(type face, pages of two columns): at the largest type where the blocks
    fit two columns, else at the smallest type over as many pages as needed.

    The card's reading blocks keep their order down the two columns; the
    reference blocks (trackers, quick reference, rout check) may go at the foot
    of whichever column has room for them.
    """
    room = COLUMN_HEIGHT[paper]
    flow = [b for b in blocks if b["kind"] not in REFERENCE_KINDS]
    extras = [b for b in blocks if b["kind"] in REFERENCE_KINDS]
    for face in FACES:
        packed = _two_columns(flow, extras, face, room)
        if packed is not None:
            return face, [packed]
    face = FACES[-1]
    heights = [_block_height(b, face) for b in blocks]
    columns = _fill(blocks, heights, room)
    return face, [columns[i : i + 2] for i in range(0, len(columns), 2)]


REFERENCE_KINDS = ("track", "rows", "text-ref")


def _two_columns(flow, extras, face, room) -> list[list[dict[str, Any]]] | None:
    """The flow split where the taller column is shortest, with every extra
    block in a column that still has room; None if no split fits."""
    flow_heights = [_block_height(b, face) for b in flow]
    extra_heights = [_block_height(b, face) for b in extras]
    best = None
    for k in range(1, len(flow) + 1):
        columns = [list(flow[:k]), list(flow[k:])]
        used = [sum(flow_heights[:k]), sum(flow_heights[k:])]
        if max(used) > room:
            continue
        for block, height in zip(extras, extra_heights, strict=True):
            target = max((0, 1), key=lambda c: room - used[c])
            if used[target] + height > room:
                break
            columns[target].append(block)
            used[target] += height
        else:
            if best is None or max(used) < best[0]:
                best = (max(used), columns)
    return None if best is None else best[1]


def _fill(blocks, heights, room) -> list[list[dict[str, Any]]]:
    columns: list[list[dict[str, Any]]] = [[]]
    used = 0.0
    for block, height in zip(blocks, heights, strict=True):
        if columns[-1] and used + height > room:
            columns.append([])
            used = 0.0
        columns[-1].append(block)
        used += height
    return columns


def _lines(text: str | Iterable[Run], width: float, size: float) -> int:
    return max(1, len(layout(text, width, size)))


def _term_width(terms: Iterable[str], size: float) -> float:
    return max((text_width(t, size, bold=True) for t in terms), default=0.0) + 1.2


def _block_height(block: dict[str, Any], face: Face) -> float:
    """An estimate (mm) of the block as ai_card.html draws it."""
    width = COLUMN_WIDTH
    size = face.pt
    line = size * face.leading * PT
    kind = block["kind"]
    mm = size * HEADING_EM * HEADING_LINE * PT + HEADING_EXTRA

    def rows_height(rows) -> float:
        term = _term_width((t for t, _ in rows), size)
        return sum(_lines(text, width - term, size) * line for _t, text in rows) + (
            0.4 * len(rows)
        )

    def bullets(lines) -> float:
        return sum(_lines(t, width - BULLET_INDENT, size) * line + 0.3 for t in lines)

    if kind == "section":
        section = block["section"]
        if section["intro"]:
            mm += _lines(section["intro"], width, size) * line + PARA_GAP
        body = width - section["label_mm"] - 1.0
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
        mm += bullets(section["notes"])
    elif kind == "table":
        table = block["table"]
        rows = [(r["roll"], r["result"]) for r in table["rows"]]
        mm += rows_height([tuple(table["columns"]), *rows])
    elif kind == "battle":
        mm += bullets(block["lines"])
    elif kind == "round":
        mm += sum(
            _lines(t, width - NUMBER_INDENT, size) * line + 0.3 for t in block["steps"]
        )
        order = [Run("AI activation order:", bold=True), Run(block["order"])]
        mm += _lines(order, width, size) * line + PARA_GAP
    elif kind == "lines":
        mm += bullets(block["lines"])
    elif kind in ("text", "text-ref"):
        mm += _lines(block["text"], width, size) * line + PARA_GAP
    elif kind == "rows":
        mm += rows_height(block["rows"])
    elif kind == "track":
        for row in block["rows"]:
            boxes = " ".join(f"{BOX} {b}" for b in row["boxes"])
            mm += max(1, _lines(f"{row['label']}: {boxes}", width, size)) * TRACK_ROW
    return mm * SAFETY + BLOCK_GAP
