"""A battle's result, the fate of each character and every effect it had on the
campaign (RULES §6)."""

from __future__ import annotations

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone

from campaigns.models._checks import choice_check, range_check
from campaigns.validators import in_range
from engines.enums import EndReason, Fate, Outcome


class BattleResult(models.Model):
    """What the player entered for a battle (§6.1); one per battle."""

    battle = models.OneToOneField(
        "campaigns.Battle", on_delete=models.CASCADE, related_name="result"
    )
    outcome = models.CharField(max_length=16, choices=Outcome.choices())
    end_reason = models.CharField(max_length=24, choices=EndReason.choices())
    player_routed = models.BooleanField(default=False)
    ai_routed = models.BooleanField(default=False)
    player_victory_points = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(0, 99)
    )
    ai_victory_points = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=in_range(0, 99)
    )
    rounds_played = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=in_range(1, 20),
        help_text="How many rounds were fought.",
    )
    fingerprint = models.CharField(
        max_length=64,
        blank=True,
        help_text="A hash of the submitted values: the same result applies once.",
    )
    resolution_log = models.JSONField(default=list, blank=True)
    overruled = models.CharField(
        max_length=700,
        blank=True,
        help_text="The outcome was chosen against the scene's ways to win: what "
        "they gave, and the owner's reason (the chronicle tells it).",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("battle", "id")
        constraints = [
            choice_check("outcome", Outcome.choices()),
            choice_check("end_reason", EndReason.choices()),
            range_check("player_victory_points", 0, 99, nullable=True),
            range_check("ai_victory_points", 0, 99, nullable=True),
            range_check("rounds_played", 1, 20, nullable=True),
        ]

    def __str__(self) -> str:
        return f"{self.battle}: {self.outcome}"


class CharacterOutcome(models.Model):
    """One character's line of the result form, and the fate §6.2 gave it."""

    result = models.ForeignKey(
        BattleResult, on_delete=models.CASCADE, related_name="character_outcomes"
    )
    participant = models.ForeignKey(
        "campaigns.BattleParticipant",
        on_delete=models.CASCADE,
        related_name="outcomes",
    )
    wound_tokens = models.PositiveSmallIntegerField(
        default=0, validators=in_range(0, 6)
    )
    fallen = models.BooleanField(default=False)
    routed = models.BooleanField(default=False)
    carried_objective = models.BooleanField(default=False)
    left_battle = models.BooleanField(
        default=False,
        help_text="Left by the edge its scenario scores at: it scores for its "
        "side and is not lost (RULES §3.12).",
    )
    killed_outright = models.BooleanField(
        default=False, help_text="Only where a scene's rule kills the character."
    )
    fate = models.CharField(max_length=24, choices=Fate.choices(), blank=True)

    class Meta:
        ordering = ("result", "participant__order", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["result", "participant"],
                name="campaigns_characteroutcome_unique_participant",
                violation_error_message="This character already has an outcome.",
            ),
            range_check("wound_tokens", 0, 6),
            choice_check("fate", Fate.choices(), blank=True),
            models.CheckConstraint(
                condition=Q(killed_outright=False) | Q(fallen=True),
                name="campaigns_characteroutcome_killed_outright_is_fallen",
                violation_error_message="A character killed outright has fallen.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant.character}: {self.fate or 'pending'}"

    def clean(self) -> None:
        super().clean()
        if (
            self.result_id
            and self.participant_id
            and self.participant.battle_id != self.result.battle_id
        ):
            raise ValidationError(
                {"participant": "The character did not take part in this battle."}
            )


class EffectKind(models.TextChoices):
    WOUND_OPENED = "wound_opened", "Wound opened"
    WOUND_HEALED = "wound_healed", "Wound healed"
    DEATH = "death", "Death"
    UNFIT_SET = "unfit_set", "Unfit for the next battle"
    UNFIT_CLEARED = "unfit_cleared", "Fit again"
    REPUTATION = "reputation", "Reputation"
    RATING = "rating", "Rating"
    VICTORIES = "victories", "Victories since rating change"
    SCENE_STATUS = "scene_status", "Scene status"
    SCENE_OUTCOME = "scene_outcome", "Scene outcome"
    CURRENT_SCENE = "current_scene", "Current scene"
    BATTLE_STATUS = "battle_status", "Battle status"
    OTHER = "other", "Other"


class Effect(models.Model):
    """One change a resolution or a rest made to the campaign, with its before
    and after, so that reopening (or undoing the rest) reverses exactly it
    (§6.5). It belongs to a battle, or to the sanctuary rested at."""

    Kind = EffectKind

    battle = models.ForeignKey(
        "campaigns.Battle",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="effects",
    )
    rest_scene = models.ForeignKey(
        "campaigns.Scene",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rest_effects",
        help_text="The sanctuary whose rest made this change.",
    )
    order = models.PositiveIntegerField(default=0)
    kind = models.CharField(max_length=24, choices=Kind.choices)
    target_model = models.CharField(
        max_length=40, help_text='The model changed, e.g. "character", "scene".'
    )
    target_id = models.PositiveBigIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    description = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ("battle", "rest_scene", "order", "id")
        constraints = [
            models.UniqueConstraint(
                fields=["battle", "order"],
                name="campaigns_effect_unique_order",
                violation_error_message="The battle already has an effect at this "
                "position.",
            ),
            models.UniqueConstraint(
                fields=["rest_scene", "order"],
                name="campaigns_effect_unique_rest_order",
                violation_error_message="The rest already has an effect at this "
                "position.",
            ),
            models.CheckConstraint(
                condition=Q(battle__isnull=False, rest_scene__isnull=True)
                | Q(battle__isnull=True, rest_scene__isnull=False),
                name="campaigns_effect_battle_or_rest",
                violation_error_message="An effect belongs to a battle or to a rest.",
            ),
            choice_check("kind", EffectKind.choices),
        ]

    def __str__(self) -> str:
        return self.description or f"{self.get_kind_display()} ({self.target_model})"

    def target(self) -> models.Model | None:
        """The changed object, or None when it no longer exists."""
        if self.target_id is None:
            return None
        model = apps.get_model("campaigns", self.target_model)
        return model._default_manager.filter(pk=self.target_id).first()
