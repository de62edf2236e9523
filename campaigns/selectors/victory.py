"""A fixed scene's ways to win, read for the pages that judge or check them
(RULES §1 "Victory as data"): the readiness panel, the result form, the pack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from campaigns.models import Scene, WayToWin
from campaigns.models.victory import (
    conditions_prefetch,
    scene_victory,
    victory_prefetch,
)
from engines.victory import (
    Victory,
    condition_problem,
    victory_notices,
    way_problem,
)


@dataclass(frozen=True)
class VictoryGap:
    """What a fixed scene's ways to win lack, for the readiness panel."""

    scene_id: int
    text: str
    fix_url: str


def victory_gaps(scenes: Sequence[Mapping[str, Any]]) -> list[VictoryGap]:
    """Each fixed fighting scene's gaps in its ways to win (two queries): a
    side with no way, an empty or impossible way, a condition that lacks what
    its kind needs or counts a round past the battle's end. ``scenes``: rows
    with ``id``, ``title`` and ``battle_length``."""
    if not scenes:
        return []
    ids = [s["id"] for s in scenes]
    ways = WayToWin.objects.filter(scene_id__in=ids).prefetch_related(
        conditions_prefetch()
    )
    by_scene: dict[int, list[WayToWin]] = {}
    for row in ways:
        by_scene.setdefault(row.scene_id, []).append(row)
    gaps: list[VictoryGap] = []
    for scene in scenes:
        url = reverse("admin:campaigns_scene_change", args=[scene["id"]])
        title = scene["title"]
        rows = by_scene.get(scene["id"], [])
        victory = Victory(
            ways=tuple(row.to_engine() for row in rows),
            battle_length=scene["battle_length"],
        )
        if not rows:
            text = (
                f"“{title}” is fixed but has no ways to win as data: the site "
                "cannot judge its battle (its victory text stays the story)."
            )
            gaps.append(VictoryGap(scene["id"], text, url + "#ways_to_win-group"))
            continue
        for notice in victory_notices(victory):
            if notice.startswith("No way"):
                gaps.append(VictoryGap(scene["id"], f"“{title}”: {notice}", url))
        for n, (row, way) in enumerate(zip(rows, victory.ways, strict=True), 1):
            way_url = reverse("admin:campaigns_waytowin_change", args=[row.pk])
            problem = way_problem(way) or next(
                (
                    message
                    for c in way.conditions
                    for _f, message in [
                        condition_problem(c, battle_length=victory.battle_length)
                    ]
                    if message
                ),
                "",
            )
            if problem:
                text = f"“{title}”, way to win {n}: {problem}"
                gaps.append(VictoryGap(scene["id"], text, way_url))
    return gaps


def scene_victory_read(*, scene: Scene) -> Victory:
    """The engine's victory of one scene, read in two queries."""
    fresh = Scene.objects.prefetch_related(victory_prefetch()).get(pk=scene.pk)
    return scene_victory(fresh)
