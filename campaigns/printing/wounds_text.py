"""What the pack says of wounds beyond the cards: what every wound taken in
this battle becomes, and the wound rules a player applies before round 1."""

from __future__ import annotations

import re
from typing import Any

from campaigns.bidi import isolated
from engines.enums import WoundSide

INCH = "\u2033"
TAKERS = {
    WoundSide.PLAYER.value: "a player character",
    WoundSide.AI.value: "an AI character",
    WoundSide.BOTH.value: "any character",
}
BEFORE_BATTLE = re.compile(
    r"(start of (each|every|the) battle|before round 1|before the first round)", re.I
)


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\u2212")


def wound_effect(wound: dict[str, Any]) -> str:
    """'−1 defence while open', from the wound's modifiers ('' for none)."""
    changes = [
        f"{_signed(wound[stat])}{INCH if stat == 'move' else ''} {stat}"
        for stat in ("attack", "defence", "move")
        if wound.get(stat)
    ]
    return f"{', '.join(changes)} while open" if changes else ""


def wound_here(scene: dict[str, Any]) -> str:
    """The scene's special wound announced, or "" where wounds stay ordinary."""
    wound = scene.get("special_wound_rule") or {}
    if not wound.get("name"):
        return ""
    name = " ".join(wound["name"].split())
    taker = TAKERS.get(wound.get("applies_to", ""), TAKERS["player"])
    rules = " ".join(wound.get("rules", "").split())
    effect = wound_effect(wound)
    if rules:
        if effect and effect.split(" while")[0] not in rules:
            rules = f"{effect[:1].upper()}{effect[1:]}. {rules}"
    else:
        rules = f"{effect[:1].upper()}{effect[1:]}." if effect else ""
    heals = (
        ""
        if wound.get("heals_at_sanctuary", True)
        else " It does not heal at a sanctuary."
    )
    text = (
        f"Every persisting wound {taker} takes in this battle becomes a "
        f"{isolated(name)}."
    )
    return f"{text} {rules}{heals}".strip()


def before_round_one(participants: list[dict[str, Any]]) -> list[str]:
    """Each rule of a wound a character brings that applies at the start of
    the battle, once, with who brings it."""
    found: dict[str, list[str]] = {}
    for p in participants:
        if p["mishap"] in ("lost", "misses"):
            continue
        for wound in p["wounds"]:
            for sentence in re.split(r"(?<=\.)\s+", " ".join(wound["rules"].split())):
                if BEFORE_BATTLE.search(sentence):
                    names = found.setdefault(sentence, [])
                    if p["name"] not in names:
                        names.append(p["name"])
    return [
        f"{sentence} Here: {', '.join(isolated(n) for n in names)}."
        for sentence, names in found.items()
    ]
