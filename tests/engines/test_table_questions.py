"""The table page's questions: the decision from the answers alone equals the
engine's decision on the whole table (no database)."""

from __future__ import annotations

import random

import pytest

from engines.battlefield import ObjectiveMark
from engines.cards import Deck
from engines.dice import Dice
from engines.doctrines import (
    DoctrineSettings,
    deck_activate,
    horde_decide,
    priority_decide,
    pursuit_decide,
)
from engines.enums import Doctrine, HordeMode, ObjectiveKind, Side
from engines.table.decide import doctrine_decide, table_deck
from engines.table.dice import TableRandom
from engines.table.flows import activation_walk, defence_walk
from engines.table.questions import (
    NUMBER,
    REORGANIZE,
    parse_inches,
)
from engines.table.state import (
    Context,
    Fighter,
    TableCompany,
    state_start,
)
from tests.engines.table_oracle import Foe, Truth, walk_with

PLAYERS = ("Frodo", "Sam", "Merry", "Pippin")
SEED = 2024


def context(
    doctrine: str,
    *,
    shooter: bool,
    objectives: bool = False,
    sight: float | None = None,
) -> Context:
    players = [
        Fighter(
            key=f"p{n}",
            name=name,
            label=name,
            side=Side.PLAYER,
            company=0,
            card_order=n,
            move=6,
            shooting_range=None,
            free_slots=2,
        )
        for n, name in enumerate(PLAYERS, start=1)
    ]
    ai = [
        Fighter(
            key=f"p{n}",
            name=name,
            label=name,
            side=Side.AI,
            company=1,
            card_order=n,
            move=6,
            shooting_range=12 if shooter and n == 5 else None,
            free_slots=1,
        )
        for n, name in enumerate(("Orc", "Goblin", "Troll"), start=5)
    ]
    settings = DoctrineSettings(
        quarry=("Frodo", "Sam"),
        pursuit_lever=2,
        reinforcements=True,
        sight_limit=sight,
    )
    return Context(
        seed=SEED,
        length=6,
        width=36,
        depth=36,
        sight_limit=sight,
        first_activation=None,
        fighters=(*players, *ai),
        companies=(
            TableCompany(
                order=0,
                name="Fellowship",
                side=Side.PLAYER,
                doctrine=Doctrine.PRIORITY,
                settings=DoctrineSettings(),
            ),
            TableCompany(
                order=1,
                name="Orcs",
                side=Side.AI,
                doctrine=Doctrine(doctrine),
                settings=settings,
            ),
        ),
        objectives=(
            ObjectiveMark(name="the Ring", kind=ObjectiveKind.CARRIABLE),
            ObjectiveMark(name="the Tower", kind=ObjectiveKind.FIXED),
        )
        if objectives
        else (),
    )


def random_truth(rng: random.Random, ctx: Context, state) -> Truth:
    foes = []
    for name in PLAYERS:
        foes.append(
            Foe(
                label=name,
                distance=rng.choice([0.5, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 18, 24, 30]),
                seen=rng.random() < 0.6,
                engaged=rng.random() < 0.5,
                contact=rng.random() < 0.12,
                hurt_me=rng.random() < 0.3,
            )
        )
    foes.sort(key=lambda f: PLAYERS.index(f.label))
    others = [f for f in ctx.fighters if f.side is Side.AI and f.key != "p5"]
    return Truth(
        foes=foes,
        cover_toward=rng.choice(["none", "soft", "hard"]),
        cover_away=rng.choice(["none", "soft", "hard"]),
        furthest=rng.random() < 0.3,
        friends=[(rng.choice([2, 5, 7, 9]), state.wounded(f)) for f in others],
        offset=rng.choice([0, 0, 1, 3, 6]),
        room_wide=rng.choice([0, 2, 4, 100]),
        room_in=rng.choice([0, 2, 100]),
        behind=rng.random() < 0.5,
        objectives=[
            ("the Ring", rng.choice([0, 3, 9]), rng.random() < 0.7, "carriable"),
            ("the Tower", rng.choice([4, 12]), rng.random() < 0.7, "fixed"),
        ]
        if ctx.objectives
        else [],
    )


def a_deck() -> dict:
    return Deck(dice=Dice(random.Random(7))).state().to_data()


def compare(doctrine: str, n: int) -> None:
    rng = random.Random(n)
    ctx = context(
        doctrine,
        shooter=rng.random() < 0.6,
        objectives=rng.random() < 0.5,
        sight=rng.choice([None, None, 12]),
    )
    state = state_start(ctx)
    state.round = 1
    state.draws = n * 7
    state.deck = a_deck()
    for key in ("p6", "p7"):
        state.fighters[key].wounds = rng.choice([0, 1])
    if rng.random() < 0.4:
        state.fighters["p5"].hurt_round = 1
    state.companies[1].mode = rng.choice(list(HordeMode))
    state.positions = {"p5": rng.randint(1, 6)}
    follow_up = rng.random() < 0.2
    truth = random_truth(rng, ctx, state)
    fighter = ctx.fighter("p5")
    keys = {f.key: f.label for f in ctx.fighters}
    walk = walk_with(
        truth,
        lambda a: activation_walk(ctx, state, fighter, a, follow_up=follow_up),
        keys,
    )
    settings = ctx.company(1).settings
    source = TableRandom(SEED, state.draws)
    page = doctrine_decide(
        ctx,
        state,
        fighter,
        walk.subject,
        rng=source,
        deck=table_deck(source, state.deck),
    )
    full_rng = TableRandom(SEED, state.draws)
    facts = {
        "id": fighter.label,
        "card_order": fighter.card_order,
        "move": fighter.move,
        "follow_up": follow_up,
    }
    if doctrine == "pursuit":
        contact = [f.label for f in truth.foes if f.contact]
        quarry = [f for f in truth.foes if f.label in settings.quarry]
        if not contact and not quarry:
            return
        target = contact[0] if contact else min(quarry, key=lambda f: f.distance).label
        del facts["move"]
        engine = pursuit_decide(
            truth.pursuer(target, **facts),
            position=state.positions["p5"],
            rng=full_rng,
            settings=settings,
        )
    else:
        situation = truth.situation(
            **facts,
            shooting_range=fighter.shooting_range,
            wounded=state.wounded(fighter),
            hurt_this_round=state.hurt(fighter),
            mode=state.companies[1].mode,
        )
        if doctrine == "priority":
            engine = priority_decide(situation, rng=full_rng, settings=settings)
        elif doctrine == "deck":
            deck = table_deck(full_rng, state.deck)
            engine = deck_activate(situation, deck=deck, settings=settings)
        else:
            engine = horde_decide(situation, rng=full_rng, settings=settings)
    mine, theirs = page.to_data(), engine.to_data()
    if doctrine == "pursuit" and "offset" not in walk.answers:
        # Where it ends sideways is asked only when it could reach the quarry:
        # short of it, the answer does not depend on it (nor say it).
        mine.pop("lateral")
        theirs.pop("lateral")
    assert mine == theirs, (n, walk.answers)
    assert source.draws == full_rng.draws


@pytest.mark.parametrize("doctrine", ["priority", "deck", "horde", "pursuit"])
def test_answers_alone_decide_as_the_engine_does_on_the_whole_table(doctrine):
    """Hundreds of random tables: whatever the page asks, answered truthfully,
    gives the engine's own decision, the same dice and the same cards."""
    for n in range(400):
        compare(doctrine, n)


def test_a_disorganized_character_out_of_melee_only_reorganizes():
    ctx = context("priority", shooter=False)
    state = state_start(ctx)
    state.round = 1
    state.fighters["p5"].disorganized = True
    walk = activation_walk(ctx, state, ctx.fighter("p5"), {"melee": "no"})
    assert walk.subject == REORGANIZE


def test_a_disorganized_character_in_melee_fights_normally():
    ctx = context("priority", shooter=False)
    state = state_start(ctx)
    state.round = 1
    state.fighters["p5"].disorganized = True
    walk = activation_walk(
        ctx, state, ctx.fighter("p5"), {"melee": "yes", "contacts": "p1"}
    )
    assert walk.subject.in_melee


def test_the_first_question_of_a_priority_activation_is_melee():
    ctx = context("priority", shooter=True)
    state = state_start(ctx)
    state.round = 1
    walk = activation_walk(ctx, state, ctx.fighter("p5"), {})
    assert walk.question.name == "melee"


def test_a_deck_activation_shows_its_card_before_it_asks_about_enemies():
    ctx = context("deck", shooter=True)
    state = state_start(ctx)
    state.round = 1
    state.deck = a_deck()
    walk = activation_walk(ctx, state, ctx.fighter("p5"), {"melee": "no"})
    assert "activation" in walk.preview[-1]


def test_a_routing_priority_character_is_asked_nothing():
    ctx = context("priority", shooter=True)
    state = state_start(ctx)
    state.round = 1
    state.fighters["p5"].routed = True
    walk = activation_walk(ctx, state, ctx.fighter("p5"), {})
    assert (walk.ready, walk.asked) == (True, ())


def test_a_scattering_horde_character_not_in_melee_asks_only_about_melee():
    ctx = context("horde", shooter=False)
    state = state_start(ctx)
    state.round = 1
    state.companies[1].mode = HordeMode.SCATTER
    walk = activation_walk(ctx, state, ctx.fighter("p5"), {"melee": "no"})
    assert [a.question.name for a in walk.asked] == ["melee"] and walk.ready


def test_an_unreadable_distance_is_asked_again_with_a_reason():
    ctx = context("priority", shooter=True)
    state = state_start(ctx)
    state.round = 1
    walk = activation_walk(
        ctx,
        state,
        ctx.fighter("p5"),
        {"melee": "no", "near": "p1", "near_in": "far"},
    )
    assert (walk.question.name, walk.question.ask, bool(walk.question.error)) == (
        "near_in",
        NUMBER,
        True,
    )


def test_the_defensive_draw_asks_who_attacks():
    ctx = context("deck", shooter=True)
    state = state_start(ctx)
    state.round = 1
    walk = defence_walk(ctx, state, ctx.fighter("p5"), {})
    assert walk.question.name == "attacker"


@pytest.mark.parametrize(
    "text, inches",
    [("8", 8.0), ("7.5", 7.5), ("7,5", 7.5), ('12"', 12.0), (" 3 ", 3.0), ("0", 0.0)],
)
def test_distances_are_read_as_players_type_them(text, inches):
    assert parse_inches(text) == inches


@pytest.mark.parametrize("text", ["", "far", "-2", "1e3", "999", "3.141"])
def test_what_is_no_distance_is_refused(text):
    assert parse_inches(text) is None


# --- "closest" asked as the rule means it ---------------------------------------


SEEN_AT_13 = {"melee": "no", "near": "p1", "near_in": "13", "near_seen": "yes"}
"""The nearest enemy in sight, past the shooting range of 12"."""


def asking_for_the_unseen(ctx: Context):
    """A state whose next card is ♠ 7 to 10: its trigger (14" to 20") reaches
    the nearest enemy, in sight at 13" but out of range, so the card asks about
    enemies out of sight."""
    for n in range(500):
        state = state_start(ctx)
        state.round = 1
        state.deck = Deck(dice=Dice(random.Random(n))).state().to_data()
        walk = activation_walk(ctx, state, ctx.fighter("p5"), SEEN_AT_13)
        if walk.question is not None and walk.question.name == "unseen":
            return state, walk
    raise AssertionError("no ♠ 7 to 10 in reach")


def test_the_spade_question_asks_for_the_closest_enemy_out_of_sight():
    """RULES §5.2 ♠: the page asks which unseen enemy is closest (one true
    answer), with the sight limit told, never "is there one within"."""
    _, walk = asking_for_the_unseen(context("deck", shooter=True, sight=30))
    assert "closest" in walk.question.text and '30"' in walk.question.help


def test_a_closest_unseen_enemy_beyond_the_trigger_goes_on_to_the_cover():
    """The closest enemy out of sight is further than the card's trigger: no
    charge, so the ♠ "otherwise" branch asks for the cover it can reach."""
    ctx = context("deck", shooter=True)
    state, _ = asking_for_the_unseen(ctx)
    answers = SEEN_AT_13 | {"unseen": "p2", "unseen_in": "30"}
    walk = activation_walk(ctx, state, ctx.fighter("p5"), answers)
    assert walk.question is not None and walk.question.name == "cover"


def test_the_free_enemy_question_asks_for_the_closest():
    """RULES §5.1 step 6: the page asks which free enemy is closest, never
    whether "another" is within move."""
    ctx = context("priority", shooter=False)
    state = state_start(ctx)
    state.round = 1
    answers = {"melee": "no", "near": "p1", "near_in": "3", "near_seen": "no"}
    answers |= {"seen": "none", "near_free": "no"}
    walk = activation_walk(ctx, state, ctx.fighter("p5"), answers)
    assert walk.question.name == "free"
    assert "closest" in walk.question.text and "another" not in walk.question.text


def test_the_horde_asks_for_the_closest_enemy_that_hurt_it():
    """RULES §5.3: several enemies may have hurt it; the page asks for the
    closest of them."""
    for n in range(200):
        ctx = context("horde", shooter=False)
        state = state_start(ctx)
        state.round, state.draws = 1, n
        state.fighters["p5"].hurt_round = 1
        walk = activation_walk(
            ctx, state, ctx.fighter("p5"), {"melee": "no", "rally": "0"}
        )
        if walk.question is not None and walk.question.name == "hurt_by":
            assert "closest" in walk.question.text
            return
    raise AssertionError("no hurt horde character charged")


# --- §5.4 pursuit contact: any of yours a pursuer ends its move touching ------------


def pursuit_walk(answers: dict[str, str]):
    """Pursuer p5 (Orc) hunting Frodo 30" along the route: its move falls short
    of the quarry, so its last question is whom the move ends touching."""
    ctx = context("pursuit", shooter=False)
    state = state_start(ctx)
    state.round = 1
    state.positions = {"p5": 1}
    given = {
        "melee": "no",
        "quarry": "p1",
        "quarry_in": "30",
        "behind": "no",
        "room_ok": "yes",
        **answers,
    }
    walk = activation_walk(ctx, state, ctx.fighter("p5"), given)
    decision = None
    if walk.ready:
        source = TableRandom(SEED, state.draws)
        decision = doctrine_decide(
            ctx,
            state,
            ctx.fighter("p5"),
            walk.subject,
            rng=source,
            deck=table_deck(source, state.deck),
        )
    return walk, decision


def test_a_pursuer_short_of_the_quarry_is_asked_whom_it_ends_touching():
    """After the move, one question lists the player characters other than the
    quarry, with "none" as the last answer."""
    walk, _ = pursuit_walk({})
    assert (walk.question.name, [c.label for c in walk.question.choices]) == (
        "contact",
        ["Sam", "Merry", "Pippin", "No, with none of them"],
    )


@pytest.mark.parametrize(
    ("contact", "target", "action"),
    [("p3", "Merry", "move_into_melee"), ("none", "Frodo", "pursue")],
)
def test_a_pursuer_ending_its_move_touching_one_of_yours_fights_it(
    contact, target, action
):
    """A pursuer whose move ends touching Merry moves into melee with Merry
    (RULES §5.4: any player character it ends in contact with); touching no
    one, it pursues the quarry."""
    _, decision = pursuit_walk({"contact": contact})
    assert (decision.target, decision.action.value) == (target, action)


def test_whom_a_pursuer_ends_touching_is_ticked_beside_its_offset():
    """Where it may reach the quarry the page asks its offset; whom its move
    ends touching is ticked on that same screen, and a tick for Sam, off the
    quarry's line, makes it fight Sam."""
    walk, _ = pursuit_walk({"quarry_in": "1", "room_ok": "yes"})
    assert walk.question.name == "offset"
    assert [name for name, *_ in walk.question.also] == [
        "touch_p2",
        "touch_p3",
        "touch_p4",
    ]
    _, decision = pursuit_walk(
        {"quarry_in": "1", "offset": "8", "touch_p2": "yes", "touch_p3": "no"}
    )
    assert (decision.target, decision.action.value) == ("Sam", "move_into_melee")
