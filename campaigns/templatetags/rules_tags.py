"""The rules' numbers and words on the site's pages, read from the engine.

A page that states a rule asks these tags, so the number a player reads is the
one the engine applies (never typed again in a template).
"""

from __future__ import annotations

from django import template

from engines.combat import AI_INITIATIVE_CHOICE, initiative_rows
from engines.doctrines.rules import share_word
from engines.narrative import LARGER_BATTLE_RULE
from engines.reputation import VICTORIES_TO_RISE
from engines.scouting import LATE_ARRIVAL_ROUND, SCOUT_SHARE_WORDS

register = template.Library()


@register.simple_tag
def victories_to_rise() -> int:
    """Victories led since the last rating change that raise a commander's rating."""
    return VICTORIES_TO_RISE


@register.simple_tag
def initiative_roll() -> str:
    """The initiative roll in one line: "D6: 1–3 the AI side wins …; 4–6 …"."""
    return "D6: " + "; ".join(f"{roll} {who}" for roll, who in initiative_rows())


@register.simple_tag
def ai_initiative_choice() -> str:
    """What the AI does when it wins the initiative."""
    return AI_INITIATIVE_CHOICE


@register.simple_tag
def late_arrival_round() -> int:
    """The round a late scout (a reserve) comes on at its entry edge."""
    return LATE_ARRIVAL_ROUND


@register.simple_tag
def scout_share() -> str:
    """The most scouts a side may send, as a share in words (the engine's)."""
    return SCOUT_SHARE_WORDS


@register.simple_tag
def larger_battle_rule() -> str:
    """How a larger battle's outcome follows from its sub-scenes'."""
    return LARGER_BATTLE_RULE


@register.simple_tag
def follow_up_share() -> str:
    """The follow-up's share of the move in words ("half")."""
    return share_word()
