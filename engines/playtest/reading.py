"""What an activating character reads off the abstract table and what its
doctrine decides from it (RULES §5, §7): the battle loop's
(:mod:`engines.playtest.battle`) questions to the table and to the decide
functions.

:func:`reading_of` measures the situation
(:func:`~engines.playtest.situation.situation_for`) with the character's
standing and, for the players' robot, its objectives (the markers its ways to
win name); :func:`limits_of` the scene orders' limits on its moves;
:func:`decision_of` asks the doctrine's own decide function — the players'
robot asks the priority list; :func:`order_key_of` is an AI character's place in the
activation order.
"""

from __future__ import annotations

from engines.doctrines import (
    Decision,
    Pursuer,
    Situation,
    deck_activate,
    horde_decide,
    priority_decide,
    pursuit_decide,
)
from engines.doctrines.activation import OrderKey, activation_key, enemies_key
from engines.enums import Doctrine, Side
from engines.playtest.fight import Fight
from engines.playtest.moves import NO_LIMITS, Limits, limits_for
from engines.playtest.pursuit import pursuer_for
from engines.playtest.situation import Reading, enemies_for, situation_for
from engines.playtest.table import Marker
from engines.victory.conditions import Victory


def order_key_of(state: Fight, key: str) -> tuple[OrderKey, Pursuer | None]:
    """An AI character's place in the activation order (§5,
    :func:`~engines.doctrines.activation.activation_key`): a pursuer by its
    quarry (§5.4, with the pursuer read), any other by the enemies its
    situation would read — the key kept while they are the same enemies, and
    no more of the situation measured than the order reads."""
    if state.company(state.character(key).company).doctrine is Doctrine.PURSUIT:
        pursuer = pursuer_of(state, key, follow_up=False)
        if pursuer is not None:
            return activation_key(pursuer), pursuer
    me = state.table.piece(key)
    enemies = enemies_for(state.table, me, state.standings())
    kept = state.order_keys.get(key)
    if kept is not None and kept[0] is enemies:
        return kept[1], None
    found = enemies_key(enemies, me.card_order)
    state.order_keys[key] = (enemies, found)
    return found, None


def pursuer_of(state: Fight, key: str, *, follow_up: bool) -> Pursuer | None:
    company = state.character(key).company
    return pursuer_for(
        state.table,
        key,
        quarry=state.settings[company].quarry,
        standing=state.standing(key, follow_up=follow_up),
    )


def limits_of(state: Fight, key: str) -> Limits:
    me = state.character(key)
    if me.side is Side.PLAYER:
        return NO_LIMITS
    orders = state.settings[me.company].orders
    if not orders:
        return NO_LIMITS
    return limits_for(state.table, orders, character=key, round_number=state.round)


def reading_of(
    state: Fight,
    key: str,
    *,
    follow_up: bool = False,
    limits: Limits | None = None,
    attacked: bool = False,
) -> Reading:
    """What ``key`` reads off the table now. A plain reading (no follow-up,
    not attacked, no cover to measure) is kept until the table, the standings
    or the round change: the AI character the activation order picked is not
    measured again when it activates."""
    me = state.character(key)
    standings = state.standings()
    with_cover = (
        limits is not None and state.company(me.company).doctrine is Doctrine.DECK
    )
    plain = not (follow_up or attacked or with_cover)
    if plain:
        kept = state.readings.get(key)
        if (
            kept is not None
            and kept[0] is state.table
            and kept[1] is standings
            and kept[2] == state.round
        ):
            return kept[3]
    if follow_up or attacked:
        mine = state.standing(key, follow_up=follow_up)
        mine = mine.attacked(attacked)
        standings = {**standings, key: mine}
    objectives = _objectives(state) if me.side is Side.PLAYER else None
    reading = situation_for(
        state.table,
        key,
        objectives=objectives,
        standings=standings,
        limits=limits,
        round_number=state.round,
        with_cover=with_cover,
    )
    if plain:
        state.readings[key] = (state.table, standings, state.round, reading)
    return reading


def _objectives(state: Fight) -> tuple[Marker, ...]:
    """The players' robot's objectives: the markers its ways to win name (all
    the markers when the scene names none)."""
    markers, places, kept = state.table.markers, state.places, state.aims
    if kept is not None and kept[0] is markers and kept[1] is places:
        return kept[2]  # the same markers and places: the same objectives
    names = _way_objectives(state.spec.victory)
    aims = tuple(m for m in (*markers, *places) if not names or m.name in names)
    state.aims = (markers, places, aims)
    return aims


def _way_objectives(victory: Victory | None) -> set[str]:
    if victory is None:
        return set()
    found: set[str] = set()
    for way in victory.ways:
        if way.side is not Side.PLAYER:
            continue
        for condition in way.conditions:
            if condition.objective:
                found.add(condition.objective)
    return found


def decision_of(state: Fight, key: str, situation: Situation) -> Decision | None:
    me = state.character(key)
    company = state.company(me.company)
    if me.side is Side.PLAYER:
        return priority_decide(situation, rng=state.dice.rng)
    match company.doctrine:
        case Doctrine.PRIORITY:
            return priority_decide(
                situation, rng=state.dice.rng, settings=state.settings[company.name]
            )
        case Doctrine.DECK:
            deck = state.deck()
            return deck_activate(
                situation, deck=deck, settings=state.settings[company.name]
            )
        case Doctrine.PURSUIT:
            pursuer = pursuer_of(state, key, follow_up=situation.follow_up)
            if pursuer is None:
                return None
            return pursuit_decide(
                pursuer,
                position=state.positions.get(key, 1),
                rng=state.dice.rng,
                settings=state.settings[company.name],
            )
        case Doctrine.HORDE:
            return horde_decide(
                situation, rng=state.dice.rng, settings=state.settings[company.name]
            )
    return None
