"""A scene's orders to its robot, and its single characters' arrivals, as data
(RULES §1 "Scene orders", "Arrival").

A :class:`SceneOrder` belongs to one AI company in a scene; its kind says which
of its fields it uses (:data:`KIND_FIELDS`), and :meth:`SceneOrder.to_engine`
makes the engine's frozen order from them. A scene company's single arrivals
are :class:`~campaigns.models.arrivals.SceneArrival` (prefetched with the
orders by :func:`orders_prefetch`).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from campaigns.models._checks import choice_check, range_check
from campaigns.models.arrivals import SceneArrival
from campaigns.validators import in_range, validate_printable
from engines.enums import Doctrine, Edge, Side
from engines.orders import (
    EachRound,
    Hunt,
    IgnoreTerrain,
    KeepOut,
    Moment,
    NoEnemyInSight,
    Order,
    OrderKind,
    Place,
    PlaceKind,
    RoutToward,
    Shun,
    StayWithin,
    TargetKind,
    Victim,
)

PLACE_FIELDS = ("place_kind", "place_character", "place_objective", "place_feature")
PLACE_FIELDS += ("edge", "x", "y")
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    OrderKind.HUNT: (
        "target_kind",
        "target_character",
        "target_objective",
        "target_company",
        "shooting_only",
        "out_of_sight",
        "attack_modifier",
    ),
    OrderKind.NO_ENEMY: PLACE_FIELDS,
    OrderKind.KEEP_OUT: (
        "place_kind",
        "place_feature",
        "edge",
        "inches",
        "except_feature",
    ),
    OrderKind.STAY_WITHIN: ("inches", *PLACE_FIELDS),
    OrderKind.IGNORE_TERRAIN: (),
    OrderKind.SHUN: ("shunned", "condition"),
    OrderKind.ROUT_TOWARD: ("edge",),
    OrderKind.EACH_ROUND: (
        "moment",
        "round",
        "condition",
        "attack_bonus",
        "victim",
        "target_character",
        "target_company",
        "effect",
        "gate",
    ),
}
"""The fields each kind of order uses (the admin shows only these)."""
COMMON_FIELDS = ("kind", "characters", "from_round", "until_round")


class SceneOrder(models.Model):
    """One order to an AI company in a scene (RULES §1 "Scene orders")."""

    scene_company = models.ForeignKey(
        "campaigns.SceneCompany", on_delete=models.CASCADE, related_name="orders"
    )
    kind = models.CharField(max_length=24, choices=OrderKind.choices())
    characters = models.ManyToManyField(
        "campaigns.Character",
        blank=True,
        related_name="+",
        help_text="Only these of the company; none chosen: the whole company.",
    )
    from_round = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 20)
    )
    until_round = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 20)
    )
    # Whom: a hunt's target, an each-round attack's victim.
    target_kind = models.CharField(
        max_length=16, choices=TargetKind.choices(), blank=True
    )
    target_character = models.ForeignKey(
        "campaigns.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    target_objective = models.ForeignKey(
        "campaigns.Objective",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    target_company = models.ForeignKey(
        "campaigns.Company",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    shunned = models.ForeignKey(
        "campaigns.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Shun: the player character none of them moves into base "
        "contact with.",
    )
    shooting_only = models.BooleanField(default=False)
    out_of_sight = models.BooleanField("even out of sight", default=False)
    attack_modifier = models.SmallIntegerField(
        default=0, validators=in_range(-2, 2), help_text="Against the target, −2 to +2."
    )
    # Where: a place to move toward, an area to keep out of, to stay within.
    place_kind = models.CharField(
        max_length=16,
        choices=PlaceKind.choices(),
        blank=True,
        help_text="Blank, with no enemy in sight: hold.",
    )
    place_character = models.ForeignKey(
        "campaigns.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    place_objective = models.ForeignKey(
        "campaigns.Objective",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    place_feature = models.ForeignKey(
        "campaigns.SceneFeature",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    edge = models.CharField(max_length=8, choices=Edge.choices(), blank=True)
    x = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(0, 120)
    )
    y = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(0, 120)
    )
    inches = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(0, 60),
        help_text="Stay within: how far. Keep out: the widening, or the edge band.",
    )
    except_feature = models.ForeignKey(
        "campaigns.SceneFeature",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Keep out, except through this feature (the bridge).",
    )
    # Each round (a shun's condition too).
    moment = models.CharField(max_length=16, choices=Moment.choices(), blank=True)
    round = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(1, 20), help_text="Only this round."
    )
    condition = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_printable],
        help_text="Only while this holds (the players answer yes or no).",
    )
    attack_bonus = models.SmallIntegerField(
        null=True, blank=True, validators=in_range(-2, 6), help_text="An attack D6 + N."
    )
    victim = models.CharField(max_length=16, choices=Victim.choices(), blank=True)
    effect = models.CharField(
        max_length=300,
        blank=True,
        validators=[validate_printable],
        help_text="An effect in words (or what the attack's wound means).",
    )
    gate = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(2, 6),
        help_text="D6, on this or more.",
    )
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("scene_company", "order", "id")
        verbose_name = "scene order"
        constraints = [
            choice_check("kind", OrderKind.choices()),
            choice_check("target_kind", TargetKind.choices(), blank=True),
            choice_check("place_kind", PlaceKind.choices(), blank=True),
            choice_check("edge", Edge.choices(), blank=True),
            choice_check("moment", Moment.choices(), blank=True),
            choice_check("victim", Victim.choices(), blank=True),
            range_check("attack_modifier", -2, 2),
            range_check("from_round", 1, 20, nullable=True),
            range_check("until_round", 1, 20, nullable=True),
            range_check("round", 1, 20, nullable=True),
            range_check("attack_bonus", -2, 6, nullable=True),
            range_check("gate", 2, 6, nullable=True),
            range_check("inches", 0, 60, nullable=True),
            range_check("x", 0, 120, nullable=True),
            range_check("y", 0, 120, nullable=True),
        ]

    def __str__(self) -> str:
        problem = self.problem()
        return problem or self.to_engine().words()

    def clean(self) -> None:
        super().clean()
        errors: dict[str, str] = {}
        sc = self.scene_company if self.scene_company_id else None
        if sc is not None and sc.side != Side.AI:
            errors["kind"] = "Orders are for an AI company."
        if (
            self.from_round is not None
            and self.until_round is not None
            and self.from_round > self.until_round
        ):
            errors["until_round"] = "The last round cannot come before the first."
        missing = self._missing()
        if missing:
            errors[missing[0]] = missing[1]
        if sc is not None and not sc._state.adding:
            # An import checks its objects in memory, before any is saved: the
            # scene's companies are not there to ask (their refs are checked).
            errors.update(self._outside(sc))
        if errors:
            raise ValidationError(errors)

    # --- what it needs and where it points ----------------------------------------

    def _missing(self) -> tuple[str, str] | None:
        """The first field its kind needs and it lacks, with the message."""
        match self.kind:
            case OrderKind.HUNT:
                need = {
                    TargetKind.CHARACTER: "target_character",
                    TargetKind.CARRIER: "target_objective",
                    TargetKind.COMPANY: "target_company",
                }.get(self.target_kind or TargetKind.CHARACTER)
                if need and getattr(self, f"{need}_id") is None:
                    return need, "A hunt needs its target."
            case OrderKind.NO_ENEMY | OrderKind.STAY_WITHIN | OrderKind.KEEP_OUT:
                if self.kind != OrderKind.NO_ENEMY and not self.place_kind:
                    return "place_kind", "Say which place."
                if self.kind == OrderKind.STAY_WITHIN and self.inches is None:
                    return "inches", "Say within how many inches."
                if self.kind == OrderKind.KEEP_OUT and self.place_kind not in (
                    PlaceKind.FEATURE,
                    PlaceKind.EDGE,
                ):
                    return "place_kind", "Keep out of a feature or an edge's band."
                return self._place_missing()
            case OrderKind.ROUT_TOWARD:
                if self.edge in ("", Edge.CENTRE):
                    return "edge", "Name a table edge."
            case OrderKind.SHUN:
                if self.shunned_id is None:
                    return "shunned", "Name the player character shunned."
            case OrderKind.EACH_ROUND:
                if not self.moment:
                    return "moment", "Say when in the round."
                if self.attack_bonus is None and not self.effect:
                    return "effect", "Give an attack or an effect in words."
                if self.attack_bonus is not None:
                    victim = self.victim or Victim.CHARACTER
                    if victim == Victim.CHARACTER and self.target_character_id is None:
                        return "target_character", "Name the character attacked."
                    if victim == Victim.DEALT and self.target_company_id is None:
                        return "target_company", "Name the company dealt among."
        return None

    def _place_missing(self) -> tuple[str, str] | None:
        match self.place_kind:
            case PlaceKind.CHARACTER if self.place_character_id is None:
                return "place_character", "Name the character."
            case PlaceKind.OBJECTIVE if self.place_objective_id is None:
                return "place_objective", "Name the objective."
            case PlaceKind.FEATURE if self.place_feature_id is None:
                return "place_feature", "Name the feature."
            case PlaceKind.EDGE if self.edge in ("", Edge.CENTRE):
                return "edge", "Name a table edge."
            case PlaceKind.POINT if self.x is None or self.y is None:
                return "x", "Give the point's x and y in inches."
        return None

    def _outside(self, sc) -> dict[str, str]:  # type: ignore[no-untyped-def]
        """Targets and places that are not the scene's (or not the right side's)."""
        scene_id = sc.scene_id
        entries = list(sc.scene.scene_companies.all())
        player = {e.company_id for e in entries if e.side == Side.PLAYER}
        everyone = {e.company_id for e in entries}
        errors = {}
        if self.kind == OrderKind.HUNT:
            if self.target_character_id and (
                self.target_character.company_id not in player
            ):
                errors["target_character"] = "Hunt a character of the player side."
            if self.target_company_id and self.target_company_id not in player:
                errors["target_company"] = "Hunt a company of the player side."
        elif self.kind == OrderKind.SHUN:
            if self.shunned_id and self.shunned.company_id not in player:
                errors["shunned"] = "Shun a character of the player side."
        elif self.kind == OrderKind.EACH_ROUND:
            if self.target_character_id and (
                self.target_character.company_id not in everyone
            ):
                errors["target_character"] = "Name a character of the scene."
            if self.target_company_id and self.target_company_id not in everyone:
                errors["target_company"] = "Name a company of the scene."
        for name in ("target_objective", "place_objective"):
            value = getattr(self, name)
            if value is not None and value.scene_id != scene_id:
                errors[name] = "Name one of this scene's objectives."
        for name in ("place_feature", "except_feature"):
            value = getattr(self, name)
            if value is not None and value.scene_id != scene_id:
                errors[name] = "Name one of this scene's features."
        if self.place_character_id and (
            self.place_character.company_id not in everyone
        ):
            errors["place_character"] = "Name a character of the scene."
        return errors

    def problem(self, doctrine: str = "") -> str:
        """Why the order cannot apply (for the readiness panel), or ''.

        ``doctrine`` is its company's doctrine in the scene, where known."""
        label = OrderKind(self.kind).label
        missing = self._missing()
        if missing is not None:
            return f"its “{label}” order is incomplete: {missing[1].lower()}"
        if doctrine == Doctrine.PURSUIT and self.kind in (
            OrderKind.HUNT,
            OrderKind.NO_ENEMY,
        ):
            return (
                f"its “{label}” order cannot apply: a pursuer follows its route "
                "and takes no such order"
            )
        return ""

    # --- the engine's order -------------------------------------------------------

    def _place(self) -> Place | None:
        match self.place_kind:
            case PlaceKind.CHARACTER:
                name = self.place_character.name if self.place_character else ""
                return Place(kind=PlaceKind.CHARACTER, name=name)
            case PlaceKind.OBJECTIVE:
                name = self.place_objective.name if self.place_objective else ""
                return Place(kind=PlaceKind.OBJECTIVE, name=name)
            case PlaceKind.FEATURE:
                name = self.place_feature.name if self.place_feature else ""
                return Place(kind=PlaceKind.FEATURE, name=name)
            case PlaceKind.EDGE:
                return Place(kind=PlaceKind.EDGE, name=self.edge)
            case PlaceKind.POINT:
                return Place(kind=PlaceKind.POINT, x=self.x, y=self.y)
        return None

    def to_engine(self, characters: tuple[str, ...] | None = None) -> Order:
        """The engine's order. ``characters`` are the named characters' names
        (read from the prefetched many-to-many when left out)."""
        if characters is None:
            characters = tuple(c.name for c in self.characters.all()) if self.pk else ()
        common = {
            "characters": characters,
            "from_round": self.from_round,
            "until_round": self.until_round,
        }
        name = lambda value: "" if value is None else value.name  # noqa: E731
        match self.kind:
            case OrderKind.HUNT:
                kind = TargetKind(self.target_kind or TargetKind.CHARACTER)
                target = {
                    TargetKind.CHARACTER: name(self.target_character),
                    TargetKind.CARRIER: name(self.target_objective),
                    TargetKind.COMPANY: name(self.target_company),
                }[kind]
                return Hunt(
                    target=target,
                    target_kind=kind,
                    shooting_only=self.shooting_only,
                    out_of_sight=self.out_of_sight,
                    attack_modifier=self.attack_modifier,
                    **common,
                )
            case OrderKind.NO_ENEMY:
                return NoEnemyInSight(place=self._place(), **common)
            case OrderKind.KEEP_OUT:
                return KeepOut(
                    area=self._place() or Place(kind=PlaceKind.FEATURE),
                    widen=self.inches or 0,
                    except_through=name(self.except_feature),
                    **common,
                )
            case OrderKind.STAY_WITHIN:
                return StayWithin(
                    distance=self.inches or 0,
                    place=self._place() or Place(kind=PlaceKind.FEATURE),
                    **common,
                )
            case OrderKind.ROUT_TOWARD:
                return RoutToward(edge=Edge(self.edge or Edge.NORTH), **common)
            case OrderKind.SHUN:
                return Shun(
                    target=name(self.shunned) or "someone",
                    condition=self.condition,
                    **common,
                )
            case OrderKind.EACH_ROUND:
                victim = Victim(self.victim or Victim.CHARACTER)
                return EachRound(
                    moment=Moment(self.moment or Moment.END),
                    round=self.round,
                    condition=self.condition,
                    attack_bonus=self.attack_bonus,
                    victim=victim,
                    victim_name=name(self.target_company)
                    if victim == Victim.DEALT
                    else name(self.target_character),
                    effect=self.effect
                    or ("" if self.attack_bonus is not None else "none given"),
                    gate=self.gate,
                    **common,
                )
        return IgnoreTerrain(**common)


def orders_prefetch() -> tuple[models.Prefetch, models.Prefetch]:
    """Prefetch a scene company's orders (with whom and where they name) and its
    single arrivals in three queries."""
    return (
        models.Prefetch(
            "orders",
            queryset=SceneOrder.objects.select_related(
                "shunned",
                "target_character",
                "target_objective",
                "target_company",
                "place_character",
                "place_objective",
                "place_feature",
                "except_feature",
            ).prefetch_related("characters"),
        ),
        models.Prefetch(
            "arrivals", queryset=SceneArrival.objects.select_related("character")
        ),
    )
