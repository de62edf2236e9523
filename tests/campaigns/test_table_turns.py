"""Table mode's entries: each round, activation, draw, tap and end of round
calls the engine with the battle's own seeded source, as RULES §4 and §5 say."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import Battle, BattleParticipant, Character
from engines.cards import Card, Deck
from engines.dice import Dice
from engines.doctrines import Enemy, Situation, priority_decide
from engines.enums import Side
from engines.table.dice import TableRandom
from engines.table.moves import (
    Activate,
    BeginRound,
    ChooseFirst,
    Defend,
    EndBattle,
    EndRound,
    SelectAtRandom,
    TellTap,
)
from tests.campaigns.table_helpers import (
    add,
    doctrine_battle,
    now,
    placements,
    seed_where,
    with_events,
)

pytestmark = pytest.mark.django_db

SHUFFLE = 53
"""Draws the battle-start shuffle of 54 cards takes (Fisher–Yates)."""


def roll_after_shuffle(seed: int) -> int:
    """Round 1's initiative roll without random events: the first draw after
    the deck's shuffle."""
    return TableRandom(seed, SHUFFLE).randint(1, 6)


def begin(battle, sees=True, distances=None, choose=True):
    context, state, _ = now(battle)
    sightings = {
        f.key: {"sees": sees, "distance": (distances or {}).get(f.key, "")}
        for f in state.all_fighters(context)
        if f.side is Side.AI
    }
    # Any AI activation left is skipped: the players say the rest cannot act;
    # the humans, winning the initiative, let the AI go first.
    entry = add(battle, BeginRound(sightings=sightings, skipping=True))
    if choose and now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first="ai"))
    return entry


def ai_keys(battle):
    context, _, _ = now(battle)
    return [f.key for f in context.fighters if f.side is Side.AI]


# --- the random source ----------------------------------------------------------------


def test_the_same_seed_gives_the_same_numbers():
    one, other = TableRandom(9), TableRandom(9)
    assert [one.randint(1, 6) for _ in range(30)] == [
        other.randint(1, 6) for _ in range(30)
    ]


def test_another_seed_gives_other_numbers():
    one, other = TableRandom(9), TableRandom(10)
    assert [one.randint(1, 6) for _ in range(30)] != [
        other.randint(1, 6) for _ in range(30)
    ]


def test_a_source_state_is_its_count_of_draws():
    """Rolling on from a count gives what the source gives after that many."""
    first = TableRandom(11)
    rolls = [first.randint(1, 6) for _ in range(20)]
    assert [TableRandom(11, 10).randint(1, 6) for _ in range(1)] == [rolls[10]]


def test_each_number_is_one_draw_and_a_shuffle_of_n_takes_n_minus_one():
    rng = TableRandom(3)
    rng.randint(1, 6)
    rng.shuffle(list(range(54)))
    assert rng.draws == 1 + SHUFFLE


def test_a_copy_gives_what_the_source_gives_next():
    rng = TableRandom(5, 7)
    assert rng.copy().randint(1, 6) == rng.randint(1, 6)


def test_every_face_comes_up():
    rng = TableRandom(1)
    assert {rng.randint(1, 6) for _ in range(300)} == {1, 2, 3, 4, 5, 6}


# --- beginning a round ----------------------------------------------------------------


def test_round_one_shuffles_the_ai_deck_with_the_battles_seed(campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=4)
    entry = begin(battle)
    expected = Deck(dice=Dice(TableRandom(4))).state().to_data()
    assert entry.deck == expected


def test_the_initiative_is_rolled_after_the_shuffle_on_the_same_source(campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=4)
    entry = begin(battle)
    assert entry.data["initiative"]["roll"] == roll_after_shuffle(4)


def test_the_ai_wins_and_goes_first_when_one_of_its_characters_sees_an_enemy(
    campaign,
):
    seed = seed_where(lambda s: roll_after_shuffle(s) <= 3)
    _, battle = doctrine_battle(campaign, "priority", seed=seed)
    begin(battle, sees=True)
    assert now(battle)[1].first is Side.AI


def test_the_ai_wins_and_lets_the_humans_go_first_when_none_sees_an_enemy(campaign):
    seed = seed_where(lambda s: roll_after_shuffle(s) <= 3)
    _, battle = doctrine_battle(campaign, "priority", seed=seed)
    begin(battle, sees=False)
    assert now(battle)[1].first is Side.PLAYER


def test_the_humans_win_and_say_who_goes_first(campaign):
    seed = seed_where(lambda s: roll_after_shuffle(s) >= 4)
    _, battle = doctrine_battle(campaign, "priority", seed=seed)
    begin(battle, choose=False)
    waiting = now(battle)[1].first
    add(battle, ChooseFirst(first="ai"))
    assert (waiting, now(battle)[1].first) == (None, Side.AI)


def test_only_the_humans_who_won_choose_who_goes_first(campaign):
    seed = seed_where(lambda s: roll_after_shuffle(s) <= 3)
    _, battle = doctrine_battle(campaign, "priority", seed=seed)
    begin(battle)
    with pytest.raises(ValidationError):
        add(battle, ChooseFirst(first="ai"))


def test_the_order_puts_those_that_see_an_enemy_first_then_the_closest(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    witch, khamul, third = ai_keys(battle)
    context, state, _ = now(battle)
    sightings = {
        witch: {"sees": False, "distance": "2"},
        khamul: {"sees": True, "distance": "9"},
        third: {"sees": True, "distance": "4"},
    }
    add(battle, BeginRound(sightings=sightings))
    assert now(battle)[1].order == [third, khamul, witch]


def test_an_unmeasured_character_goes_after_the_measured_ones(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    witch, khamul, third = ai_keys(battle)
    begin(battle, sees=True, distances={witch: "", khamul: "7", third: "3"})
    assert now(battle)[1].order == [third, khamul, witch]


def test_pursuers_go_closest_to_the_quarry_first_and_take_their_positions(campaign):
    _, battle = doctrine_battle(campaign, "pursuit")
    witch, khamul, third = ai_keys(battle)
    begin(battle, distances={witch: "12", khamul: "3", third: "6"})
    state = now(battle)[1]
    assert (state.order, state.positions) == (
        [khamul, third, witch],
        {khamul: 1, third: 2, witch: 3},
    )


def test_a_surprise_attack_gives_round_one_without_a_roll(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    Battle.objects.filter(pk=battle.pk).update(first_activation="ai")
    battle.refresh_from_db()
    entry = begin(battle, sees=False)
    assert (entry.data["initiative"]["fixed"], now(battle)[1].first, entry.draws) == (
        True,
        Side.AI,
        SHUFFLE,
    )


def test_a_round_past_the_battles_length_is_refused(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    context, _, _ = now(battle)
    for _ in range(context.length):
        begin(battle)
    with pytest.raises(ValidationError):
        begin(battle)


def test_a_horde_ends_its_round_before_the_next_begins(campaign):
    _, battle = doctrine_battle(campaign, "horde")
    begin(battle)
    with pytest.raises(ValidationError):
        begin(battle)


def test_a_late_character_comes_on_at_the_start_of_round_two(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    late = battle.participants.filter(side="ai").order_by("order").last()
    BattleParticipant.objects.filter(pk=late.pk).update(reserve=True)
    begin(battle)
    first = now(battle)[1].order
    entry = begin(battle)
    assert (f"p{late.order}" in first, entry.data["arrived"]) == (
        False,
        [f"p{late.order}"],
    )


# --- random events --------------------------------------------------------------------


def test_each_round_draws_a_random_event_card_when_the_campaign_uses_them(campaign):
    with_events(campaign)
    _, battle = doctrine_battle(campaign, "priority", seed=3)
    entry = begin(battle)
    top = Deck(dice=Dice(TableRandom(3))).state().draw_pile[0]
    assert entry.data["event"]["card"] == str(top)


def test_an_events_card_is_removed_so_each_event_happens_once(campaign):
    with_events(campaign)

    def picture_first(seed: int) -> bool:
        return Deck(dice=Dice(TableRandom(seed))).state().draw_pile[0].is_picture

    seed = seed_where(picture_first)
    _, battle = doctrine_battle(campaign, "priority", seed=seed)
    entry = begin(battle)
    card = entry.data["event"]["card"]
    assert (card in entry.deck["removed"], entry.data["event"]["title"]) == (
        True,
        f"Event {Card.parse(card).code}",
    )


def test_no_event_is_drawn_when_the_campaign_does_not_use_them(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    assert begin(battle).data["event"] is None


# --- activations ----------------------------------------------------------------------


def test_a_priority_answer_is_the_engines_decision_for_the_same_seed(campaign):
    playable, battle = doctrine_battle(campaign, "priority", seed=6)
    witch = ai_keys(battle)[0]
    begin(battle, distances={witch: "1"})
    context, state, _ = now(battle)
    if state.first is None:
        add(battle, ChooseFirst(first="ai"))
        context, state, _ = now(battle)
    answers = {"melee": "no", "near": "p1", "near_in": "8", "near_seen": "yes"}
    entry = add(battle, Activate(key=witch, answers=answers))
    expected = priority_decide(
        Situation(
            id="Witch-king",
            card_order=7,
            move=6,
            shooting_range=12,
            enemies=(Enemy(id="Frodo", distance=8),),
        ),
        rng=TableRandom(6, state.draws),
    )
    assert entry.data["decision"] == expected.to_data()


def test_the_answer_names_the_printed_step_that_fired(campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=6)
    witch = ai_keys(battle)[0]
    begin(battle)
    answers = {"melee": "no", "near": "p1", "near_in": "8", "near_seen": "yes"}
    entry = add(battle, Activate(key=witch, answers=answers))
    assert entry.data["printed"]["short"] == "3"


def test_a_deck_activation_draws_the_top_card_of_the_battles_deck(campaign):
    def no_joker_on_top(seed: int) -> bool:
        return not Deck(dice=Dice(TableRandom(seed))).state().draw_pile[0].is_joker

    _, battle = doctrine_battle(campaign, "deck", seed=seed_where(no_joker_on_top))
    witch = ai_keys(battle)[0]
    top = begin(battle).deck["draw_pile"][0]
    answers = {
        "melee": "no",
        "near": "p1",
        "near_in": "30",
        "near_seen": "no",
        "seen": "none",
        "cover": "none",
        "cover_away": "none",
        "furthest": "no",
    }
    entry = add(battle, Activate(key=witch, answers=answers))
    assert (entry.data["decision"]["card"], entry.deck["discards"]) == (top, [top])


def test_an_activation_with_an_answer_missing_is_refused(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    witch = ai_keys(battle)[0]
    begin(battle)
    with pytest.raises(ValidationError):
        add(
            battle,
            Activate(key=witch, answers={"melee": "no"}),
        )


def test_a_player_character_is_not_activated_by_the_robot(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    with pytest.raises(ValidationError):
        add(
            battle,
            Activate(key="p1", answers={"melee": "no"}),
        )


def melee(battle, key):
    answers = {"melee": "yes", "contacts": "p1"}
    return add(battle, Activate(key=key, answers=answers))


def test_a_character_that_fights_in_melee_may_take_one_follow_up(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    witch = ai_keys(battle)[0]
    begin(battle)
    melee(battle, witch)
    answers = {"melee": "no", "near": "p2", "near_in": "2", "near_seen": "yes"}
    entry = add(
        battle,
        Activate(key=witch, answers=answers, follow_up=True),
    )
    assert entry.data["decision"]["follow_up"] is True


def test_a_follow_up_is_taken_once_per_activation(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    witch = ai_keys(battle)[0]
    begin(battle)
    melee(battle, witch)
    follow = {"melee": "yes", "contacts": "p2"}
    add(
        battle,
        Activate(key=witch, answers=follow, follow_up=True),
    )
    with pytest.raises(ValidationError):
        add(
            battle,
            Activate(key=witch, answers=follow, follow_up=True),
        )


def test_a_routing_company_routs_without_a_question(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    witch = ai_keys(battle)[0]
    begin(battle)
    add(battle, TellTap(tap="company_routed", company=1))
    entry = add(battle, Activate(key=witch, answers={}))
    assert entry.data["decision"]["action"] == "rout"


def test_a_disorganized_character_out_of_melee_only_reorganizes(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    witch = ai_keys(battle)[0]
    BattleParticipant.objects.filter(battle=battle, order=int(witch[1:])).update(
        disorganized=True
    )
    begin(battle)
    entry = add(
        battle,
        Activate(key=witch, answers={"melee": "no"}),
    )
    assert (entry.data["decision"]["action"], entry.draws) == (
        "reorganize",
        now(battle)[1].draws,
    )


# --- defensive draw and random selection ----------------------------------------------


def defend(battle, key, attacker="p1"):
    answers = {"attacker": attacker}
    return add(battle, Defend(key=key, answers=answers))


def test_diving_for_cover_counts_as_its_activation(campaign):
    def diamonds_first(seed: int) -> bool:
        top = Deck(dice=Dice(TableRandom(seed))).state().draw_pile
        return top[0].suit is not None and top[0].suit.value == "diamonds"

    _, battle = doctrine_battle(campaign, "deck", seed=seed_where(diamonds_first))
    witch = ai_keys(battle)[0]
    begin(battle)
    entry = defend(battle, witch)
    state = now(battle)[1]
    assert (entry.data["decision"]["action"], witch in state.activated) == (
        "dive_for_cover",
        True,
    )


def test_returning_fire_makes_it_the_next_to_activate(campaign):
    def return_fire_first(seed: int) -> bool:
        top = Deck(dice=Dice(TableRandom(seed))).state().draw_pile[0]
        return top.suit is not None and top.suit.value in ("spades", "hearts")

    _, battle = doctrine_battle(campaign, "deck", seed=seed_where(return_fire_first))
    keys = ai_keys(battle)
    begin(battle, distances={keys[0]: "1", keys[1]: "5", keys[2]: "9"})
    defend(battle, keys[2])
    context, state, _ = now(battle)
    assert state.next_activation(context).key == keys[2]


def test_only_a_deck_character_draws_to_defend(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    with pytest.raises(ValidationError):
        defend(battle, ai_keys(battle)[0])


def test_a_random_selection_deals_a_card_each_and_the_highest_wins(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    entry = add(battle, SelectAtRandom(keys=["p1", "p2", "p3"], purpose="x"))
    dealt = {name: Card.parse(card) for name, card in entry.data["dealt"]}
    best = max(dealt, key=lambda name: dealt[name].order)
    assert now(battle)[0].fighter(entry.data["winner"]).label == best


def test_a_random_selection_reshuffles_the_deck_afterwards(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    entry = add(battle, SelectAtRandom(keys=["p1", "p2"]))
    assert (len(entry.deck["draw_pile"]), entry.deck["discards"]) == (54, [])


def test_a_random_selection_needs_two_candidates(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    with pytest.raises(ValidationError):
        add(battle, SelectAtRandom(keys=["p1"]))


# --- taps -----------------------------------------------------------------------------


def test_a_wound_fills_a_free_slot(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    add(battle, TellTap(tap="wound", key="p1"))
    assert now(battle)[1].fighters["p1"].wounds == 1


def test_a_wound_with_no_free_slot_fells_the_character(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    Character.objects.filter(name="Frodo").update(wound_slots=1)
    begin(battle)
    for _ in range(2):
        add(battle, TellTap(tap="wound", key="p1"))
    mine = now(battle)[1].fighters["p1"]
    assert (mine.wounds, mine.fallen) == (1, True)


def test_a_fallen_character_takes_no_more_taps(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    add(battle, TellTap(tap="fell", key="p1"))
    with pytest.raises(ValidationError):
        add(battle, TellTap(tap="wound", key="p1"))


def test_an_ai_fall_past_half_its_company_rolls_the_rout_check(campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=2)
    witch, khamul, third = ai_keys(battle)
    begin(battle)
    first = add(battle, TellTap(tap="fell", key=witch))
    second = add(battle, TellTap(tap="fell", key=khamul))
    check = second.data["rout_check"]
    assert (first.data["rout_check"]["due"], check["due"], len(check["log"])) == (
        False,
        True,
        1,
    )


def test_a_company_that_fails_its_rout_check_routs(campaign):
    def routs(seed: int) -> bool:
        return TableRandom(seed, SHUFFLE + 1).randint(1, 6) <= 3

    _, battle = doctrine_battle(campaign, "priority", seed=seed_where(routs))
    witch, khamul, third = ai_keys(battle)
    begin(battle)
    add(battle, TellTap(tap="fell", key=witch))
    add(battle, TellTap(tap="fell", key=khamul))
    context, state, _ = now(battle)
    assert state.routing(context.fighter(third))


def test_a_horde_fall_takes_no_rout_check_and_counts_for_consolidation(campaign):
    _, battle = doctrine_battle(campaign, "horde")
    witch, khamul, third = ai_keys(battle)
    begin(battle)
    for key in (witch, khamul):
        entry = add(battle, TellTap(tap="fell", key=key))
    state = now(battle)[1]
    assert (entry.data["rout_check"]["due"], state.companies[1].fallen_so_far) == (
        False,
        2,
    )


def test_a_players_fall_past_half_says_the_rout_check_is_due(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    for key in ("p1", "p2", "p3"):
        add(battle, TellTap(tap="fell", key=key))
    entry = add(battle, TellTap(tap="fell", key="p4"))
    assert "Rout check for Fellowship: lost 4 of 6" in entry.text


def test_an_ai_character_carrying_nothing_carries_nothing_off(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    with pytest.raises(ValidationError):
        add(
            battle,
            TellTap(tap="carried_off", key=ai_keys(battle)[0]),
        )


def test_a_player_character_carries_an_objective_off(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    add(battle, TellTap(tap="carried_off", key="p1"))
    mine = now(battle)[1].fighters["p1"]
    assert (mine.carried_off, mine.left) == (True, True)


def test_a_side_routed_routs_every_company_of_it(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    add(battle, TellTap(tap="side_routed", side="player"))
    context, state, _ = now(battle)
    assert state.side_routed(context, Side.PLAYER)


def test_taps_wait_for_the_first_round(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    with pytest.raises(ValidationError):
        add(battle, TellTap(tap="wound", key="p1"))


# --- the horde's end of round ---------------------------------------------------------


def test_a_wounded_horde_character_bleeds_at_the_end_of_the_round(campaign):
    _, battle = doctrine_battle(campaign, "horde", reinforcements=False)
    witch = ai_keys(battle)[0]
    Character.objects.filter(name="Witch-king").update(wound_slots=1)
    begin(battle)
    add(battle, TellTap(tap="wound", key=witch))
    entry = add(battle, EndRound(skipping=True))
    (horde,) = entry.data["hordes"]
    assert [line["purpose"] for line in horde["log"]][:1] == ["Witch-king: bleeding"]


def end_round(battle, **inputs):
    """End the round, every reinforcement point said to be on the table."""
    context, state, _ = now(battle)
    placed = placements(context, state, lurkers=inputs.get("lurkers", ()))
    return add(battle, EndRound(placed=placed, skipping=True, **inputs))


def test_reinforcements_roll_for_each_player_character_under_the_cap(campaign):
    _, battle = doctrine_battle(campaign, "horde", reinforcement_cap=20)
    begin(battle)
    entry = end_round(battle)
    (horde,) = entry.data["hordes"]
    rolls = [
        line for line in horde["log"] if line["purpose"].startswith("reinforcements")
    ]
    assert len(rolls) == 6


def test_a_reinforcement_comes_on_at_the_next_round(campaign):
    def arrives(seed: int) -> bool:
        return TableRandom(seed, SHUFFLE + 1).randint(1, 6) >= 5

    _, battle = doctrine_battle(campaign, "horde", seed=seed_where(arrives))
    begin(battle)
    entry = end_round(battle)
    arrival = entry.data["hordes"][0]["arrivals"][0]
    nxt = begin(battle)
    assert arrival["key"] in nxt.data["arrived"]


def test_a_lurker_far_from_every_enemy_may_leave(campaign):
    _, battle = doctrine_battle(campaign, "horde")
    witch = ai_keys(battle)[0]
    begin(battle)
    entry = end_round(battle, lurkers=[witch])
    (horde,) = entry.data["hordes"]
    assert "Witch-king: lurking" in [line["purpose"] for line in horde["log"]]


def test_a_horde_consolidates_once_one_of_it_has_fallen(campaign):
    _, battle = doctrine_battle(campaign, "horde", reinforcements=False)
    begin(battle)
    add(battle, TellTap(tap="fell", key=ai_keys(battle)[0]))
    entry = add(battle, EndRound(skipping=True))
    (horde,) = entry.data["hordes"]
    assert horde["steps"] == ["consolidation"]


def test_only_a_horde_has_an_end_of_round(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    with pytest.raises(ValidationError):
        add(battle, EndRound(skipping=True))


# --- the end --------------------------------------------------------------------------


def test_the_battle_ends_with_how_it_ended(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    add(battle, EndBattle(reason="rout"))
    assert now(battle)[1].ended == "rout"


def test_nothing_happens_after_the_end(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    begin(battle)
    add(battle, EndBattle(reason="conceded"))
    with pytest.raises(ValidationError):
        begin(battle)


def test_an_ending_that_is_no_ending_is_refused(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    with pytest.raises(ValidationError):
        add(battle, EndBattle(reason="boredom"))


def test_a_name_in_right_to_left_letters_keeps_its_sentence_the_right_way(campaign):
    _, battle = doctrine_battle(campaign, "priority")
    Character.objects.filter(name="Frodo").update(name="פרודו")
    begin(battle)
    entry = add(battle, TellTap(tap="wound", key="p1"))
    assert entry.text == "\u2068פרודו\u2069 took a wound token."


def test_a_consolidation_that_changes_the_mode_is_said_and_kept(campaign):
    """Round after round, a horde with a fallen member consolidates; when the
    roll turns it to another mode, the entry says so and the horde plays on in
    that mode."""
    # Seed 1: a consolidation roll turns the horde within three rounds.
    _, battle = doctrine_battle(campaign, "horde", seed=1, reinforcements=False)
    keys = ai_keys(battle)
    changes = []
    for number, key in enumerate(keys[:5], start=1):
        before = now(battle)[1].companies
        mode_before = {order: c.mode for order, c in before.items()}
        begin(battle)
        if key != keys[-1]:
            # The last stays: a side with nobody left ends the battle there
            # (RULES §3.12), and the log then takes no end of round.
            add(battle, TellTap(tap="fell", key=key))
        entry = add(battle, EndRound(skipping=True))
        (horde,) = entry.data["hordes"]
        company = int(horde["company"])
        kept = now(battle)[1].companies[company].mode.value
        assert kept == horde["mode"], f"round {number}"
        if horde["mode"] != mode_before[company].value:
            changes.append(f"the horde turns to {horde['mode']}" in entry.text)
    assert changes and all(changes)
