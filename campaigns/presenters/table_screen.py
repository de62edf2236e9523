"""The table page's page object: everything its templates show, built by
:func:`campaigns.selectors.table.table_page` from the battle's state."""

from __future__ import annotations

from dataclasses import dataclass

from campaigns.models import Battle, Campaign
from campaigns.presenters.table_pieces import (
    Answer,
    Change,
    FighterRow,
    Group,
    LogLine,
    OrderLine,
    Tap,
)
from engines.table.begin import Arrival
from engines.table.context import Fighter
from engines.table.entries import RoundEvent
from engines.table.horde_end import EndWalk
from engines.table.questions import Walk
from engines.table.round_orders import OrderAsk


@dataclass(frozen=True)
class TablePage:
    campaign: Campaign
    battle: Battle
    url: str
    can_edit: bool
    writable: bool
    version: int
    round: int
    length: int
    phase: str
    """``begin``, ``choose``, ``activate``, ``end_round``, ``over``, ``won``
    (the scene's rules end the battle now) or ``ended``."""
    screen: str
    skipping: bool = False
    """The players said the rest of the AI cannot act: its forms say so too."""
    stale_seed: bool = False
    event: RoundEvent | None = None
    initiative: str = ""
    first: str = ""
    order: tuple[OrderLine, ...] = ()
    next_label: str = ""
    next_key: str = ""
    next_doctrine: str = ""
    next_return_fire: str = ""
    """The next activation is a return fire (a defensive draw's): at whom."""
    coop: str = ""
    answer: Answer | None = None
    walk: Walk | None = None
    walk_doctrine: str = ""
    walk_follow_up: bool = False
    walk_routing: bool = False
    """The activating character is routing: its activation is its rout."""
    walk_orders: tuple[str, ...] = ()
    """The scene orders binding the activating character now, in words."""
    walk_notes: str = ""
    """Its company's notes: what no order can say."""
    round_orders: tuple[tuple[str, str], ...] = ()
    """Each-round scene orders due now: (moment, words)."""
    order_asks: tuple[OrderAsk, ...] = ()
    """What those orders ask the players (a condition, a chosen victim)."""
    hidden: tuple[tuple[str, str], ...] = ()
    changes: tuple[Change, ...] = ()
    arrivals: tuple[Arrival, ...] = ()
    """The characters coming on as the round begins, and where: placed first."""
    sight_ask: Fighter | None = None
    """The next "Does it see an enemy?" before the round begins (None: none)."""
    sight_told: tuple[tuple[str, bool], ...] = ()
    begin_hidden: tuple[tuple[str, str], ...] = ()
    choices: tuple[tuple[str, str], ...] = ()
    """The AI characters the players may activate next (the order is picked)."""
    pick_rule: str = ""
    lurkers: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    lurk_beyond: str = ""
    beyond_question: str = ""
    """River Crossing, as the battle ends: how many of the attacker's
    characters stand beyond the river (the result form scores them)."""
    """How far from every enemy a lurker is (the rule's distance, in words)."""
    end_walk: EndWalk | None = None
    """The end of round's questions: is each reinforcement's point on the table?"""
    defenders: tuple[tuple[str, str], ...] = ()
    candidates: tuple[tuple[str, str, str], ...] = ()
    groups: tuple[Group, ...] = ()
    person: FighterRow | None = None
    side_taps: tuple[Tap, ...] = ()
    end_reasons: tuple[tuple[str, str, str], ...] = ()
    ended: str = ""
    ending_text: str = ""
    """The scene's rules end the battle now: why, and who wins."""
    ending_value: str = ""
    """The end entry that records it (``reason`` or ``reason:side``)."""
    win_questions: tuple[tuple[str, str, str], ...] = ()
    """At the end of the last round, what the ways to win need that the log
    does not hold: (field, question, the answer given)."""
    log: tuple[LogLine, ...] = ()
    log_count: int = 0
    battle_url: str = ""
    undo_text: str = ""
    deck_left: int = 0
    deck_discards: int = 0
    events_problem: str = ""
    events_on: bool = False
    result_url: str = ""
    has_carriables: bool = False
    """The battle has objectives a character may carry off."""
    has_objectives: bool = False
    """The battle has objectives at all (carried or held)."""
    you_start: bool = False
    """The humans go first this round and nobody has activated yet."""
