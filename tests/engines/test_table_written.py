"""Entries are written typed: a frozen record per kind of entry, turned into
the stored JSON in one place (``entry_json``), key for key as the log has
always kept it, and read back by the fold into the same facts."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from engines.dice import LogEntry
from engines.enums import Action, Doctrine, EndReason, HordeMode, Side
from engines.table.draft import entry_draft
from engines.table.entries import (
    Decision,
    DecisionData,
    EndData,
    EndRoundData,
    FirstData,
    HordeResult,
    Initiative,
    Newcomer,
    OrdersData,
    OrderWound,
    RoundData,
    RoundEvent,
    Sighting,
    TapData,
    entry_parse,
)
from engines.table.entry_json import entry_json
from engines.table.kinds import EntryKind, TapKind
from engines.table.state import State
from engines.table.written import (
    ActivationWritten,
    Arrived,
    CompanyRoutedWritten,
    DefenceWritten,
    EndRoundWritten,
    EndWritten,
    FighterTapWritten,
    FirstWritten,
    HordeDone,
    JoinedWritten,
    OrderDone,
    OrdersGiven,
    OrdersWritten,
    PickedUpWritten,
    PrintedStep,
    Reorganized,
    RoundWritten,
    RoutRolled,
    SelectionWritten,
    SideRoutedWritten,
)

ROLL = LogEntry(purpose="rout check", dice=(2,), total=2, outcome="routs")
ROLLED = {
    "purpose": "rout check",
    "dice": [2],
    "modifiers": [],
    "total": 2,
    "outcome": "routs",
    "card": None,
}
STEP = PrintedStep(section="Priority", label="1", short="1", text="Shoot.")
PRINTED = {"section": "Priority", "label": "1", "short": "1", "text": "Shoot."}
REORGANIZED = Reorganized(
    action="reorganize",
    label="Reorganize",
    step="disorganized",
    reason="Disorganized.",
    detail="its first activation only removes the disorganization",
)
REORGANIZED_JSON = {
    "action": "reorganize",
    "label": "Reorganize",
    "step": "disorganized",
    "steps": ["disorganized"],
    "reason": "Disorganized.",
    "detail": "its first activation only removes the disorganization",
    "target": None,
    "inches": None,
    "follow_up": False,
    "log": [],
}
JOINER = Newcomer(
    key="j0.1",
    name="Ranger",
    label="Ranger",
    side=Side.PLAYER,
    company=0,
    move=6,
    shooting_range=None,
    free_slots=1,
)
REINFORCEMENT = Newcomer(
    key="r1.1",
    name="Orc",
    label="Orc 2",
    side=Side.AI,
    company=1,
    move=5,
    shooting_range=12,
    free_slots=1,
)
ARROW = OrderDone(
    id="end-0",
    company="Isengard",
    order="a black arrow",
    acted=True,
    detail="hits Frodo",
    wounded=("Frodo",),
    wounds=(OrderWound(key="p1", falls=True, routs=0),),
    notes=("Frodo has no free slot left and falls",),
)
ARROW_JSON = {
    "id": "end-0",
    "company": "Isengard",
    "order": "a black arrow",
    "acted": True,
    "detail": "hits Frodo",
    "wounded": ["Frodo"],
    "wounds": [{"key": "p1", "falls": True, "routs": 0}],
    "notes": ["Frodo has no free slot left and falls"],
}
ROUND = RoundWritten(
    sightings_given={"p5": {"sees": "on", "distance": "7.5"}},
    orders_given=OrdersGiven(holds=("start-0",), chosen={"start-1": ("p1",)}),
    round=1,
    arrived=(),
    event=RoundEvent(card="J♠", step="event", reason="", title="Fog", text="Mist."),
    scene_orders=(ARROW,),
    initiative=Initiative(
        winner=None, first=Side.AI, fixed=True, reason="the scenario says"
    ),
    sees=True,
    order=("p5",),
    positions={},
    sightings={"p5": Sighting(sees=True, distance=7.5)},
    log=(ROLL,),
)
ROUND_JSON = {
    "inputs": {
        "sightings": {"p5": {"sees": "on", "distance": "7.5"}},
        "orders": {"holds": ["start-0"], "chosen": {"start-1": ["p1"]}},
    },
    "round": 1,
    "arrived": [],
    "event": {
        "card": "J♠",
        "step": "event",
        "reason": "",
        "title": "Fog",
        "text": "Mist.",
    },
    "scene_orders": [ARROW_JSON],
    "initiative": {
        "winner": None,
        "first": "ai",
        "fixed": True,
        "reason": "the scenario says",
    },
    "sees": True,
    "order": ["p5"],
    "positions": {},
    "sightings": {"p5": {"sees": True, "distance": 7.5}},
    "log": [ROLLED],
}

WRITTEN = [
    pytest.param(ROUND, ROUND_JSON, id="round"),
    pytest.param(
        FirstWritten(first=Side.PLAYER),
        {"inputs": {"first": "player"}, "first": "player"},
        id="first",
    ),
    pytest.param(
        ActivationWritten(
            answers={"sees": "yes"},
            follow_up=False,
            decision=REORGANIZED,
            printed=STEP,
            asked=(("Does it see an enemy?", "Yes"),),
            doctrine=Doctrine.PRIORITY,
        ),
        {
            "inputs": {"answers": {"sees": "yes"}, "follow_up": False},
            "decision": REORGANIZED_JSON,
            "printed": PRINTED,
            "asked": [["Does it see an enemy?", "Yes"]],
            "doctrine": "priority",
        },
        id="activation",
    ),
    pytest.param(
        DefenceWritten(answers={"attacker": "Sam"}, decision=REORGANIZED, printed=STEP),
        {
            "inputs": {"answers": {"attacker": "Sam"}},
            "decision": REORGANIZED_JSON,
            "printed": PRINTED,
        },
        id="defence",
    ),
    pytest.param(
        SelectionWritten(
            keys=("p1", "p2"),
            purpose="who",
            winner="p2",
            dealt=(("Frodo", "3♣"), ("Sam", "K♥")),
            log=(),
        ),
        {
            "inputs": {"keys": ["p1", "p2"], "purpose": "who"},
            "winner": "p2",
            "dealt": [["Frodo", "3♣"], ["Sam", "K♥"]],
            "log": [],
        },
        id="selection",
    ),
    pytest.param(
        CompanyRoutedWritten(company=1),
        {
            "inputs": {"tap": "company_routed", "company": 1},
            "tap": "company_routed",
            "company": 1,
        },
        id="company-routed",
    ),
    pytest.param(
        SideRoutedWritten(side=Side.AI),
        {"inputs": {"tap": "side_routed", "side": "ai"}, "tap": "side_routed"}
        | {"side": "ai"},
        id="side-routed",
    ),
    pytest.param(
        FighterTapWritten(
            tap=TapKind.FELL,
            key="p5",
            falls=False,
            rout_check=RoutRolled(due=True, routs=True, reason="routs", log=(ROLL,)),
        ),
        {
            "inputs": {"tap": "fell", "key": "p5"},
            "tap": "fell",
            "falls": False,
            "rout_check": {
                "due": True,
                "routs": True,
                "reason": "routs",
                "log": [ROLLED],
            },
        },
        id="fell-and-routed",
    ),
    pytest.param(
        FighterTapWritten(
            tap=TapKind.CARRIED_OFF, key="p5", falls=False, objective="X"
        ),
        {
            "inputs": {"tap": "carried_off", "key": "p5"},
            "tap": "carried_off",
            "falls": False,
            "objective": "X",
        },
        id="carried-off",
    ),
    pytest.param(
        PickedUpWritten(key="p1", objective="X"),
        {
            "inputs": {"tap": "picked_up", "key": "p1", "objective": "X"},
            "tap": "picked_up",
            "objective": "X",
        },
        id="picked-up",
    ),
    pytest.param(
        JoinedWritten(name="Ranger", joiner=JOINER),
        {
            "inputs": {"tap": "joined", "key": "Ranger", "side": "player"},
            "tap": "joined",
            "joiner": {
                "key": "j0.1",
                "name": "Ranger",
                "label": "Ranger",
                "side": "player",
                "company": 0,
                "move": 6,
                "shooting_range": None,
                "free_slots": 1,
            },
        },
        id="joined",
    ),
    pytest.param(
        EndRoundWritten(
            lurkers=("p6",),
            placed={"placed-1-1": "yes"},
            hordes=(
                HordeDone(
                    company=1,
                    mode_before=HordeMode.NORMAL,
                    mode=HordeMode.SCATTER,
                    bled=("p5",),
                    removed=("p6",),
                    arrivals=(
                        Arrived(newcomer=REINFORCEMENT, near="Sam", inches=4, clock=3),
                    ),
                    fallen_so_far=2,
                    steps=("bleed",),
                    log=(),
                ),
            ),
        ),
        {
            "inputs": {"lurkers": ["p6"], "placed": {"placed-1-1": "yes"}},
            "hordes": [
                {
                    "company": 1,
                    "mode_before": "normal",
                    "mode": "scatter",
                    "bled": ["p5"],
                    "removed": ["p6"],
                    "arrivals": [
                        {
                            "key": "r1.1",
                            "name": "Orc",
                            "label": "Orc 2",
                            "move": 5,
                            "shooting_range": 12,
                            "free_slots": 1,
                            "near": "Sam",
                            "inches": 4,
                            "clock": 3,
                        }
                    ],
                    "fallen_so_far": 2,
                    "steps": ["bleed"],
                    "log": [],
                }
            ],
        },
        id="end-round",
    ),
    pytest.param(
        OrdersWritten(orders=OrdersGiven(), scene_orders=(ARROW,), log=()),
        {
            "inputs": {"orders": {"holds": [], "chosen": {}}},
            "scene_orders": [ARROW_JSON],
            "log": [],
        },
        id="orders",
    ),
    pytest.param(
        EndWritten(reason=EndReason.CONCEDED, side=Side.AI),
        {
            "inputs": {"reason": "conceded", "side": "ai"},
            "reason": "conceded",
            "side": "ai",
        },
        id="end-by-a-side",
    ),
    pytest.param(
        EndWritten(reason=EndReason.ROUT, side=None),
        {"inputs": {"reason": "rout", "side": ""}, "reason": "rout"},
        id="end",
    ),
]


@pytest.mark.parametrize(("written", "stored"), WRITTEN)
def test_a_typed_entry_is_stored_as_the_log_has_always_kept_it(written, stored):
    assert json.dumps(entry_json(written)) == json.dumps(stored)


def test_the_drafts_kind_is_its_records():
    draft = entry_draft(FirstWritten(first=Side.AI), State(round=2), text="AI first.")
    assert (draft.kind, draft.round, draft.entry) == (
        EntryKind.FIRST,
        2,
        FirstWritten(first=Side.AI),
    )


def parsed(written, subject: str = ""):
    row = SimpleNamespace(
        kind=str(written.kind),
        subject=subject,
        data=json.loads(json.dumps(entry_json(written))),
        draws=0,
        deck={},
    )
    return entry_parse(row).data


READ_BACK = [
    pytest.param(
        ROUND,
        RoundData(
            round=1,
            initiative=ROUND.initiative,
            order=("p5",),
            positions={},
            sightings={"p5": Sighting(sees=True, distance=7.5)},
            event=ROUND.event,
            wounds=(OrderWound(key="p1", falls=True, routs=0),),
        ),
        id="round",
    ),
    pytest.param(FirstWritten(first=Side.AI), FirstData(first=Side.AI), id="first"),
    pytest.param(
        ActivationWritten(
            answers={},
            follow_up=False,
            decision=REORGANIZED,
            printed=STEP,
            asked=(),
            doctrine=Doctrine.DECK,
        ),
        DecisionData(
            decision=Decision(
                action="reorganize",
                target="",
                follow_up=False,
                counts_as_activated=False,
            )
        ),
        id="activation",
    ),
    pytest.param(
        FighterTapWritten(
            tap=TapKind.WOUND,
            key="p5",
            falls=True,
            rout_check=RoutRolled(due=True, routs=True, reason="routs"),
        ),
        TapData(tap=TapKind.WOUND, falls=True, routs=True),
        id="wound",
    ),
    pytest.param(
        CompanyRoutedWritten(company=1),
        TapData(tap=TapKind.COMPANY_ROUTED, company=1),
        id="company-routed",
    ),
    pytest.param(
        JoinedWritten(name="Ranger", joiner=JOINER),
        TapData(tap=TapKind.JOINED, joiner=JOINER),
        id="joined",
    ),
    pytest.param(
        EndRoundWritten(
            lurkers=(),
            placed={},
            hordes=(
                HordeDone(
                    company=1,
                    mode_before=HordeMode.NORMAL,
                    mode=HordeMode.NORMAL,
                    bled=(),
                    removed=(),
                    arrivals=(
                        Arrived(newcomer=REINFORCEMENT, near="Sam", inches=4, clock=3),
                    ),
                    fallen_so_far=0,
                    steps=(),
                    log=(),
                ),
            ),
        ),
        EndRoundData(
            hordes=(
                HordeResult(
                    company=1,
                    bled=(),
                    removed=(),
                    mode=HordeMode.NORMAL,
                    arrivals=(REINFORCEMENT,),
                ),
            )
        ),
        id="end-round",
    ),
    pytest.param(
        OrdersWritten(orders=OrdersGiven(), scene_orders=(ARROW,), log=()),
        OrdersData(wounds=(OrderWound(key="p1", falls=True, routs=0),)),
        id="orders",
    ),
    pytest.param(
        EndWritten(reason=EndReason.OBJECTIVE, side=Side.PLAYER),
        EndData(reason=EndReason.OBJECTIVE, side=Side.PLAYER),
        id="end",
    ),
]


@pytest.mark.parametrize(("written", "folded"), READ_BACK)
def test_the_fold_reads_back_what_the_entry_wrote(written, folded):
    assert parsed(written) == folded


def test_a_decision_the_doctrine_made_reads_back_its_action():
    from engines.doctrines.situation import Decision as Made

    made = Made(
        action=Action.RETURN_FIRE, step="s", steps=("s",), reason="r", target="Sam"
    )
    written = DefenceWritten(answers={}, decision=made, printed=STEP)
    assert parsed(written) == DecisionData(
        decision=Decision(
            action="return_fire",
            target="Sam",
            follow_up=False,
            counts_as_activated=False,
        )
    )


ENTRY_KEYS = frozenset(
    {
        "inputs",
        "decision",
        "initiative",
        "scene_orders",
        "wounds",
        "hordes",
        "joiner",
        "rout_check",
        "arrivals",
        "printed",
    }
)
"""Keys of an entry's stored data: only the reader and the writer name them."""
TABLE = Path(__file__).parents[2] / "engines" / "table"


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in sorted(TABLE.glob("*.py"))
        if p.name not in ("entries.py", "entry_json.py")
    ],
    ids=lambda p: p.name,
)
def test_no_table_module_but_the_reader_and_the_writer_handles_an_entry_dict(path):
    """No dict literal keyed by an entry's data, no index into one."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            found += sorted(keys & ENTRY_KEYS)
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            if node.slice.value in ENTRY_KEYS:
                found.append(node.slice.value)
    assert found == []
