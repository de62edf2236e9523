"""The chronicle (RULES §6.5): the campaign's story so far, scene by scene.

Built from a fixed number of queries whatever the campaign's size: the scenes,
the resolved battles with their results, outcomes, wounds taken and healed and
commander changes, and the wounds healed at sanctuaries.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, Q

from campaigns.bidi import isolated
from campaigns.models import (
    Battle,
    Campaign,
    CampaignLogEntry,
    CharacterOutcome,
    CommanderChange,
    PersistingWound,
    Scene,
)
from campaigns.models.battle import BattleStatus
from campaigns.presenters.table_pieces import LogLine
from campaigns.selectors.chronicle_story import (
    CommanderAsWas,
    commanders_as_they_were,
    reopening_sentence,
    table_lines_and_highlights,
    taken_back,
)
from campaigns.setting_words import campaign_words
from campaigns.story import (
    CommanderLine,
    FateLine,
    battle_story,
    healed_words,
    result_sentence_of,
)
from engines.enums import Fate, Outcome, SceneKind, SceneStatus

DEATHS = frozenset({Fate.KILLED, Fate.KILLED_OUTRIGHT})
CHRONICLE_PAGE = 10
"""Top-level scenes on one page of the screen chronicle (the PDF has them all)."""


@dataclass(frozen=True)
class WoundTold:
    """A wound as the chronicle tells it: its name and whose it is (a page
    tells some two thousand: read as values, not as models)."""

    name: str
    character_id: int
    character_name: str


@dataclass(frozen=True)
class ChronicleBattle:
    battle: Battle
    outcomes: list[CharacterOutcome]
    wounds_taken: list[WoundTold]
    wounds_healed: list[WoundTold]
    commander_changes: list[CommanderChange]
    table_log: tuple[LogLine, ...] = ()
    """The battle's table-mode log, one line an entry (none if not played so)."""
    highlights: tuple[str, ...] = ()
    """The moments of its table log: falls, routs, events, objectives, the end."""
    commanders: tuple[CommanderAsWas, ...] = ()
    """Its leading commanders as they were when it was fought."""
    reopened: int = 0
    """How many times its result was reopened before the one that stands."""

    @property
    def outcome_text(self) -> str:
        """The scene's own words for this outcome (after a victory or a defeat)."""
        scene = self.battle.scene
        match self.result.outcome:
            case Outcome.VICTORY:
                return " ".join(scene.after_victory_text.split())
            case Outcome.DEFEAT:
                return " ".join(scene.after_defeat_text.split())
        return ""

    @property
    def reopening(self) -> str:
        return reopening_sentence(self.reopened)

    @property
    def when(self):
        return self.battle.created_at

    @property
    def result(self):
        return self.battle.result

    @property
    def casualties(self) -> list[CharacterOutcome]:
        """Everyone who fell (or was killed outright), with the fate it met."""
        return [o for o in self.outcomes if o.fallen or o.killed_outright]

    @property
    def deaths(self) -> list[CharacterOutcome]:
        return [o for o in self.outcomes if o.fate in DEATHS]

    @property
    def story(self) -> list[str]:
        """The battle told in sentences: its outcome, who fell, the wounds
        they carry now, the wounds that healed and the commanders moved."""
        result = self.result
        taken: dict[int, list[str]] = {}
        for wound in self.wounds_taken:
            taken.setdefault(wound.character_id, []).append(wound.name)
        return battle_story(
            result=result_sentence_of(result),
            fates=[
                FateLine(
                    name=o.participant.character.name,
                    fate=o.fate,
                    wound_tokens=o.wound_tokens,
                    new_wounds=tuple(taken.get(o.participant.character_id, ())),
                )
                for o in self.outcomes
            ],
            healed=[(w.character_name, w.name) for w in self.wounds_healed],
            commanders=[
                CommanderLine(
                    name=c.commander.name,
                    field=c.field,
                    old=c.old_value,
                    new=c.new_value,
                )
                for c in self.commander_changes
            ],
        )


@dataclass(frozen=True)
class ChronicleDiscard:
    """A battle set up here and discarded before it was fought."""

    entry: CampaignLogEntry

    @property
    def text(self) -> str:
        return self.entry.text

    @property
    def when(self):
        return self.entry.created_at


@dataclass
class ChronicleScene:
    scene: Scene
    battles: list[ChronicleBattle] = field(default_factory=list)
    sub_scenes: list[ChronicleScene] = field(default_factory=list)
    healed_here: list[WoundTold] = field(default_factory=list)
    discards: list[ChronicleDiscard] = field(default_factory=list)

    @property
    def moments(self) -> list[ChronicleBattle | ChronicleDiscard]:
        """Its battles and its discarded setups, in the order they happened."""
        return sorted([*self.battles, *self.discards], key=lambda m: m.when)

    @property
    def is_sanctuary(self) -> bool:
        return self.scene.kind == SceneKind.SANCTUARY

    @property
    def briefing_line(self) -> str:
        """The briefing's first sentence, to set the scene."""
        text = " ".join(self.scene.briefing.split())
        for end in (". ", "! ", "? "):
            if end in text:
                return text[: text.index(end) + 1]
        return text

    @property
    def rest_story(self) -> str:
        """A resolved sanctuary's rest, in a sentence."""
        healed = [(w.character_name, w.name) for w in self.healed_here]
        what = f"{healed_words(healed)}; " if healed else ""
        return f"The company rested here: {what}every unfit character is fit again."


@dataclass(frozen=True)
class Chronicle:
    campaign: Campaign
    scenes: list[ChronicleScene]
    """Top-level scenes played so far (resolved or current), in order."""

    @property
    def battles(self) -> list[ChronicleBattle]:
        """Every battle told, in story order."""
        return [
            battle
            for scene in self.scenes
            for entry in (scene, *scene.sub_scenes)
            for battle in entry.battles
        ]

    @property
    def logged_battles(self) -> list[ChronicleBattle]:
        """The battles played with a table log (the printed appendix)."""
        return [battle for battle in self.battles if battle.table_log]

    @property
    def summary(self) -> str:
        """The story so far in one sentence, for the first page."""
        battles = self.battles
        if not battles:
            return "No battle has been fought yet: the story begins with the first."
        counts = {outcome: 0 for outcome in Outcome}
        for battle in battles:
            counts[Outcome(battle.result.outcome)] += 1
        words = {
            Outcome.VICTORY: ("victory", "victories"),
            Outcome.DEFEAT: ("defeat", "defeats"),
            Outcome.DRAW: ("draw", "draws"),
        }
        parts = [
            f"{counts[outcome]} {one if counts[outcome] == 1 else many}"
            for outcome, (one, many) in words.items()
            if counts[outcome]
        ]
        fought = len(battles)
        current = self.campaign.current_scene()
        now = f" The story stands at {isolated(current.title)}." if current else ""
        return (
            f"{fought} battle{'' if fought == 1 else 's'} fought: "
            + ", ".join(parts)
            + "."
            + now
        )


def _battles(campaign: Campaign, scene_ids: Collection[int] | None) -> list[Battle]:
    outcomes = CharacterOutcome.objects.select_related(
        "participant__character"
    ).order_by("participant__order", "id")
    changes = CommanderChange.objects.select_related("commander").order_by(
        "created_at", "id"
    )
    return list(
        Battle.objects.filter(
            campaign=campaign, status=BattleStatus.RESOLVED, result__isnull=False
        )
        .filter(**({} if scene_ids is None else {"scene_id__in": scene_ids}))
        .select_related("result", "scene")
        .prefetch_related(
            Prefetch("result__character_outcomes", queryset=outcomes),
            Prefetch("commander_changes", queryset=changes),
        )
        .order_by("number", "id")
    )


def wounds_told(by: str, **within: Any) -> dict[int, list[WoundTold]]:
    """The wounds ``within`` the filter, by the id in their field ``by`` (the
    battle that dealt or healed them, the scene that healed them), each
    character's in name order. One query."""
    rows = (
        PersistingWound.objects.filter(**within)
        .order_by("character__name", "id")
        .values_list(by, "name", "character_id", "character__name")
    )
    told: dict[int, list[WoundTold]] = {}
    for key, name, character_id, character_name in rows:
        told.setdefault(key, []).append(WoundTold(name, character_id, character_name))
    return told


def chronicle_page(
    *, campaign: Campaign, page: int | str | None, per_page: int = CHRONICLE_PAGE
) -> tuple[Chronicle, Page]:
    """One page of the chronicle: ``per_page`` top-level scenes with their
    sub-scenes, so the page costs the same however long the story grows."""
    top_ids = list(
        Scene.objects.filter(campaign=campaign, parent__isnull=True)
        .exclude(status=SceneStatus.PENDING)
        .order_by("order", "id")
        .values_list("pk", flat=True)
    )
    page_obj = Paginator(top_ids, per_page).get_page(page)
    return campaign_chronicle(campaign=campaign, top_ids=list(page_obj)), page_obj


def campaign_chronicle(
    *, campaign: Campaign, top_ids: Collection[int] | None = None
) -> Chronicle:
    """The scenes played so far, each with its battles or its rest (only the
    top-level scenes ``top_ids`` and their sub-scenes when given)."""
    scenes_qs = Scene.objects.filter(campaign=campaign).exclude(
        status=SceneStatus.PENDING
    )
    if top_ids is not None:
        scenes_qs = scenes_qs.filter(Q(pk__in=top_ids) | Q(parent_id__in=top_ids))
    scenes = list(scenes_qs.order_by("order", "id"))
    scene_ids = None if top_ids is None else [scene.pk for scene in scenes]
    entries = {scene.pk: ChronicleScene(scene=scene) for scene in scenes}
    battles = _battles(campaign, scene_ids)
    table_logs, highlights = table_lines_and_highlights(
        battles, words=campaign_words(campaign)
    )
    commanders = commanders_as_they_were(battles)
    ids = [battle.pk for battle in battles]
    taken = wounds_told("battle_taken_id", battle_taken_id__in=ids)
    healed_in = wounds_told("healed_in_battle_id", healed_in_battle_id__in=ids)
    back = taken_back(campaign_id=campaign.pk, scene_ids=scene_ids)
    for battle in battles:
        entry = entries.get(battle.scene_id)
        if entry is None:
            continue
        entry.battles.append(
            ChronicleBattle(
                battle=battle,
                outcomes=list(battle.result.character_outcomes.all()),
                wounds_taken=taken.get(battle.pk, []),
                wounds_healed=healed_in.get(battle.pk, []),
                commander_changes=list(battle.commander_changes.all()),
                table_log=table_logs.get(battle.pk, ()),
                highlights=highlights.get(battle.pk, ()),
                commanders=commanders.get(battle.pk, ()),
                reopened=back.reopened.get(battle.pk, 0),
            )
        )
    for scene_id, found in back.discards.items():
        entry = entries.get(scene_id)
        if entry is not None:
            entry.discards.extend(ChronicleDiscard(entry=e) for e in found)
    within: dict[str, Any] = {"healed_at_scene__campaign": campaign}
    if scene_ids is not None:
        within["healed_at_scene_id__in"] = scene_ids
    for scene_id, wounds in wounds_told("healed_at_scene_id", **within).items():
        entry = entries.get(scene_id)
        if entry is not None:
            entry.healed_here.extend(wounds)
    top = []
    for scene in scenes:
        parent = None if scene.parent_id is None else entries.get(scene.parent_id)
        if parent is not None:
            parent.sub_scenes.append(entries[scene.pk])
        elif scene.parent_id is None:
            top.append(entries[scene.pk])
    return Chronicle(campaign=campaign, scenes=top)


@dataclass(frozen=True)
class ChroniclePage:
    """One page of the chronicle on screen."""

    chronicle: Chronicle
    page_obj: Page


def chronicle_screen_page(
    *, campaign: Campaign, page: int | str | None
) -> ChroniclePage:
    chronicle, page_obj = chronicle_page(campaign=campaign, page=page)
    return ChroniclePage(chronicle=chronicle, page_obj=page_obj)
