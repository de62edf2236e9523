"""The setup sheet's parts: the scenario's rolls, the leaders' modifiers, who
starts how, the order of play and the co-op generals."""

from __future__ import annotations

from typing import Any

from campaigns.bidi import sight_text
from campaigns.printing import rules_text
from campaigns.printing.wounds_text import before_round_one, wound_here
from engines.battlefield import Battlefield
from engines.battlefield.dealt import ENTRY_EDGE_PURPOSE
from engines.combat import activation_order
from engines.coop import coop_generals
from engines.dice import LogEntry
from engines.enums import Mishap, Reputation, Side
from engines.roles import DISORGANIZED_RULE, Role
from engines.scouting import RATING_BONUS, SCOUT_SELECTION_MODIFIER, STANCE_MODIFIER


def halves(items: list) -> list[list]:
    half = -(-len(items) // 2)
    return [items[:half], items[half:]]


# --- the setup sheet --------------------------------------------------------------


def setup_sheet(
    data: dict[str, Any],
    companies: list[dict[str, Any]],
    participants: list[dict[str, Any]],
    battlefield: Battlefield,
) -> dict[str, Any]:
    battle = data["battle"]
    log = _dice_lines(battle["dice_log"])
    return {
        "scoring": _scoring(battle),
        "commanders": _commanders(battle, companies),
        "roles": _roles(battle),
        "statuses": _statuses(participants, " ".join(battle["setup_text"])),
        "initiative": _initiative(battle),
        "before_round_one": before_round_one(participants),
        "wound_here": wound_here(data["scene"]),
        "coop": _coop(battle, participants),
        "dice_log": halves(log) if len(log) > 6 else [log],
        "has_dice_log": bool(log),
        "battlefield_lines": _battlefield_lines(battlefield),
    }


DEALT_EDGES = (
    "Entry edges: one card dealt to each arriving character, as the key shows."
)


def _dice_lines(dice_log: list[dict[str, Any]]) -> list[str]:
    """The setup's rolls in words; the dealt entry edges, which the diagram's
    key lists card by card, in one line instead of again."""
    lines = []
    for raw in dice_log:
        entry = LogEntry.from_dict(raw)
        if entry.purpose.startswith(ENTRY_EDGE_PURPOSE):
            if DEALT_EDGES not in lines:
                lines.append(DEALT_EDGES)
            continue
        lines.append(entry.describe())
    return lines


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
        lines.append(sight_text(battlefield))
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


def _statuses(
    participants: list[dict[str, Any]], setup_text: str
) -> list[dict[str, Any]]:
    """Who starts disorganized, late, lost or missing, with the rule; a scout's
    mishap the scenario's setup text already tells is not told twice."""
    rows = []
    for key, title, rule in STATUSES:
        if key in ("lost", "misses"):
            chosen = [p for p in participants if p["mishap"] == key]
        else:
            chosen = [p for p in participants if p[key]]
        if key != "disorganized":
            chosen = [p for p in chosen if p["name"] not in setup_text]
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
            "roll. Roll for every round after it."
        )
    return {
        "round_one": round_one,
        "rule": rules_text.INITIATIVE_RULE,
        "ai_choice": rules_text.AI_INITIATIVE_CHOICE,
    }


def on_the_table(participants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [p for p in participants if p["mishap"] not in ("lost", "misses")]


def with_generals(
    battle: dict[str, Any], participants: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Each player character on the table with the general who commands it:
    the one the players assigned, else dealt round-robin in card order."""
    humans = [p for p in on_the_table(participants) if p["side"] == Side.PLAYER]
    generals = coop_generals(
        battle["coop_players"], [(str(p["id"]), p["coop_player"]) for p in humans]
    )
    commander = {key: g.name for g in generals for key in g.characters}
    return [
        {**p, "coop_player": commander.get(str(p["id"]), p["coop_player"])}
        for p in participants
    ]


def _coop(
    battle: dict[str, Any], participants: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The human generals who command a character on the table, with their
    characters, and the turn order they make (``participants`` already carry
    their general, :func:`with_generals`)."""
    if not [name for name in battle["coop_players"] if name.strip()]:
        return None
    humans = [p for p in on_the_table(participants) if p["side"] == Side.PLAYER]
    generals = coop_generals(
        battle["coop_players"], [(p["name"], p["coop_player"]) for p in humans]
    )
    names = [g.name for g in generals]
    if not names:
        return None
    return {
        "generals": [
            {"turn": turn, "name": g.name, "characters": list(g.characters)}
            for turn, g in enumerate(generals, start=1)
        ],
        "humans_first": list(activation_order(names)),
        "ai_first": list(activation_order(names, ai_first=True)),
    }
