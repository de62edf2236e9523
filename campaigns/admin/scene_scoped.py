"""What the admin pages of a scene's parts share (a company's orders in the
scene, a way to win's conditions): each row's lists offer only the scene's own
characters, companies, objectives and features (:class:`SceneScopedInline`),
and a row keeps only the fields its kind uses, the others saved blank
(:func:`unused_value`).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from django.db import models

from campaigns.models import Character, Company, Objective, SceneCompany, SceneFeature
from engines.enums import Side


def unused_value(model: type[models.Model], name: str) -> Any:
    """The value a field its row's kind does not use is saved with."""
    field = model._meta.get_field(name)
    if field.many_to_many:
        return []
    if isinstance(field, models.Field) and field.has_default():
        return field.get_default()
    return "" if isinstance(field, models.CharField) else None


class InScene(Enum):
    """What a scene-scoped list offers."""

    CHARACTERS = "characters"
    PLAYER_CHARACTERS = "player characters"
    COMPANIES = "companies"
    OBJECTIVES = "objectives"
    FEATURES = "features"


def in_scene(scene_id: int | None, listed: InScene) -> models.QuerySet[Any]:
    """The scene's own rows of this kind (none when there is no scene)."""
    if scene_id is None:
        scene_id = 0  # no scene: no row has it
    companies = SceneCompany.objects.filter(scene_id=scene_id)
    if listed is InScene.PLAYER_CHARACTERS:
        companies = companies.filter(side=Side.PLAYER)
    company_ids = companies.values("company_id")
    match listed:
        case InScene.CHARACTERS | InScene.PLAYER_CHARACTERS:
            return Character.objects.filter(company_id__in=company_ids).select_related(
                "company"
            )
        case InScene.COMPANIES:
            return Company.objects.filter(pk__in=company_ids)
        case InScene.OBJECTIVES:
            return Objective.objects.filter(scene_id=scene_id)
        case InScene.FEATURES:
            return SceneFeature.objects.filter(scene_id=scene_id)


class SceneScopedInline:
    """An inline on the page of one of a scene's parts: each foreign key named
    in ``scene_choices`` offers only the scene's own rows of its kind.
    :meth:`scene_id` says which scene the page is about."""

    scene_choices: Mapping[str, InScene] = {}

    def scene_id(self, request: Any) -> int | None:
        raise NotImplementedError

    def formfield_for_foreignkey(
        self, db_field: Any, request: Any, **kwargs: Any
    ) -> Any:
        listed = self.scene_choices.get(db_field.name)
        if listed is not None:
            kwargs["queryset"] = in_scene(self.scene_id(request), listed)
        return super().formfield_for_foreignkey(  # type: ignore[misc]
            db_field, request, **kwargs
        )
