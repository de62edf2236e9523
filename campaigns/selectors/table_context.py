"""A battle as table mode sees it (:class:`~engines.table.state.Context`),
read from the database in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from django.db.models import Prefetch, Q

from campaigns.bidi import isolated
from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    PersistingWound,
    TableEntry,
)
from campaigns.selectors.battle_pack import battle_battlefield
from campaigns.selectors.doctrine_settings import company_ranges, doctrine_settings
from engines.battlefield import Feature
from engines.doctrines import DoctrineSettings
from engines.enums import Cover, Doctrine, HordeMode, Mishap, Side, WoundStatus
from engines.events import Event, event_deck_message
from engines.scouting import LATE_ARRIVAL_ROUND
from engines.table.state import (
    Context,
    Fighter,
    TableCompany,
    Template,
    unique_labels,
)


def table_context(*, battle: Battle, seed: int | None = None) -> Context:
    """Everything table mode needs of ``battle``: its fighters with their move,
    range and free wound slots (persisting wounds counted), its companies with
    this battle's doctrine settings, the table, the length and the events.

    Five queries at most, whatever the battle's size.
    """
    scene = battle.scene
    wounds = PersistingWound.objects.filter(
        (Q(status=WoundStatus.OPEN) & ~Q(battle_taken_id=battle.pk))
        | Q(healed_in_battle_id=battle.pk)
    )
    participants = list(
        BattleParticipant.objects.filter(battle=battle)
        .exclude(mishap=Mishap.MISSES)
        .select_related("character")
        .prefetch_related(Prefetch("character__wounds", queryset=wounds))
        .order_by("order", "id")
    )
    companies = list(
        BattleCompany.objects.filter(battle=battle)
        .select_related("company__reinforcement_template")
        .order_by("order", "id")
    )
    battlefield = battle_battlefield(battle)
    quarry = tuple(sorted(c.name for c in scene.quarry.all()))
    table_companies = []
    for bc in companies:
        template = bc.company.reinforcement_template
        force = battlefield.force(str(bc.company_id))
        table_companies.append(
            TableCompany(
                order=bc.order,
                name=isolated(bc.company.name),
                side=Side(bc.side),
                doctrine=Doctrine(bc.doctrine),
                settings=doctrine_settings(
                    scene=scene,
                    starting_mode=bc.starting_mode,
                    orders=() if force is None else force.orders,
                    lit=battlefield.lit,
                    ranges=company_ranges(participants, bc.company_id),
                ),
                notes="" if force is None else force.instructions,
                arrival=" ".join(() if force is None else force.arrival_lines()[:1]),
                template=None
                if template is None
                else Template(
                    name=isolated(template.name),
                    move=template.move,
                    shooting_range=template.shooting_range,
                    free_slots=template.wound_slots,
                ),
            )
        )
    arrivals = {}
    late: dict[str, int] = {}
    for bc in companies:
        force = battlefield.force(str(bc.company_id))
        if force is not None and force.arrival is not None:
            arrivals[bc.company_id] = force.arrival.round
        if force is not None:
            late.update(force.late)
    objectives = tuple(
        replace(o, name=isolated(o.name)) for o in battlefield.objectives
    )
    carriers = {
        o.carrier: isolated(o.name) for o in battlefield.objectives if o.carrier
    }
    fighters = _fighters(participants, companies, arrivals, carriers, late)
    events, problem = _events(battle)
    return Context(
        seed=battle.setup_seed if seed is None else seed,
        length=battlefield.length,
        width=battlefield.width,
        depth=battlefield.depth,
        sight_limit=battlefield.sight_limit,
        lit=battlefield.lit,
        first_activation=Side(battle.first_activation)
        if battle.first_activation
        else None,
        fighters=fighters,
        companies=tuple(table_companies),
        objectives=objectives,
        fixed_objectives=tuple(
            isolated(f.name) for f in battlefield.features if f.objective
        ),
        events=events,
        events_problem=problem,
        coop_players=tuple(str(name) for name in battle.coop_players or ()),
        quarry=quarry,
        cover_pieces=cover_pieces(battlefield.features),
    )


def cover_pieces(features: Iterable[Feature]) -> tuple[tuple[str, Cover], ...]:
    """The table's terrain giving cover, lettered as the setup sheet letters it."""
    return tuple(
        (f"{chr(ord('A') + n)} {isolated(f.name)}", f.cover)
        for n, f in enumerate(features)
        if f.cover is not Cover.NONE
    )


def table_context_thin(
    *, battle: Battle, carriers: Mapping[str, str] | None = None
) -> Context:
    """Enough of the battle to fold its log (who is who, which company): from
    the battle's participants and companies as prefetched (the battle page's
    and the result form's battle), without wounds, settings or events;
    ``carriers``: the objective each character carries from the start."""
    participants = [
        p for p in battle.participants.all() if p.mishap != Mishap.MISSES.value
    ]
    companies = list(battle.companies.all())
    table_companies = tuple(
        TableCompany(
            order=bc.order,
            name=isolated(bc.company.name),
            side=Side(bc.side),
            doctrine=Doctrine(bc.doctrine),
            settings=DoctrineSettings(
                horde_start=HordeMode(bc.starting_mode or battle.scene.horde_start_mode)
            ),
        )
        for bc in companies
    )
    return Context(
        seed=battle.setup_seed,
        length=0,
        width=0,
        depth=0,
        sight_limit=None,
        first_activation=None,
        fighters=_fighters(participants, companies, {}, carriers or {}, {}),
        companies=table_companies,
    )


def _fighters(
    participants: Sequence[BattleParticipant],
    companies: Sequence[BattleCompany],
    arrivals: Mapping[int, int],
    carriers: Mapping[str, str],
    late: Mapping[str, int],
) -> tuple[Fighter, ...]:
    order_of = {bc.company_id: bc.order for bc in companies}
    labels = [
        isolated(n) for n in unique_labels([p.character.name for p in participants])
    ]
    fighters = []
    for p, label in zip(participants, labels, strict=True):
        character = p.character
        cache = getattr(character, "_prefetched_objects_cache", {})
        # The wounds it brought to this battle (open when the battle began).
        wounds = list(cache.get("wounds", ()))
        move = max(character.move + sum(w.move_modifier for w in wounds), 0)
        # A single character's own arrival round (§1 "Arrival") comes first.
        arrives = late.get(character.name, arrivals.get(character.company_id, 1))
        if p.reserve:
            arrives = max(arrives, LATE_ARRIVAL_ROUND)
        fighters.append(
            Fighter(
                key=f"p{p.order}",
                name=character.name,
                label=label,
                side=Side(p.side),
                company=order_of.get(character.company_id, -1),
                card_order=p.order,
                move=move,
                shooting_range=character.shooting_range,
                free_slots=max(0, character.wound_slots - len(wounds)),
                defence=character.defence + sum(w.defence_modifier for w in wounds),
                participant_id=p.pk,
                arrives=arrives,
                starts_fallen=p.mishap == Mishap.LOST.value,
                disorganized=p.disorganized,
                carrying=carriers.get(character.name),
            )
        )
    return tuple(fighters)


def _events(battle: Battle) -> tuple[dict[str, Event] | None, str]:
    """The campaign's event deck when it uses random events and the deck is
    whole; else None, and why not where that is a problem."""
    campaign = battle.campaign
    if not campaign.random_events or campaign.event_deck_id is None:
        return None, ""
    deck = campaign.event_deck
    if deck is None:
        return None, ""
    rows = list(deck.events.all())
    problem = event_deck_message([e.card for e in rows])
    if problem:
        return None, problem
    events = {
        e.card: Event(
            key=e.card,
            title=isolated(e.title),
            text=e.text,
            sight_limit=e.sight_limit,
            toward_last_seen=e.toward_last_seen,
        )
        for e in rows
    }
    return events, ""


def table_entries(*, battle: Battle) -> list[TableEntry]:
    """The battle's log entries in order (one query; none without a log)."""
    return list(TableEntry.objects.filter(log__battle=battle).order_by("position"))
