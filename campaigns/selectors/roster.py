"""Reads for rosters: companies, their characters, wounds and commanders.

Every function here runs a fixed number of queries whatever the size of the
campaign: related rows come with ``select_related`` or one ``Prefetch`` each.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import (
    Count,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Value,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404

from campaigns.models import (
    BattleParticipant,
    Campaign,
    Character,
    CharacterOutcome,
    Commander,
    CommanderChange,
    Company,
    Effect,
    PersistingWound,
    SceneCompany,
)
from engines.enums import SceneKind, SceneStatus, WoundStatus
from engines.wounds import UnfitReason, unfit_reason

ROSTER_PAGE_SIZE = 50
DASHBOARD_ROSTER_SIZE = 12
"""Characters shown per company on the dashboard; the company page has them all."""
BATTLES_PAGE_SIZE = 25
COMMANDER_RECENT_CHANGES = 3


UNFIT_WORDS = {
    UnfitReason.FLAG: "grievously wounded: misses the company's next battle",
    UnfitReason.WOUNDS: "open wounds fill every wound slot",
}
"""§2's reasons a character is unfit, as the roster says them."""


@dataclass(frozen=True)
class RosterCharacter:
    """A character as a roster shows it: card values, wounds and state."""

    character: Character
    open_wounds: tuple[PersistingWound, ...]
    healed_wound_count: int

    @property
    def status(self) -> str:
        """ "dead", "unfit" or "alive" (RULES §2)."""
        if not self.character.alive:
            return "dead"
        if self.character.is_unfit(len(self.open_wounds)):
            return "unfit"
        return "alive"

    @property
    def status_label(self) -> str:
        return {"dead": "Dead", "unfit": "Unfit", "alive": "Alive"}[self.status]

    @property
    def unfit_reason(self) -> str:
        """Why it cannot fight, in the roster's words (the engine's reason)."""
        if not self.character.alive:
            return ""
        reason = unfit_reason(
            self.character.unfit_next_battle,
            len(self.open_wounds),
            self.character.wound_slots,
        )
        return "" if reason is None else UNFIT_WORDS[reason]

    @property
    def slots(self) -> list[PersistingWound | None]:
        """One entry per wound slot: the open wound filling it, or None."""
        wounds = list(self.open_wounds)[: self.character.wound_slots]
        return wounds + [None] * (self.character.wound_slots - len(wounds))


@dataclass(frozen=True)
class CompanyRoster:
    """A company with the first characters of its roster (the dashboard)."""

    company: Company
    characters: tuple[RosterCharacter, ...]
    character_count: int
    alive_count: int
    in_current_scene: bool

    @property
    def more(self) -> int:
        return self.character_count - len(self.characters)


def _count(queryset: QuerySet) -> Coalesce:
    """The number of rows of a correlated queryset, as a subquery."""
    counted = (
        queryset.order_by().values(group=Value(1)).annotate(n=Count("pk")).values("n")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


def _open_wounds_prefetch() -> Prefetch:
    return Prefetch(
        "wounds",
        queryset=PersistingWound.objects.filter(status=WoundStatus.OPEN).order_by(
            "created_at", "id"
        ),
        to_attr="open_wound_list",
    )


def _roster_characters() -> QuerySet[Character]:
    """Characters in card order with their open wounds and healed-wound count."""
    return (
        Character.objects.order_by("card_order", "id")
        .annotate(
            healed_wound_count=Count(
                "wounds", filter=Q(wounds__status=WoundStatus.HEALED)
            )
        )
        .prefetch_related(_open_wounds_prefetch())
    )


def _roster_character(character: Character) -> RosterCharacter:
    return RosterCharacter(
        character=character,
        open_wounds=tuple(character.open_wound_list),
        healed_wound_count=character.healed_wound_count,
    )


def campaign_rosters(
    *, campaign: Campaign, per_company: int = DASHBOARD_ROSTER_SIZE
) -> list[CompanyRoster]:
    """Every company of the campaign: those of the scene being played first, each
    with its first ``per_company`` characters, then the others (no characters:
    the dashboard lists them) in the order the story brings them in.

    Three queries whatever the campaign's size (one when no company is in the
    current scene)."""
    in_current_scene = SceneCompany.objects.filter(
        company=OuterRef("pk"), scene__status=SceneStatus.CURRENT
    ).exclude(scene__kind=SceneKind.LARGER_BATTLE)
    # Subqueries, not joins: joining characters and scene entries at once
    # multiplies the rows by both and grows with the campaign.
    first_scene = (
        SceneCompany.objects.filter(company=OuterRef("pk"))
        .order_by("scene__order")
        .values("scene__order")[:1]
    )
    companies = list(
        Company.objects.filter(campaign=campaign)
        .select_related("commander")
        .annotate(
            character_count=_count(Character.objects.filter(company=OuterRef("pk"))),
            alive_count=_count(
                Character.objects.filter(company=OuterRef("pk"), alive=True)
            ),
            first_scene=Subquery(first_scene),
            in_current_scene=Exists(in_current_scene),
        )
        .order_by(
            F("in_current_scene").desc(),
            F("first_scene").asc(nulls_last=True),
            "name",
            "id",
        )
    )
    playing = [company for company in companies if company.in_current_scene]
    prefetch_related_objects(
        playing,
        Prefetch(
            "characters",
            queryset=_roster_characters()[:per_company],
            to_attr="roster_head",
        ),
    )
    return [
        CompanyRoster(
            company=company,
            characters=tuple(
                _roster_character(c) for c in getattr(company, "roster_head", ())
            ),
            character_count=company.character_count,
            alive_count=company.alive_count,
            in_current_scene=company.in_current_scene,
        )
        for company in companies
    ]


def company_for_campaign(*, campaign: Campaign, company_id: int) -> Company:
    """The campaign's company with its commander and the commander's whole
    history; 404 when it is another campaign's."""
    history = CommanderChange.objects.select_related("battle__scene").order_by(
        "-created_at", "-id"
    )
    queryset = (
        Company.objects.filter(campaign=campaign)
        .select_related("commander")
        .prefetch_related(Prefetch("commander__history", queryset=history))
    )
    return get_object_or_404(queryset, pk=company_id)


def company_roster_page(
    *, company: Company, page: str | int | None, per_page: int = ROSTER_PAGE_SIZE
) -> tuple[Page, list[RosterCharacter]]:
    """One page of the company's roster (a bad page number gives the nearest
    page). Three queries: the count, the page, its open wounds."""
    paginator = Paginator(_roster_characters().filter(company=company), per_page)
    page_obj = paginator.get_page(page)
    return page_obj, [_roster_character(c) for c in page_obj.object_list]


def campaign_commanders(
    *, campaign: Campaign, company_ids: list[int] | None = None
) -> list[Commander]:
    """The campaign's commanders with their company and latest changes (as
    ``recent``, newest first, with ``change_count`` in all). With
    ``company_ids``, only those companies' commanders and any commander without
    a company. Two queries."""
    recent = CommanderChange.objects.select_related("battle").order_by(
        "-created_at", "-id"
    )[:COMMANDER_RECENT_CHANGES]
    commanders = Commander.objects.filter(campaign=campaign)
    if company_ids is not None:
        commanders = commanders.filter(
            Q(company__in=company_ids) | Q(company__isnull=True)
        )
    return list(
        commanders.select_related("company")
        .annotate(change_count=Count("history"))
        .prefetch_related(Prefetch("history", queryset=recent, to_attr="recent"))
        .order_by("name", "id")
    )


# --- one character ----------------------------------------------------------------


@dataclass(frozen=True)
class BattleLine:
    """One battle a character fought: how it took part, its fate, what changed."""

    participant: BattleParticipant
    outcome: CharacterOutcome | None
    effects: tuple[Effect, ...]


def character_for_campaign(*, campaign: Campaign, character_id: int) -> Character:
    """The campaign's character with its company and commander; 404 otherwise."""
    return get_object_or_404(
        Character.objects.filter(company__campaign=campaign).select_related(
            "company__commander"
        ),
        pk=character_id,
    )


def character_wounds(*, character: Character) -> list[PersistingWound]:
    """Every persisting wound, open first, with where it was taken and healed."""
    return list(
        character.wounds.select_related(
            "battle_taken__scene", "healed_in_battle__scene", "healed_at_scene"
        ).order_by("-status", "created_at", "id")
    )


def character_battles_page(
    *, character: Character, page: str | int | None, per_page: int = BATTLES_PAGE_SIZE
) -> tuple[Page, list[BattleLine]]:
    """The battles the character fought, newest first, each with its fate and
    the resolution's effects on the character and its wounds. Four queries."""
    participations = (
        BattleParticipant.objects.filter(character=character)
        .select_related("battle__scene")
        .prefetch_related(
            Prefetch(
                "outcomes",
                queryset=CharacterOutcome.objects.order_by("-id"),
                to_attr="outcome_list",
            )
        )
        .order_by("-battle__number", "-id")
    )
    paginator = Paginator(participations, per_page)
    page_obj = paginator.get_page(page)
    rows = list(page_obj.object_list)
    effects = Effect.objects.filter(
        Q(target_model="character", target_id=character.pk)
        | Q(
            target_model="persistingwound",
            target_id__in=character.wounds.values("pk"),
        ),
        battle_id__in=[row.battle_id for row in rows],
    ).order_by("battle_id", "order", "id")
    by_battle: dict[int, list[Effect]] = {}
    for effect in effects:
        if effect.battle_id is not None:  # the query asks for these battles'
            by_battle.setdefault(effect.battle_id, []).append(effect)
    return page_obj, [
        BattleLine(
            participant=row,
            outcome=row.outcome_list[0] if row.outcome_list else None,
            effects=tuple(by_battle.get(row.battle_id, ())),
        )
        for row in rows
    ]


def character_roster_entry(
    *, character: Character, wounds: list[PersistingWound]
) -> RosterCharacter:
    """The character as a roster line, from its wounds (no query)."""
    return RosterCharacter(
        character=character,
        open_wounds=tuple(w for w in wounds if w.status == WoundStatus.OPEN),
        healed_wound_count=sum(1 for w in wounds if w.status == WoundStatus.HEALED),
    )


# --- the pages ----------------------------------------------------------------------


@dataclass(frozen=True)
class CompanyPage:
    """The company page: its commander with the whole history, one page of
    its roster."""

    company: Company
    page_obj: Page
    roster: list[RosterCharacter]

    @property
    def commander(self) -> Commander | None:
        return self.company.commander


def company_page(
    *, campaign: Campaign, company_id: int, page: str | None
) -> CompanyPage:
    company = company_for_campaign(campaign=campaign, company_id=company_id)
    page_obj, roster = company_roster_page(company=company, page=page)
    return CompanyPage(company=company, page_obj=page_obj, roster=roster)


@dataclass(frozen=True)
class CharacterPage:
    """The character page: its card values, wounds and the battles it fought."""

    character: Character
    entry: RosterCharacter
    wounds: list[PersistingWound]
    page_obj: Page
    battle_lines: list[BattleLine]

    @property
    def company(self) -> Company:
        return self.character.company


def character_page(
    *, campaign: Campaign, character_id: int, page: str | None
) -> CharacterPage:
    character = character_for_campaign(campaign=campaign, character_id=character_id)
    wounds = character_wounds(character=character)
    page_obj, battle_lines = character_battles_page(character=character, page=page)
    return CharacterPage(
        character=character,
        entry=character_roster_entry(character=character, wounds=wounds),
        wounds=wounds,
        page_obj=page_obj,
        battle_lines=battle_lines,
    )
