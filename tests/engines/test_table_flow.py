"""Table mode's flow between entries (RULES §4, §5.2, §5.3), on battles kept in
memory: follow-ups, return fire, the horde's reinforcements."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.battlefield import ObjectiveMark
from engines.doctrines import DoctrineSettings
from engines.enums import ObjectiveKind, Side
from engines.table import TableRefused
from engines.table.flows import activation_walk
from engines.table.horde_end import round_end, round_end_walk
from engines.table.taps import battle_end, tap_record
from engines.table.turns import (
    activation_decide,
    defence_draw,
    first_choose,
    round_begin,
)
from tests.engines.table_battles import PLAYERS, Log, battle_context

WITCH = "p5"


def started(doctrine: str = "priority", **context) -> Log:
    """Round 1 begun, the AI going first."""
    log = Log(battle_context(doctrine, **context))
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first=Side.AI.value))
    return log


def in_melee_with_frodo(log: Log) -> None:
    answers = {"melee": "yes", "contacts": "p1"}
    log.add(lambda c, s: activation_decide(c, s, key=WITCH, answers=answers))


def wounded_frodo(log: Log) -> None:
    """Frodo's two free wound slots filled: the next wound fells him."""
    for _ in range(2):
        log.add(lambda c, s: tap_record(c, s, tap="wound", key="p1"))


@pytest.mark.parametrize("tap", ["fell", "wound"])
def test_a_fall_by_any_tap_keeps_the_follow_up_open(tap):
    """RULES §4: a character that fells its enemy takes its follow-up, whether
    the fall is tapped as "Fell" or as a wound with no free slot left."""
    log = started()
    wounded_frodo(log)
    in_melee_with_frodo(log)
    log.add(lambda c, s: tap_record(c, s, tap=tap, key="p1"))
    assert log.state.fighters["p1"].fallen
    assert log.state.follow_up == WITCH


def test_a_wound_that_does_not_fell_closes_the_follow_up():
    """A wound that leaves the enemy standing is no fall: no follow-up."""
    log = started()
    in_melee_with_frodo(log)
    log.add(lambda c, s: tap_record(c, s, tap="wound", key="p1"))
    assert log.state.follow_up is None


def test_the_follow_up_is_taken_at_half_move_after_a_wound_that_fells():
    """The follow-up activation is accepted after "Wound (no free slot)"."""
    log = started()
    wounded_frodo(log)
    in_melee_with_frodo(log)
    log.add(lambda c, s: tap_record(c, s, tap="wound", key="p1"))
    answers = {"melee": "no", "near": "p2", "near_in": "2", "near_seen": "yes"}
    draft = log.add(
        lambda c, s: activation_decide(c, s, key=WITCH, answers=answers, follow_up=True)
    )
    assert draft.data["decision"]["follow_up"] is True


def test_a_follow_up_is_refused_without_a_fall():
    log = started()
    in_melee_with_frodo(log)
    log.add(lambda c, s: tap_record(c, s, tap="wound", key="p1"))
    answers = {"melee": "no", "near": "p2", "near_in": "2", "near_seen": "yes"}
    with pytest.raises(TableRefused):
        log.add(
            lambda c, s: activation_decide(
                c, s, key=WITCH, answers=answers, follow_up=True
            )
        )


# --- return fire (RULES §5.2) --------------------------------------------------------


def returning_fire(*, attacker: str = "p2") -> tuple[Log, str]:
    """A deck battle in round 1 where a rider not yet activated drew ♠ or ♥
    when ``attacker`` attacked it: it returns fire now."""
    for seed in range(1, 400):
        log = started("deck", seed=seed)
        state = log.state
        rider = (
            next(k for k in state.order if k not in state.activated and k != WITCH)
            if len(state.order) > 1
            else None
        )
        if rider is None:
            continue
        draft = log.add(
            lambda c, s, r=rider: defence_draw(
                c, s, key=r, answers={"attacker": attacker}
            )
        )
        if draft.data["decision"]["action"] == "return_fire":
            return log, rider
    raise AssertionError("no ♠ or ♥ defensive draw")


def test_return_fire_is_the_next_activation_and_asks_only_about_its_attacker():
    """After ♠ or ♥ the character returns fire at once: the page asks how far
    its attacker is, and nothing about any other enemy."""
    log, rider = returning_fire()
    state = log.state
    assert state.question().key == rider
    walk = activation_walk(log.context, state, log.context.fighter(rider), {})
    assert walk.question.name == "attacker_in" and "Sam" in walk.question.text


def test_return_fire_charges_its_attacker_within_move_not_the_nearest_enemy():
    """Sam attacked it from 4": it charges Sam, though Frodo is nearer (the
    page never asks about Frodo), draws no card and counts as activated."""
    log, rider = returning_fire()
    deck_before = log.state.deck
    draft = log.add(
        lambda c, s: activation_decide(c, s, key=rider, answers={"attacker_in": "4"})
    )
    decision = draft.data["decision"]
    assert (decision["action"], decision["target"], decision["card"]) == (
        "move_into_melee",
        "Sam",
        None,
    )
    assert draft.deck == deck_before
    assert rider in log.state.activated
    assert log.state.question().key != rider


def test_return_fire_stays_put_when_its_attacker_is_beyond_reach():
    """An attacker at 20", beyond its move, and the rider cannot shoot: it stays
    put — it does not go after anyone else."""
    log, rider = returning_fire()
    draft = log.add(
        lambda c, s: activation_decide(c, s, key=rider, answers={"attacker_in": "20"})
    )
    assert draft.data["decision"]["action"] == "hold"
    assert draft.data["decision"]["counts_as_activated"] is True


def test_the_witch_king_shoots_its_attacker_in_sight_and_range():
    """The Witch-king (range 12") shot at from 10" by Sam, whom it sees:
    it shoots Sam."""
    for seed in range(1, 400):
        log = started("deck", seed=seed)
        if WITCH in log.state.activated:
            continue
        draft = log.add(
            lambda c, s: defence_draw(c, s, key=WITCH, answers={"attacker": "p2"})
        )
        if draft.data["decision"]["action"] == "return_fire":
            break
    else:
        raise AssertionError("no ♠ or ♥ defensive draw")
    answers = {"attacker_in": "10", "attacker_seen": "yes"}
    draft = log.add(lambda c, s: activation_decide(c, s, key=WITCH, answers=answers))
    assert (draft.data["decision"]["action"], draft.data["decision"]["target"]) == (
        "shoot",
        "Sam",
    )


# --- the horde's reinforcements (RULES §5.3 step 2) ------------------------------


def horde_round(seed: int, **settings) -> Log:
    """A reinforced horde's battle with round 1 played out: its end of round
    comes now."""
    log = Log(
        battle_context(
            "horde",
            seed=seed,
            settings=DoctrineSettings(reinforcements=True, **settings),
        )
    )
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    state = log.state
    if state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first=Side.PLAYER.value))
    act_all(log)
    assert log.state.question().phase == "end_round"
    return log


def act_all(log: Log) -> None:
    """Every AI activation of the round, each question given its last choice
    (or 6")."""
    while (nxt := log.state.question()).phase == "activate":
        fighter = log.context.fighter(nxt.key, log.state)
        answers: dict[str, str] = {}
        while q := activation_walk(log.context, log.state, fighter, answers).question:
            answers[q.name] = q.choices[-1].value if q.choices else "6"
        log.add(
            lambda c, s, k=nxt.key, a=answers: activation_decide(c, s, key=k, answers=a)
        )


def asking_horde(**settings) -> Log:
    """A horde whose end of round rolls a reinforcement: the page asks."""
    for seed in range(1, 300):
        log = horde_round(seed, **settings)
        walk = round_end_walk(log.context, log.state, answers={"lurked": "1"})
        if walk.question is not None:
            return log
    raise AssertionError("no reinforcement rolled")


def test_a_reinforcement_point_is_asked_about_before_it_counts():
    """The page rolls D6 for a player character and, on a hit, the distance
    and direction from that character, then asks whether the point is on the
    table; the end of round cannot be made before it is answered."""
    log = asking_horde()
    walk = round_end_walk(log.context, log.state, answers={"lurked": "1"})
    question = walk.question
    assert "o'clock on the table?" in question.text
    assert any(line.startswith("reinforcement direction") for line in walk.preview)
    with pytest.raises(TableRefused):
        log.add(lambda c, s: round_end(c, s))


def test_a_point_off_the_table_brings_nothing_and_takes_no_place_under_the_cap():
    """Every point said to be off the table: nothing appears, and with the cap
    one above the horde on the table every player character still rolls (a
    point that counted anyway would have filled the cap at the first hit)."""
    log = asking_horde(reinforcement_cap=4)
    answers = _rest(log, {}, "no")
    draft = log.add(lambda c, s: round_end(c, s, placed=answers))
    (horde,) = draft.data["hordes"]
    rolls = [
        line
        for line in horde["log"]
        if line["purpose"].startswith("reinforcements near")
    ]
    assert (len(rolls), horde["arrivals"]) == (len(PLAYERS), [])


def _rest(log: Log, answers: dict, value: str = "yes") -> dict:
    """Every later point said to be on the table (or, ``value`` "no", off it)."""
    given = {"lurked": "1"} | dict(answers)
    while q := round_end_walk(log.context, log.state, answers=given).question:
        given[q.name] = value
    return {k: v for k, v in given.items() if k not in answers}


def test_the_cap_counts_every_horde_character_on_the_table():
    """Two horde companies, three characters between them, a cap of 3: no
    reinforcement is rolled for either."""
    context = battle_context(
        "horde",
        hordes=2,
        settings=DoctrineSettings(reinforcements=True, reinforcement_cap=3),
    )
    log = Log(context)
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first=Side.PLAYER.value))
    act_all(log)
    draft = log.add(lambda c, s: round_end(c, s))
    rolls = [
        line
        for horde in draft.data["hordes"]
        for line in horde["log"]
        if line["purpose"].startswith("reinforcements near")
    ]
    assert rolls == []


def test_a_reinforcement_that_came_may_be_told_as_left_at_once():
    """A reinforcement placed this end of round may be tapped as having left
    the table before the next round begins."""
    log = asking_horde()
    answers = _rest(log, {})
    draft = log.add(lambda c, s: round_end(c, s, placed=answers))
    key = draft.data["hordes"][0]["arrivals"][0]["key"]
    log.add(lambda c, s: tap_record(c, s, tap="left", key=key))
    assert log.state.fighters[key].left


# --- a newcomer's table ----------------------------------------------------------


def test_a_character_marked_as_activated_is_not_asked_for_this_round():
    """An event says a rider counts as activated: its activation is skipped,
    and marking it twice is refused."""
    log = started()
    nxt = log.state.question().key
    log.add(lambda c, s: tap_record(c, s, tap="activated", key=nxt))
    assert log.state.question().key != nxt
    with pytest.raises(TableRefused):
        log.add(lambda c, s: tap_record(c, s, tap="activated", key=nxt))


def test_a_carrier_that_falls_drops_its_objective_where_it_stood():
    context = battle_context("priority")
    context = replace(
        context,
        fighters=tuple(
            replace(f, carrying="the Ring") if f.key == "p1" else f
            for f in context.fighters
        ),
    )
    log = Log(context)
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    draft = log.add(lambda c, s: tap_record(c, s, tap="fell", key="p1"))
    assert "the Ring drops where it stood." in draft.text
    assert log.state.fighters["p1"].carrying is None


@pytest.mark.parametrize(
    ("reason", "side", "words"),
    [
        ("objective", "player", "your side achieved the objective"),
        ("conceded", "ai", "the ai side conceded"),
    ],
)
def test_the_end_says_which_side_achieved_the_objective_or_conceded(
    reason, side, words
):
    log = started()
    draft = log.add(lambda c, s: battle_end(c, s, reason=reason, side=side))
    assert words in draft.text
    assert (log.state.ended, log.state.ended_by) == (reason, side)


def test_a_character_an_event_brings_in_can_be_chosen_and_wounded():
    """J♦ "A Ranger of the North": the ranger joins your side for the battle;
    the AI's questions offer it as an enemy, and it takes wounds and falls."""
    log = started()
    draft = log.add(
        lambda c, s: tap_record(c, s, tap="joined", key="Ranger", side="player")
    )
    key = draft.subject
    assert "Ranger joins your side" in draft.text
    state = log.state
    fighter = log.context.fighter(key, state)
    assert state.on_table(fighter)
    walk = activation_walk(log.context, state, log.context.fighter(WITCH), {})
    assert "Yes — with Ranger" in [c.label for c in walk.question.choices]
    log.add(lambda c, s: tap_record(c, s, tap="wound", key=key))
    log.add(lambda c, s: tap_record(c, s, tap="wound", key=key))
    assert log.state.fighters[key].fallen


def test_nobody_joins_without_a_name():
    log = started()
    with pytest.raises(TableRefused):
        log.add(lambda c, s: tap_record(c, s, tap="joined", key=" ", side="player"))


def test_the_page_keeps_who_carries_which_objective():
    """Frodo picks up the Ring: the AI is no longer asked about the Ring as an
    objective lying there, and when Frodo falls the Ring drops where he stood
    and can be picked up again."""
    context = replace(
        battle_context("priority"),
        objectives=(ObjectiveMark(name="the Ring", kind=ObjectiveKind.CARRIABLE),),
    )
    log = Log(context)
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    log.add(
        lambda c, s: tap_record(c, s, tap="picked_up", key="p1", objective="the Ring")
    )
    assert log.state.fighters["p1"].carrying == "the Ring"
    with pytest.raises(TableRefused):
        log.add(
            lambda c, s: tap_record(
                c, s, tap="picked_up", key="p2", objective="the Ring"
            )
        )
    draft = log.add(lambda c, s: tap_record(c, s, tap="fell", key="p1"))
    assert "the Ring drops where it stood." in draft.text
    log.add(
        lambda c, s: tap_record(c, s, tap="picked_up", key="p2", objective="the Ring")
    )
    assert log.state.fighters["p2"].carrying == "the Ring"


def test_a_lurker_removed_at_the_end_of_round_is_marked_lurked_not_lost():
    """RULES §5.3 lurking: the characters the roll removes leave the table and
    go back to the pool — marked as lurked, so no page counts them as lost."""
    for seed in range(1, 300):
        log = horde_round(seed)
        horde = [
            f
            for f in log.context.fighters
            if f.side is Side.AI and log.state.on_table(f)
        ]
        given = {"lurked": "1", "lurker": ",".join(f.key for f in horde)}
        placed = _rest(log, given)
        draft = log.add(
            lambda c, s, h=horde, p=placed: round_end(
                c, s, lurkers=[f.key for f in h], placed=p
            )
        )
        removed = [k for h in draft.data["hordes"] for k in h["removed"]]
        if removed:
            break
    else:
        raise AssertionError("no lurker removed")
    for fighter in log.context.fighters:
        mine = log.state.fighters[fighter.key]
        gone = fighter.name in removed or fighter.key in removed
        assert mine.lurked is gone and (not gone or mine.left)
