"""§5.2 Deck (000) — intent drawn from playing cards.

Pre-activation as §4 (no card is drawn for a routing character or one in
melee), then one card per activation. A joker reshuffles the deck and the
discards, and the character draws again. Ace to 10 give a trigger distance
(pips × 2 inches, an Ace one pip: 2"; adaptation: the source counts squares and
calls the Ace "adjacent"); J, Q and K shoot the closest enemy in sight and range
whatever the distance. The suit gives the intent: ♠ harm, ♥ measured, ♣ wait,
♦ discretion. A character attacked before it activates makes a defensive draw
(adaptation: the source's Return Fire / Armour / Run for Cover, given effects
in these rules). "Overwatch" adapts the source's "Stay Frosty".

"Within range after the move" is measured where the character would end its
move: a move toward the enemy that its suit allows brings a target up to its
move closer; a move away from the enemy (♦, into hard cover) takes it a full
move further. A character that cannot shoot leaves the shooting-range
condition out (it has no range to measure) and reads Shoot and Move and shoot
as Charge, Overwatch as Hold.

:func:`build` makes the card for a battle's settings; the decision functions
walk the card built from the same settings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from engines.cards import DECK_SETUP, RANDOM_SELECTION, Card, Deck
from engines.combat import AI_INITIATIVE_CHOICE
from engines.dice import Dice
from engines.doctrines.orders import with_orders
from engines.doctrines.rules import FOLLOW_UP as FOLLOW_UP_ID
from engines.doctrines.rules import ORDER_RULES, share_word, sight_notes
from engines.doctrines.settings import DEFAULT_SETTINGS, DoctrineSettings
from engines.doctrines.situation import (
    MELEE_STEP,
    NO_ENEMY_STEP,
    ROUT_STEP,
    Decision,
    Enemy,
    Situation,
    Turn,
    first,
    follow_up_section,
    inches,
    walk,
    within,
)
from engines.doctrines.steps import (
    PRE_ACTIVATION,
    Procedure,
    Row,
    Rule,
    Section,
    Step,
    Table,
)
from engines.enums import Action, Cover, Doctrine, Intent, Suit
from engines.text import signed

# --- the cards' meaning ---------------------------------------------------------------

INCHES_PER_PIP = 2
"""Trigger distance: pips × 2 inches, an Ace counting as one pip."""

INTENTS = {
    Suit.SPADES: Intent.HARM,
    Suit.HEARTS: Intent.MEASURED,
    Suit.CLUBS: Intent.WAIT,
    Suit.DIAMONDS: Intent.DISCRETION,
}


def trigger_distance(card: Card) -> float | None:
    """Inches within which an enemy triggers the card; None for J Q K and jokers."""
    if not card.is_number:
        return None
    return card.pips * INCHES_PER_PIP


PICTURE_TRIGGER = (
    "none: no step that asks “within trigger” fires (never ♠2's Charge); the "
    "suit's J Q K step shoots the closest enemy in sight within shooting range"
)
"""§5.2 "Picture cards": J Q K have no trigger distance."""

TRIGGER_TABLE = Table(
    title="Trigger distance",
    columns=("Card", "Trigger"),
    rows=(
        Row("A", f"{inches(INCHES_PER_PIP)} (one pip)"),
        *(Row(str(pips), inches(pips * INCHES_PER_PIP)) for pips in range(2, 11)),
        Row("J Q K", PICTURE_TRIGGER),
    ),
)
"""The trigger distance of each card, as the AI card prints it."""


@dataclass(frozen=True)
class MoveLimit:
    """Where a Move and shoot may move (♥ ♣ ♦): away or toward, into what cover."""

    text: str
    away: bool
    least: Cover

    def cover(self, situation: Situation) -> Cover | None:
        """The cover it may end its move in, or None: it does not move."""
        cover = situation.cover_away if self.away else situation.cover_toward
        if cover == Cover.NONE or cover.rank < self.least.rank:
            return None
        return cover


MOVE_LIMITS = {
    Suit.HEARTS: MoveLimit("moving only if it can end in cover", False, Cover.SOFT),
    Suit.CLUBS: MoveLimit("moving only into hard cover", False, Cover.HARD),
    Suit.DIAMONDS: MoveLimit(
        "moving away from the enemy and only into hard cover", True, Cover.HARD
    ),
}

CANNOT_SHOOT = "cannot-shoot"
JOKER = "joker"
DEFENCE = "defence"

# --- what the steps measure -----------------------------------------------------------


def _range(turn: Turn) -> float:
    """Its shooting range; a character that cannot shoot has none to measure."""
    reach = turn.situation.shooting_range
    return math.inf if reach is None else reach


def _triggered(turn: Turn, *, in_sight: bool) -> list[Enemy]:
    """Enemies (in sight, or not) within the card's trigger; none for J Q K."""
    assert turn.card is not None
    trigger = trigger_distance(turn.card)
    if trigger is None:
        return []
    return [
        enemy
        for enemy in turn.situation.enemies
        if enemy.in_sight == in_sight and within(enemy.distance, trigger)
    ]


def _act(
    turn: Turn,
    step: Step,
    action: Action,
    enemy: Enemy | None,
    *,
    detail: str = "",
    cover: Cover | None = None,
    inches: float | None = None,
) -> Decision:
    """Decide, reading Shoot / Move and shoot / Overwatch for a non-shooter."""
    if not turn.situation.can_shoot and action in (
        Action.SHOOT,
        Action.MOVE_AND_SHOOT,
        Action.OVERWATCH,
    ):
        turn.path.append(CANNOT_SHOOT)
        if action == Action.OVERWATCH:
            return turn.decide(step, Action.HOLD, detail="cannot shoot: holds")
        return turn.charge(step, enemy, detail=f"cannot shoot: {action.label} → Charge")
    target = None if enemy is None else enemy.id
    return turn.decide(
        step, action, target=target, detail=detail, cover=cover, inches=inches
    )


def _moves(turn: Turn) -> tuple[MoveLimit, Cover | None]:
    """The suit's movement limit and the cover it may end in (None: it stays)."""
    assert turn.card is not None and turn.card.suit is not None
    limit = MOVE_LIMITS[turn.card.suit]
    return limit, limit.cover(turn.situation)


def _distance_after_move(turn: Turn, enemy: Enemy) -> float:
    """Where it would end its move: up to its move closer, or a move further away."""
    limit, cover = _moves(turn)
    if cover is None:
        return enemy.distance
    if limit.away:
        return enemy.distance + turn.move
    return max(0.0, enemy.distance - turn.move)


def _move_and_shoot(turn: Turn, step: Step, target: Enemy) -> Decision:
    limit, cover = _moves(turn)
    if cover is None:
        moves = "does not move (no such cover)"
    else:
        way = "away from the enemy" if limit.away else f"toward {target.id}"
        moves = f"moves up to {inches(turn.move)} {way} into {cover.label.lower()}"
    return _act(
        turn,
        step,
        Action.MOVE_AND_SHOOT,
        target,
        cover=cover,
        inches=0 if cover is None else turn.move,
        detail=f"{moves}, then shoots {target.id} at {inches(target.distance)}",
    )


# --- ♠ harm ---------------------------------------------------------------------------


def _spade_shoot(turn: Turn, step: Step) -> Decision | None:
    reach = _range(turn)
    target = turn.pick(
        (e for e in _triggered(turn, in_sight=True) if within(e.distance, reach)),
        shot=True,
    )
    if target is None:
        return None
    return _act(
        turn,
        step,
        Action.SHOOT,
        target,
        detail=f"{target.id} in sight at {inches(target.distance)}",
    )


def _spade_charge_unseen(turn: Turn, step: Step) -> Decision | None:
    target = turn.pick(_triggered(turn, in_sight=False))
    if target is None:
        return None
    return turn.charge(step, target, detail=f"{target.id} out of sight")


def _closest_in_range(turn: Turn) -> Enemy | None:
    """J Q K: the closest enemy in sight within shooting range."""
    assert turn.card is not None
    if not turn.card.is_picture:
        return None
    reach = _range(turn)
    return turn.pick(
        (e for e in turn.situation.in_sight if within(e.distance, reach)), shot=True
    )


def _spade_picture(turn: Turn, step: Step) -> Decision | None:
    target = _closest_in_range(turn)
    if target is None:
        return None
    return _act(
        turn,
        step,
        Action.SHOOT,
        target,
        detail=f"closest in sight and range: {target.id} at {inches(target.distance)}",
    )


def _spade_otherwise(turn: Turn, step: Step) -> Decision:
    enemy = turn.pick(turn.situation.enemies)
    if enemy is None:
        return turn.no_enemy(step)
    cover = turn.situation.cover_toward
    return turn.decide(
        step,
        Action.MOVE_TOWARD_ENEMY,
        target=enemy.id,
        inches=turn.move,
        cover=cover,
        detail=f"{turn.move_words} toward {enemy.id}, ending in {cover.label.lower()}",
    )


# --- ♥ ♣ ♦: Move and shoot within trigger, or with a picture card ---------------------


def _move_and_shoot_triggered(turn: Turn, step: Step) -> Decision | None:
    reach = _range(turn)
    target = turn.pick(
        (
            e
            for e in _triggered(turn, in_sight=True)
            if within(_distance_after_move(turn, e), reach)
        ),
        shot=True,
    )
    if target is None:
        return None
    return _move_and_shoot(turn, step, target)


def _move_and_shoot_picture(turn: Turn, step: Step) -> Decision | None:
    """J Q K of ♥ ♣ ♦: the closest enemy in sight within range where the suit's
    move ends (§5.2 "Picture cards")."""
    assert turn.card is not None
    if not turn.card.is_picture:
        return None
    reach = _range(turn)
    target = turn.pick(
        (
            e
            for e in turn.situation.in_sight
            if within(_distance_after_move(turn, e), reach)
        ),
        shot=True,
    )
    if target is None:
        return None
    return _move_and_shoot(turn, step, target)


# --- the suits' "otherwise" -----------------------------------------------------------


def _heart_move_to_cover(turn: Turn, step: Step) -> Decision | None:
    enemy = turn.pick(turn.situation.enemies)
    cover = turn.situation.cover_toward
    if enemy is None or cover == Cover.NONE:
        return None
    return turn.decide(
        step,
        Action.MOVE_TOWARD_ENEMY,
        target=enemy.id,
        inches=turn.move,
        cover=cover,
        detail=f"up to {inches(turn.move)} toward {enemy.id}, ending in "
        f"{cover.label.lower()}",
    )


def _diamond_stays(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.in_furthest_cover:
        return None
    return _act(turn, step, Action.OVERWATCH, None, detail="stays put")


def _diamond_move_away(turn: Turn, step: Step) -> Decision:
    if turn.situation.nearest_enemy is None:
        return turn.no_enemy(step)
    cover = turn.situation.cover_away
    return turn.decide(
        step,
        Action.MOVE_AWAY,
        inches=turn.move,
        cover=cover,
        detail=f"{turn.move_words} away from the enemy, ending in "
        f"{cover.label.lower()}",
    )


def _overwatch(turn: Turn, step: Step) -> Decision:
    return _act(turn, step, Action.OVERWATCH, None)


# --- defensive draw -------------------------------------------------------------------

RETURN_FIRE_SUITS = (Suit.SPADES, Suit.HEARTS)
BRACE_DEFENCE = 1
"""Brace: +1 defence against this attack."""
DIVE_ATTACK_ROLL = -1
"""Dive for cover: −1 to this attack roll."""
DIVE_MOVE = 0.5
"""Dive for cover: half its move to the nearest cover."""

BRACE = (f"brace: {signed(BRACE_DEFENCE)} defence", -BRACE_DEFENCE)
"""Brace on the attack roll: +1 defence is −1 to the roll (§4)."""
DIVE_FOR_COVER = ("dive for cover", DIVE_ATTACK_ROLL)
"""Dive for cover on the attack roll."""


def _return_fire(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if turn.card.suit not in RETURN_FIRE_SUITS:
        return None
    return turn.decide(step, Action.RETURN_FIRE, detail="returns fire after the attack")


RETURN_FIRE_RULE = (
    "Return fire: after the attack, if it still stands, it shoots its attacker "
    "when in sight and within range, else moves into melee with it when within "
    "move, else stays put. No card is drawn for it; it counts as activated."
)
"""RULES §5.2's one fixed answer to a ♠ or ♥ defensive draw."""


def deck_return_fire(
    situation: Situation,
    *,
    attacker: str,
    settings: DoctrineSettings | None = None,
) -> Decision:
    """Return fire (RULES §5.2), after the attack, by a character still standing.

    ``situation.enemies`` holds the attacker (by ``attacker``, its id): how far
    it is and whether it is in sight. No card is drawn and no die rolled; the
    decision counts as the character's activation.
    """
    step = card(settings).section(DEFENCE).steps[0]
    turn = Turn(situation, Dice(_NoChance()), settings or DEFAULT_SETTINGS)
    enemy = next((e for e in turn.situation.enemies if e.id == attacker), None)
    if enemy is None:
        raise ValueError("return fire needs its attacker in the situation")
    reach = turn.situation.shooting_range
    where = f"{attacker} at {inches(enemy.distance)}"
    if reach is not None and enemy.in_sight and within(enemy.distance, reach):
        return turn.decide(
            step,
            Action.SHOOT,
            target=attacker,
            counts_as_activated=True,
            detail=f"shoots its attacker, {where}, in sight and range",
        )
    if within(enemy.distance, turn.move):
        return turn.decide(
            step,
            Action.MOVE_INTO_MELEE,
            target=attacker,
            inches=enemy.distance,
            counts_as_activated=True,
            detail=f"charges its attacker, {where}, within its move of "
            f"{inches(turn.move)}",
        )
    return turn.decide(
        step,
        Action.HOLD,
        target=attacker,
        inches=0,
        counts_as_activated=True,
        detail=f"stays put: its attacker, {where}, is neither in sight and "
        "range nor within its move",
    )


class _NoChance:
    """Return fire rolls nothing: any roll asked of it is a bug."""

    def randint(self, a: int, b: int) -> int:
        raise AssertionError("return fire rolls no dice")

    def shuffle(self, x: list) -> None:
        raise AssertionError("return fire shuffles nothing")


def _brace(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if turn.card.suit != Suit.CLUBS:
        return None
    return turn.decide(
        step,
        Action.BRACE,
        attack_roll_modifiers=(BRACE,),
        detail=f"{signed(BRACE_DEFENCE)} defence against this attack",
    )


def _dive_for_cover(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if turn.card.suit != Suit.DIAMONDS:
        return None
    move = turn.situation.move * DIVE_MOVE
    return turn.decide(
        step,
        Action.DIVE_FOR_COVER,
        inches=move,
        attack_roll_modifiers=(DIVE_FOR_COVER,),
        counts_as_activated=True,
        detail=f"{signed(DIVE_ATTACK_ROLL)} to this attack roll, then up to "
        f"{inches(move)} to the nearest cover",
    )


# --- the card -------------------------------------------------------------------------


def _number(
    suit: Suit,
    number: int,
    when: str,
    then: str,
    rule: Rule,
    actions: tuple[Action, ...],
) -> Step:
    """A step for Ace to 10 (and every card's "otherwise"): ♠1, ♥2..."""
    return Step(
        f"{suit.value}-{number}",
        f"{suit.symbol}{number}",
        when,
        then,
        rule=rule,
        actions=actions,
    )


def _picture(suit: Suit, then: str, rule: Rule, action: Action) -> Step:
    """The step for J, Q and K of a suit."""
    where = "" if suit is Suit.SPADES else " after the move"
    return Step(
        f"{suit.value}-picture",
        f"{suit.symbol} J Q K",
        f"The closest enemy in sight within shooting range{where} (no trigger "
        "distance)",
        then,
        rule=rule,
        actions=(action,),
    )


def _move_and_shoot_text(suit: Suit, *, nearest: bool = False) -> str:
    target = " at the nearest such enemy" if nearest else ""
    return f"Move and shoot{target}, {MOVE_LIMITS[suit].text}."


def _suit_title(suit: Suit) -> str:
    return f"{suit.symbol} {INTENTS[suit].label.lower()}"


IN_TRIGGER_AFTER_MOVE = (
    "An enemy in sight within trigger and within range after the move"
)
CHARGE_RULE = "Charge: move into melee if within move, else full move toward."
OVERWATCH_RULE = (
    "Overwatch: the character stays put and, once this round, shoots the first "
    "enemy that moves within its sight and range."
)
AFTER_THE_MOVE_RULE = (
    "Within range after the move: measured where it would end its move. A move "
    "toward the enemy brings a target up to its move closer; a move away takes it "
    "a full move further."
)
DRAW_RULE = (
    f"Ace to 10: trigger distance = pips × {INCHES_PER_PIP} inches, an Ace "
    f"counting as one pip ({inches(INCHES_PER_PIP)}). J Q K: no trigger "
    "distance, so only the suit's J Q K step can fire before its “otherwise”."
)


def _spades() -> Section:
    return Section(
        id=Suit.SPADES.value,
        title=_suit_title(Suit.SPADES),
        steps=(
            _number(
                Suit.SPADES,
                1,
                "An enemy in sight within trigger and shooting range",
                "Shoot the nearest such enemy.",
                _spade_shoot,
                (Action.SHOOT,),
            ),
            _number(
                Suit.SPADES,
                2,
                "An enemy within trigger but not in sight (Ace to 10 only)",
                "Charge the nearest such enemy.",
                _spade_charge_unseen,
                (Action.MOVE_INTO_MELEE, Action.MOVE_TOWARD_ENEMY),
            ),
            _picture(Suit.SPADES, "Shoot it.", _spade_picture, Action.SHOOT),
            _number(
                Suit.SPADES,
                3,
                "Otherwise",
                "Full move toward the nearest enemy, ending in the best cover "
                "reachable.",
                _spade_otherwise,
                (Action.MOVE_TOWARD_ENEMY,),
            ),
        ),
    )


def _move_and_shoot_steps(suit: Suit) -> tuple[Step, Step]:
    return (
        _number(
            suit,
            1,
            IN_TRIGGER_AFTER_MOVE,
            _move_and_shoot_text(suit, nearest=True),
            _move_and_shoot_triggered,
            (Action.MOVE_AND_SHOOT,),
        ),
        _picture(
            suit,
            _move_and_shoot_text(suit),
            _move_and_shoot_picture,
            Action.MOVE_AND_SHOOT,
        ),
    )


def _hearts() -> Section:
    return Section(
        id=Suit.HEARTS.value,
        title=_suit_title(Suit.HEARTS),
        steps=(
            *_move_and_shoot_steps(Suit.HEARTS),
            _number(
                Suit.HEARTS,
                2,
                "Otherwise, if it can end in cover",
                "Move toward the nearest enemy.",
                _heart_move_to_cover,
                (Action.MOVE_TOWARD_ENEMY,),
            ),
            _number(
                Suit.HEARTS,
                3,
                "Otherwise",
                "Overwatch.",
                _overwatch,
                (Action.OVERWATCH,),
            ),
        ),
    )


def _clubs() -> Section:
    return Section(
        id=Suit.CLUBS.value,
        title=_suit_title(Suit.CLUBS),
        steps=(
            *_move_and_shoot_steps(Suit.CLUBS),
            _number(
                Suit.CLUBS,
                2,
                "Otherwise",
                "Overwatch.",
                _overwatch,
                (Action.OVERWATCH,),
            ),
        ),
    )


def _diamonds() -> Section:
    return Section(
        id=Suit.DIAMONDS.value,
        title=_suit_title(Suit.DIAMONDS),
        steps=(
            *_move_and_shoot_steps(Suit.DIAMONDS),
            _number(
                Suit.DIAMONDS,
                2,
                "Otherwise, if it already stands in the cover furthest from the "
                "enemy on the table",
                "Stay put: Overwatch.",
                _diamond_stays,
                (Action.OVERWATCH,),
            ),
            _number(
                Suit.DIAMONDS,
                3,
                "Otherwise",
                "Full move away from the enemy, ending in the best cover reachable "
                "(which may be the open).",
                _diamond_move_away,
                (Action.MOVE_AWAY,),
            ),
        ),
    )


def _defence() -> Section:
    return Section(
        id=DEFENCE,
        title="Defensive draw",
        intro="When an AI character that has not activated this round is "
        "attacked, draw:",
        steps=(
            Step(
                "defence-return-fire",
                "♠ ♥",
                "Spades or hearts",
                RETURN_FIRE_RULE,
                rule=_return_fire,
                actions=(Action.RETURN_FIRE,),
            ),
            Step(
                "defence-brace",
                "♣",
                "Clubs",
                f"Brace: {signed(BRACE_DEFENCE)} defence against this attack.",
                rule=_brace,
                actions=(Action.BRACE,),
            ),
            Step(
                "defence-dive",
                "♦",
                "Diamonds",
                f"Dive for cover: {signed(DIVE_ATTACK_ROLL)} to this attack roll, "
                f"then it moves {share_word(DIVE_MOVE)} its move to the nearest "
                "cover and counts as activated.",
                rule=_dive_for_cover,
                actions=(Action.DIVE_FOR_COVER,),
            ),
        ),
    )


def build(settings: DoctrineSettings | None = None) -> Procedure:
    """The deck card: generic without settings, else with this battle's values."""
    return Procedure(
        doctrine=Doctrine.DECK,
        title="Deck",
        source="000",
        summary=f"{DECK_SETUP} Draw a card per activation: Ace to 10 give a trigger "
        "distance, the suit the intent.",
        tables=(TRIGGER_TABLE,),
        notes=sight_notes(settings),
        order=ORDER_RULES[Doctrine.DECK],
        initiative=AI_INITIATIVE_CHOICE,
        settings=settings,
        sections=(
            Section(
                id=PRE_ACTIVATION,
                title="Pre-activation (no card drawn)",
                steps=(ROUT_STEP, MELEE_STEP),
            ),
            Section(
                id="draw",
                title="Draw a card",
                intro=DRAW_RULE,
                steps=(
                    Step(
                        JOKER,
                        "Joker",
                        "A joker (activation or defensive draw)",
                        "Reshuffle the deck and the discards, and draw again.",
                    ),
                ),
            ),
            _spades(),
            _hearts(),
            _clubs(),
            _diamonds(),
            Section(
                id="reading",
                title="Reading the steps",
                steps=(
                    Step(
                        CANNOT_SHOOT,
                        "No range",
                        "A character that cannot shoot",
                        "Reads Shoot and Move and shoot as Charge, leaving out the "
                        "shooting-range condition, and Overwatch as Hold.",
                        actions=(
                            Action.MOVE_INTO_MELEE,
                            Action.MOVE_TOWARD_ENEMY,
                            Action.HOLD,
                        ),
                    ),
                    NO_ENEMY_STEP,
                ),
                notes=(CHARGE_RULE, OVERWATCH_RULE, AFTER_THE_MOVE_RULE),
            ),
            follow_up_section(
                "It draws a new card; the trigger distance and the shooting range "
                "stay as they are."
            ),
            _defence(),
            Section(
                id="selection", title="Random selection", notes=(RANDOM_SELECTION,)
            ),
        ),
    )


PROCEDURE = build()
"""The generic deck card (no battle's settings)."""


@lru_cache(maxsize=32)
def card(settings: DoctrineSettings | None = None) -> Procedure:
    """The card for these settings (the generic one for None), built once."""
    return PROCEDURE if settings is None else with_orders(build(settings))


# --- deciding -------------------------------------------------------------------------


def _reading(card: Card) -> str:
    if card.suit is None:
        return "joker: reshuffle and draw again"
    trigger = trigger_distance(card)
    reach = "picture card" if trigger is None else f"trigger {inches(trigger)}"
    return f"{_suit_title(card.suit)}, {reach}"


def _draw(turn: Turn, deck: Deck, purpose: str) -> Card:
    """Draw until a card that is not a joker (a joker reshuffles everything)."""
    card = deck.draw(purpose, outcome=_reading)
    while card.is_joker:
        turn.path.append(JOKER)
        deck.reshuffle("joker drawn: deck and discards")
        card = deck.draw(purpose, outcome=_reading)
    turn.card = card
    return card


def deck_activate(
    situation: Situation, *, deck: Deck, settings: DoctrineSettings | None = None
) -> Decision:
    """One activation under the deck doctrine: pre-activation, else draw and read.

    A follow-up (``situation.follow_up``) is the whole procedure again at half
    move: it draws a new card.
    """
    procedure = card(settings)
    turn = Turn(situation, deck.dice, settings or DEFAULT_SETTINGS)
    first(turn, procedure.section(FOLLOW_UP_ID).steps)
    pre = first(turn, procedure.section(PRE_ACTIVATION).steps)
    if pre is not None:
        return pre
    drawn = _draw(turn, deck, f"{situation.id}: activation")
    assert drawn.suit is not None
    return walk(turn, procedure.section(drawn.suit.value).steps)


def deck_defend(
    situation: Situation,
    *,
    attacker: str,
    deck: Deck,
    settings: DoctrineSettings | None = None,
) -> Decision:
    """The defensive draw of a character attacked before it activates this round.

    A brace or a dive returns ``attack_roll_modifiers`` to pass to
    :func:`engines.combat.attack` for this attack.
    """
    if not situation.attacked_before_activating:
        raise ValueError("only a character attacked before activating draws to defend")
    turn = Turn(situation, deck.dice, settings or DEFAULT_SETTINGS)
    _draw(turn, deck, f"{situation.id}: defensive draw against {attacker}")
    decision = walk(turn, card(settings).section(DEFENCE).steps)
    if decision.action == Action.RETURN_FIRE:
        return _with_target(decision, attacker)
    return decision


def _with_target(decision: Decision, target: str) -> Decision:
    return replace(
        decision, target=target, detail=f"{decision.detail} against {target}"
    )
