"""Issue 33 item 1: the phone says the move limits the card says — beside the
distance to the nearest enemy (along a path its limits allow) and on the
answer."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaigns.presenters.table_answer import last_answer
from engines.doctrines import DoctrineSettings
from engines.orders.kinds import Place, PlaceKind, StayWithin
from engines.table.flows import activation_walk
from engines.table.limits import distance_help, move_limits
from engines.table.turns import first_choose, round_begin
from tests.engines.table_battles import Log, battle_context

TOWER = StayWithin(distance=6, place=Place(kind=PlaceKind.FEATURE, name="tower"))


def _battle(orders=()):
    context = battle_context(
        "priority", settings=DoctrineSettings(orders=tuple(orders))
    )
    log = Log(context)
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first="ai"))
    return log


def test_the_limits_binding_a_character_are_said_in_words():
    log = _battle([TOWER])
    rider = log.context.fighter("p5")
    assert move_limits(log.context, log.state, rider) == (TOWER.words(),)
    help_ = distance_help(log.context, log.state, rider)
    assert help_.startswith("Base edge to base edge, in inches, along a path its")
    assert TOWER.words() in help_


def test_no_limit_no_words():
    log = _battle()
    assert distance_help(log.context, log.state, log.context.fighter("p5")) == ""


def test_the_nearest_enemys_distance_is_asked_along_a_path_its_limits_allow():
    log = _battle([TOWER])
    rider = log.context.fighter(log.state.order[0])
    answers: dict[str, str] = {}
    for _ in range(10):
        walk = activation_walk(log.context, log.state, rider, answers)
        question = walk.question
        assert question is not None
        if question.name == "near_in":
            assert "along a path its limits allow" in question.help
            return
        answers[question.name] = question.choices[-1].value if question.choices else "8"
    raise AssertionError("the nearest enemy's distance was never asked")


def test_the_answer_shows_the_limits_the_decision_carries():
    log = _battle([TOWER])
    entry = replace(
        log.entries[0],
        kind="activation",
        subject="p5",
        data={
            "decision": {
                "label": "Move",
                "target": "Frodo",
                "inches": 6,
                "limits": [TOWER.words()],
            }
        },
    )
    answer = last_answer(log.context, log.state, [entry], "/t/")
    assert answer is not None
    assert ("Its move", TOWER.words()) in answer.facts


# --- issue 33 item 2: the same question twice -----------------------------------------


def test_the_hunted_target_also_nearest_is_not_asked_its_distance_again():
    """A hunt on Frodo asks how far he is; told he is also the nearest enemy,
    the walk does not ask "How far is Frodo from the Witch-king?" again."""
    from engines.orders.kinds import Hunt

    log = _battle([Hunt(target="Frodo")])
    rider = log.context.fighter(log.state.order[0])
    answers: dict[str, str] = {}
    names = []
    for _ in range(14):
        walk = activation_walk(log.context, log.state, rider, answers)
        question = walk.question
        if question is None:
            break
        names.append(question.name)
        if question.name == "hunted":
            answers["hunted"] = "p1"
        elif question.name == "near":
            answers["near"] = "p1"
        elif question.name.endswith("_in"):
            answers[question.name] = "20"
        elif question.choices:
            values = [c.value for c in question.choices]
            answers[question.name] = "no" if "no" in values else values[-1]
        else:
            answers[question.name] = "20"
    assert "hunted_in" in names
    assert "near_in" not in names, names


# --- issue 33 item 3: an answer dropped -----------------------------------------------


def test_an_answer_ticked_beside_a_distance_travels_to_the_next_screen():
    """ "Frodo is free" ticked beside his distance is kept in the next
    screen's hidden fields until the walk reads it, so it is not asked again:
    each screen is sent with the page's hidden fields and the one answer."""
    from campaigns.presenters.table_page import walk_for

    log = _battle()
    rider = log.context.fighter(log.state.order[0])
    query: dict[str, str] = {}
    asked = []
    for _ in range(14):
        values = walk_for(
            log.context,
            log.state,
            query,
            {"do": "act", "who": rider.key},
            screen="act",
            url="/t/",
        )
        question = values["walk"].question
        if question is None:
            break
        asked.append(question.name)
        given: dict[str, str] = {}
        if question.name == "near":
            given["near"] = "p1"
        elif question.name == "near_in":
            given = {"near_in": "4", "near_free": "yes", "near_seen": "no"}
        elif question.name == "seen":
            given["seen"] = "none"
        elif question.choices:
            choices = [c.value for c in question.choices]
            given[question.name] = "no" if "no" in choices else choices[0]
        else:
            given[question.name] = "4"
        hidden = {k: v for k, v in values["hidden"] if k not in ("do", "who")}
        query = hidden | given
    assert "near_in" in asked
    assert "near_free" not in asked, asked


# --- issue 33 item 5: questions the answers already settle ---------------------------


def _walk_names(log, rider, script, default="no"):
    """The questions asked, answered from ``script`` (else ``default`` or the
    first choice, or 4 for a distance)."""
    answers: dict[str, str] = {}
    names: list[str] = []
    walk = None
    for _ in range(16):
        walk = activation_walk(log.context, log.state, rider, answers)
        question = walk.question
        if question is None:
            break
        names.append(question.name)
        if question.name in script:
            answers[question.name] = script[question.name]
        elif question.choices:
            values = [c.value for c in question.choices]
            answers[question.name] = default if default in values else values[0]
        else:
            answers[question.name] = "4"
    return names, walk


def test_beyond_the_sight_limit_no_nearer_enemy_in_sight_is_asked_for():
    """The nearest enemy 15" away in an 8" fog: nobody is in sight, so the
    page does not ask which enemy it can see is nearest."""
    log = _battle()
    log.context = replace(log.context, sight_limit=8)
    rider = log.context.fighter(log.state.order[0])
    names, _ = _walk_names(log, rider, {"near": "p1", "near_in": "15"})
    assert "near_in" in names
    assert "seen" not in names, names


def test_a_hunted_target_told_in_base_contact_is_not_offered_as_free():
    from engines.orders.kinds import Hunt

    log = _battle([Hunt(target="Frodo")])
    rider = log.context.fighter(log.state.order[0])
    script = {
        "hunted": "p1",
        "hunted_in": "20",
        "hunted_seen": "no",
        "hunted_free": "no",
        "near": "p2",
        "near_in": "4",
        "near_seen": "no",
        "near_free": "no",
        "seen": "none",
    }
    answers: dict[str, str] = {}
    for _ in range(16):
        walk = activation_walk(log.context, log.state, rider, answers)
        question = walk.question
        if question is None:
            break
        if question.name == "free":
            offered = [c.value for c in question.choices]
            assert "p1" not in offered, offered
            assert "p3" in offered
            return
        answers[question.name] = script.get(question.name) or (
            question.choices[-1].value if question.choices else "4"
        )
    raise AssertionError("the free enemy question was never asked")


# --- issue 33 item 7: a return fire shows as a return fire ----------------------------


@pytest.mark.django_db
def test_a_return_fire_is_shown_as_its_return_fire(client, user, campaign):
    from django.urls import reverse

    from engines.cards import Deck
    from engines.dice import Dice
    from engines.table.dice import TableRandom
    from engines.table.moves import Defend
    from tests.campaigns.table_helpers import add, doctrine_battle, seed_where
    from tests.campaigns.test_table_turns import ai_keys, begin

    def return_fire_first(seed: int) -> bool:
        top = Deck(dice=Dice(TableRandom(seed))).state().draw_pile[0]
        return top.suit is not None and top.suit.value in ("spades", "hearts")

    _, battle = doctrine_battle(campaign, "deck", seed=seed_where(return_fire_first))
    keys = ai_keys(battle)
    begin(battle, distances={keys[0]: "1", keys[1]: "5", keys[2]: "9"})
    add(battle, Defend(key=keys[2], answers={"attacker": "p1"}))
    client.force_login(user)
    url = reverse(
        "campaigns:battle_table",
        kwargs={"slug": campaign.slug, "battle_id": battle.pk},
    )
    html = client.get(url).content.decode()
    assert "Return fire: <bdi>" in html and "at <bdi>Frodo</bdi>" in html
    assert "Return fire with <bdi>" in html
    assert "Next AI activation" not in html
    # It counts as activated from the draw (marked done in the AI's order).
    from tests.campaigns.table_helpers import now

    assert keys[2] in now(battle)[1].activated


# --- issue 33 item 8: a routing character's activation says it routs -----------------


@pytest.mark.django_db
def test_a_routing_characters_activation_says_what_it_does(client, user, campaign):
    from django.urls import reverse

    from engines.table.moves import TellTap
    from tests.campaigns.table_helpers import add, doctrine_battle, now
    from tests.campaigns.test_table_turns import begin

    _, battle = doctrine_battle(campaign, "priority", seed=12)
    begin(battle)
    context, state, _ = now(battle)
    key = state.order[0] if state.order else state.next_activation(context).key
    add(battle, TellTap(tap="routed", key=key))
    label = context.fighter(key).label
    client.force_login(user)
    url = reverse(
        "campaigns:battle_table",
        kwargs={"slug": campaign.slug, "battle_id": battle.pk},
    )
    html = client.get(f"{url}?do=act&who={key}").content.decode()
    assert f"<bdi>{label}</bdi> is routing" in html
    assert f"Rout: move <bdi>{label}</bdi> toward the edge" in html
