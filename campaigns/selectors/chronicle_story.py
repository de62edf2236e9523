"""What the chronicle tells beside each battle's result: the moments of its
table log, the commanders as they were when it was fought, its reopenings, and
the battles discarded before it (issue: the chronicle tells the story).

Each function takes the battles (or scenes) of one chronicle page and makes one
query for them all, so the chronicle's cost does not grow with the story.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime

from campaigns.bidi import isolated
from campaigns.models import (
    Battle,
    BattleCompany,
    CampaignLogEntry,
    CommanderChange,
    TableEntry,
)
from campaigns.presenters.table_answer import log_line
from campaigns.presenters.table_pieces import LogLine
from campaigns.selectors.table_words import log_line_words
from campaigns.setting_words import Words
from engines.enums import Rating, Reputation, Side

HIGHLIGHT_TAPS = frozenset(
    {"fell", "routed", "left", "carried_off", "company_routed", "side_routed"}
)
"""Taps that are moments of the story: a fall, a rout, an objective carried off.
(A wound token is a moment only when it fells its character.)"""


def table_lines_and_highlights(
    battles: Iterable[Battle], *, words: Words | None = None
) -> tuple[dict[int, tuple[LogLine, ...]], dict[int, tuple[str, ...]]]:
    """Each battle's table log, line by line, and its moments (who fell or
    routed, the random events drawn, the objective carried off, how it ended),
    both by battle id, from one query, told in ``words`` (the campaign's
    setting's) when given."""
    words = words or Words()
    ids = [battle.pk for battle in battles]
    lines: dict[int, list[LogLine]] = {}
    moments: dict[int, list[str]] = {}
    entries = (
        TableEntry.objects.filter(log__battle_id__in=ids)
        .select_related("log")
        .order_by("log__battle_id", "position")
    )
    for entry in entries:
        battle_id = entry.log.battle_id
        lines.setdefault(battle_id, []).append(log_line_words(log_line(entry), words))
        moment = words.text(_moment(entry))
        if moment:
            moments.setdefault(battle_id, []).append(moment)
    return (
        {battle_id: tuple(found) for battle_id, found in lines.items()},
        {battle_id: tuple(found) for battle_id, found in moments.items()},
    )


def _moment(entry: TableEntry) -> str:
    data = entry.data or {}
    when = f"Round {entry.round}: " if entry.round else ""
    if entry.kind == "round":
        event = data.get("event") or {}
        title = str(event.get("title") or "").rstrip(".")
        if not title:
            return ""
        return f"{when}the {event.get('card', 'card')} drawn brought “{title}”."
    if entry.kind == "tap":
        if data.get("tap") in HIGHLIGHT_TAPS or data.get("falls"):
            return f"{when}{entry.text}"
        return ""
    if entry.kind == "end" and entry.text:
        return f"{when}{entry.text}"
    return ""


@dataclass(frozen=True)
class CommanderAsWas:
    side: str
    name: str
    reputation: str
    rating: str

    @property
    def sentence(self) -> str:
        who = "your side" if self.side == Side.PLAYER.value else "the AI"
        reputation = Reputation(self.reputation).label
        rating = Rating(self.rating).label.lower()
        return f"{isolated(self.name)} ({reputation}, {rating}) led {who}."


def commanders_as_they_were(
    battles: Collection[Battle], *, leading: list[BattleCompany] | None = None
) -> dict[int, tuple[CommanderAsWas, ...]]:
    """Each battle's leading commanders with the reputation and rating they had
    when it was set up, by battle id: the values now, taken back through every
    change made since (two queries; one when the battles' ``leading``
    companies, with their commanders, are at hand)."""
    if not battles:
        return {}
    if leading is None:
        leading = list(
            BattleCompany.objects.filter(
                battle__in=[b.pk for b in battles],
                leading=True,
                company__commander__isnull=False,
            )
            .select_related("company__commander")
            .order_by("battle_id", "side")
        )
    commander_ids = {
        bc.company.commander_id for bc in leading if bc.company.commander_id is not None
    }
    changes: dict[int, list[CommanderChange]] = {}
    for change in CommanderChange.objects.filter(
        commander_id__in=commander_ids
    ).order_by("created_at", "id"):
        changes.setdefault(change.commander_id, []).append(change)
    when = {battle.pk: battle.created_at for battle in battles}
    told: dict[int, list[CommanderAsWas]] = {}
    for bc in sorted(leading, key=lambda bc: bc.side != Side.PLAYER.value):
        commander = bc.company.commander
        if commander is None:  # the query asks for a leading company's commander
            continue
        values = _values_at(
            commander, changes.get(commander.pk, []), when[bc.battle_id]
        )
        told.setdefault(bc.battle_id, []).append(
            CommanderAsWas(side=bc.side, name=commander.name, **values)
        )
    return {battle_id: tuple(lines) for battle_id, lines in told.items()}


def battle_commanders(*, battle: Battle) -> tuple[CommanderAsWas, ...]:
    """One battle's leading commanders as they were (its companies prefetched
    with their commanders, as ``battle_for_campaign`` gives it: one query)."""
    leading = [
        bc for bc in battle.companies.all() if bc.leading and bc.company.commander_id
    ]
    return commanders_as_they_were([battle], leading=leading).get(battle.pk, ())


def _values_at(commander, changes: list[CommanderChange], moment: datetime):
    values = {"reputation": commander.reputation, "rating": commander.rating}
    for field in values:
        later = [c for c in changes if c.field == field and c.created_at > moment]
        if later:
            values[field] = later[0].old_value
    return values


@dataclass(frozen=True)
class TakenBack:
    """The steps taken back, from the campaign log: each battle's reopenings
    counted (by battle id), and the discarded setups (by scene id, in order)."""

    reopened: dict[int, int]
    discards: dict[int, list[CampaignLogEntry]]


def taken_back(*, campaign_id: int, scene_ids: Collection[int] | None) -> TakenBack:
    """Reopenings and discards in the chronicle's scenes (one query)."""
    entries = CampaignLogEntry.objects.filter(
        campaign_id=campaign_id,
        kind__in=(CampaignLogEntry.Kind.REOPEN, CampaignLogEntry.Kind.DISCARD),
    )
    if scene_ids is not None:
        entries = entries.filter(scene_id__in=scene_ids)
    reopened: dict[int, int] = {}
    discards: dict[int, list[CampaignLogEntry]] = {}
    for entry in entries.order_by("created_at", "order", "id"):
        if entry.kind == CampaignLogEntry.Kind.REOPEN and entry.battle_id:
            reopened[entry.battle_id] = reopened.get(entry.battle_id, 0) + 1
        elif entry.kind == CampaignLogEntry.Kind.DISCARD and entry.scene_id:
            discards.setdefault(entry.scene_id, []).append(entry)
    return TakenBack(reopened=reopened, discards=discards)


def reopening_sentence(count: int) -> str:
    if not count:
        return ""
    times = "once" if count == 1 else "twice" if count == 2 else f"{count} times"
    return (
        f"Its result was reopened {times} and entered again; what is told here is "
        "the result that stands."
    )
