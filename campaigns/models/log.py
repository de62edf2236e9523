"""The campaign log: the chronicle of every setup, result and effect (§6.5)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from campaigns.models._checks import choice_check


class LogKind(models.TextChoices):
    SETUP = "setup", "Battle set up"
    REROLL = "reroll", "Set-up re-rolled"
    RESULT = "result", "Result"
    EFFECT = "effect", "Effect"
    REOPEN = "reopen", "Result reopened"
    REST = "rest", "Sanctuary"
    REST_UNDONE = "rest_undone", "Rest undone"
    DISCARD = "discard", "Battle discarded"
    NOTE = "note", "Note"
    ADMIN = "admin", "Changed by hand"


class CampaignLogEntry(models.Model):
    Kind = LogKind

    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="log_entries"
    )
    battle = models.ForeignKey(
        "campaigns.Battle",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="log_entries",
    )
    scene = models.ForeignKey(
        "campaigns.Scene",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="log_entries",
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    text = models.CharField(max_length=500)
    discarded_battle_id = models.PositiveBigIntegerField(
        null=True,
        blank=True,
        help_text="A discard: the id the battle had, so its old address can say "
        "it was discarded.",
    )
    created_at = models.DateTimeField(default=timezone.now)
    order = models.PositiveIntegerField(
        default=0, help_text="Breaks ties between entries written at the same time."
    )

    class Meta:
        ordering = ("created_at", "order", "id")
        verbose_name = "campaign log entry"
        verbose_name_plural = "campaign log entries"
        constraints = [choice_check("kind", LogKind.choices)]
        indexes = [
            # The chronicle in its order, and the dashboard's newest entries
            # (read backwards): neither sorts the whole log.
            models.Index(
                fields=["campaign", "created_at", "order", "id"],
                name="campaign_log_in_order",
            )
        ]

    def __str__(self) -> str:
        return self.text
