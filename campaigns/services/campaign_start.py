"""Starting a campaign of one's own (SITE.md ``/campaigns/new/``): a starter of
the chosen setting, a copy of the demo, or an empty campaign to build in the
admin."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.text import slugify

from campaigns.models import (
    Campaign,
    Character,
    Commander,
    Company,
    Scene,
    SceneCompany,
    Setting,
)
from campaigns.services.demo import demo_document
from campaigns.starters import STARTERS, Starter
from campaigns.transfer import campaign_import
from campaigns.validators import RESERVED_SLUGS
from engines.enums import SceneStatus


class CampaignStart(models.TextChoices):
    STARTER = "starter", "A short starter campaign of that setting, ready to play"
    DEMO = "demo", "A copy of the demo campaign (The War of the Ring, fantasy)"
    EMPTY = "empty", "Empty: I will build it in the admin"


SLUG_MAX: int = Campaign._meta.get_field("slug").max_length or 50
"""The slug's length (a SlugField always has one; 50 is Django's default)."""


def campaign_slug_for(*, name: str) -> str:
    """A free slug made from ``name``: "my-war", else "my-war-2" …"""
    base = slugify(name)[: SLUG_MAX - 4].strip("-") or "campaign"
    if base in RESERVED_SLUGS:
        base = f"{base}-campaign"
    taken = set(
        Campaign.objects.filter(slug__startswith=base).values_list("slug", flat=True)
    )
    slug, number = base, 2
    while slug in taken:
        slug = f"{base}-{number}"
        number += 1
    return slug


def campaign_start(
    *, owner, name: str, setting: Setting, paper_size: str, start: str
) -> Campaign:
    """Create the campaign ``owner`` asked for, whole or not at all. A starter
    exists for the shipped settings only (ValidationError otherwise)."""
    starter = STARTERS.get(setting.slug)
    if start == CampaignStart.STARTER and starter is None:
        raise ValidationError(
            {"start": f"There is no starter campaign for “{setting.name}”."}
        )
    with transaction.atomic():
        if start == CampaignStart.DEMO:
            return _demo_copy(owner, name, paper_size)
        campaign = Campaign.objects.create(
            owner=owner,
            name=name,
            slug=campaign_slug_for(name=name),
            setting=setting,
            paper_size=paper_size,
            event_deck=setting.event_deck,
            description=starter.description
            if start == CampaignStart.STARTER and starter
            else "",
        )
        if start == CampaignStart.STARTER and starter:
            _build_starter(campaign, starter)
        return campaign


def _demo_copy(owner, name: str, paper_size: str) -> Campaign:
    document = demo_document()
    document["campaign"] = {
        **document["campaign"],
        "name": name,
        "slug": campaign_slug_for(name=name),
        "paper_size": paper_size,
        "members": [],
    }
    return campaign_import(data=document, owner=owner).campaign


def _build_starter(campaign: Campaign, starter: Starter) -> None:
    companies = []
    for company_data in starter.companies:
        commander = Commander.objects.create(
            campaign=campaign,
            name=company_data.commander,
            reputation=company_data.reputation,
            rating=company_data.rating,
        )
        company = Company.objects.create(
            campaign=campaign,
            name=company_data.name,
            side=company_data.side,
            commander=commander,
            default_doctrine=company_data.doctrine,
        )
        Character.objects.bulk_create(
            Character(
                company=company,
                card_order=order,
                name=c.name,
                troop_type=c.troop_type,
                attack=c.attack,
                defence=c.defence,
                shooting_range=c.shooting_range,
                move=c.move,
                wound_slots=c.wound_slots,
                hero=c.hero,
            )
            for order, c in enumerate(company_data.characters, start=1)
        )
        if company_data.doctrine == "horde":
            company.reinforcement_template = company.characters.order_by(
                "card_order"
            ).last()
            company.save(update_fields=["reinforcement_template"])
        companies.append((company, company_data))
    for order, scene_data in enumerate(starter.scenes, start=1):
        scene = Scene.objects.create(
            campaign=campaign,
            order=order,
            slug=scene_data.slug,
            title=scene_data.title,
            briefing=scene_data.briefing,
            victory_conditions=scene_data.victory_conditions,
            status=(
                SceneStatus.CURRENT.value if order == 1 else SceneStatus.PENDING.value
            ),
        )
        led: set[str] = set()
        for position, (company, data) in enumerate(companies, start=1):
            SceneCompany.objects.create(
                scene=scene,
                company=company,
                side=data.side,
                entry_edge=data.edge,
                leading=data.side not in led,
                order=position,
            )
            led.add(data.side)
