"""Character cards: 63 × 88 mm, nine to a sheet, type sized to fit the card.

Every block of a card has a height worked out here from the font's real glyph
widths (:mod:`campaigns.printing.fit`); the print CSS gives the same blocks the
same sizes (the ``CARD`` numbers below are the CSS's, in mm and pt). The body
text (special rules, the wounds the character brings) takes the largest type
from :data:`BODY_SIZES` that fits. When even the smallest (7 pt) does not, the
rest goes on a continuation card of the same character, so no text ever leaves
its card and no card spills onto another page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from campaigns.printing.fit import PT, Run, join, layout
from campaigns.selectors.wounds import engine_wound
from engines.enums import Side
from engines.scouting import LATE_ARRIVAL_ROUND
from engines.wounds import slots_marked

CARDS_PER_SHEET = 9
EMPTY_SLOT = 0x2460
"""① … ⑥: an empty wound slot, numbered (text is cheaper to lay out than boxes)."""
MARKED_SLOT = 0x2776
"""❶ … ❻: a slot an open persisting wound already fills."""

# The card's geometry, as static/css/print.css draws it (mm unless noted).
CARD_WIDTH = 63.0
CARD_HEIGHT = 88.0
BORDER = 0.25
PAD_X = 2.0
TEXT_WIDTH = CARD_WIDTH - 2 * BORDER - 2 * PAD_X
INNER_HEIGHT = CARD_HEIGHT - 2 * BORDER
BAND_PAD = 0.6
BAND_PT = 7.0
NAME_PAD = 1.0
TYPE_PT = 7.0
TYPE_GAP = 0.6
STATS_PT = 8.0
STATS_PAD = 0.8
"""The stats box's padding and border, top and bottom together (mm)."""
STATS_WIDTH = TEXT_WIDTH - 2 * 1.2 - 0.5
"""The stats box's text width: the card's, less the box's padding and border."""
STATS_LINE = STATS_PT * 1.15 * (25.4 / 72)
"""Two lines of 8 pt ("Attack +2 · Defence +1", "Range 24″ · Move 6″"); a
value a wound changes takes a line of its own, with the reason, and the box
grows with every line its text wraps to."""
STATS_GAP = 1.0
SLOTS_HEIGHT = 5.0
"""One line of 11 pt slot glyphs (① empty, ❶ marked)."""
SLOTS_GAP = 0.8
FLAG_PT = 7.0
FLAG_PAD = 0.4
FLAG_GAP = 0.6
PARA_GAP = 0.4
BOTTOM_PAD = 0.8
LINE_HEIGHT = 1.15
NAME_LINE_HEIGHT = 1.1
BAND_LINE_HEIGHT = 1.15

NAME_SIZES = (10.0, 9.0, 8.0, 7.0)
BODY_SIZES = (9.0, 8.5, 8.0, 7.5, 7.0)
SIZE_CLASSES = {
    10.0: "s100",
    9.0: "s90",
    8.5: "s85",
    8.0: "s80",
    7.5: "s75",
    7.0: "s70",
}


def _lines_height(lines: int, size_pt: float, line_height: float) -> float:
    return lines * size_pt * line_height * PT


@dataclass(frozen=True)
class Para:
    label: str
    text: str

    def runs(self) -> list[Run]:
        return (
            [Run(self.label, bold=True), Run(self.text)]
            if self.label
            else [Run(self.text)]
        )


def character_cards(participants: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cards to print, in participant order: one per character on the table
    at some point (not for a lost scout or one who misses the battle), plus any
    continuation cards."""
    cards: list[dict[str, Any]] = []
    for p in participants:
        if p["mishap"] in ("lost", "misses"):
            continue
        cards.extend(_cards_for(p))
    return cards


def card_sheets(cards: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The cards over the fewest sheets, shared out evenly so no sheet holds a
    card or two alone (ten cards: five and five, not nine and one)."""
    sheets = -(-len(cards) // CARDS_PER_SHEET)
    if sheets <= 1:
        return [cards] if cards else []
    base, extra = divmod(len(cards), sheets)
    out, start = [], 0
    for index in range(sheets):
        size = base + (1 if index < extra else 0)
        out.append(cards[start : start + size])
        start += size
    return out


def _cards_for(p: dict[str, Any]) -> list[dict[str, Any]]:
    is_ai = p["side"] == Side.AI
    side_label = "AI" if is_ai else "Player"
    band_runs = [Run(f"{side_label.upper()} \u00b7 {p['company']}", bold=True)]
    band_lines = len(layout(band_runs, TEXT_WIDTH, BAND_PT))
    band = 2 * BAND_PAD + _lines_height(band_lines, BAND_PT, BAND_LINE_HEIGHT)
    type_line = _lines_height(1, TYPE_PT, LINE_HEIGHT) + TYPE_GAP
    flags = _flags(p)
    flags_height = sum(
        2 * FLAG_PAD
        + FLAG_GAP
        + _lines_height(
            len(layout([Run(f, bold=True)], TEXT_WIDTH - 1.2, FLAG_PT)),
            FLAG_PT,
            LINE_HEIGHT,
        )
        for f in flags
    )
    stats = _stats(p)
    stats_lines = sum(
        len(layout([Run(line, bold=True)], STATS_WIDTH, STATS_PT)) for line in stats
    )
    stats_height = stats_lines * STATS_LINE + STATS_PAD
    card_parts = stats_height + STATS_GAP + SLOTS_HEIGHT + SLOTS_GAP + flags_height
    slots, paras = _slots_and_paras(p)
    body_lines = {
        size: [len(layout(para.runs(), TEXT_WIDTH, size)) for para in paras]
        for size in BODY_SIZES
    }

    def room(name_size: float, name_lines: int) -> float:
        name = NAME_PAD + _lines_height(name_lines, name_size, NAME_LINE_HEIGHT)
        return INNER_HEIGHT - band - name - type_line - BOTTOM_PAD

    # The largest body type that fits one card with a name no smaller than it.
    fitted = None
    for body_size in BODY_SIZES:
        height = sum(_para_height(n, body_size) for n in body_lines[body_size])
        for name_size, name_lines in _name_options(p["name"]):
            if name_size < body_size:
                continue
            if height <= room(name_size, name_lines) - card_parts:
                fitted = body_size, [paras], name_size
                break
        if fitted:
            break
    if fitted is None:
        name_size, name_lines = _name_options(p["name"])[-1]
        first = room(name_size, name_lines) - card_parts
        body_size, bodies = _split_body(paras, first, room(name_size, name_lines))
    else:
        body_size, bodies, name_size = fitted

    base = {
        "participant_id": p["id"],
        "side": p["side"],
        "is_ai": is_ai,
        "side_label": side_label,
        "colour": p["colour"],
        "ink": p.get("ink", "#ffffff"),
        "company": p["company"],
        "name": p["name"],
        "name_class": SIZE_CLASSES[name_size],
        "body_class": SIZE_CLASSES[body_size],
        "troop_type": p["troop_type"],
        "hero": p["hero"],
    }
    cards = []
    for index, body in enumerate(bodies):
        cards.append(
            {
                **base,
                "continued": index > 0,
                "part": index + 1,
                "parts": len(bodies),
                "stats": stats if index == 0 else [],
                "stats_mm": round(stats_height + 0.05, 2),
                "slots": slots if index == 0 else [],
                "flags": flags if index == 0 else [],
                "paras": [{"label": para.label, "text": para.text} for para in body],
            }
        )
    return cards


def _name_options(name: str) -> list[tuple[float, int]]:
    """(size, lines) for the name, best first: one line down to 8 pt, then two
    lines, then one or more lines at 7 pt (the most compact, last)."""
    runs = [Run(name, bold=True)]
    lines = {size: len(layout(runs, TEXT_WIDTH, size)) for size in NAME_SIZES}
    options = [(size, 1) for size in NAME_SIZES[:-1] if lines[size] == 1]
    options += [(size, 2) for size in NAME_SIZES if lines[size] == 2]
    options.append((NAME_SIZES[-1], lines[NAME_SIZES[-1]]))
    return options


INCH = "\u2033"


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\u2212")


def effective_values(p: dict[str, Any]) -> dict[str, tuple[int, list[str]]]:
    """Attack, defence and move with the open wounds' modifiers applied: the
    value, and the reasons ("Morgul-blade −1") when a wound changes it."""
    values = {}
    for stat in ("attack", "defence", "move"):
        value, reasons = p[stat], []
        for wound in p["wounds"]:
            change = wound.get(stat, 0)
            if change:
                value += change
                reasons.append(f"{' '.join(wound['name'].split())} {_signed(change)}")
        if stat == "move":
            value = max(value, 0)
        values[stat] = (value, reasons)
    return values


def _stats(p: dict[str, Any]) -> list[str]:
    """The stats box's lines: "Attack +2 · Defence +1", "Range 24″ · Move 6″";
    a value a wound changes goes on its own line, with its base and reasons:
    "Defence +1 (+2, Morgul-blade −1)"."""
    values = effective_values(p)
    shooting = p["shooting_range"]

    def term(stat: str, label: str) -> str:
        value, reasons = values[stat]
        base = p[stat]
        if stat == "move":
            shown, plain = f"{value}\u2033", f"{base}\u2033"
        else:
            shown, plain = _signed(value), _signed(base)
        if reasons:
            return f"{label} {shown} ({plain}, {', '.join(reasons)})"
        return f"{label} {shown}"

    attack, defence = term("attack", "Attack"), term("defence", "Defence")
    range_ = f"Range {shooting}\u2033" if shooting else "Range \u2014"
    move = term("move", "Move")
    lines = []
    for first, second in ((attack, defence), (range_, move)):
        joined = f"{first} \u00b7 {second}"
        if len(layout([Run(joined, bold=True)], STATS_WIDTH, STATS_PT)) == 1:
            lines.append(joined)
        else:
            lines += [first, second]
    return lines


def _flags(p: dict[str, Any]) -> list[str]:
    # Scouting is over once the battle is set up: a scout's card needs no
    # banner (a late one says "Reserve").
    flags = []
    if p["disorganized"]:
        flags.append("Disorganized")
    if p["reserve"]:
        flags.append(f"Reserve: arrives round {LATE_ARRIVAL_ROUND}")
    # One line of tags (the setup sheet explains each), then who commands it.
    lines = [" · ".join(flags)] if flags else []
    if p.get("coop_player"):
        lines.append(f"Commanded by {p['coop_player']}")
    return lines


def _slots_and_paras(p: dict[str, Any]) -> tuple[list[dict[str, Any]], list[Para]]:
    wounds = [engine_wound(w, key=str(i)) for i, w in enumerate(p["wounds"])]
    marked = slots_marked(p["wound_slots"], wounds)
    slots = [
        {
            "number": s.number,
            "marked": s.marked,
            "glyph": chr((MARKED_SLOT if s.marked else EMPTY_SLOT) + s.number - 1),
        }
        for s in marked
    ]
    paras = []
    if p["special_rules"].strip():
        paras.append(Para("Special:", p["special_rules"]))
    # One line per different wound, naming the slots it fills.
    groups: dict[tuple[str, str, bool, tuple[tuple[str, Any], ...]], list[int]] = {}
    for slot in marked:
        if slot.wound is None:
            continue
        w = p["wounds"][int(slot.wound.key)]
        changes = tuple(
            (stat, w.get(stat, 0))
            for stat in ("attack", "defence", "move")
            if w.get(stat, 0)
        )
        groups.setdefault(
            (w["name"], w["rules"].strip(), w["heals_at_sanctuary"], changes), []
        ).append(slot.number)
    for (name, rules, heals, changes), numbers in groups.items():
        marks = "".join(chr(MARKED_SLOT + n - 1) for n in numbers)
        label = f"{marks} {' '.join(name.split())}:"
        effect = ", ".join(
            f"{_signed(change)}{INCH if stat == 'move' else ''} {stat}"
            for stat, change in changes
        )
        text = rules or (
            f"{effect} while open." if effect else "an open persisting wound."
        )
        if not heals:
            text = f"{text} (Does not heal at a sanctuary.)"
        paras.append(Para(label, text))
    return slots, paras


def _para_height(lines: int, size: float) -> float:
    return _lines_height(lines, size, LINE_HEIGHT) + PARA_GAP


def _split_body(
    paras: list[Para], first: float, more: float
) -> tuple[float, list[list[Para]]]:
    """At 7 pt, the body over as many cards as it takes: ``first`` mm on the
    first card, ``more`` on each continuation card."""
    size = BODY_SIZES[-1]
    line = _lines_height(1, size, LINE_HEIGHT)
    bodies: list[list[Para]] = [[]]
    room = first
    for para in paras:
        lines = layout(para.runs(), TEXT_WIDTH, size)
        while lines:
            fits = int((room - PARA_GAP + 1e-6) // line)
            if fits <= 0:
                bodies.append([])
                room = more
                continue
            part, lines = lines[:fits], lines[fits:]
            pieces = [piece for part_line in part for piece in part_line]
            label = join(p for p in pieces if p.bold)
            text = join(p for p in pieces if not p.bold)
            bodies[-1].append(Para(label, text))
            room -= _para_height(len(part), size)
            if lines:
                bodies.append([])
                room = more
    return size, [body for body in bodies if body] or [[]]
