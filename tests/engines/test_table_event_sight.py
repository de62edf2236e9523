"""Events that change the robot (RULES §5.2): an event that limits sight for
its round (Sudden Fog: 8") enters the decision as data — the battle's and
each company's sight limit for that round is the nearer of the event's and
the scene's, so the page's questions, their help and the decisions agree."""

from __future__ import annotations

import pytest

from engines.doctrines import DoctrineSettings
from engines.enums import Action, Doctrine
from engines.events import EVENT_KEYS, Event
from engines.table.entries import RoundEvent
from engines.table.flows import activation_walk
from engines.table.last_seen import LAST_SEEN_KEY
from engines.table.questions import NONE
from engines.table.round_sight import nearer, round_context
from engines.table.state import state_fold, state_start
from engines.table.turns import activation_decide
from tests.engines.table_battles import battle_context
from tests.engines.test_table_properties import play


def fog_deck(limit: int | None = 8, *, last_seen: bool = False) -> dict[str, Event]:
    return {
        key: Event(
            key=key,
            title="A Sudden Fog",
            text="Fog.",
            sight_limit=limit,
            toward_last_seen=last_seen,
        )
        for key in EVENT_KEYS
    }


def fog(limit: float | None = 8, *, last_seen: bool = False) -> RoundEvent:
    return RoundEvent(
        card="K♣",
        step="event",
        reason="",
        title="A Sudden Fog",
        text="Fog.",
        sight_limit=limit,
        toward_last_seen=last_seen,
    )


def started(event: RoundEvent | None, *, scene: float | None = 12):
    ctx = battle_context(
        "priority",
        sight_limit=scene,
        settings=DoctrineSettings(sight_limit=scene),
    )
    state = state_start(ctx)
    state.round = 1
    state.event = event
    return ctx, state


@pytest.mark.parametrize(
    ("limit", "other", "nearest"),
    [(8, 12, 8), (12, 8, 8), (8, None, 8), (None, 12, 12), (None, None, None)],
)
def test_the_nearer_limit(limit, other, nearest):
    assert nearer(limit, other) == nearest


@pytest.mark.parametrize(
    ("event", "scene", "limit"),
    [
        (fog(8), 12, 8),  # the fog is nearer than the scene's limit
        (fog(8), None, 8),  # a battle without a limit: the fog's
        (fog(8), 6, 6),  # the scene's is nearer: it stays
        (fog(None), 12, 12),  # an event that does not change sight
        (None, 12, 12),  # no event this round
    ],
)
def test_the_round_s_sight_limit(event, scene, limit):
    ctx, state = started(event, scene=scene)
    seen = round_context(ctx, state)
    assert seen.sight_limit == limit
    assert {c.settings.sight_limit for c in seen.ai_companies} == {limit}


def test_the_sight_help_says_the_fog_s_limit():
    """Frodo 20" away: in the fog nothing that far is asked about; 6" away the
    sight question's help says 8", not the scene's 12"."""
    ctx, state = started(fog(8))
    me = ctx.fighter("p5")
    far = activation_walk(
        ctx, state, me, {"melee": "no", "near": "p1", "near_in": "10"}
    )
    assert far.question is None or far.question.name != "near_seen"
    near = activation_walk(
        ctx, state, me, {"melee": "no", "near": "p1", "near_in": "6"}
    )
    assert near.question.name == "near_seen"
    assert near.question.help == 'Nobody sees further than 8" this round.'


def test_the_fog_decides_too():
    """The Witch-king (shoots 12") with Frodo seen 10" away shoots him in a
    clear round; in the fog Frodo is out of sight, so it does not."""
    answers = {"melee": "no", "near": "p1", "near_in": "10", "near_seen": "yes"}
    answers["near_free"] = "yes"
    clear, state = started(None)
    draft = activation_decide(clear, state, key="p5", answers=answers)
    assert draft.data["decision"]["action"] == Action.SHOOT.value
    foggy, state = started(fog(8))
    walk = activation_walk(foggy, state, foggy.fighter("p5"), answers)
    draft = activation_decide(foggy, state, key="p5", answers=walk.answers)
    assert draft.data["decision"]["action"] != Action.SHOOT.value


@pytest.mark.parametrize("last_seen", [False, True])
@pytest.mark.parametrize("doctrine", [Doctrine.PRIORITY, Doctrine.DECK, Doctrine.HORDE])
def test_page_and_engine_agree_in_the_fog(doctrine, last_seen):
    """The differential test with an event that changes sight: every picture
    card is a fog of 8" in a 12" battle; the page decides as the engine does
    on the whole truth, in the fog's rounds as in the others (and, with the
    fog's last-seen rule, asks whom an unseeing character last saw)."""
    foggy = 0
    asked_last_seen = 0
    for seed in range(12):
        player = play(
            doctrine,
            seed,
            sight_limit=12,
            settings=DoctrineSettings(
                sight_limit=12,
                reinforcements=doctrine is Doctrine.HORDE,
            ),
            events=fog_deck(8, last_seen=last_seen),
        )
        asked_last_seen += sum(LAST_SEEN_KEY in names for names in player.asked)
        states = [
            state_fold(player.context, player.log.entries[: n + 1])
            for n in range(len(player.log.entries))
        ]
        foggy += sum(
            1
            for state, entry in zip(states, player.log.entries, strict=True)
            if entry.kind == "activation"
            and state.event is not None
            and state.event.sight_limit == 8
        )
    assert foggy
    assert bool(asked_last_seen) is last_seen


# --- "moves toward the nearest enemy it last saw, or holds" ---------------------------

UNSEEING = {"melee": "no", "near": "p1", "near_in": "10", "near_free": "yes"}
"""Frodo nearest, 10" away in an 8" fog: no enemy in sight."""


@pytest.mark.parametrize(
    ("named", "action", "target"),
    [
        ("p2", Action.MOVE_TOWARD, "Sam"),
        (NONE, Action.HOLD, None),
    ],
)
def test_the_unseeing_robot_is_asked_whom_it_last_saw(named, action, target):
    ctx, state = started(fog(8, last_seen=True))
    me = ctx.fighter("p5")
    walk = activation_walk(ctx, state, me, UNSEEING)
    assert (walk.question.name, walk.question.text) == (
        LAST_SEEN_KEY,
        "Which enemy did Witch-king last see?",
    )
    assert walk.question.choices[-1].label == "None: it holds"
    answers = {**UNSEEING, LAST_SEEN_KEY: named}
    draft = activation_decide(ctx, state, key="p5", answers=answers)
    decision = draft.data["decision"]
    assert (decision["action"], decision.get("target")) == (action.value, target)
    assert decision["order"].startswith("A Sudden Fog: ")
    assert draft.data["inputs"]["answers"][LAST_SEEN_KEY] == named


def test_a_robot_that_sees_an_enemy_is_not_asked():
    ctx, state = started(fog(8, last_seen=True))
    answers = {"melee": "no", "near": "p1", "near_in": "5", "near_seen": "yes"}
    answers |= {"near_free": "yes"}
    walk = activation_walk(ctx, state, ctx.fighter("p5"), answers)
    assert walk.ready and LAST_SEEN_KEY not in walk.answers
    draft = activation_decide(ctx, state, key="p5", answers=answers)
    assert draft.data["decision"]["action"] == Action.SHOOT.value
    # An answer given before is kept, and changes nothing: it sees Frodo.
    answers[LAST_SEEN_KEY] = "p2"
    draft = activation_decide(ctx, state, key="p5", answers=answers)
    assert draft.data["decision"]["action"] == Action.SHOOT.value
    assert draft.data["inputs"]["answers"][LAST_SEEN_KEY] == "p2"


def test_without_the_event_the_unseeing_robot_is_not_asked():
    ctx, state = started(fog(8))
    walk = activation_walk(ctx, state, ctx.fighter("p5"), UNSEEING)
    assert all(a.question.name != LAST_SEEN_KEY for a in walk.asked)
    assert walk.question is None or walk.question.name != LAST_SEEN_KEY
