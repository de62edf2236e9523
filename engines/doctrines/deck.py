"""§5.2 Deck (000) — intent drawn from playing cards.

Pre-activation as §4 (no card is drawn for a routing character or one in
melee), then one card per activation. A joker reshuffles the deck and the
discards, and the character draws again. Ace to 10 give a trigger distance (pips
× 2 inches, an Ace base contact); J, Q and K shoot the closest enemy in sight
and range whatever the distance. The suit gives the intent: ♠ harm,
♥ measured, ♣ wait, ♦ discretion. A character attacked before it activates
makes a defensive draw.

"Within range after the move" is read from the cover the situation says it can
reach: a move toward the enemy that its suit allows brings a target up to its
move closer; a move away from the enemy (♦) never brings one closer. A
character that cannot shoot leaves the shooting-range condition out (it has no
range to measure) and reads Shoot and Move and shoot as Charge, Overwatch as
Hold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from engines.cards import Card, Deck
from engines.doctrines.situation import (
    MELEE_STEP,
    ROUT_STEP,
    Decision,
    Enemy,
    Situation,
    Turn,
    first,
    inches,
    nearest,
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

# --- the cards' meaning ---------------------------------------------------------------

INCHES_PER_PIP = 2
"""Trigger distance: pips × 2 inches (adaptation: the source counts squares)."""
ACE_TRIGGER = 0
"""An Ace means base contact."""

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
    return ACE_TRIGGER if card.pips == 1 else card.pips * INCHES_PER_PIP


TRIGGER_TABLE = Table(
    title="Trigger distance",
    columns=("Card", "Trigger"),
    rows=(
        Row("A", f"base contact ({inches(ACE_TRIGGER)})"),
        *(Row(str(pips), inches(pips * INCHES_PER_PIP)) for pips in range(2, 11)),
        Row(
            "J Q K",
            "any distance: the closest enemy in sight within shooting range",
        ),
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
    return turn.decide(step, action, target=target, detail=detail, cover=cover)


def _move_and_shoot(turn: Turn, step: Step, target: Enemy) -> Decision:
    assert turn.card is not None and turn.card.suit is not None
    limit = MOVE_LIMITS[turn.card.suit]
    cover = limit.cover(turn.situation)
    if cover is None:
        moves = "does not move (no such cover)"
    else:
        way = "away from the enemy" if limit.away else f"toward {target.id}"
        moves = f"moves {way} into {cover.label.lower()}"
    return _act(
        turn,
        step,
        Action.MOVE_AND_SHOOT,
        target,
        cover=cover,
        detail=f"{moves}, then shoots {target.id} at {inches(target.distance)}",
    )


# --- ♠ harm ---------------------------------------------------------------------------


def _spade_shoot(turn: Turn, step: Step) -> Decision | None:
    reach = _range(turn)
    target = nearest(
        e for e in _triggered(turn, in_sight=True) if within(e.distance, reach)
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
    target = nearest(_triggered(turn, in_sight=False))
    if target is None:
        return None
    return turn.charge(step, target, detail=f"{target.id} out of sight")


def _spade_picture(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if not turn.card.is_picture:
        return None
    reach = _range(turn)
    target = nearest(e for e in turn.situation.in_sight if within(e.distance, reach))
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
    enemy = turn.situation.nearest_enemy
    if enemy is None:
        return turn.decide(step, Action.HOLD, detail="no enemy on the table")
    cover = turn.situation.cover_toward
    return turn.decide(
        step,
        Action.MOVE_TOWARD_ENEMY,
        target=enemy.id,
        inches=turn.move,
        cover=cover,
        detail=f"full move toward {enemy.id}, ending in {cover.label.lower()}",
    )


# --- ♥ ♣ ♦: Move and shoot within trigger, or with a picture card ---------------------


def _move_and_shoot_triggered(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None and turn.card.suit is not None
    limit = MOVE_LIMITS[turn.card.suit]
    moves_closer = limit.cover(turn.situation) is not None and not limit.away
    reach = _range(turn) + (turn.move if moves_closer else 0)
    target = nearest(
        e for e in _triggered(turn, in_sight=True) if within(e.distance, reach)
    )
    if target is None:
        return None
    return _move_and_shoot(turn, step, target)


def _move_and_shoot_picture(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if not turn.card.is_picture:
        return None
    reach = _range(turn)
    target = nearest(e for e in turn.situation.in_sight if within(e.distance, reach))
    if target is None:
        return None
    return _move_and_shoot(turn, step, target)


# --- the suits' "otherwise" -----------------------------------------------------------


def _heart_move_to_cover(turn: Turn, step: Step) -> Decision | None:
    enemy = turn.situation.nearest_enemy
    cover = turn.situation.cover_toward
    if enemy is None or cover == Cover.NONE:
        return None
    return turn.decide(
        step,
        Action.MOVE_TOWARD_ENEMY,
        target=enemy.id,
        cover=cover,
        detail=f"toward {enemy.id}, ending in {cover.label.lower()}",
    )


def _diamond_move_away(turn: Turn, step: Step) -> Decision | None:
    cover = turn.situation.cover_away
    if cover == Cover.NONE:
        return None
    return turn.decide(
        step,
        Action.MOVE_AWAY,
        inches=turn.move,
        cover=cover,
        detail=f"full move away from the enemy into {cover.label.lower()}",
    )


def _overwatch(turn: Turn, step: Step) -> Decision:
    return _act(turn, step, Action.OVERWATCH, None)


# --- defensive draw -------------------------------------------------------------------

RETURN_FIRE_SUITS = (Suit.SPADES, Suit.HEARTS)
BRACE = ("brace: defence", 1)
DIVE_FOR_COVER = ("dive for cover: attack roll", -1)
DIVE_MOVE = 0.5
"""Dive for cover: half its move to the nearest cover."""


def _return_fire(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if turn.card.suit not in RETURN_FIRE_SUITS:
        return None
    return turn.decide(
        step, Action.RETURN_FIRE, detail="activates at once after the attack"
    )


def _brace(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if turn.card.suit != Suit.CLUBS:
        return None
    return turn.decide(step, Action.BRACE, modifiers=(BRACE,))


def _dive_for_cover(turn: Turn, step: Step) -> Decision | None:
    assert turn.card is not None
    if turn.card.suit != Suit.DIAMONDS:
        return None
    return turn.decide(
        step,
        Action.DIVE_FOR_COVER,
        inches=turn.move * DIVE_MOVE,
        modifiers=(DIVE_FOR_COVER,),
        counts_as_activated=True,
    )


# --- the card -------------------------------------------------------------------------


def _number(suit: Suit, number: int, when: str, then: str, rule: Rule) -> Step:
    """A step for Ace to 10 (and every card's "otherwise"): ♠1, ♥2..."""
    return Step(
        f"{suit.value}-{number}", f"{suit.symbol}{number}", when, then, rule=rule
    )


def _picture(suit: Suit, then: str, rule: Rule) -> Step:
    """The step for J, Q and K of a suit."""
    return Step(
        f"{suit.value}-picture",
        f"{suit.symbol} J Q K",
        "The closest enemy in sight within shooting range, whatever the trigger",
        then,
        rule=rule,
    )


def _move_and_shoot_text(suit: Suit) -> str:
    return f"Move and shoot, {MOVE_LIMITS[suit].text}."


def _suit_title(suit: Suit) -> str:
    return f"{suit.symbol} {INTENTS[suit].label.lower()}"


IN_TRIGGER_AFTER_MOVE = (
    "An enemy in sight within trigger and within range after the move"
)

PROCEDURE = Procedure(
    doctrine=Doctrine.DECK,
    title="Deck",
    source="000",
    summary=(
        "One 54-card deck (two jokers) for the AI side, shuffled at battle start; "
        "when it runs out, the discards are shuffled into a new deck. Draw a card "
        "per activation: Ace to 10 give a trigger distance, the suit the intent."
    ),
    tables=(TRIGGER_TABLE,),
    sections=(
        Section(
            id=PRE_ACTIVATION,
            title="Pre-activation (no card drawn)",
            steps=(
                ROUT_STEP,
                MELEE_STEP,
            ),
        ),
        Section(
            id="draw",
            title="Draw a card",
            intro="Ace to 10: trigger distance = pips × 2 inches, an Ace base contact "
            "(adaptation: the source counts squares).",
            steps=(
                Step(
                    JOKER,
                    "Joker",
                    "A joker (activation or defensive draw)",
                    "Reshuffle the deck and the discards, and draw again.",
                ),
            ),
        ),
        Section(
            id=Suit.SPADES.value,
            title=_suit_title(Suit.SPADES),
            steps=(
                _number(
                    Suit.SPADES,
                    1,
                    "An enemy in sight within trigger and shooting range",
                    "Shoot it.",
                    _spade_shoot,
                ),
                _number(
                    Suit.SPADES,
                    2,
                    "An enemy within trigger but not in sight",
                    "Charge it.",
                    _spade_charge_unseen,
                ),
                _picture(Suit.SPADES, "Shoot it.", _spade_picture),
                _number(
                    Suit.SPADES,
                    3,
                    "Otherwise",
                    "Full move toward the nearest enemy, ending in the best cover "
                    "reachable.",
                    _spade_otherwise,
                ),
            ),
        ),
        Section(
            id=Suit.HEARTS.value,
            title=_suit_title(Suit.HEARTS),
            steps=(
                _number(
                    Suit.HEARTS,
                    1,
                    IN_TRIGGER_AFTER_MOVE,
                    _move_and_shoot_text(Suit.HEARTS),
                    _move_and_shoot_triggered,
                ),
                _picture(
                    Suit.HEARTS,
                    _move_and_shoot_text(Suit.HEARTS),
                    _move_and_shoot_picture,
                ),
                _number(
                    Suit.HEARTS,
                    2,
                    "Otherwise, if it can end in cover",
                    "Move toward the nearest enemy.",
                    _heart_move_to_cover,
                ),
                _number(Suit.HEARTS, 3, "Otherwise", "Overwatch.", _overwatch),
            ),
        ),
        Section(
            id=Suit.CLUBS.value,
            title=_suit_title(Suit.CLUBS),
            steps=(
                _number(
                    Suit.CLUBS,
                    1,
                    IN_TRIGGER_AFTER_MOVE,
                    _move_and_shoot_text(Suit.CLUBS),
                    _move_and_shoot_triggered,
                ),
                _picture(
                    Suit.CLUBS,
                    _move_and_shoot_text(Suit.CLUBS),
                    _move_and_shoot_picture,
                ),
                _number(Suit.CLUBS, 2, "Otherwise", "Overwatch.", _overwatch),
            ),
        ),
        Section(
            id=Suit.DIAMONDS.value,
            title=_suit_title(Suit.DIAMONDS),
            steps=(
                _number(
                    Suit.DIAMONDS,
                    1,
                    IN_TRIGGER_AFTER_MOVE,
                    _move_and_shoot_text(Suit.DIAMONDS),
                    _move_and_shoot_triggered,
                ),
                _picture(
                    Suit.DIAMONDS,
                    _move_and_shoot_text(Suit.DIAMONDS),
                    _move_and_shoot_picture,
                ),
                _number(
                    Suit.DIAMONDS,
                    2,
                    "Otherwise, if cover further away is reachable",
                    "Full move away from the enemy to the best cover.",
                    _diamond_move_away,
                ),
                _number(Suit.DIAMONDS, 3, "Otherwise", "Overwatch.", _overwatch),
            ),
        ),
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
                ),
            ),
            notes=(
                "Charge: move into melee if within move, else full move toward.",
                "Overwatch (adaptation of “Stay Frosty”): the character stays put "
                "and, once this round, shoots the first enemy that moves within its "
                "sight and range.",
            ),
        ),
        Section(
            id="defence",
            title="Defensive draw",
            intro="When an AI character that has not activated this round is "
            "attacked, draw (adaptation: the source's Return Fire / Armour / Run "
            "for Cover, given effects in these rules):",
            steps=(
                Step(
                    "defence-return-fire",
                    "♠ ♥",
                    "Spades or hearts",
                    "Return fire: after the attack it activates at once against its "
                    "attacker.",
                    rule=_return_fire,
                ),
                Step(
                    "defence-brace",
                    "♣",
                    "Clubs",
                    "Brace: +1 defence against this attack.",
                    rule=_brace,
                ),
                Step(
                    "defence-dive",
                    "♦",
                    "Diamonds",
                    "Dive for cover: −1 to this attack roll, then it moves half its "
                    "move to the nearest cover and counts as activated.",
                    rule=_dive_for_cover,
                ),
            ),
        ),
        Section(
            id="selection",
            title="Random selection",
            notes=(
                "Deal one card to each candidate; the highest wins. Rank A K Q J 10 "
                "… 2, then suit ♠ ♥ ♣ ♦. Jokers are discarded and replaced; "
                "reshuffle afterwards.",
            ),
        ),
    ),
)


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


def deck_activate(situation: Situation, *, deck: Deck) -> Decision:
    """One activation under the deck doctrine: pre-activation, else draw and read."""
    turn = Turn(situation, deck.dice)
    pre = first(turn, PROCEDURE.section(PRE_ACTIVATION).steps)
    if pre is not None:
        return pre
    card = _draw(turn, deck, f"{situation.id}: activation")
    assert card.suit is not None
    return walk(turn, PROCEDURE.section(card.suit.value).steps)


def deck_defend(situation: Situation, *, attacker: str, deck: Deck) -> Decision:
    """The defensive draw of a character attacked before it activates this round."""
    if not situation.attacked_before_activating:
        raise ValueError("only a character attacked before activating draws to defend")
    turn = Turn(situation, deck.dice)
    _draw(turn, deck, f"{situation.id}: defensive draw against {attacker}")
    decision = walk(turn, PROCEDURE.section("defence").steps)
    if decision.action == Action.RETURN_FIRE:
        return _with_target(decision, attacker)
    return decision


def _with_target(decision: Decision, target: str) -> Decision:
    return replace(
        decision, target=target, detail=f"{decision.detail} against {target}"
    )
