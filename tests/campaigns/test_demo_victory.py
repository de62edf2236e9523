"""Every fixed scene of the demo has its ways to win as data, and each judges
what its victory text says (fixtures/demo/README.md "Victory as data").

Each case is a battle's facts and the outcome the scene's prose gives them;
where the prose cannot be said in the conditions, the README says so and the
case shows what the data gives instead (the player overrules on the result
form).
"""

from __future__ import annotations

import pytest

from campaigns.models import Scene, Setting
from campaigns.models.victory import scene_victory, victory_prefetch
from campaigns.selectors.readiness import campaign_readiness
from campaigns.services.campaign_start import campaign_start
from campaigns.starters import STARTERS
from engines.enums import Edge, Outcome, ScenarioMode, Side
from engines.victory import BattleFacts, Exit, Fighter, Holding, judge

pytestmark = pytest.mark.django_db

V, D, DRAW, ON = Outcome.VICTORY, Outcome.DEFEAT, Outcome.DRAW, None
FRODO, RING = "Frodo Baggins", "The One Ring"
WK = "The Witch-king of Angmar"

FIXED_DEMO_SCENES = 18


@pytest.fixture
def scenes(demo_campaign) -> dict[str, Scene]:
    rows = Scene.objects.filter(
        campaign=demo_campaign, scenario_mode=ScenarioMode.FIXED
    ).prefetch_related(victory_prefetch(), "scene_companies__company__characters")
    return {scene.slug: scene for scene in rows}


def fighters(scene: Scene) -> tuple[Fighter, ...]:
    """Everyone who may take part: a company's allowed characters, else all."""
    result = []
    for entry in scene.scene_companies.all():
        allowed = {c.pk for c in entry.allowed_characters.all()}
        for character in entry.company.characters.all():
            if not allowed or character.pk in allowed:
                result.append(Fighter(character.name, entry.company.name, entry.side))
    return tuple(result)


def company_of(scene: Scene, name: str) -> list[str]:
    return [f.name for f in fighters(scene) if f.company == name]


def test_every_fixed_scene_of_the_demo_has_ways_for_both_sides(scenes):
    sides = {
        slug: {way.side for way in scene.ways_to_win.all()}
        for slug, scene in scenes.items()
    }
    assert (len(sides), [s for s, v in sides.items() if v != {"player", "ai"}]) == (
        FIXED_DEMO_SCENES,
        [],
    )


def test_the_demo_is_ready_with_its_ways_to_win(demo_campaign):
    assert [g.text for g in campaign_readiness(campaign=demo_campaign).gaps] == []


def test_the_starters_have_no_fixed_scene_to_give_ways(user):
    """The starters generate every scenario: §3.12's victory points judge them,
    so there is no fixed scene of theirs to give ways to win."""
    fixed = []
    for slug in STARTERS:
        campaign = campaign_start(
            owner=user,
            name=f"Starter {slug}",
            setting=Setting.objects.get(slug=slug),
            paper_size="A4",
            start="starter",
        )
        fixed += list(
            campaign.scenes.filter(scenario_mode=ScenarioMode.FIXED).values_list(
                "slug", flat=True
            )
        )
    assert fixed == []


def left(name: str, edge: Edge | None = None, feature: str = "", *carrying: str):
    return Exit(name, edge, feature, tuple(carrying))


# (scene, what happened, the prose's outcome; None: the battle goes on)
CASES = [
    # Bree: Frodo leaves through the East Gate carrying the Ring; a wraith
    # carries the Ring off; the player side routs; otherwise a draw.
    ("bree", dict(exits=[left(FRODO, Edge.EAST, "The East Gate", RING)]), V),
    ("bree", dict(exits=[left(FRODO, Edge.EAST, "", RING)]), DRAW),
    (
        "bree",
        dict(fallen=[FRODO], exits=[left(WK, Edge.NORTH, "", RING)]),
        D,
    ),
    ("bree", dict(routed=["The Fellowship of the Ring"]), D),
    ("bree", dict(), DRAW),
    # Bree Bridge: Frodo crosses the bridge and leaves by the east edge; he falls.
    ("bree-bridge", dict(exits=[left(FRODO, Edge.EAST, "The bridge")]), V),
    ("bree-bridge", dict(fallen=[FRODO], final=False), D),
    ("bree-bridge", dict(), DRAW),
    # Weathertop: RULES §1's own example.
    ("weathertop", dict(fallen=[FRODO], final=False), D),
    ("weathertop", dict(fallen=["*The Ringwraiths"], final=False), V),
    ("weathertop", dict(), DRAW),
    # Flight to the Ford.
    (
        "flight-to-the-ford",
        dict(exits=[left(FRODO, Edge.EAST, "The Ford of Bruinen")]),
        V,
    ),
    ("flight-to-the-ford", dict(fallen=[FRODO], final=False), D),
    ("flight-to-the-ford", dict(), DRAW),
    # Breaking the bridge: the orcs rout; an orc holds the west end at the end.
    ("osgiliath-breaking-the-bridge", dict(routed=["Orcs of Mordor"]), V),
    (
        "osgiliath-breaking-the-bridge",
        dict(holdings=[Holding(5, "The Last Bridge (west end)", Side.AI)]),
        D,
    ),
    # (no orc on the west bank cannot be said: the data gives a draw)
    ("osgiliath-breaking-the-bridge", dict(), DRAW),
    # Moria: RULES §1's own example.
    ("moria", dict(routed=["Goblins of Moria"]), V),
    ("moria", dict(exits="half through the East Door, Frodo among them"), V),
    ("moria", dict(fallen=[FRODO], final=False), D),
    ("moria", dict(), DRAW),
    # The Deeping Wall.
    ("the-deeping-wall-breached", dict(routed=["*ai"]), V),
    (
        "the-deeping-wall-breached",
        dict(holdings=[Holding(6, "The Deeping Wall", Side.PLAYER)]),
        V,
    ),
    (
        "the-deeping-wall-breached",
        dict(holdings=[Holding(6, "The Deeping Wall", Side.AI)]),
        D,
    ),
    ("the-deeping-wall-breached", dict(), DRAW),
    # The relief.
    ("the-relief-of-helms-deep", dict(routed=["*ai"]), V),
    ("the-relief-of-helms-deep", dict(routed=["*player"]), D),
    ("the-relief-of-helms-deep", dict(), DRAW),
    # Isengard: the garrison routs, or the Ents hold the foot of Orthanc.
    ("the-flooding-of-isengard", dict(routed=["The Garrison of Isengard"]), V),
    (
        "the-flooding-of-isengard",
        dict(holdings=[Holding(6, "The foot of Orthanc", Side.PLAYER)]),
        V,
    ),
    ("the-flooding-of-isengard", dict(routed=["Ents of Fangorn"]), D),
    ("the-flooding-of-isengard", dict(), DRAW),
    # The beacons: lit and not routed; dark at the end is a defeat.
    (
        "lighting-the-beacons",
        dict(holdings=[Holding(3, "The beacon of Amon Dîn", Side.PLAYER)]),
        V,
    ),
    ("lighting-the-beacons", dict(), D),
    ("lighting-the-beacons", dict(routed=["*player"]), D),
    # The Red Arrow.
    ("the-red-arrow", dict(exits=[left("Hirgon", Edge.WEST)]), V),
    ("the-red-arrow", dict(exits=[left("Hirgon", Edge.EAST)]), DRAW),
    ("the-red-arrow", dict(fallen=["Hirgon"], final=False), D),
    ("the-red-arrow", dict(), DRAW),
    # Orcs on the river: rout either way; the bank cannot be said.
    ("osgiliath-orcs-on-the-river", dict(routed=["Orcs of Mordor"]), V),
    ("osgiliath-orcs-on-the-river", dict(routed=["*player"]), D),
    ("osgiliath-orcs-on-the-river", dict(), DRAW),
    # Faramir's retreat.
    ("osgiliath-faramirs-retreat", dict(exits="Faramir and half by the west"), V),
    ("osgiliath-faramirs-retreat", dict(exits=[left("Faramir", Edge.WEST)]), DRAW),
    ("osgiliath-faramirs-retreat", dict(fallen=["Faramir"], final=False), D),
    # Grond: the attackers rout; they hold the Great Gate at the end.
    ("grond-breaks-the-gate", dict(routed=["*ai"]), V),
    (
        "grond-breaks-the-gate",
        dict(holdings=[Holding(6, "The Great Gate", Side.AI)]),
        D,
    ),
    ("grond-breaks-the-gate", dict(), DRAW),
    # The Witch-king and Théoden.
    ("the-witch-king-and-theoden", dict(fallen=[WK]), V),
    ("the-witch-king-and-theoden", dict(exits=[left(WK, Edge.NORTH)]), V),
    ("the-witch-king-and-theoden", dict(fallen=["Théoden"], final=False), D),
    ("the-witch-king-and-theoden", dict(), DRAW),
    # Éowyn and Merry.
    ("eowyn-and-merry", dict(fallen=[WK]), V),
    ("eowyn-and-merry", dict(fallen=["Éowyn"]), DRAW),
    ("eowyn-and-merry", dict(fallen=["Éowyn", "Meriadoc Brandybuck"]), D),
    ("eowyn-and-merry", dict(), DRAW),
    # The Eagles: not routed when the battle ends; routed or all fallen before.
    ("the-eagles-are-coming", dict(), V),
    ("the-eagles-are-coming", dict(routed=["*player"], final=False), D),
    ("the-eagles-are-coming", dict(fallen=["*player"], final=False), D),
    # Bywater.
    ("the-battle-of-bywater", dict(routed=["*ai"]), V),
    ("the-battle-of-bywater", dict(routed=["*player"]), D),
    ("the-battle-of-bywater", dict(), DRAW),
]


def _names(scene: Scene, names) -> frozenset[str]:
    """Names; "*company" or "*side" stands for all of them."""
    everyone = fighters(scene)
    result: set[str] = set()
    for name in names:
        if name.startswith("*"):
            group = name[1:]
            result |= {f.name for f in everyone if group in (f.company, f.side)}
        else:
            result.add(name)
    return frozenset(result)


def _routed(scene: Scene, names) -> frozenset[str]:
    everyone = fighters(scene)
    result: set[str] = set()
    for name in names:
        if name.startswith("*"):
            result |= {f.company for f in everyone if f.side == name[1:]}
        else:
            result.add(name)
    return frozenset(result)


def _exits(scene: Scene, exits) -> tuple[Exit, ...]:
    if exits == "half through the East Door, Frodo among them":
        fellowship = company_of(scene, "The Fellowship of the Ring")
        half = [FRODO, *[n for n in fellowship if n != FRODO]][
            : (len(fellowship) + 1) // 2
        ]
        return tuple(left(n, Edge.EAST, "The East Door") for n in half)
    if exits == "Faramir and half by the west":
        rangers = company_of(scene, "Rangers and Men of Gondor")
        half = ["Faramir", *[n for n in rangers if n != "Faramir"]][
            : (len(rangers) + 1) // 2
        ]
        return tuple(left(n, Edge.WEST) for n in half)
    return tuple(exits)


@pytest.mark.parametrize(
    ("slug", "happened", "expected"),
    CASES,
    ids=[f"{slug}-{n}" for n, (slug, _h, _e) in enumerate(CASES)],
)
def test_each_fixed_scene_judges_as_its_prose_says(scenes, slug, happened, expected):
    scene = scenes[slug]
    happened = dict(happened)
    final = happened.pop("final", True)
    facts = BattleFacts(
        fighters=fighters(scene),
        round=scene.battle_length if final else 2,
        final=final,
        fallen=_names(scene, happened.pop("fallen", [])),
        exits=_exits(scene, happened.pop("exits", [])),
        holdings=tuple(happened.pop("holdings", [])),
        routed=_routed(scene, happened.pop("routed", [])),
    )
    assert judge(scene_victory(scene), facts).outcome == expected
