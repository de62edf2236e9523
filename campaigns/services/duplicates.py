"""Copies that make building a campaign faster: a scene with everything on its
table, a company with its characters."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from campaigns.models import (
    Character,
    Company,
    Scene,
)
from campaigns.models.character import CARD_VALUES
from engines.enums import SceneStatus

COMPANY_COPIED = (
    "side",
    "default_doctrine",
    "colour",
    "description",
)
CHARACTER_COPIED = (*CARD_VALUES, "card_order")
COPY_NAME = (" (copy)", " (copy {})")
COPY_SLUG = ("-copy", "-copy-{}")
SCENE_NOT_COPIED = {
    "id",
    "campaign",
    "order",
    "slug",
    "title",
    "status",
    "outcome",
    "next_on_victory",
    "next_on_defeat",
}


def _free(
    taken: Iterable[str], base: str, *, tails: tuple[str, str], max_length: int
) -> str:
    """``base`` + the first tail, then the second with 2, 3 … until it is not
    taken, within ``max_length`` characters: "X (copy)", "X (copy 2)"."""
    taken = set(taken)
    number = 1
    while True:
        tail = tails[0] if number == 1 else tails[1].format(number)
        candidate = base[: max_length - len(tail)] + tail
        if candidate not in taken:
            return candidate
        number += 1


def _values(obj, names: Iterable[str]) -> dict:
    return {name: getattr(obj, name) for name in names}


@transaction.atomic
def company_duplicate(*, company: Company) -> Company:
    """A copy of ``company`` in its campaign, named "… (copy)", with a copy of
    each character in the same card order: the card values only, so every copy
    is alive, fit and unwounded. The copy has no commander (a commander leads
    one company); a horde's reinforcement model is the copy of the original's.
    """
    names = Company.objects.filter(campaign_id=company.campaign_id).values_list(
        "name", flat=True
    )
    copy = Company(
        campaign_id=company.campaign_id,
        name=_free(names, company.name, tails=COPY_NAME, max_length=60),
        **_values(company, COMPANY_COPIED),
    )
    copy.full_clean()
    copy.save()
    copies = {}
    for character in company.characters.order_by("card_order", "id"):
        copies[character.pk] = Character.objects.create(
            company=copy, **_values(character, CHARACTER_COPIED)
        )
    kept = company.reinforcement_template_id
    template = None if kept is None else copies.get(kept)
    if template is not None:
        copy.reinforcement_template = template
        copy.save(update_fields=["reinforcement_template"])
    return copy


@transaction.atomic
def scene_duplicate(*, scene: Scene) -> Scene:
    """A copy of ``scene`` as the campaign's last scene (a sub-scene stays in
    its larger battle), pending, titled "… (copy)": with its companies (side,
    deployment, arrival, who may take part, AI orders), objectives, terrain
    features, ways to win and quarry. Its branching is left to set: the copy is
    a new step of the story."""
    siblings = Scene.objects.filter(campaign_id=scene.campaign_id)
    fields = [
        f.name for f in Scene._meta.concrete_fields if f.name not in SCENE_NOT_COPIED
    ]
    copy = Scene(
        campaign_id=scene.campaign_id,
        title=_free(
            siblings.values_list("title", flat=True),
            scene.title,
            tails=COPY_NAME,
            max_length=120,
        ),
        slug=_free(
            siblings.values_list("slug", flat=True),
            scene.slug,
            tails=COPY_SLUG,
            max_length=80,
        ),
        status=SceneStatus.PENDING.value,
        **_values(scene, fields),
    )
    copy.save()
    copy.quarry.set(scene.quarry.all())
    for entry in scene.scene_companies.all():
        allowed = list(entry.allowed_characters.all())
        entry.pk = None
        entry.scene = copy
        entry.save()
        entry.allowed_characters.set(allowed)
    copied: dict[str, dict[int, int]] = {"objective": {}, "feature": {}}
    for objective in scene.objectives.all():
        old = objective.pk
        objective.pk = None
        objective.scene = copy
        objective.save()
        copied["objective"][old] = objective.pk
    for feature in scene.features.all():
        old = feature.pk
        feature.pk = None
        feature.scene = copy
        feature.save()
        copied["feature"][old] = feature.pk
    _ways_duplicate(scene, copy, copied)
    return copy


def _ways_duplicate(
    scene: Scene, copy: Scene, copied: dict[str, dict[int, int]]
) -> None:
    """The scene's ways to win, their objectives and features the copy's own."""
    for way in scene.ways_to_win.prefetch_related("conditions"):
        conditions = list(way.conditions.all())
        way.pk = None
        way.scene = copy
        way.save()
        for condition in conditions:
            condition.pk = None
            condition.way = way
            for name in ("objective", "feature"):
                old = getattr(condition, f"{name}_id")
                if old is not None:
                    setattr(condition, f"{name}_id", copied[name].get(old))
            condition.save()
