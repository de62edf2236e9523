"""RULES §5.2: the deck doctrine — a card per activation, and the defensive draw."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engines.cards import Card
from engines.combat import attack
from engines.doctrines.deck import (
    PROCEDURE,
    TRIGGER_TABLE,
    deck_activate,
    deck_defend,
    trigger_distance,
)
from engines.doctrines.situation import Decision, Enemy, Situation
from engines.enums import Action, Cover
from tests.engines.scripted import ScriptedRandom, deck_with, loaded


def enemy(id: str, distance: float, **fields: object) -> Enemy:
    return Enemy(id=id, distance=distance, **fields)  # type: ignore[arg-type]


def activate(card: str, situation: Situation) -> Decision:
    """Activate with ``card`` on top of the deck."""
    return deck_activate(situation, deck=deck_with(card))


class Case(NamedTuple):
    name: str
    card: str
    situation: Situation
    action: Action
    steps: tuple[str, ...]
    target: str | None = None
    cover: Cover | None = None


def case(
    name: str,
    card: str,
    action: Action,
    steps: tuple[str, ...] | str,
    target: str | None = None,
    cover: Cover | None = None,
    **situation: object,
) -> Case:
    situation.setdefault("move", 6)
    situation.setdefault("shooting_range", 12)
    steps = (steps,) if isinstance(steps, str) else steps
    return Case(
        name,
        card,
        Situation(**situation),  # type: ignore[arg-type]
        action,
        steps,
        target,
        cover,
    )


CASES = [
    # --- ♠ harm: 7♠ triggers at 14" ---
    case(
        "♠ in sight within trigger and range: shoot",
        "7♠",
        Action.SHOOT,
        "spades-1",
        "sam",
        enemies=(enemy("sam", 12),),
    ),
    case(
        '♠ 13.5", range 24: within trigger, shoot',
        "7♠",
        Action.SHOOT,
        "spades-1",
        "sam",
        shooting_range=24,
        enemies=(enemy("sam", 13.5),),
    ),
    case(
        '♠ 14", range 24: within trigger, shoot',
        "7♠",
        Action.SHOOT,
        "spades-1",
        "sam",
        shooting_range=24,
        enemies=(enemy("sam", 14),),
    ),
    case(
        '♠ 14.5", range 24: beyond trigger, move toward into cover',
        "7♠",
        Action.MOVE_TOWARD_ENEMY,
        "spades-3",
        "sam",
        Cover.SOFT,
        shooting_range=24,
        cover_toward=Cover.SOFT,
        enemies=(enemy("sam", 14.5),),
    ),
    case(
        "♠ within trigger, beyond range 12: move toward, in the open",
        "7♠",
        Action.MOVE_TOWARD_ENEMY,
        "spades-3",
        "sam",
        Cover.NONE,
        enemies=(enemy("sam", 12.5),),
    ),
    case(
        "♠ within trigger, out of sight, within move: charge into melee",
        "7♠",
        Action.MOVE_INTO_MELEE,
        "spades-2",
        "sam",
        enemies=(enemy("sam", 6, in_sight=False),),
    ),
    case(
        '♠ within trigger, out of sight, 6.5": charge is a full move toward',
        "7♠",
        Action.MOVE_TOWARD_ENEMY,
        "spades-2",
        "sam",
        enemies=(enemy("sam", 6.5, in_sight=False),),
    ),
    case(
        "♠ out of sight beyond trigger: move toward the nearest, seen or not",
        "7♠",
        Action.MOVE_TOWARD_ENEMY,
        "spades-3",
        "sam",
        enemies=(enemy("sam", 14.5, in_sight=False), enemy("merry", 16)),
    ),
    case(
        '♠A: an Ace is one pip, 2": an enemy in sight at 0.5" is shot',
        "A♠",
        Action.SHOOT,
        "spades-1",
        "sam",
        enemies=(enemy("sam", 0.5),),
    ),
    case(
        "♠A: 2\" is within the Ace's trigger",
        "A♠",
        Action.SHOOT,
        "spades-1",
        "sam",
        enemies=(enemy("sam", 2),),
    ),
    case(
        "♠A: 2.5\" is beyond the Ace's trigger",
        "A♠",
        Action.MOVE_TOWARD_ENEMY,
        "spades-3",
        "sam",
        enemies=(enemy("sam", 2.5),),
    ),
    case(
        "♠K: the closest in sight and range, whatever the distance",
        "K♠",
        Action.SHOOT,
        "spades-picture",
        "merry",
        shooting_range=24,
        enemies=(
            enemy("sam", 23),
            enemy("merry", 20),
            enemy("frodo", 2, in_sight=False),
        ),
    ),
    case(
        "♠K: nobody in sight and range: the suit's otherwise",
        "K♠",
        Action.MOVE_TOWARD_ENEMY,
        "spades-3",
        "sam",
        Cover.HARD,
        cover_toward=Cover.HARD,
        enemies=(enemy("sam", 12.5),),
    ),
    case(
        "♠ cannot shoot: Shoot reads as Charge, into melee within move",
        "7♠",
        Action.MOVE_INTO_MELEE,
        ("cannot-shoot", "spades-1"),
        "sam",
        shooting_range=None,
        enemies=(enemy("sam", 5),),
    ),
    case(
        "♠ cannot shoot: Charge beyond move is a full move toward",
        "7♠",
        Action.MOVE_TOWARD_ENEMY,
        ("cannot-shoot", "spades-1"),
        "sam",
        shooting_range=None,
        enemies=(enemy("sam", 13),),
    ),
    case(
        "♠Q cannot shoot: charge the closest in sight",
        "Q♠",
        Action.MOVE_TOWARD_ENEMY,
        ("cannot-shoot", "spades-picture"),
        "sam",
        shooting_range=None,
        enemies=(enemy("sam", 30),),
    ),
    # --- ♥ measured: 10♥ triggers at 20" ---
    case(
        '♥ soft cover toward: within move + range (18"), move and shoot',
        "10♥",
        Action.MOVE_AND_SHOOT,
        "hearts-1",
        "sam",
        Cover.SOFT,
        cover_toward=Cover.SOFT,
        enemies=(enemy("sam", 18),),
    ),
    case(
        '♥ soft cover toward: 18.5" is out of reach, move toward into cover',
        "10♥",
        Action.MOVE_TOWARD_ENEMY,
        "hearts-2",
        "sam",
        Cover.SOFT,
        cover_toward=Cover.SOFT,
        enemies=(enemy("sam", 18.5),),
    ),
    case(
        '♥ no cover: it does not move, so range 12" is the reach',
        "10♥",
        Action.MOVE_AND_SHOOT,
        "hearts-1",
        "sam",
        None,
        enemies=(enemy("sam", 12),),
    ),
    case(
        '♥ no cover and 12.5": overwatch',
        "10♥",
        Action.OVERWATCH,
        "hearts-3",
        enemies=(enemy("sam", 12.5),),
    ),
    case(
        '♥3 (6"): 6.5" is beyond trigger',
        "3♥",
        Action.OVERWATCH,
        "hearts-3",
        enemies=(enemy("sam", 6.5),),
    ),
    case(
        '♥3 (6"): 5.5" is within trigger',
        "3♥",
        Action.MOVE_AND_SHOOT,
        "hearts-1",
        "sam",
        enemies=(enemy("sam", 5.5),),
    ),
    case(
        "♥Q: closest in sight within range, moving only into cover",
        "Q♥",
        Action.MOVE_AND_SHOOT,
        "hearts-picture",
        "sam",
        Cover.HARD,
        cover_toward=Cover.HARD,
        enemies=(enemy("sam", 12),),
    ),
    case(
        '♥Q: 14" now, hard cover toward: 8" after the move is within range',
        "Q♥",
        Action.MOVE_AND_SHOOT,
        "hearts-picture",
        "sam",
        Cover.HARD,
        cover_toward=Cover.HARD,
        enemies=(enemy("sam", 14),),
    ),
    case(
        '♦K: 10" now, hard cover away: 16" after the move is beyond range',
        "K♦",
        Action.MOVE_AWAY,
        "diamonds-3",
        None,
        Cover.HARD,
        cover_away=Cover.HARD,
        enemies=(enemy("sam", 10),),
    ),
    case(
        '♥Q: 12.5" is beyond range, no cover: overwatch',
        "Q♥",
        Action.OVERWATCH,
        "hearts-3",
        enemies=(enemy("sam", 12.5),),
    ),
    case(
        "♥ cannot shoot: overwatch reads as hold",
        "10♥",
        Action.HOLD,
        ("cannot-shoot", "hearts-3"),
        shooting_range=None,
        enemies=(enemy("sam", 8, in_sight=False),),
    ),
    # --- ♣ wait: 5♣ triggers at 10" ---
    case(
        '♣ hard cover toward, range 4: 10" is within move + range',
        "5♣",
        Action.MOVE_AND_SHOOT,
        "clubs-1",
        "sam",
        Cover.HARD,
        shooting_range=4,
        cover_toward=Cover.HARD,
        enemies=(enemy("sam", 10),),
    ),
    case(
        '♣ soft cover only, range 4: it may not move, 10" is out of range',
        "5♣",
        Action.OVERWATCH,
        "clubs-2",
        shooting_range=4,
        cover_toward=Cover.SOFT,
        enemies=(enemy("sam", 10),),
    ),
    case(
        '♣ range 24: 10" is within trigger',
        "5♣",
        Action.MOVE_AND_SHOOT,
        "clubs-1",
        "sam",
        shooting_range=24,
        enemies=(enemy("sam", 10),),
    ),
    case(
        '♣ range 24: 10.5" is beyond trigger',
        "5♣",
        Action.OVERWATCH,
        "clubs-2",
        shooting_range=24,
        enemies=(enemy("sam", 10.5),),
    ),
    case(
        "♣J: closest in sight within range, soft cover does not tempt it",
        "J♣",
        Action.MOVE_AND_SHOOT,
        "clubs-picture",
        "sam",
        None,
        cover_toward=Cover.SOFT,
        enemies=(enemy("sam", 11.5),),
    ),
    # --- ♦ discretion: 3♦ triggers at 6" ---
    case(
        "♦ within trigger, hard cover away: move away and shoot",
        "3♦",
        Action.MOVE_AND_SHOOT,
        "diamonds-1",
        "sam",
        Cover.HARD,
        cover_away=Cover.HARD,
        enemies=(enemy("sam", 6),),
    ),
    case(
        '♦ 6.5" is beyond trigger: full move away to hard cover',
        "3♦",
        Action.MOVE_AWAY,
        "diamonds-3",
        None,
        Cover.HARD,
        cover_away=Cover.HARD,
        enemies=(enemy("sam", 6.5),),
    ),
    case(
        "♦ soft cover further away is the best cover",
        "3♦",
        Action.MOVE_AWAY,
        "diamonds-3",
        None,
        Cover.SOFT,
        cover_away=Cover.SOFT,
        enemies=(enemy("sam", 6.5),),
    ),
    case(
        "♦ no cover further away: it retreats into the open",
        "3♦",
        Action.MOVE_AWAY,
        "diamonds-3",
        None,
        Cover.NONE,
        cover_toward=Cover.HARD,
        enemies=(enemy("sam", 6.5),),
    ),
    case(
        "♦ already in the cover furthest from the enemy: stays put, overwatch",
        "3♦",
        Action.OVERWATCH,
        "diamonds-2",
        in_furthest_cover=True,
        enemies=(enemy("sam", 6.5),),
    ),
    case(
        '♦ moving away never brings a target into range (range 4, at 5")',
        "3♦",
        Action.MOVE_AWAY,
        "diamonds-3",
        None,
        Cover.HARD,
        shooting_range=4,
        cover_away=Cover.HARD,
        enemies=(enemy("sam", 5),),
    ),
    case(
        '♦ range after the move: 6" + a 6" move away is beyond range 10',
        "3♦",
        Action.MOVE_AWAY,
        "diamonds-3",
        None,
        Cover.HARD,
        shooting_range=10,
        cover_away=Cover.HARD,
        enemies=(enemy("sam", 6),),
    ),
    case(
        "♦ no hard cover away: it does not move, so range is measured where it is",
        "3♦",
        Action.MOVE_AND_SHOOT,
        "diamonds-1",
        "sam",
        None,
        shooting_range=10,
        cover_away=Cover.SOFT,
        enemies=(enemy("sam", 6),),
    ),
    case(
        "♦ no enemy left on the table: hold",
        "3♦",
        Action.HOLD,
        ("diamonds-3", "no-enemy"),
    ),
    case(
        "♦K: closest in sight within range, no hard cover: shoots from where it is",
        "K♦",
        Action.MOVE_AND_SHOOT,
        "diamonds-picture",
        "sam",
        None,
        cover_away=Cover.SOFT,
        enemies=(enemy("sam", 10),),
    ),
    # --- pre-activation: no card drawn ---
    case(
        "routing: no card, full move to the edge",
        "7♠",
        Action.ROUT,
        "pre-rout",
        routing=True,
        enemies=(enemy("sam", 3),),
    ),
    case(
        "in melee: no card, continue the melee",
        "7♠",
        Action.CONTINUE_MELEE,
        "pre-melee",
        "sam",
        enemies=(enemy("sam", 0, in_contact=True), enemy("merry", 4)),
    ),
    # --- a joker: reshuffle and draw again (the shuffle keeps the order) ---
    case(
        "a joker, then 7♠",
        "Joker",
        Action.SHOOT,
        ("joker", "spades-1"),
        "sam",
        enemies=(enemy("sam", 4),),
    ),
]


@pytest.mark.parametrize("c", CASES, ids=[c.name for c in CASES])
def test_deck_step(c: Case) -> None:
    top = ("Joker", "7♠") if c.card == "Joker" else (c.card,)
    decision = deck_activate(c.situation, deck=deck_with(*top))
    assert (decision.action, decision.steps, decision.target) == (
        c.action,
        c.steps,
        c.target,
    )
    if c.cover is not None or decision.action == Action.MOVE_AND_SHOOT:
        assert decision.cover == c.cover


# --- the defensive draw ------------------------------------------------------------

ATTACKED = Situation(id="orc", move=6, attacked_before_activating=True)


@pytest.mark.parametrize(
    ("card", "action", "step"),
    [
        ("7♠", Action.RETURN_FIRE, "defence-return-fire"),
        ("K♥", Action.RETURN_FIRE, "defence-return-fire"),
        ("2♣", Action.BRACE, "defence-brace"),
        ("A♦", Action.DIVE_FOR_COVER, "defence-dive"),
    ],
)
def test_defensive_draw_by_suit(card: str, action: Action, step: str) -> None:
    decision = deck_defend(ATTACKED, attacker="sam", deck=deck_with(card))
    assert (decision.action, decision.step) == (action, step)


def test_return_fire_turns_on_the_attacker() -> None:
    decision = deck_defend(ATTACKED, attacker="sam", deck=deck_with("3♥"))
    assert decision.target == "sam"


def test_brace_is_minus_one_on_the_attack_roll() -> None:
    """+1 defence is −1 on the roll of the attack it suffers."""
    decision = deck_defend(ATTACKED, attacker="sam", deck=deck_with("Q♣"))
    assert decision.attack_roll_modifiers == (("brace: +1 defence", -1),)


def test_dive_for_cover_is_minus_one_then_half_move_and_activated() -> None:
    decision = deck_defend(ATTACKED, attacker="sam", deck=deck_with("9♦"))
    assert (
        decision.attack_roll_modifiers,
        decision.inches,
        decision.counts_as_activated,
    ) == ((("dive for cover", -1),), 3, True)


def suffered(card: str, natural: int) -> bool:
    """An attack (attack 0 against defence 0) on a defender that drew ``card``."""
    decision = deck_defend(ATTACKED, attacker="sam", deck=deck_with(card))
    return attack(
        0, 0, modifiers=decision.attack_roll_modifiers, dice=loaded(natural)
    ).wounds


@pytest.mark.parametrize("card", ["Q♣", "9♦"])
def test_a_four_wounds_nobody_who_braced_or_dived(card: str) -> None:
    """D6 4 + 0 − 0 = 4 wounds; brace or dive take it to 3: a miss."""
    assert (attack(0, 0, dice=loaded(4)).wounds, suffered(card, 4)) == (True, False)


@pytest.mark.parametrize("card", ["Q♣", "9♦"])
def test_a_five_still_wounds_who_braced_or_dived(card: str) -> None:
    assert suffered(card, 5)


def test_brace_is_exactly_one_more_defence() -> None:
    """Bracing with defence 0 reads as defence 1 for every face."""
    braced = [suffered("Q♣", natural) for natural in range(1, 7)]
    defence_one = [attack(0, 1, dice=loaded(n)).wounds for n in range(1, 7)]
    assert braced == defence_one


def test_the_defence_card_prints_the_constants_it_applies() -> None:
    text = " ".join(s.then for s in PROCEDURE.section("defence").steps)
    assert "+1 defence" in text and "−1 to this attack roll" in text


def test_a_defensive_joker_reshuffles_and_draws_again() -> None:
    rng = ScriptedRandom()
    deck = deck_with("Joker", "2♣", rng=rng)
    decision = deck_defend(ATTACKED, attacker="sam", deck=deck)
    assert (decision.steps, decision.card, rng.shuffled) == (
        ("joker", "defence-brace"),
        Card.parse("2♣"),
        [54],
    )


def test_only_a_character_that_has_not_activated_draws_to_defend() -> None:
    with pytest.raises(ValueError):
        deck_defend(Situation(), attacker="sam", deck=deck_with())


# --- cards, jokers, logs --------------------------------------------------------------


def test_a_joker_reshuffles_deck_and_discards_and_logs_it() -> None:
    rng = ScriptedRandom()
    deck = deck_with("4♥", "Joker", "7♠", rng=rng)
    situation = Situation(id="orc", shooting_range=12, enemies=(enemy("sam", 4),))
    deck_activate(situation, deck=deck)
    decision = deck_activate(situation, deck=deck)
    assert [(e.card, e.outcome) for e in decision.log] == [
        ("Joker", "joker: reshuffle and draw again"),
        (None, "joker drawn: deck and discards"),
        ("7♠", '♠ harm, trigger 14"'),
    ]
    assert rng.shuffled == [54] and decision.card == Card.parse("7♠")


def test_pre_activation_draws_no_card() -> None:
    deck = deck_with("7♠")
    deck_activate(Situation(routing=True), deck=deck)
    assert (len(deck), deck.dice.entries()) == (54, ())


def test_each_activation_draws_the_next_card() -> None:
    deck = deck_with("7♠", "3♦", "K♣")
    situation = Situation(shooting_range=12, enemies=(enemy("sam", 4),))
    steps = [deck_activate(situation, deck=deck).step for _ in range(3)]
    assert steps == ["spades-1", "diamonds-1", "clubs-picture"]


@pytest.mark.parametrize(
    ("card", "inches"),
    [("A♠", 2), ("2♥", 4), ("3♣", 6), ("5♦", 10), ("9♠", 18), ("10♥", 20)],
)
def test_trigger_distance_is_pips_times_two_inches(card: str, inches: float) -> None:
    assert trigger_distance(Card.parse(card)) == inches


@pytest.mark.parametrize("card", ["J♠", "Q♥", "K♦", "Joker"])
def test_picture_cards_and_jokers_have_no_trigger(card: str) -> None:
    assert trigger_distance(Card.parse(card)) is None


def test_the_trigger_table_prints_every_card() -> None:
    assert [(row.roll, row.result) for row in TRIGGER_TABLE.rows[:-1]] == [
        ("A", '2" (one pip)'),
        ("2", '4"'),
        ("3", '6"'),
        ("4", '8"'),
        ("5", '10"'),
        ("6", '12"'),
        ("7", '14"'),
        ("8", '16"'),
        ("9", '18"'),
        ("10", '20"'),
    ]


def _card_words() -> str:
    """Every word the deck card prints: summary, tables, intros and steps."""
    words = [PROCEDURE.summary]
    for table in PROCEDURE.tables:
        words += [f"{row.roll} {row.result}" for row in table.rows]
    for section in PROCEDURE.sections:
        words.append(section.intro or "")
        words += [f"{step.label} {step.when} {step.then}" for step in section.steps]
    return " ".join(words)


def test_the_card_never_says_a_picture_card_triggers_at_any_distance() -> None:
    """§5.2 "Picture cards": J Q K have no trigger distance, so the card says so
    and says ♠2's Charge never fires for them (never "any distance")."""
    words = _card_words()
    assert (
        "any distance" not in words,
        TRIGGER_TABLE.rows[-1].result.startswith("none:"),
        "never ♠2's Charge" in words,
    ) == (True, True, True)


def test_a_picture_card_never_charges_an_unseen_enemy() -> None:
    """♠K with an unseen enemy 1" away and nobody in sight: no Charge (♠2 is for
    Ace to 10), the ♠ "otherwise" full move toward it instead."""
    decision = activate(
        "K♠",
        Situation(
            move=6, shooting_range=12, enemies=(enemy("sam", 1, in_sight=False),)
        ),
    )
    assert (decision.action, decision.steps[-1]) == (
        Action.MOVE_TOWARD_ENEMY,
        "spades-3",
    )


def test_every_printed_step_is_reached_and_every_reached_step_is_printed() -> None:
    decisions = (
        [
            deck_activate(
                c.situation,
                deck=deck_with(*(("Joker", "7♠") if c.card == "Joker" else (c.card,))),
            )
            for c in CASES
        ]
        + [
            deck_defend(ATTACKED, attacker="sam", deck=deck_with(card))
            for card in ("7♠", "2♣", "A♦")
        ]
        + [deck_activate(Situation(follow_up=True), deck=deck_with("2♣"))]
    )
    reached = {step for decision in decisions for step in decision.steps}
    assert reached == set(PROCEDURE.step_ids())


# --- the follow-up activation: the whole procedure again at half move --------------


def test_a_follow_up_draws_a_card_and_moves_half() -> None:
    """Move 6, ♠3 (nobody within trigger): a half move of 3", not a full 6"."""
    situation = Situation(follow_up=True, enemies=(enemy("sam", 20),))
    decision = activate("2♠", situation)
    assert (decision.steps, decision.inches, decision.card) == (
        ("follow-up", "spades-3"),
        3,
        Card.parse("2♠"),
    )


def test_a_follow_up_charge_reaches_only_half_the_move() -> None:
    """♠ out of sight at 4": within move 6, beyond half move 3: a move toward."""
    situation = Situation(follow_up=True, enemies=(enemy("sam", 4, in_sight=False),))
    decision = activate("7♠", situation)
    assert (decision.action, decision.inches) == (Action.MOVE_TOWARD_ENEMY, 3)


def test_a_follow_up_still_in_contact_continues_the_melee_without_a_card() -> None:
    deck = deck_with("7♠")
    situation = Situation(
        follow_up=True,
        shooting_range=12,
        enemies=(enemy("sam", 0, in_contact=True),),
    )
    decision = deck_activate(situation, deck=deck)
    assert (decision.steps, len(deck)) == (("follow-up", "pre-melee"), 54)


def test_a_follow_up_move_and_shoot_reaches_half_a_move_closer() -> None:
    """♥ with soft cover toward, range 12: 15" is within 3" + 12", 15.5" is not."""
    near = Situation(
        follow_up=True,
        shooting_range=12,
        cover_toward=Cover.SOFT,
        enemies=(enemy("sam", 15),),
    )
    far = Situation(
        follow_up=True,
        shooting_range=12,
        cover_toward=Cover.SOFT,
        enemies=(enemy("sam", 15.5),),
    )
    assert (activate("10♥", near).step, activate("10♥", far).step) == (
        "hearts-1",
        "hearts-2",
    )


def test_every_decision_reports_how_far_it_moves() -> None:
    """Melee within move: the distance to the enemy it reaches."""
    situation = Situation(shooting_range=None, enemies=(enemy("sam", 5),))
    assert activate("7♠", situation).inches == 5
