"""Changes made by a resolution or a rest, each recorded so it can be reversed
(§6.5).

A :class:`Ledger` makes every change of a step: it writes the new values with a
queryset ``update`` and records an :class:`Effect` with the values before and
after, in order, against the battle resolved or the sanctuary rested at.
:func:`effects_reverse` undoes a step's effects in reverse order, first checking
that each target still holds the values the effect left: when something else
has changed it since (a sanctuary healed the wound, an admin changed the
commander), reversing would not restore the campaign exactly, so it refuses.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import models

from campaigns.models import Battle, CampaignLogEntry, Effect, Scene
from campaigns.models.result import EffectKind
from campaigns.selectors.steps import step_effects


def _to_json(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _snapshot(obj: models.Model, names: list[str]) -> dict[str, Any]:
    return {name: _to_json(getattr(obj, name)) for name in names}


def _concrete_attnames(obj: models.Model) -> list[str]:
    return [f.attname for f in obj._meta.concrete_fields if not f.primary_key]


class Ledger:
    """Makes a step's changes and records them: against ``battle`` for a
    result, else against ``scene`` (a sanctuary's rest), so either can be
    reversed."""

    def __init__(self, *, campaign_id: int, battle: Battle | None, scene: Scene):
        self.campaign_id = campaign_id
        self.battle = battle
        self.scene = scene
        self.rest_scene = scene if battle is None else None
        self.effects: list[Effect] = []
        self.log: list[CampaignLogEntry] = []

    def change(
        self, obj: models.Model, kind: EffectKind, description: str, **values: Any
    ) -> bool:
        """Set ``values`` (attnames) on ``obj`` and in its row; record the effect.

        Returns False, recording nothing, when the values are already so.
        """
        names = list(values)
        before = _snapshot(obj, names)
        after = {name: _to_json(value) for name, value in values.items()}
        if before == after:
            return False
        type(obj)._default_manager.filter(pk=obj.pk).update(**values)
        for name, value in values.items():
            setattr(obj, name, value)
        self._record(obj, kind, description, before, after)
        return True

    def created(
        self,
        obj: models.Model,
        kind: EffectKind,
        description: str,
        *,
        log: bool = True,
    ) -> None:
        """Record a row the resolution created: reversing deletes it. ``log``
        False keeps bookkeeping rows out of the campaign log."""
        after = _snapshot(obj, _concrete_attnames(obj))
        self._record(obj, kind, description, None, after, log=log)

    def note(self, kind: str, text: str, *, first: bool = False) -> None:
        """A campaign log entry that is not an effect (the result itself);
        ``first`` puts it before every entry written so far."""
        self._log(kind, text)
        if first:
            self.log.insert(0, self.log.pop())

    def save(self) -> None:
        for order, entry in enumerate(self.log, start=1):
            entry.order = order
        Effect.objects.bulk_create(self.effects)
        CampaignLogEntry.objects.bulk_create(self.log)

    def _record(
        self,
        obj: models.Model,
        kind: EffectKind,
        description: str,
        before: dict[str, Any] | None,
        after: dict[str, Any],
        *,
        log: bool = True,
    ) -> None:
        self.effects.append(
            Effect(
                battle=self.battle,
                rest_scene=self.rest_scene,
                order=len(self.effects) + 1,
                kind=kind,
                target_model=obj._meta.model_name,
                target_id=obj.pk,
                before=before,
                after=after,
                description=description[:300],
            )
        )
        if log:
            self._log(CampaignLogEntry.Kind.EFFECT, description)

    def _log(self, kind: str, text: str) -> None:
        self.log.append(
            CampaignLogEntry(
                campaign_id=self.campaign_id,
                battle=self.battle,
                scene=self.scene,
                kind=kind,
                text=text[:500],
                order=len(self.log) + 1,
            )
        )


def _python(model: type[models.Model], values: dict[str, Any]) -> dict[str, Any]:
    return {
        name: model._meta.get_field(name).to_python(value)
        for name, value in values.items()
    }


def _holds(model: type[models.Model], target_id: int, values: dict[str, Any]) -> bool:
    row = model._default_manager.filter(pk=target_id).values(*values).first()
    return row is not None and row == _python(model, values)


def effects_reverse(
    *, battle: Battle | None = None, rest_scene: Scene | None = None
) -> int:
    """Undo a step's effects (a battle's, or a rest's), last first; delete
    them. Returns how many.

    Call inside the transaction that holds the campaign's lock. Raises
    ValidationError, having changed nothing the caller will keep, when a target
    no longer holds what the effect left.
    """
    recorded = step_effects(battle=battle, rest_scene=rest_scene)
    effects = list(recorded.order_by("-order", "-id"))
    for effect in effects:
        model = apps.get_model("campaigns", effect.target_model)
        if effect.target_id is None or not _holds(
            model, effect.target_id, effect.after
        ):
            raise ValidationError(
                "The campaign has changed since this step was taken "
                f"({effect.description or effect.get_kind_display()}): it can no "
                "longer be reversed exactly."
            )
        rows = model._default_manager.filter(pk=effect.target_id)
        if effect.before is None:
            rows.delete()
        else:
            rows.update(**_python(model, effect.before))
    recorded.delete()
    return len(effects)
