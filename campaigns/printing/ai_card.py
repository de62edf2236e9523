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
from typing import Any

from campaigns.bidi import isolate_names, isolated, pack_names, sight_text
from campaigns.printing import rules_text
from campaigns.printing.ai_card_orders import scene_notes
from campaigns.printing.ai_card_round import arrivals_later, round_block
from campaigns.printing.ai_layout import SIZES, STEP_LABEL_MIN, columns
from campaigns.printing.cards import EMPTY_SLOT, MARKED_SLOT, effective_values
from campaigns.printing.fit import text_width
from campaigns.printing.inches import inch_marks
from engines.battlefield import DEAL_WORDS, Battlefield
from engines.cards import Card
from engines.doctrines.horde import CAP_TRACKER, START_NOTE
from engines.doctrines.orders import ROUND as ROUND_ORDERS
from engines.enums import Doctrine, HordeMode, Side
from engines.events import EVENT_KEYS
from engines.roles import Role
from engines.scouting import LATE_ARRIVAL_ROUND

HORDE_FALLEN_BOXES = 12


def ai_card(
    *,
    data: dict[str, Any],
    company: dict[str, Any],
    participants: list[dict[str, Any]],
    battlefield: Battlefield,
    paper: str,
    home: str = "",
    others: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The card of one AI company: its heading and its pages of two columns.

    ``home`` names the AI company whose card carries what the whole AI side
    shares once a round (the round's sequence, the round and event trackers,
    the AI deck); blank when this is that card, which then names the
    ``others`` whose cards point to it.
    """
    procedure = inch_marks(data["procedures"][str(company["id"])])
    if battlefield.sight_text:
        # "This battle" says the sight limit; the notes need not say it again.
        procedure = {
            **procedure,
            "notes": [n for n in procedure["notes"] if not n.startswith(SIGHT_NOTE)],
        }
    if company["doctrine"] == Doctrine.PURSUIT:
        procedure = {**procedure, "summary": PURSUIT_DICE}
    # "This battle" says the mode the horde starts in; the notes need not.
    starts = [n for n in procedure["notes"] if n.startswith(START_PREFIX)]
    procedure = {
        **procedure,
        "notes": [n for n in procedure["notes"] if n not in starts],
    }
    blocks: list[dict[str, Any] | None] = [
        _this_battle(data, company, participants, battlefield, told=starts),
        _stats_block(company, participants),
        round_block(
            data,
            company,
            home,
            arrivals=arrivals_later(battlefield, participants),
            others=others,
        ),
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
    blocks += _deck_blocks(company, home)
    trackers = _trackers(data, company, battlefield, home)
    if trackers["rows"]:
        blocks.append(trackers)
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
            {
                "kind": "lines",
                "title": "Notes from the scene",
                "lines": inch_marks(notes),
            }
        )
    face, pages = columns([b for b in blocks if b is not None], paper)
    # Names the engine wrote into the steps (a scene order's target) cannot
    # turn the step around them.
    pages = isolate_names(pages, pack_names(data))
    return {
        "company": company,
        "summary": procedure["summary"],
        "title": procedure["title"],
        "size_class": face.css,
        "pages": pages,
    }


SIGHT_NOTE = "Nobody sees further than"
START_PREFIX = START_NOTE.split("{", 1)[0]
PURSUIT_DICE = (
    "Each pursuer rolls two dice of different colours: Movement (M) and Control (C)."
)
# --- the company's stat table --------------------------------------------------------


def _stats_block(
    company: dict[str, Any], participants: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """Each character of the company on the table at some point: its card's
    values with this battle's wounds applied, and its wound slots (❶ a slot a
    persisting wound already fills)."""
    rows, notes = [], []
    for p in participants:
        if p["company_id"] != company["id"] or p["mishap"] in ("lost", "misses"):
            continue
        values = effective_values(p)
        marked = min(len(p["wounds"]), p["wound_slots"])
        rows.append(
            {
                "name": isolated(p["name"]),
                "attack": _signed(values["attack"][0]),
                "defence": _signed(values["defence"][0]),
                "range": f"{p['shooting_range']}\u2033"
                if p["shooting_range"]
                else "\u2014",
                "move": f"{values['move'][0]}\u2033",
                "slots": "".join(
                    chr((MARKED_SLOT if n <= marked else EMPTY_SLOT) + n - 1)
                    for n in range(1, p["wound_slots"] + 1)
                ),
            }
        )
        for wound in p["wounds"][:marked]:
            changes = ", ".join(
                f"{stat} {_signed(wound[stat])}"
                for stat in ("attack", "defence", "move")
                if wound.get(stat)
            )
            name = " ".join(wound["name"].split())
            notes.append(
                f"{isolated(p['name'])}: {name}"
                + (f" ({changes}, counted above)" if changes else "")
                + "."
            )
    if not rows:
        return None
    return {"kind": "stats", "title": "The company", "rows": rows, "notes": notes}


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\u2212")


# --- this battle ---------------------------------------------------------------------


def _this_battle(
    data: dict[str, Any],
    company: dict[str, Any],
    participants: list[dict[str, Any]],
    battlefield: Battlefield,
    *,
    told: Iterable[str] = (),
) -> dict[str, Any]:
    """The battle's facts for the AI, and the doctrine's notes ``told`` here."""
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
        lines.append(sight_text(battlefield))
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
    if company["doctrine"] == Doctrine.PURSUIT:
        if scene["quarry"]:
            several = " (the nearest one counts)" if len(scene["quarry"]) > 1 else ""
            lines.append(
                f"The quarry: {', '.join(isolated(q) for q in scene['quarry'])}"
                f"{several}."
            )
        if scene["route"].strip():
            lines.append(f"The route: {scene['route'].strip().rstrip('.')}.")
    lines += told
    return {
        "kind": "battle",
        "title": "This battle, for the AI",
        "lines": inch_marks(lines),
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


# --- the deck and the trackers -------------------------------------------------------


def _deck_blocks(company: dict[str, Any], home: str) -> list[dict[str, Any]]:
    """The AI deck's set-up and random selection, on
    the home card where the doctrine's own procedure does not print them; on
    another card, a pointer to it where this doctrine draws from the deck."""
    own_deck = company["doctrine"] == Doctrine.DECK
    if home:
        if own_deck:
            return []
        return [
            {
                "kind": "lines",
                "title": "The AI deck",
                "lines": [
                    f"One for the whole AI side: its set-up and random selection "
                    f"are on the {isolated(home)} card."
                ],
            }
        ]
    blocks = []
    lines = []
    if not own_deck:
        lines.append(rules_text.DECK_SETUP)
        lines.append(f"Random selection: {rules_text.RANDOM_SELECTION}")
    if lines:
        blocks.append({"kind": "lines", "title": "The AI deck", "lines": lines})
    # The random events' draw is printed once, on the events page, which the
    # round's step names.
    return blocks


def _trackers(
    data: dict[str, Any], company: dict[str, Any], battlefield: Battlefield, home: str
) -> dict[str, Any]:
    rows = []
    if not home:
        rows.append(
            {
                "label": "Round",
                "boxes": [str(n) for n in range(1, battlefield.length + 1)],
            }
        )
    if company["doctrine"] == Doctrine.HORDE:
        rows.append(
            {"label": "Mode now", "boxes": [m.label for m in HordeMode]},
        )
        rows.append({"label": "Horde fallen", "boxes": [""] * HORDE_FALLEN_BOXES})
        if data["scene"]["reinforcements"]:
            # A box for every horde character that can be on the table at
            # once: those that start or arrive, and reinforcements up to the cap.
            horde = sum(
                1
                for p in data["participants"]
                if p["company_id"] == company["id"]
                and p["mishap"] not in ("lost", "misses")
            )
            rows.append(
                {
                    "label": CAP_TRACKER,
                    "boxes": [""] * max(horde, data["scene"]["reinforcement_cap"]),
                }
            )
    if data["events"] and not home:
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
