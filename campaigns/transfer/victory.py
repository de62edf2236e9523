"""A document's ways to win, checked as a whole (issue 31: the import refuses
what the admin refuses).

Each condition's own rules ran with the models' (``WinCondition.clean``); what
they cannot see in memory is checked here, once every object is built: that a
condition names a character or company of its own scene, that no way is an
empty *and*, and that no way of only *not* conditions ends the battle at once.
Two ways that end a battle at once for opposite sides are no error: the first
listed wins, and the import says so.
"""

from __future__ import annotations

from collections import defaultdict

from campaigns.transfer.build import Built
from campaigns.transfer.checks import Problems
from engines.victory import Victory, victory_notices, way_problem


def ways_to_win_check(built: Built, problems: Problems) -> tuple[str, ...]:
    """Add each problem of the document's ways to win to ``problems``; return
    what the import resolves by itself and tells, scene by scene."""
    scene_companies: dict[int, set[int]] = defaultdict(set)
    for _item, sc in built.objects.get("scene_companies", []):
        scene_companies[sc.scene_id].add(sc.company_id)
    conditions: dict[int, list] = defaultdict(list)
    ways_by_scene: dict[int, list] = defaultdict(list)
    for item, condition in built.objects.get("win_conditions", []):
        conditions[condition.way_id].append((item, condition))
    for item, way in built.objects.get("ways_to_win", []):
        ours = conditions.get(way.pk, [])
        if not item.ok or any(not i.ok for i, _c in ours):
            continue
        companies = scene_companies[way.scene_id]
        for c_item, condition in ours:
            if condition.character_id and (
                condition.character.company_id not in companies
            ):
                problems.add(
                    c_item,
                    f"{c_item.path}.character",
                    f"{condition.character.name} is not in this scene's companies.",
                )
            if condition.company_id and condition.company_id not in companies:
                problems.add(
                    c_item,
                    f"{c_item.path}.company",
                    f"{condition.company.name} does not take part in this scene.",
                )
        engine_way = way.to_engine_with([c for _i, c in ours])
        problem = way_problem(engine_way)
        if problem:
            problems.add(item, item.path, problem)
        ways_by_scene[way.scene_id].append(engine_way)
    notices = []
    for _item, scene in built.objects.get("scenes", []):
        ways = tuple(ways_by_scene.get(scene.pk, ()))
        told = victory_notices(Victory(ways=ways, battle_length=scene.battle_length))
        notices += [
            f"“{scene.title}”: {notice}"
            for notice in told
            if ways and "first listed" in notice
        ]
    return tuple(notices)
