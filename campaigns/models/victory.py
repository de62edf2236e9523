"""A fixed scene's ways to win, as data (RULES §1 "Victory as data").

A :class:`WayToWin` belongs to a scene, wins for one side and may end the battle
at once; its :class:`WinCondition` rows are joined by *and*, each maybe negated.
A condition's kind says which of its fields it uses (:data:`KIND_FIELDS`);
:meth:`WinCondition.to_engine` makes the engine's frozen condition, and the
engine's checks (:mod:`engines.victory.checks`) give the admin, the import and
the readiness panel the same messages.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from campaigns.models._checks import choice_check, range_check
from campaigns.validators import in_range
from engines.enums import Edge, ObjectiveKind, Side
from engines.victory import (
    Condition,
    ConditionKind,
    HoldWhen,
    SceneNames,
    Victory,
    condition_problem,
)
from engines.victory import WayToWin as EngineWay

KIND_FIELDS: dict[str, tuple[str, ...]] = {
    ConditionKind.LEAVE: (
        "character",
        "company",
        "count",
        "half",
        "edge",
        "feature",
        "objective",
    ),
    ConditionKind.CARRY_OFF: ("objective", "edge", "side"),
    ConditionKind.FELL: ("character", "company"),
    ConditionKind.HOLD: ("objective", "side", "character", "when", "round"),
    ConditionKind.HOLD_OUT: ("side", "character"),
    ConditionKind.ROUT: ("side", "company"),
}
"""The fields each kind of condition uses (the form clears the others)."""


class WayToWin(models.Model):
    """One way a side wins a fixed scene: its conditions, joined by *and*."""

    scene = models.ForeignKey(
        "campaigns.Scene", on_delete=models.CASCADE, related_name="ways_to_win"
    )
    side = models.CharField(
        max_length=8, choices=Side.choices(), help_text="The side it wins for."
    )
    at_once = models.BooleanField(
        "ends the battle at once",
        default=False,
        help_text="Met, it ends the battle there; otherwise it wins when the "
        "battle ends.",
    )
    order = models.PositiveIntegerField(
        default=0,
        help_text="The first listed wins when one event meets two ways.",
    )

    class Meta:
        ordering = ("scene", "order", "id")
        verbose_name = "way to win"
        verbose_name_plural = "ways to win"
        constraints = [choice_check("side", Side.choices())]

    def __str__(self) -> str:
        if self.pk is None:
            return f"a way to win for the {Side(self.side).label} side"
        return self.to_engine().words()

    def to_engine(self) -> EngineWay:
        """The engine's way, its conditions read from the prefetched rows."""
        return self.to_engine_with(self.conditions.all() if self.pk else [])

    def to_engine_with(self, conditions) -> EngineWay:  # type: ignore[no-untyped-def]
        """The engine's way with these condition rows (an import's, in memory)."""
        return EngineWay(
            side=Side(self.side),
            conditions=tuple(c.to_engine() for c in conditions),
            at_once=self.at_once,
        )


class WinCondition(models.Model):
    """One condition of a way to win (RULES §1: leave, carry off, fell, hold,
    hold out, rout)."""

    way = models.ForeignKey(
        WayToWin, on_delete=models.CASCADE, related_name="conditions"
    )
    kind = models.CharField(max_length=16, choices=ConditionKind.choices())
    negated = models.BooleanField(
        "not", default=False, help_text="The way needs this not to happen."
    )
    character = models.ForeignKey(
        "campaigns.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    company = models.ForeignKey(
        "campaigns.Company",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    side = models.CharField(
        max_length=8,
        choices=Side.choices(),
        blank=True,
        help_text="Hold, hold out, rout: the side. Carry off: by whom (blank: anyone).",
    )
    count = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(1, 50),
        help_text="Leave: at least this many of the company.",
    )
    half = models.BooleanField(
        default=False, help_text="Leave: at least half of the company who took part."
    )
    edge = models.CharField(
        max_length=8,
        choices=Edge.choices(),
        blank=True,
        help_text="Leave, carry off: by this edge (blank: any).",
    )
    feature = models.ForeignKey(
        "campaigns.SceneFeature",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Leave: through this feature (a gate, a door).",
    )
    objective = models.ForeignKey(
        "campaigns.Objective",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Carry off, hold: the objective. Leave: carrying it.",
    )
    when = models.CharField(
        max_length=8,
        choices=HoldWhen.choices(),
        default=HoldWhen.ANY.value,
        help_text="Hold: at the end of which round.",
    )
    round = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 20), help_text="Hold: round N."
    )
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("way", "order", "id")
        verbose_name = "condition"
        constraints = [
            choice_check("kind", ConditionKind.choices()),
            choice_check("side", Side.choices(), blank=True),
            choice_check("edge", Edge.choices(), blank=True),
            choice_check("when", HoldWhen.choices()),
            range_check("count", 1, 50, nullable=True),
            range_check("round", 1, 20, nullable=True),
        ]

    def __str__(self) -> str:
        return self.to_engine().words()

    def clean(self) -> None:
        super().clean()
        if not self.way_id or not self.kind:
            return
        scene = self.way.scene
        errors: dict[str, str] = {}
        for name in ("objective", "feature"):
            value = getattr(self, name)
            if value is not None and value.scene_id != scene.pk:
                errors[name] = f"Name one of this scene's {name}s."
        if errors:
            raise ValidationError(errors)
        # An import checks its objects in memory, before any is saved: the
        # scene's companies are not there to ask (the import checks them).
        names = None if scene._state.adding else scene_names(scene)
        field, message = condition_problem(
            self.to_engine(), battle_length=scene.battle_length, scene=names
        )
        if field:
            raise ValidationError({field: message})

    def to_engine(self) -> Condition:
        name = lambda value: "" if value is None else value.name  # noqa: E731
        return Condition(
            kind=ConditionKind(self.kind),
            negated=self.negated,
            character=name(self.character),
            company=name(self.company),
            side=Side(self.side) if self.side else None,
            count=self.count,
            half=self.half,
            edge=Edge(self.edge) if self.edge else None,
            feature=name(self.feature),
            objective=name(self.objective),
            when=HoldWhen(self.when or HoldWhen.ANY),
            round=self.round,
        )


def scene_names(scene) -> SceneNames:  # type: ignore[no-untyped-def]
    """What a saved scene has to name (four queries)."""
    from campaigns.models import Character, Objective, SceneCompany, SceneFeature

    entries = list(SceneCompany.objects.filter(scene=scene).select_related("company"))
    companies = {e.company.name: Side(e.side) for e in entries}
    characters = dict(
        Character.objects.filter(
            company_id__in=[e.company_id for e in entries]
        ).values_list("name", "company__name")
    )
    objectives = {
        o.name: o.kind == ObjectiveKind.CARRIABLE
        for o in Objective.objects.filter(scene=scene)
    }
    features = frozenset(
        SceneFeature.objects.filter(scene=scene).values_list("name", flat=True)
    )
    return SceneNames(
        characters=characters,
        companies=companies,
        objectives=objectives,
        features=features,
    )


def scene_victory(scene, ways=None) -> Victory:  # type: ignore[no-untyped-def]
    """The engine's victory of a scene (its ways read from the prefetch of
    :func:`victory_prefetch` where made, or ``ways``, the engine's, when
    given)."""
    if ways is None:
        ways = [way.to_engine() for way in scene.ways_to_win.all()]
    return Victory(
        ways=tuple(ways),
        battle_length=scene.battle_length,
        time_out=Side(scene.time_out_winner) if scene.time_out_winner else None,
        rout_loses=scene.rout_loses,
    )


def victory_prefetch() -> models.Prefetch:
    """Prefetch a scene's ways to win with their conditions and what they name."""
    return models.Prefetch(
        "ways_to_win",
        queryset=WayToWin.objects.prefetch_related(conditions_prefetch()),
    )


def conditions_prefetch() -> models.Prefetch:
    """Prefetch a way's conditions with what they name, in one query."""
    return models.Prefetch(
        "conditions",
        queryset=WinCondition.objects.select_related(
            "character", "company", "feature", "objective"
        ),
    )
