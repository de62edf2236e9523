"""One playtest battle, round by round (RULES §4, §5, §7).

:func:`fight` plays one seeded battle of a :class:`~engines.playtest.spec.Spec`
on the abstract table, every die through one :class:`~engines.dice.Dice` (so
every roll is in its log with its purpose). Each round, in §4's order: the
characters arriving this round come on; the initiative
(:func:`engines.combat.initiative`: the AI goes first when one of its
characters sees an enemy, and the players' robot chooses the same way); then
the sides alternate activations, a side with nobody left to activate letting
the other go on. The AI side activates in the order of
:func:`engines.doctrines.activation.activation_key` (worked out afresh
before each AI activation, on the table as it stands); the players' robot in
card order.

An activation measures the situation (:func:`~engines.playtest.situation.situation_for`,
the scene orders' limits from :func:`~engines.playtest.moves.limits_for`), asks
the doctrine's own decide function — the players' robot asks the priority list
with the ways to win as its objectives — and applies the decision
(:func:`~engines.playtest.apply.apply`). An attack is
:func:`engines.combat.attack`, a wound :func:`engines.combat.take_wound`, a fall
is followed by :func:`engines.combat.rout_check` (a horde takes none); a
character that fells its enemy in melee takes the one follow-up. After every
event and at each round's end :func:`engines.victory.judge` says whether the
battle has ended and who won; the last round's end is the time-out.

At the round's end each horde company's end of round
(:mod:`engines.playtest.horde`), then who holds each fixed objective. A
generated scene (no ways to win) that lasts its length is decided by its VP
(§3.12, :mod:`engines.playtest.fight`).

A deck character attacked before it activates draws first (``deck_defend``:
brace, dive for cover, return fire by ``deck_return_fire``); the random event
comes from the one AI deck at each round's start (its text is the players'
to apply: the table applies none); *each round* orders resolve at their
moments (:mod:`engines.playtest.rounds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engines.battlefield import Battlefield
from engines.combat import attack, initiative
from engines.dice import Dice, Modifier, RandomSource
from engines.doctrines import (
    Decision,
    Pursuer,
    deck_defend,
    deck_return_fire,
)
from engines.doctrines.activation import OrderKey, sees_an_enemy
from engines.doctrines.pursuit import POSITION_CAP
from engines.enums import Action, Doctrine, ObjectiveKind, Outcome, Side
from engines.events import event_draw
from engines.orders.kinds import Moment, NoEnemyInSight, active
from engines.playtest.apply import apply
from engines.playtest.deploy import arrive
from engines.playtest.fight import (
    Fight,
    Stuck,
    battle_of,
    exit_point,
    held_places,
    hold,
    judge_now,
    leave,
    leaves_through,
    toward_exit,
    wound,
)
from engines.playtest.geometry import Point
from engines.playtest.horde import horde_end
from engines.playtest.moves import Limits, place_point
from engines.playtest.reading import (
    decision_of,
    limits_of,
    order_key_of,
    reading_of,
)
from engines.playtest.report import Battle
from engines.playtest.round_sight import (
    last_seen_rule,
    seen_remember,
    sight_narrow,
    sight_restore,
)
from engines.playtest.rounds import round_orders
from engines.playtest.scoring import leaves_to_score
from engines.playtest.setup import Boards, board_for, markers_for
from engines.playtest.situation import Reading, enemies_for
from engines.playtest.spec import Spec
from engines.playtest.table import Board, Table
from engines.scenario import SetupError, generate_setup

MELEE = frozenset({Action.CONTINUE_MELEE, Action.MOVE_INTO_MELEE, Action.CHARGE})
SHOTS = frozenset({Action.SHOOT, Action.MOVE_AND_SHOOT})
MAX_ACTIVATIONS = 10_000
"""A battle that activates more often than this cannot be finishing."""


def _board(spec: Spec) -> Board:
    return board_for(spec.battlefield)


def fight(
    spec: Spec,
    *,
    rng: RandomSource,
    board: Board | None = None,
    boards: Boards | None = None,
) -> Battle:
    """One battle of ``spec`` on ``rng``; a battle that cannot be played to its
    end says why in its ``unfinished`` (``boards``: the run's boards, one per
    terrain, for a battlefield rolled afresh)."""
    problem = spec.problem()
    if problem:
        return Battle(
            outcome=Outcome.DRAW, rounds=0, way="not played", unfinished=problem
        )
    try:
        battlefield = battlefield_of(spec, rng=rng)
    except SetupError as error:
        return Battle(
            outcome=Outcome.DRAW,
            rounds=0,
            way="not played",
            unfinished=f"the battle cannot be set up: {error}",
        )
    if board is None and boards is not None:
        board = boards.of(battlefield)
    state = play(replace(spec, battlefield=battlefield), rng=rng, board=board)
    return battle_of(state, unfinished=state.stuck)


def battlefield_of(spec: Spec, *, rng: RandomSource) -> Battlefield:
    """The battlefield of one battle: the scene's setup rolled afresh (§3, its
    terrain §3.13) when the spec has one, else the spec's own."""
    if spec.setup is None:
        return spec.battlefield
    rolled = generate_setup(spec.setup, rng=rng).battlefield
    return spec.battlefield if rolled is None else rolled


def play(spec: Spec, *, rng: RandomSource, board: Board | None = None) -> Fight:
    """The battle itself on ``spec.battlefield``, played to its end (its state,
    for the proofs)."""
    table = Table(board=board or _board(spec), markers=markers_for(spec.battlefield))
    state = Fight(spec=spec, dice=Dice(rng), table=table)
    state.chars = {c.name: c for c in spec.characters}
    state.places = held_places(spec, table)
    for company in spec.companies:
        force = spec.battlefield.force(company.force)
        orders = force.orders if force is not None and force.orders else None
        state.settings[company.name] = (
            company.settings
            if orders is None
            else replace(company.settings, orders=orders)
        )
    length = spec.victory.battle_length if spec.victory else spec.battlefield.length
    own_board, own_settings = table.board, dict(state.settings)
    try:
        for number in range(1, length + 1):
            state.round = number
            _play_round(state)
            sight_restore(state, own_board, own_settings)  # an event's sight ends
            if state.verdict is None or not state.verdict.ended:
                state.verdict = judge_now(state, round_over=True)
            if state.verdict.ended:
                break
    except Stuck as stuck:
        state.stuck = str(stuck)
    return state


def _play_round(state: Fight) -> None:
    state.hurt.clear()
    state.touch()
    arrive(state)
    if state.round == 1:
        round_orders(state, Moment.BEFORE_FIRST)
    round_orders(state, Moment.START)
    if state.verdict is not None and state.verdict.ended:
        return
    state.toward_last_seen = ""
    if state.spec.events:
        drawn = event_draw(
            deck=state.deck(), events={e.key: e for e in state.spec.events}
        )
        if drawn.event is not None:
            state.events.append(drawn.event.title)
            sight_narrow(state, drawn.event.sight_limit)  # a fog, as the table
            if drawn.event.toward_last_seen:
                state.toward_last_seen = drawn.event.title or "the event"
    if not state.table.of_side(Side.PLAYER) or not state.table.of_side(Side.AI):
        state.verdict = judge_now(state, round_over=False)
        return
    first = _first(state)
    players = [
        p.key
        for p in sorted(state.table.of_side(Side.PLAYER), key=lambda p: p.card_order)
    ]
    state.positions = {}
    state.activated.clear()
    side = first
    passes = 0
    while passes < 2:
        if side is Side.AI:
            key = _next_ai(state)
        else:
            key = _next(state, players, state.activated)
        if key is None:
            passes += 1
        else:
            passes = 0
            state.activated.add(key)
            _activate(state, key, follow_up=False)
            if state.verdict is not None and state.verdict.ended:
                return
        side = Side.AI if side is Side.PLAYER else Side.PLAYER
    horde_end(state)
    round_orders(state, Moment.END)
    if state.verdict is not None and state.verdict.ended:
        return
    hold(state)


def _first(state: Fight) -> Side:
    """§4's initiative: the AI goes first when one of its characters sees an
    enemy (a pursuer sees its quarry: its key's first part is False); the
    players' robot chooses the same way (§7). Each side is read one by one
    until the first character that sees an enemy settles it."""
    table, standings = state.table, state.standings()
    players = any(
        sees_an_enemy(enemies_for(table, p, standings))
        for p in table.of_side(Side.PLAYER)
    )
    choice = Side.PLAYER if players else Side.AI
    ai_sees = any(not order_key_of(state, p.key)[0][0] for p in table.of_side(Side.AI))
    rolled = initiative(
        dice=state.dice,
        ai_enemy_in_sight=ai_sees,
        humans_choice=choice,
        round_number=state.round,
    )
    assert rolled.first is not None
    return rolled.first


def _next(state: Fight, order: Sequence[str], done: set[str]) -> str | None:
    """The players' robot's next, in card order, still on the table."""
    table = state.table
    return next((k for k in order if k not in done and table.has(k)), None)


def _next_ai(state: Fight) -> str | None:
    """The AI's next activation, picked when its turn comes among those still
    to act, by the one activation order (§5, its sort key) read off the table
    as it stands then — as the table page has the players pick it. A
    pursuer's position is one more than the pursuers that went before it
    this round."""
    best: tuple[OrderKey, Pursuer | None, str] | None = None
    for piece in state.table.of_side(Side.AI):
        if piece.key in state.activated:
            continue
        key, pursuer = order_key_of(state, piece.key)
        if best is None or key < best[0]:  # the first of equals, as a sort keeps
            best = (key, pursuer, piece.key)
    if best is None:
        return None
    if best[1] is not None:
        state.positions[best[2]] = min(len(state.positions) + 1, POSITION_CAP)
    return best[2]


def _activate(state: Fight, key: str, *, follow_up: bool) -> None:
    state.activations += 1
    if state.activations > MAX_ACTIVATIONS:
        raise Stuck("the battle goes on without end: no side can harm the other")
    limits = limits_of(state, key)
    reading = reading_of(state, key, follow_up=follow_up, limits=limits)
    if state.character(key).side is Side.AI:
        seen_remember(state, key, reading.situation)
    if not state.toward_last_seen:  # no event's rule this round
        _decide(state, key, limits=limits, reading=reading, follow_up=follow_up)
        return
    with last_seen_rule(state, key):  # the round's event, as the table
        _decide(state, key, limits=limits, reading=reading, follow_up=follow_up)


def _decide(
    state: Fight, key: str, *, limits: Limits, reading: Reading, follow_up: bool
) -> None:
    """The doctrine's decision on its reading, carried out."""
    decision = decision_of(state, key, reading.situation)
    if decision is None:
        return
    decision = toward_exit(state, key, decision)
    _carry_out(
        state, key, decision, limits=limits, reading=reading, follow_up=follow_up
    )


def _carry_out(
    state: Fight,
    key: str,
    decision: Decision,
    *,
    limits: Limits,
    reading: Reading,
    follow_up: bool,
) -> None:
    """The decided move, then its attack; a melee that fells its enemy gives
    the one follow-up (§4)."""
    moved = apply(
        state.table,
        key,
        decision,
        limits=limits,
        reading=reading,
        place=_place(state, key),
    )
    if moved.left:
        leave(state, key)
        return
    if moved.moved:
        state.table = state.table.moved(key, moved.end)
        edge = leaves_to_score(state, key)
        if edge is not None:
            leave(state, key, edge=edge)
            return
    through = leaves_through(state, key)
    if through:
        leave(state, key, feature=through)
        return
    _pick_up(state, key)
    target = decision.target
    if target is None or decision.action not in MELEE | SHOTS:
        return
    if not state.table.has(target):
        return
    them = state.table.piece(target)
    me = state.table.piece(key)
    melee = decision.action in MELEE
    if melee and not state.table.in_contact(me, them):
        return
    if not melee and not state.table.sees(me, them):
        return
    fell = _strike(state, key, target, decision)
    standing = state.table.has(key)
    if fell and melee and not follow_up and standing:
        _activate(state, key, follow_up=True)


def _strike(state: Fight, key: str, target: str, decision: Decision) -> bool:
    """One attack on ``target``, after its defensive draw when it is a deck
    character that has not activated this round (§5.2); True if it fell."""
    defence = _defensive_draw(state, key, target)
    extra = () if defence is None else defence.attack_roll_modifiers
    fell = _attack(state, key, target, decision, extra=extra)
    if defence is not None and not fell:
        _after_defence(state, target, attacker=key, decision=defence)
    return fell


def _defensive_draw(state: Fight, attacker: str, target: str) -> Decision | None:
    me = state.character(target)
    if me.side is not Side.AI or target in state.activated:
        return None
    company = state.company(me.company)
    if company.doctrine is not Doctrine.DECK:
        return None
    reading = reading_of(state, target, attacked=True)
    return deck_defend(
        reading.situation,
        attacker=attacker,
        deck=state.deck(),
        settings=state.settings[company.name],
    )


def _after_defence(
    state: Fight, key: str, *, attacker: str, decision: Decision
) -> None:
    """Return fire or a dive for cover, after the attack, by one still
    standing; either counts as its activation."""
    if decision.counts_as_activated or decision.action is Action.RETURN_FIRE:
        state.activated.add(key)
    limits = limits_of(state, key)
    if decision.action is Action.RETURN_FIRE:
        reading = reading_of(state, key, limits=limits)
        fire = deck_return_fire(
            reading.situation,
            attacker=attacker,
            settings=state.settings[state.character(key).company],
        )
        _carry_out(state, key, fire, limits=limits, reading=reading, follow_up=True)
    elif decision.action is Action.DIVE_FOR_COVER:
        reading = reading_of(state, key, limits=limits, attacked=True)
        _carry_out(state, key, decision, limits=limits, reading=reading, follow_up=True)


def _place(state: Fight, key: str) -> Point | None:
    me = state.character(key)
    if me.side is Side.PLAYER:
        return exit_point(state, key)
    orders = state.settings[me.company].orders
    for order in active(orders, character=key, round_number=state.round):
        if isinstance(order, NoEnemyInSight) and order.place is not None:
            return place_point(state.table, order.place)
    return None


def _pick_up(state: Fight, key: str) -> None:
    """§4 pre-activation: an unengaged character carrying nothing takes a
    carriable objective it touches."""
    me = state.table.piece(key)
    if me.carrying is not None:
        return
    for marker in state.table.markers:
        if (
            marker.kind is ObjectiveKind.CARRIABLE
            and state.table.marker_gap(me, marker) <= 0
        ):
            if not state.table.engaged(me):
                state.table = state.table.picked_up(key, marker.name)
            return


def _attack(
    state: Fight,
    key: str,
    target: str,
    decision: Decision,
    *,
    extra: tuple[Modifier, ...] = (),
) -> bool:
    """One attack; True if it felled ``target``."""
    me, them = state.character(key), state.character(target)
    result = attack(
        me.attack,
        them.defence,
        moved_and_shot=decision.action is Action.MOVE_AND_SHOOT,
        modifiers=(*decision.attack_modifiers, *extra),
        dice=state.dice,
        purpose=f"attack: {key} on {target}",
    )
    if not result.wounds:
        return False
    return wound(state, target, by=key)
