"""Reads for a battle's pages: the battle page (the setup in words, its dice
and what to do next) and the pages around it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch
from django.http import Http404
from django.urls import reverse

from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    Campaign,
    CampaignLogEntry,
    Scene,
)
from campaigns.models.battle import BattleStatus
from campaigns.selectors.access import CampaignAccess
from campaigns.selectors.battle_pack import (
    battle_for_pack,
    battle_pack_data,
    pack_queryset,
)
from campaigns.selectors.pack_names import participant_labels
from campaigns.selectors.steps import Step, campaign_steps, reopen_offer
from campaigns.setting_words import campaign_words
from engines.dice import log_from_data
from engines.enums import Relation, Side

RELATION_VERBS = {
    Relation.OUTSCOUTS.value: ("outscout", "outscouts"),
    Relation.SURPRISES.value: ("surprise", "surprises"),
}
"""How each scouting relation reads after "you" and after "the AI"."""


class BattleGone(Http404):
    """A battle of this campaign that was discarded: its old address (the back
    button after a discard) says so instead of a bare "not found"."""

    def __init__(self, *, text: str, campaign: Campaign) -> None:
        super().__init__(text)
        self.text = text
        self.campaign = campaign


def battle_for_campaign(
    *, campaign: Campaign, battle_id: int, pack: bool = False
) -> Battle:
    """The battle with its scene, companies and participants (a fixed number of
    queries); 404 when it is not this campaign's (:class:`BattleGone` when it
    was, and was discarded). ``pack``: with all its pack prints too, so the
    page that shows both reads the battle once."""
    participants = BattleParticipant.objects.select_related(
        "character__company"
    ).order_by("order", "id")
    companies = BattleCompany.objects.select_related("company__commander").order_by(
        "order", "id"
    )
    queryset = (
        Battle.objects.filter(campaign=campaign)
        .select_related("scene__parent", "campaign__setting")
        .prefetch_related(
            Prefetch("participants", queryset=participants),
            Prefetch("companies", queryset=companies),
        )
    )
    if pack:
        queryset = pack_queryset(battle_id).filter(campaign=campaign)
        queryset = queryset.select_related("scene__parent")
    battle = queryset.filter(pk=battle_id).first()
    if battle is None:
        discard = CampaignLogEntry.objects.filter(
            campaign=campaign,
            kind=CampaignLogEntry.Kind.DISCARD,
            discarded_battle_id=battle_id,
        ).first()
        if discard is not None:
            raise BattleGone(text=discard.text, campaign=campaign)
        raise Http404("No such battle in this campaign.")
    return battle


def scouting_sentence(battle: Battle) -> str:
    """Who won the scouting, in a sentence: "You outscout the AI"."""
    if battle.relation == Relation.TIED:
        return "Tied: neither side outscouted the other"
    verbs = RELATION_VERBS.get(battle.relation)
    if verbs is None:
        return ""
    you, it = verbs
    if battle.higher_side == Side.PLAYER:
        return f"You {you} the AI"
    return f"The AI {it} you"


def battle_url(name: str, battle: Battle) -> str:
    return reverse(
        f"campaigns:{name}",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


@dataclass(frozen=True)
class ParticipantLine:
    """A character on the battle page, under its name as the table says it."""

    participant: BattleParticipant
    label: str


@dataclass(frozen=True)
class BattlePage:
    """The battle page: the setup in words, the dice log, both sides, and the
    step the dashboard would offer (the pack, the result, the resolution),
    with the ways back (re-roll, discard, reopen) where they are allowed now,
    or a line saying why not."""

    battle: Battle
    scene: Scene
    player_participants: tuple[ParticipantLine, ...]
    ai_participants: tuple[ParticipantLine, ...]
    companies: tuple[BattleCompany, ...]
    dice_log: tuple[tuple[int, str], ...]
    """Each roll told in a line, in the campaign's setting's words."""
    setup_paragraphs: tuple[str, ...]
    steps: tuple[Step, ...]
    not_now: tuple[str, ...] = ()
    """Why an action is not offered now, one line each."""

    @property
    def scouting(self) -> str:
        return scouting_sentence(self.battle)

    @property
    def resolved(self) -> bool:
        return self.battle.status == BattleStatus.RESOLVED


def battle_page(
    *, access: CampaignAccess, battle_id: int, packs_downloaded: Mapping[str, int]
) -> BattlePage:
    """The battle page's content (three queries, three more for a resolved
    battle the owner may reopen)."""
    battle = battle_for_campaign(
        campaign=access.campaign, battle_id=battle_id, pack=True
    )
    participants = tuple(battle.participants.all())
    labels = participant_labels(list(participants))
    lines = [ParticipantLine(p, labels[p.character_id]) for p in participants]
    steps, not_now = _battle_steps(access, battle, packs_downloaded)
    words = campaign_words(battle.campaign)
    fixed = bool((battle.setup_data or {}).get("fixed"))
    return BattlePage(
        battle=battle,
        scene=battle.scene,
        player_participants=tuple(
            line for line in lines if line.participant.side == Side.PLAYER
        ),
        ai_participants=tuple(
            line for line in lines if line.participant.side == Side.AI
        ),
        companies=tuple(battle.companies.all()),
        dice_log=tuple(
            (number, words.text(entry.describe()))
            for number, entry in enumerate(log_from_data(battle.dice_log), 1)
        ),
        setup_paragraphs=tuple(
            p if fixed else words.text(p) for p in battle.setup_text.split("\n\n") if p
        ),
        steps=steps,
        not_now=not_now,
    )


def _battle_steps(
    access: CampaignAccess, battle: Battle, packs_downloaded: Mapping[str, int]
) -> tuple[tuple[Step, ...], tuple[str, ...]]:
    """What the battle page offers besides the pack (which has its own box)."""
    if battle.status == BattleStatus.RESOLVED:
        steps = [Step("See the resolution", battle_url("resolution", battle), True)]
        if not access.can_edit:
            return tuple(steps), ()
        steps.append(Step("Your notes", battle_url("battle_notes", battle)))
        offer, reason = reopen_offer(
            campaign=access.campaign,
            battle=battle,
            steps=campaign_steps(campaign_id=battle.campaign_id),
        )
        return (*steps, offer) if offer else tuple(steps), ((reason,) if reason else ())
    if not access.can_edit:
        return (), ()
    pack_made = packs_downloaded.get(str(battle.pk)) == battle.times_rolled
    return (
        Step("Enter result", battle_url("result_entry", battle), primary=pack_made),
        Step("Re-roll the setup", battle_url("battle_reroll", battle), takes_back=True),
        Step(
            "Discard this battle", battle_url("battle_discard", battle), takes_back=True
        ),
    ), ()


@dataclass(frozen=True)
class NotesPage:
    """The player's notes on a battle."""

    battle: Battle

    @property
    def scene(self) -> Scene:
        return self.battle.scene


def notes_page(*, access: CampaignAccess, battle_id: int) -> NotesPage:
    return NotesPage(
        battle=battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    )


def battle_for_pack_page(*, campaign: Campaign, battle_id: int) -> Battle:
    """The battle with everything its pack prints; 404 when it is not this
    campaign's."""
    try:
        return battle_for_pack(campaign=campaign, battle_id=battle_id)
    except Battle.DoesNotExist as error:
        raise Http404("No such battle in this campaign.") from error


def battle_pack_page_data(*, page: BattlePage, site_url: str) -> dict[str, Any]:
    """The data of the battle's pack, from the battle as its page read it (with
    the pack's prefetch: one read for both); 404 when the battle is gone
    (discarded by another request since the page was read)."""
    if not Battle.objects.filter(pk=page.battle.pk).exists():
        raise Http404("No such battle in this campaign.")
    return battle_pack_data(battle=page.battle, site_url=site_url)
