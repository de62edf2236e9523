"""What a campaign still lacks before it can be played.

The admin's readiness panel (and its action over several campaigns) and the
site's dashboard both show this list, so a club admin sees before the first
battle what setting one up would refuse. Each gap says what is missing in a
player's words and links to the admin page where it is fixed.

Five queries whatever the campaign's size (six when its unplayed scenes give
the robot orders, two more when some are fixed: their ways to win): its
scenes, the companies in its unplayed scenes, their orders, its companies'
characters counted, and (with random events) its event deck and events. The
admin's panel asks for each unplayed fighting scene's latest playtest odds too
(``with_odds``): one query more, whatever the number of scenes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.db.models import Count, Q
from django.urls import reverse

from campaigns.models import (
    Campaign,
    Company,
    Event,
    EventDeck,
    Scene,
    SceneCompany,
    SceneOrder,
)
from campaigns.selectors.event_decks import event_deck_problem
from campaigns.selectors.playtest_odds import latest_odds
from campaigns.selectors.victory import victory_gaps
from engines.enums import ScenarioMode, SceneKind, SceneStatus, Side

FIGHTING = (SceneKind.MAJOR.value, SceneKind.SUB_SCENE.value)
SIDE_NAMES = {Side.PLAYER.value: "player", Side.AI.value: "AI"}


@dataclass(frozen=True)
class Gap:
    """One thing missing, and the admin page that fixes it."""

    text: str
    fix_url: str
    fix_label: str
    scene_id: int | None = None
    """The scene it belongs to; None for the campaign as a whole."""
    blocks: bool = True
    """Whether it stops the scene's battle being set up (a fixed scene without
    its ways to win can still be played: the players judge its prose)."""


@dataclass(frozen=True)
class SceneOdds:
    """A scene's latest kept playtest (RULES §7), as the admin's panel lists it."""

    title: str
    summary: str
    """Victory, draw and defeat in words, or that no playtest is kept."""
    warnings: tuple[str, ...]
    url: str
    """The scene's playtest page on the site."""


@dataclass(frozen=True)
class Readiness:
    campaign: Campaign
    gaps: tuple[Gap, ...]
    current_scene_id: int | None
    notes: tuple[Gap, ...] = ()
    """What a builder should know that blocks nothing (a scene's terrain is
    rolled for each battle), with the admin page to change it."""
    odds: tuple[SceneOdds, ...] = ()
    """Each unplayed fighting scene's latest playtest (asked ``with_odds``)."""

    @property
    def ready(self) -> bool:
        """Nothing missing that stops a battle (a flag that blocks nothing,
        such as a fixed scene without its ways to win, is still listed)."""
        return not any(gap.blocks for gap in self.gaps)

    @property
    def blocks_play(self) -> bool:
        """Whether a gap stops the current scene's battle being set up: one of
        the campaign as a whole, or one of the current scene."""
        return any(
            gap.blocks
            and (gap.scene_id is None or gap.scene_id == self.current_scene_id)
            for gap in self.gaps
        )


def _change(model: str, pk: int, anchor: str = "") -> str:
    url = reverse(f"admin:campaigns_{model}_change", args=[pk])
    return f"{url}#{anchor}" if anchor else url


def _add(model: str, **params: object) -> str:
    return f"{reverse(f'admin:campaigns_{model}_add')}?{urlencode(params)}"


def campaign_readiness(*, campaign: Campaign, with_odds: bool = False) -> Readiness:
    """Every gap of ``campaign``, the campaign's own first, then scene by scene
    in play order. Resolved scenes are history and are not checked.
    ``with_odds``: each unplayed fighting scene's latest playtest odds too."""
    scenes = list(
        Scene.objects.filter(campaign=campaign)
        .order_by("order", "id")
        .values(
            "id",
            "slug",
            "title",
            "kind",
            "status",
            "parent_id",
            "scenario_mode",
            "battle_length",
        )
        .annotate(feature_count=Count("features"))
    )
    open_scenes = [s for s in scenes if s["status"] != SceneStatus.RESOLVED]
    current = next(
        (
            s
            for s in scenes
            if s["status"] == SceneStatus.CURRENT
            and s["kind"] != SceneKind.LARGER_BATTLE
        ),
        None,
    )
    gaps: list[Gap] = []
    if not scenes:
        gaps.append(
            Gap(
                "The campaign has no scenes yet.",
                _add("scene", campaign=campaign.pk),
                "Add the first scene",
            )
        )
    elif current is None:
        first = next(
            (s for s in open_scenes if s["kind"] != SceneKind.LARGER_BATTLE), None
        )
        if first is not None:
            gaps.append(
                Gap(
                    "No scene is being played: mark the scene to play first as "
                    "current.",
                    _change("scene", first["id"]),
                    f"Open “{first['title']}”",
                )
            )
    gaps.extend(_event_deck_gaps(campaign))
    gaps.extend(_scene_gaps(campaign, open_scenes))
    return Readiness(
        campaign=campaign,
        gaps=tuple(gaps),
        current_scene_id=current["id"] if current else None,
        notes=tuple(_terrain_notes(open_scenes)),
        odds=_scene_odds(campaign, open_scenes) if with_odds else (),
    )


def _scene_odds(
    campaign: Campaign, open_scenes: Sequence[Mapping[str, Any]]
) -> tuple[SceneOdds, ...]:
    fighting = [s for s in open_scenes if s["kind"] in FIGHTING]
    kept = latest_odds(scene_ids=[s["id"] for s in fighting])
    out = []
    for scene in fighting:
        odds = kept.get(scene["id"])
        warnings: tuple[str, ...] = ()
        if odds is None:
            summary = "no playtest kept yet"
        else:
            stance = f"{odds.stance.lower()}, " if odds.stance else ""
            summary = f"{odds.summary} ({stance}{odds.report.battles} battles)"
            warnings = tuple(odds.report.warnings)
        out.append(
            SceneOdds(
                title=scene["title"],
                summary=summary,
                warnings=tuple(warnings),
                url=reverse(
                    "campaigns:scene_playtest",
                    kwargs={"slug": campaign.slug, "scene": scene["slug"]},
                ),
            )
        )
    return tuple(out)


def _terrain_notes(open_scenes: Sequence[Mapping[str, Any]]) -> list[Gap]:
    """§3.13: a generated fighting scene with no terrain of its own gets it
    from the dice at each battle."""
    return [
        Gap(
            f"“{s['title']}” generates its scenario and has no terrain features "
            "of its own: its terrain is rolled for each battle (the setup sheet "
            "draws it).",
            reverse("admin:campaigns_scene_terrain", args=[s["id"]]),
            "Roll a table to keep",
            scene_id=s["id"],
        )
        for s in open_scenes
        if s["kind"] in FIGHTING
        and s["scenario_mode"] == ScenarioMode.GENERATE
        and not s["feature_count"]
    ]


def _event_deck_gaps(campaign: Campaign) -> list[Gap]:
    if not campaign.random_events or campaign.event_deck_id is None:
        return []
    deck = EventDeck.objects.filter(pk=campaign.event_deck_id).values("name").first()
    titles = dict(
        Event.objects.filter(deck_id=campaign.event_deck_id).values_list(
            "card", "title"
        )
    )
    problem = event_deck_problem(titles=titles)
    if problem is None or deck is None:
        return []
    return [
        Gap(
            f"Random events are on, but the event deck “{deck['name']}” is not "
            f"complete: {problem}",
            _change("eventdeck", campaign.event_deck_id),
            "Fill in the event deck",
        )
    ]


def _scene_gaps(
    campaign: Campaign, open_scenes: Sequence[Mapping[str, Any]]
) -> list[Gap]:
    fighting_ids = [s["id"] for s in open_scenes if s["kind"] in FIGHTING]
    entries: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    company_ids: set[int] = set()
    if fighting_ids:
        rows = (
            SceneCompany.objects.filter(scene_id__in=fighting_ids)
            .order_by("order", "id")
            .annotate(
                allowed=Count("allowed_characters", distinct=True),
                order_count=Count("orders", distinct=True),
            )
            .values(
                "scene_id",
                "company_id",
                "side",
                "leading",
                "min_characters",
                "allowed",
                "order_count",
            )
        )
        for row in rows:
            entries[row["scene_id"]].append(row)
            company_ids.add(row["company_id"])
    companies = {}
    if company_ids:
        companies = {
            row["id"]: row
            for row in Company.objects.filter(pk__in=company_ids)
            .annotate(alive=Count("characters", filter=Q(characters__alive=True)))
            .values("id", "name", "alive")
        }
    with_sub_scenes = {s["parent_id"] for s in open_scenes if s["parent_id"]}
    gaps: list[Gap] = []
    for scene in open_scenes:
        title = scene["title"]
        if scene["kind"] == SceneKind.LARGER_BATTLE:
            if scene["id"] not in with_sub_scenes:
                gaps.append(
                    Gap(
                        f"“{title}” is a larger battle with no sub-scenes: add the "
                        "battles fought in it.",
                        _add(
                            "scene",
                            campaign=campaign.pk,
                            kind=SceneKind.SUB_SCENE.value,
                            parent=scene["id"],
                        ),
                        "Add a sub-scene",
                        scene["id"],
                    )
                )
            continue
        if scene["kind"] not in FIGHTING:
            continue
        gaps.extend(_fighting_scene_gaps(scene, entries[scene["id"]], companies))
    with_orders = sorted(
        {
            row["scene_id"]
            for rows in entries.values()
            for row in rows
            if row["order_count"]
        }
    )
    gaps.extend(_order_gaps(with_orders, {s["id"]: s["title"] for s in open_scenes}))
    fixed = [
        s
        for s in open_scenes
        if s["kind"] in FIGHTING and s["scenario_mode"] == ScenarioMode.FIXED
    ]
    gaps.extend(
        Gap(
            gap.text,
            gap.fix_url,
            "Open its ways to win",
            gap.scene_id,
            blocks=False,
        )
        for gap in victory_gaps(fixed)
    )
    return gaps


def _order_gaps(scene_ids: list[int], titles: dict[int, str]) -> list[Gap]:
    """Each scene order that cannot apply (§1 "Scene orders"), named."""
    if not scene_ids:
        return []
    gaps = []
    orders = (
        SceneOrder.objects.filter(scene_company__scene_id__in=scene_ids)
        .select_related("scene_company__company")
        .order_by("scene_company__scene__order", "scene_company__order", "order", "id")
    )
    for order in orders:
        sc = order.scene_company
        problem = order.problem(sc.doctrine())
        if problem:
            gaps.append(
                Gap(
                    f"“{titles[sc.scene_id]}”: “{sc.company.name}” — {problem}.",
                    _change("scenecompany", sc.pk),
                    f"Open the orders of “{sc.company.name}”",
                    sc.scene_id,
                )
            )
    return gaps


def _fighting_scene_gaps(
    scene: Mapping[str, Any],
    entries: Sequence[Mapping[str, Any]],
    companies: Mapping[int, Mapping[str, Any]],
) -> list[Gap]:
    title = scene["title"]
    companies_url = _change("scene", scene["id"], "scene_companies-group")
    gaps: list[Gap] = []

    def gap(text: str, url: str = companies_url, label: str = "") -> None:
        gaps.append(Gap(text, url, label or f"Open “{title}”", scene["id"]))

    for side in (Side.PLAYER.value, Side.AI.value):
        name = SIDE_NAMES[side]
        of_side = [e for e in entries if e["side"] == side]
        if not of_side:
            who = "the robot plays" if side == Side.AI else "the players command"
            gap(f"“{title}” has no {name} company: add the company {who}.")
        elif not any(e["leading"] for e in of_side):
            gap(f"“{title}”: choose the company that leads the {name} side.")
    for entry in entries:
        company = companies.get(entry["company_id"])
        if company is None:
            continue
        url = _change("company", company["id"], "characters-group")
        label = f"Open “{company['name']}”"
        if company["alive"] == 0:
            gap(f"“{title}”: “{company['name']}” has no characters.", url, label)
            continue
        can_come = entry["allowed"] or company["alive"]
        least = entry["min_characters"]
        if least is not None and least > can_come:
            gap(
                f"“{title}”: at least {least} of “{company['name']}” must take part, "
                f"but only {can_come} can.",
            )
    return gaps
