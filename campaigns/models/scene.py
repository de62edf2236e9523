"""A scene: one step of the campaign's story, and how its battle is fought (RULES §1).

What stands on its table (companies, deployment, features, objectives) is in
:mod:`campaigns.models.battlefield`.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import F, Q
from django.urls import reverse

from campaigns.models._checks import choice_check, range_check
from campaigns.validators import in_range, validate_printable
from engines.battlefield import GENERATED_LENGTH, TABLE_SIDE
from engines.doctrines.settings import LEVERS, REINFORCEMENT_CAP
from engines.enums import (
    HordeMode,
    Outcome,
    Scenario,
    ScenarioMode,
    SceneKind,
    SceneStatus,
    Side,
    WoundSide,
)
from engines.roles import Role, scenario_roles
from engines.text import inches, words

PURSUIT_BONUS_CHOICES = [
    (lever, f"+{inches(lever)}" if lever else "None") for lever in LEVERS
]
"""§5.4's difficulty lever: inches added to pursuers behind the rearmost model."""


class Scene(models.Model):
    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="scenes"
    )
    order = models.PositiveIntegerField(
        blank=True, help_text="Play order in the campaign; left blank, it goes last."
    )
    slug = models.SlugField(max_length=80, help_text="Used in the scene's web address.")
    title = models.CharField(max_length=120, validators=[validate_printable])
    kind = models.CharField(
        max_length=16,
        choices=SceneKind.choices(),
        default=SceneKind.MAJOR.value,
        help_text="A major scene is one battle; a larger battle holds sub-scenes "
        "fought one after another; a sanctuary is a rest that heals wounds.",
    )
    parent = models.ForeignKey(
        "self",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="sub_scenes",
        help_text="The larger battle a sub-scene belongs to.",
    )
    status = models.CharField(
        max_length=16,
        choices=SceneStatus.choices(),
        default=SceneStatus.PENDING.value,
        help_text="The scene being played is current; after each result the site "
        "moves on by itself.",
    )
    outcome = models.CharField(
        max_length=16,
        choices=Outcome.choices(),
        blank=True,
        help_text="The player's outcome, once the scene is resolved.",
    )
    table_width = models.PositiveSmallIntegerField(
        default=TABLE_SIDE, validators=in_range(12, 120), help_text="Inches."
    )
    table_depth = models.PositiveSmallIntegerField(
        default=TABLE_SIDE, validators=in_range(12, 120), help_text="Inches."
    )

    # The scenario (§3): generated, or fixed (a §3.9 name or the scene's own).
    scenario_mode = models.CharField(
        max_length=16,
        choices=ScenarioMode.choices(),
        default=ScenarioMode.GENERATE.value,
    )
    fixed_scenario = models.CharField(
        max_length=32,
        choices=Scenario.choices(),
        blank=True,
        help_text="A named scenario; or leave it blank and give the scene's own below.",
    )
    custom_scenario_name = models.CharField(
        max_length=80, blank=True, validators=[validate_printable]
    )
    custom_scenario_setup = models.TextField(
        blank=True,
        max_length=1500,
        validators=[validate_printable, MaxLengthValidator(1500)],
    )
    fixed_player_role = models.CharField(
        max_length=16,
        choices=Role.choices(),
        blank=True,
        help_text="A fixed named scenario with sides' roles (Assault, Siege, Trap, "
        "Ambush …): the player side's role; the AI side takes the other.",
    )

    briefing = models.TextField(
        blank=True,
        max_length=2000,
        validators=[validate_printable, MaxLengthValidator(2000)],
    )
    special_rules = models.TextField(
        blank=True,
        max_length=1500,
        validators=[validate_printable, MaxLengthValidator(1500)],
    )
    victory_conditions = models.TextField(
        blank=True,
        max_length=1000,
        validators=[validate_printable, MaxLengthValidator(1000)],
    )
    after_victory_text = models.TextField(
        blank=True,
        max_length=600,
        validators=[validate_printable, MaxLengthValidator(600)],
        help_text="What the chronicle tells after a victory here, in a sentence "
        "or two.",
    )
    after_defeat_text = models.TextField(
        blank=True,
        max_length=600,
        validators=[validate_printable, MaxLengthValidator(600)],
        help_text="What the chronicle tells after a defeat here.",
    )
    outright_kill_rule = models.TextField(
        blank=True,
        max_length=400,
        validators=[validate_printable, MaxLengthValidator(400)],
        help_text="A rule of this scene that kills a character outright (for "
        "example a hero struck by a fated blow). Blank: nobody is killed outright "
        "here, and the result form does not ask.",
    )
    castle_nearby = models.BooleanField(
        default=False,
        help_text="A castle stands nearby: a generated Assault becomes a Siege.",
    )

    # The battlefield as data: what everyone sees, how long, how it is scored.
    sight_limit = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(1, 120),
        help_text="Inches: nobody sees or shoots further (night, fog). Blank: no "
        "limit.",
    )
    battle_length = models.PositiveSmallIntegerField(
        default=GENERATED_LENGTH,
        validators=in_range(1, 20),
        help_text="Rounds a fixed scenario lasts. A generated scenario always lasts "
        f"{GENERATED_LENGTH} rounds.",
    )
    time_out_winner = models.CharField(
        "wins at time-out",
        max_length=8,
        choices=Side.choices(),
        blank=True,
        help_text="A fixed scene: the side that wins when the last round ends with "
        "no way to win met. Blank: a draw.",
    )
    rout_loses = models.BooleanField(
        "a side that routs loses",
        default=True,
        help_text="A side that routs or loses its last character loses, and the "
        "battle ends.",
    )
    scores_victory_points = models.BooleanField(
        default=False,
        help_text="The sides of this fixed scenario score victory points, and the "
        "result form asks for them. Generated scenarios always score them.",
    )

    # Horde (§5.3).
    reinforcements = models.BooleanField(
        default=False,
        help_text="New horde characters may appear at the end of each round.",
    )
    reinforcement_cap = models.PositiveSmallIntegerField(
        default=REINFORCEMENT_CAP,
        validators=in_range(1, 20),
        help_text="No reinforcements while this many horde characters are on the "
        "table.",
    )
    horde_start_mode = models.CharField(
        max_length=16,
        choices=HordeMode.choices(),
        default=HordeMode.NORMAL.value,
        help_text="The horde's mood when the battle starts.",
    )

    # Pursuit (§5.4).
    quarry = models.ManyToManyField(
        "campaigns.Character",
        blank=True,
        related_name="hunted_in",
        help_text="The players' characters being hunted (the nearest counts). None "
        "chosen: the nearest player character.",
    )
    route = models.CharField(
        max_length=200,
        blank=True,
        validators=[validate_printable],
        help_text="In words, e.g. “along the road to the bridge”.",
    )
    pursuit_bonus_inches = models.PositiveSmallIntegerField(
        default=0,
        choices=PURSUIT_BONUS_CHOICES,
        help_text="Added to the move of pursuers behind the players' rearmost model.",
    )

    # The special wound every persisting wound taken here becomes (§1, §6.3).
    special_wound_name = models.CharField(
        max_length=60,
        blank=True,
        validators=[validate_printable],
        help_text="Blank: wounds taken here are ordinary wounds.",
    )
    special_wound_rules = models.TextField(
        blank=True,
        max_length=400,
        validators=[validate_printable, MaxLengthValidator(400)],
    )
    special_wound_heals_at_sanctuary = models.BooleanField(
        default=True, help_text="Resting at a sanctuary heals it."
    )
    special_wound_applies_to = models.CharField(
        max_length=8,
        choices=WoundSide.choices(),
        default=WoundSide.PLAYER.value,
        help_text="Whose wounds taken here become the special wound.",
    )
    special_wound_attack = models.SmallIntegerField(
        default=0,
        validators=in_range(-3, 3),
        help_text="Added to the wounded character's attack while the wound is open "
        "(−1 for a wound that weakens its blows).",
    )
    special_wound_defence = models.SmallIntegerField(
        default=0,
        validators=in_range(-3, 3),
        help_text="Added to its defence while the wound is open.",
    )
    special_wound_move = models.SmallIntegerField(
        default=0,
        validators=in_range(-3, 3),
        help_text="Inches added to its move while the wound is open.",
    )

    # Branching: unset (and a draw) go on to the next scene by order.
    next_on_victory = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="next after a victory",
        help_text="Played next when the players win this scene. Blank: the next "
        "scene in order.",
    )
    next_on_defeat = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="next after a defeat",
        help_text="Played next when the players lose it.",
    )

    class Meta:
        ordering = ("campaign", "order", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "order"],
                name="campaigns_scene_unique_order",
                violation_error_message="Another scene of this campaign has this "
                "order.",
            ),
            models.UniqueConstraint(
                fields=["campaign", "slug"],
                name="campaigns_scene_unique_slug",
                violation_error_message="Another scene of this campaign has this slug.",
            ),
            models.UniqueConstraint(
                fields=["campaign"],
                condition=Q(status="current") & ~Q(kind="larger_battle"),
                name="campaigns_scene_one_current",
                violation_error_message="The campaign already has a current scene.",
            ),
            range_check("table_width", 12, 120),
            range_check("table_depth", 12, 120),
            range_check("reinforcement_cap", 1, 20),
            range_check("sight_limit", 1, 120, nullable=True),
            range_check("battle_length", 1, 20),
            range_check("special_wound_attack", -3, 3),
            range_check("special_wound_defence", -3, 3),
            range_check("special_wound_move", -3, 3),
            choice_check("special_wound_applies_to", WoundSide.choices()),
            choice_check("fixed_player_role", Role.choices(), blank=True),
            choice_check("time_out_winner", Side.choices(), blank=True),
            models.CheckConstraint(
                condition=Q(pursuit_bonus_inches__in=list(LEVERS)),
                name="campaigns_scene_pursuit_bonus_valid",
                violation_error_message="The pursuit bonus is "
                f"{words(map(str, LEVERS), last='or')} inches.",
            ),
            choice_check("kind", SceneKind.choices()),
            choice_check("status", SceneStatus.choices()),
            choice_check("outcome", Outcome.choices(), blank=True),
            models.CheckConstraint(
                condition=Q(kind="sub_scene", parent__isnull=False)
                | (~Q(kind="sub_scene") & Q(parent__isnull=True)),
                name="campaigns_scene_parent_only_for_sub_scene",
                violation_error_message="A sub-scene needs a larger battle as its "
                "parent, and only a sub-scene has one.",
            ),
            models.CheckConstraint(
                condition=~Q(parent=F("id")),
                name="campaigns_scene_not_own_parent",
            ),
            models.CheckConstraint(
                condition=Q(outcome="") | Q(status="resolved"),
                name="campaigns_scene_outcome_when_resolved",
                violation_error_message="Only a resolved scene has an outcome.",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def save(self, *args, **kwargs) -> None:
        if self.order is None and self.campaign_id is not None:
            last = (
                Scene.objects.filter(campaign_id=self.campaign_id)
                .aggregate(models.Max("order"))
                .get("order__max")
            )
            self.order = (last or 0) + 10
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse(
            "campaigns:scene_detail",
            kwargs={"slug": self.campaign.slug, "scene": self.slug},
        )

    def clean(self) -> None:
        super().clean()
        errors: dict[str, list[str]] = {}

        def error(field: str, message: str) -> None:
            errors.setdefault(field, []).append(message)

        parent = self.parent if self.parent_id else None
        if self.kind == SceneKind.SUB_SCENE:
            if parent is None:
                error("parent", "A sub-scene belongs to a larger battle: choose it.")
            elif parent.kind != SceneKind.LARGER_BATTLE:
                error("parent", "A sub-scene's parent must be a larger battle.")
            elif parent.campaign_id != self.campaign_id:
                error("parent", "The larger battle must be in the same campaign.")
            elif self.pk is not None and parent.pk == self.pk:
                error("parent", "A scene cannot contain itself.")
        elif parent is not None:
            error("parent", "Only a sub-scene has a parent.")

        if self.scenario_mode == ScenarioMode.FIXED:
            custom = bool(self.custom_scenario_name or self.custom_scenario_setup)
            if self.fixed_scenario and custom:
                error(
                    "fixed_scenario",
                    "Choose a named scenario or write the scene's own, not both.",
                )
            elif not self.fixed_scenario and not custom:
                error(
                    "fixed_scenario",
                    "A fixed scenario needs a named scenario, or the scene's own "
                    "name and setup text.",
                )
            elif custom and not self.custom_scenario_name:
                error("custom_scenario_name", "Name the scene's own scenario.")
            elif custom and not self.custom_scenario_setup:
                error("custom_scenario_setup", "Write the scene's own setup text.")
        if self.fixed_player_role:
            roles = scenario_roles(self.fixed_scenario or "")
            if not (self.scenario_mode == ScenarioMode.FIXED and roles):
                error(
                    "fixed_player_role",
                    "Only a fixed named scenario with roles (Assault, Siege, Trap, "
                    "Ambush …) takes the player side's role.",
                )
            elif self.fixed_player_role not in roles:
                names = " or ".join(role.label.lower() for role in roles)
                error(
                    "fixed_player_role",
                    f"In a {self.fixed_scenario} the player side is the {names}.",
                )
        if self.scenario_mode != ScenarioMode.FIXED and (
            self.fixed_scenario or self.custom_scenario_name
        ):
            error(
                "scenario_mode",
                "A generated scenario takes no fixed scenario: choose fixed mode "
                "or clear the fixed scenario.",
            )

        if self.special_wound_rules and not self.special_wound_name:
            error("special_wound_name", "Name the special wound its rules belong to.")
        modifies = (
            self.special_wound_attack,
            self.special_wound_defence,
            self.special_wound_move,
        )
        if any(modifies) and not self.special_wound_name:
            error(
                "special_wound_name",
                "Name the special wound whose attack, defence or move it changes.",
            )

        for field in ("next_on_victory", "next_on_defeat"):
            target = getattr(self, field) if getattr(self, f"{field}_id") else None
            if target is None:
                continue
            if target.campaign_id != self.campaign_id:
                error(field, "The next scene must be in the same campaign.")
            elif self.pk is not None and target.pk == self.pk:
                error(field, "A scene cannot follow itself.")

        if self.outcome and self.status != SceneStatus.RESOLVED:
            error("outcome", "Only a resolved scene has an outcome.")

        if errors:
            raise ValidationError(errors)

    def is_fighting(self) -> bool:
        """A scene fought as one battle: a major scene or a sub-scene."""
        return self.kind not in (SceneKind.LARGER_BATTLE, SceneKind.SANCTUARY)
