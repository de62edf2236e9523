"""The deck card as printed (RULES §5.2): its sections and steps, each step
with the rule that decides it. :func:`build` makes the card for a battle's
settings; :func:`card` caches it."""

from __future__ import annotations

from engines.cards import DECK_SETUP, RANDOM_SELECTION
from engines.combat import AI_INITIATIVE_CHOICE
from engines.doctrines.deck.defence import defence_section
from engines.doctrines.deck.meaning import (
    CANNOT_SHOOT,
    INCHES_PER_PIP,
    INTENTS,
    JOKER,
    MOVE_LIMITS,
    TRIGGER_TABLE,
)
from engines.doctrines.deck.suits import (
    diamond_move_away,
    diamond_stays,
    heart_move_to_cover,
    move_and_shoot_picture,
    move_and_shoot_triggered,
    overwatch,
    spade_charge_unseen,
    spade_otherwise,
    spade_picture,
    spade_shoot,
)
from engines.doctrines.orders import Cards
from engines.doctrines.rules import ORDER_RULES, sight_notes
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.situation import (
    MELEE_STEP,
    NO_ENEMY_STEP,
    ROUT_STEP,
    follow_up_section,
    inches,
)
from engines.doctrines.steps import PRE_ACTIVATION, Procedure, Rule, Section, Step
from engines.enums import Action, Doctrine, Suit

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


def suit_title(suit: Suit) -> str:
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
        title=suit_title(Suit.SPADES),
        steps=(
            _number(
                Suit.SPADES,
                1,
                "An enemy in sight within trigger and shooting range",
                "Shoot the nearest such enemy.",
                spade_shoot,
                (Action.SHOOT,),
            ),
            _number(
                Suit.SPADES,
                2,
                "An enemy within trigger but not in sight (Ace to 10 only)",
                "Charge the nearest such enemy.",
                spade_charge_unseen,
                (Action.MOVE_INTO_MELEE, Action.MOVE_TOWARD_ENEMY),
            ),
            _picture(Suit.SPADES, "Shoot it.", spade_picture, Action.SHOOT),
            _number(
                Suit.SPADES,
                3,
                "Otherwise",
                "Full move toward the nearest enemy, ending in the best cover "
                "reachable.",
                spade_otherwise,
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
            move_and_shoot_triggered,
            (Action.MOVE_AND_SHOOT,),
        ),
        _picture(
            suit,
            _move_and_shoot_text(suit),
            move_and_shoot_picture,
            Action.MOVE_AND_SHOOT,
        ),
    )


def _hearts() -> Section:
    return Section(
        id=Suit.HEARTS.value,
        title=suit_title(Suit.HEARTS),
        steps=(
            *_move_and_shoot_steps(Suit.HEARTS),
            _number(
                Suit.HEARTS,
                2,
                "Otherwise, if it can end in cover",
                "Move toward the nearest enemy.",
                heart_move_to_cover,
                (Action.MOVE_TOWARD_ENEMY,),
            ),
            _number(
                Suit.HEARTS,
                3,
                "Otherwise",
                "Overwatch.",
                overwatch,
                (Action.OVERWATCH,),
            ),
        ),
    )


def _clubs() -> Section:
    return Section(
        id=Suit.CLUBS.value,
        title=suit_title(Suit.CLUBS),
        steps=(
            *_move_and_shoot_steps(Suit.CLUBS),
            _number(
                Suit.CLUBS,
                2,
                "Otherwise",
                "Overwatch.",
                overwatch,
                (Action.OVERWATCH,),
            ),
        ),
    )


def _diamonds() -> Section:
    return Section(
        id=Suit.DIAMONDS.value,
        title=suit_title(Suit.DIAMONDS),
        steps=(
            *_move_and_shoot_steps(Suit.DIAMONDS),
            _number(
                Suit.DIAMONDS,
                2,
                "Otherwise, if it already stands in the cover furthest from the "
                "enemy on the table",
                "Stay put: Overwatch.",
                diamond_stays,
                (Action.OVERWATCH,),
            ),
            _number(
                Suit.DIAMONDS,
                3,
                "Otherwise",
                "Full move away from the enemy, ending in the best cover reachable "
                "(which may be the open).",
                diamond_move_away,
                (Action.MOVE_AWAY,),
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
            defence_section(),
            Section(
                id="selection", title="Random selection", notes=(RANDOM_SELECTION,)
            ),
        ),
    )


PROCEDURE = build()
"""The generic deck card (no battle's settings)."""


card = Cards(PROCEDURE, build)
"""The card for these settings (the generic one for None), built once."""
