"""A large, valid campaign for scale tests and benchmarks (``generate_campaign``).

Rows are made with ``bulk_create`` in one transaction; the data is drawn from
``random.Random(seed)`` so the same options give the same campaign. The result
respects every rule the site relies on: one current fighting scene, sub-scenes
under larger battles, at most one result per battle, and never more open wounds
on a character than it has wound slots (most wounds are healed).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction

from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    BattleResult,
    Campaign,
    CampaignLogEntry,
    Character,
    CharacterOutcome,
    Commander,
    Company,
    Effect,
    PersistingWound,
    Scene,
    SceneCompany,
)
from engines.enums import (
    Doctrine,
    EndReason,
    Outcome,
    Rating,
    Reputation,
    SceneKind,
    SceneStatus,
    Side,
    TroopType,
    WoundStatus,
)

BATCH = 1000


@dataclass(frozen=True)
class GenerateSizes:
    scenes: int = 1000
    battles: int = 1000
    companies: int = 50
    characters: int = 2000
    wounds: int = 20000

    def check(self) -> None:
        if self.scenes < 2:
            raise ValidationError("A generated campaign needs at least 2 scenes.")
        if self.companies < 2:
            raise ValidationError("A generated campaign needs at least 2 companies.")
        if self.characters < self.companies:
            raise ValidationError("Give every company at least one character.")
        if min(self.battles, self.wounds) < 0:
            raise ValidationError("Sizes cannot be negative.")


def campaign_generate(
    *,
    owner: AbstractBaseUser,
    slug: str,
    sizes: GenerateSizes | None = None,
    seed: int = 0,
) -> Campaign:
    """Build a campaign of the given sizes owned by ``owner``."""
    sizes = sizes or GenerateSizes()
    sizes.check()
    if Campaign.objects.filter(slug=slug).exists():
        raise ValidationError(f"A campaign with the slug “{slug}” already exists.")
    rng = random.Random(seed)
    with transaction.atomic():
        campaign = Campaign.objects.create(
            owner=owner,
            name=f"Generated campaign {slug}",
            slug=slug,
            description="A large generated campaign for scale tests.",
        )
        companies = _companies(campaign, sizes.companies)
        characters = _characters(companies, sizes.characters, rng)
        scenes = _scenes(campaign, sizes.scenes)
        fighting = [
            s for s in scenes if s.kind in (SceneKind.MAJOR, SceneKind.SUB_SCENE)
        ]
        _scene_companies(fighting, companies)
        battles = _battles(
            campaign, fighting, sizes.battles, companies, characters, rng
        )
        _wounds(characters, battles, sizes.wounds, rng)
    return campaign


def _companies(campaign: Campaign, count: int) -> list[Company]:
    reputations = list(Reputation)
    ratings = list(Rating)
    commanders = Commander.objects.bulk_create(
        Commander(
            campaign=campaign,
            name=f"Commander {n}",
            reputation=reputations[n % 3],
            rating=ratings[(n // 3) % 3],
        )
        for n in range(count)
    )
    doctrines = list(Doctrine)
    return Company.objects.bulk_create(
        Company(
            campaign=campaign,
            name=f"Company {n}",
            side=Side.PLAYER if n % 2 == 0 else Side.AI,
            commander=commanders[n],
            default_doctrine=Doctrine.PRIORITY if n % 2 == 0 else doctrines[n % 4],
            colour="#2f5d3a" if n % 2 == 0 else "#6b2a2a",
        )
        for n in range(count)
    )


def _characters(
    companies: list[Company], count: int, rng: random.Random
) -> list[Character]:
    types = list(TroopType)
    rows = []
    for n in range(count):
        company = companies[n % len(companies)]
        rows.append(
            Character(
                company=company,
                name=f"Character {n}",
                troop_type=types[n % len(types)],
                attack=rng.randint(-1, 3),
                defence=rng.randint(-1, 3),
                shooting_range=rng.choice([None, 12, 18, 24]),
                move=6,
                wound_slots=rng.randint(2, 6),
                hero=n % 10 == 0,
                card_order=n // len(companies) + 1,
            )
        )
    return Character.objects.bulk_create(rows, batch_size=BATCH)


def _scenes(campaign: Campaign, count: int) -> list[Scene]:
    """Majors, larger battles with three sub-scenes, and sanctuaries, in order.

    Every scene is resolved except the last fighting one, which is current."""
    kinds: list[tuple[SceneKind, int | None]] = []  # (kind, index of parent)
    while len(kinds) < count:
        n = len(kinds)
        if n % 10 == 4 and count - n >= 4:
            parent = n
            kinds.append((SceneKind.LARGER_BATTLE, None))
            kinds.extend((SceneKind.SUB_SCENE, parent) for _ in range(3))
        elif n % 10 == 9:
            kinds.append((SceneKind.SANCTUARY, None))
        else:
            kinds.append((SceneKind.MAJOR, None))
    kinds = kinds[:count]
    last_fighting = max(
        i
        for i, (kind, _) in enumerate(kinds)
        if kind in (SceneKind.MAJOR, SceneKind.SUB_SCENE)
    )
    scenes = [
        Scene(
            campaign=campaign,
            order=(i + 1) * 10,
            slug=f"scene-{i + 1}",
            title=f"Scene {i + 1}",
            kind=kind,
            status=SceneStatus.CURRENT if i == last_fighting else SceneStatus.RESOLVED,
            outcome="" if i == last_fighting else Outcome.VICTORY,
            briefing="A generated scene.",
        )
        for i, (kind, _) in enumerate(kinds)
    ]
    for scene in scenes[last_fighting + 1 :]:
        scene.status = SceneStatus.PENDING
        scene.outcome = ""
    # Larger battles exist before their sub-scenes point at them.
    tops = [scenes[i] for i, (_, parent) in enumerate(kinds) if parent is None]
    Scene.objects.bulk_create(tops, batch_size=BATCH)
    subs = []
    for i, (_, parent) in enumerate(kinds):
        if parent is not None:
            scenes[i].parent = scenes[parent]
            subs.append(scenes[i])
    Scene.objects.bulk_create(subs, batch_size=BATCH)
    current_parent = scenes[last_fighting].parent
    if current_parent is not None:
        Scene.objects.filter(pk=current_parent.pk).update(
            status=SceneStatus.CURRENT, outcome=""
        )
    return scenes


def _scene_companies(fighting: list[Scene], companies: list[Company]) -> None:
    players = [c for c in companies if c.side == Side.PLAYER]
    ais = [c for c in companies if c.side == Side.AI]
    rows = []
    for n, scene in enumerate(fighting):
        rows.append(
            SceneCompany(
                scene=scene,
                company=players[n % len(players)],
                side=Side.PLAYER,
                entry_edge="south",
                leading=True,
                order=0,
            )
        )
        rows.append(
            SceneCompany(
                scene=scene,
                company=ais[n % len(ais)],
                side=Side.AI,
                entry_edge="north",
                leading=True,
                order=1,
            )
        )
    SceneCompany.objects.bulk_create(rows, batch_size=BATCH)


def _battles(
    campaign: Campaign,
    fighting: list[Scene],
    count: int,
    companies: list[Company],
    characters: list[Character],
    rng: random.Random,
) -> list[Battle]:
    resolved_scenes = [
        s for s in fighting if s.status == SceneStatus.RESOLVED
    ] or fighting
    by_company: dict[int, list[Character]] = {}
    for character in characters:
        by_company.setdefault(character.company_id, []).append(character)
    players = [c for c in companies if c.side == Side.PLAYER]
    ais = [c for c in companies if c.side == Side.AI]
    battles = Battle.objects.bulk_create(
        (
            Battle(
                campaign=campaign,
                scene=resolved_scenes[n % len(resolved_scenes)],
                number=n + 1,
                status="resolved",
                setup_seed=rng.randint(0, 2**40),
                resolution_seed=rng.randint(0, 2**40),
                player_stance="attack",
                ai_stance=rng.choice(["attack", "recon", "defend"]),
                player_score=rng.randint(1, 12),
                ai_score=rng.randint(1, 12),
                relation="outscouts",
                higher_side="player",
                table_cell="Pitched Battle",
                scenario="Pitched Battle",
                scenario_name="Pitched Battle",
                setup_text="Both sides deploy at their entry edges.",
                dice_log=[
                    {
                        "purpose": "AI stance",
                        "dice": [4],
                        "modifiers": [],
                        "total": 4,
                        "outcome": "recon",
                        "card": None,
                    }
                ],
            )
            for n in range(count)
        ),
        batch_size=BATCH,
    )
    companies_rows, participants, results, logs, effects = [], [], [], [], []
    for n, battle in enumerate(battles):
        player = players[n % len(players)]
        ai = ais[n % len(ais)]
        companies_rows += [
            BattleCompany(
                battle=battle,
                company=player,
                side=Side.PLAYER,
                entry_edge="south",
                leading=True,
                doctrine="priority",
                order=0,
            ),
            BattleCompany(
                battle=battle,
                company=ai,
                side=Side.AI,
                entry_edge="north",
                leading=True,
                doctrine=ai.default_doctrine,
                order=1,
            ),
        ]
        fighters = by_company.get(player.pk, [])[:2] + by_company.get(ai.pk, [])[:2]
        for order, character in enumerate(fighters, start=1):
            side = Side.PLAYER if character.company_id == player.pk else Side.AI
            participants.append(
                BattleParticipant(
                    battle=battle, character=character, side=side, order=order
                )
            )
        results.append(
            BattleResult(
                battle=battle,
                outcome=rng.choice(list(Outcome)),
                end_reason=rng.choice(list(EndReason)),
                fingerprint=f"generated-{n}",
            )
        )
        effects.append(
            Effect(
                battle=battle,
                order=1,
                kind=Effect.Kind.SCENE_STATUS,
                target_model="scene",
                target_id=battle.scene_id,
                before={"status": "current"},
                after={"status": "resolved"},
                description=f"{battle.scene.title} resolved.",
            )
        )
        logs.append(
            CampaignLogEntry(
                campaign=campaign,
                battle=battle,
                scene=battle.scene,
                kind="result",
                text=f"Battle {battle.number} resolved.",
                order=n,
            )
        )
    BattleCompany.objects.bulk_create(companies_rows, batch_size=BATCH)
    participants = BattleParticipant.objects.bulk_create(participants, batch_size=BATCH)
    results = BattleResult.objects.bulk_create(results, batch_size=BATCH)
    result_by_battle = {r.battle_id: r for r in results}
    CharacterOutcome.objects.bulk_create(
        (
            CharacterOutcome(
                result=result_by_battle[p.battle_id],
                participant=p,
                wound_tokens=rng.randint(0, 1),
                fate="unhurt",
            )
            for p in participants
        ),
        batch_size=BATCH,
    )
    Effect.objects.bulk_create(effects, batch_size=BATCH)
    CampaignLogEntry.objects.bulk_create(logs, batch_size=BATCH)
    return battles


def _wounds(
    characters: list[Character],
    battles: list[Battle],
    count: int,
    rng: random.Random,
) -> None:
    """Mostly healed wounds; an open one only while it leaves a slot free."""
    open_counts = {c.pk: 0 for c in characters}
    rows = []
    for n in range(count):
        character = characters[n % len(characters)]
        battle = battles[n % len(battles)] if battles else None
        can_open = open_counts[character.pk] < character.wound_slots - 1
        is_open = can_open and rng.random() < 0.05
        if is_open:
            open_counts[character.pk] += 1
        rows.append(
            PersistingWound(
                character=character,
                name="wound",
                battle_taken=battle,
                status=WoundStatus.OPEN if is_open else WoundStatus.HEALED,
                healed_in_battle=None if is_open else battle,
            )
        )
    PersistingWound.objects.bulk_create(rows, batch_size=BATCH)
