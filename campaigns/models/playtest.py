"""Kept playtest reports (RULES §7): one per scene, roster, stance and seed.

The scene's playtest page asks for one (:mod:`campaigns.services.playtest`),
the task :func:`campaigns.tasks.playtest_run` fights it and moves the
row on:

    queued ──worker takes it──▶ running ──▶ done (the report, or why the
                                              scene cannot be fought)
                                        └─▶ failed (the time limit, an error,
                                            its worker silent: the sweep)

At most one playtest of a scene is on its way at a time (a conditional unique
constraint), so two POSTs at once run one. Deleting the scene deletes its rows;
a task that finds its row gone stops.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from engines.enums import ScenarioMode, Stance

if TYPE_CHECKING:
    from campaigns.models.scene import Scene


class PlaytestStatus(models.TextChoices):
    QUEUED = "queued", "Waiting for a worker"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


ON_ITS_WAY = (PlaytestStatus.QUEUED, PlaytestStatus.RUNNING)


def playtest_roster(participant_ids: Sequence[int]) -> str:
    """The kept form of a roster: its character ids, sorted, comma separated."""
    return ",".join(str(pk) for pk in sorted(set(participant_ids)))


def playtest_stance(*, scene: Scene, stance: Stance | str | None) -> str:
    """The kept form of a stance: '' for a fixed scene (it asks none)."""
    if scene.scenario_mode == ScenarioMode.FIXED:
        return ""
    return Stance(stance or Stance.ATTACK).value


class PlaytestReport(models.Model):
    """A playtest of one scene with one roster, stance and seed, and its report."""

    Status = PlaytestStatus

    scene = models.ForeignKey(
        "campaigns.Scene", on_delete=models.CASCADE, related_name="playtests"
    )
    stance = models.CharField(
        max_length=16,
        blank=True,
        choices=Stance.choices(),
        help_text="The players' stance; empty when the scene's scenario is fixed.",
    )
    roster = models.CharField(
        max_length=500,
        help_text="The player characters taking part, as their ids in order.",
    )
    seed = models.BigIntegerField()
    battles = models.PositiveIntegerField()
    battles_done = models.PositiveIntegerField(default=0)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.QUEUED
    )
    report = models.JSONField(null=True, blank=True)
    error = models.CharField(
        max_length=300, blank=True, help_text="Why it failed, in words."
    )
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="playtests",
    )
    task_id = models.CharField(max_length=64, blank=True)
    asked_at = models.DateTimeField(default=timezone.now)
    alive_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The last time its worker wrote its progress.",
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("scene", "-asked_at", "-id")
        indexes = [models.Index(fields=["scene", "-asked_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["scene", "roster", "stance", "seed"],
                name="campaigns_playtest_one_per_roster_stance_seed",
            ),
            models.UniqueConstraint(
                fields=["scene"],
                condition=Q(status__in=["queued", "running"]),
                name="campaigns_playtest_one_on_its_way",
                violation_error_message="A playtest of this scene is running.",
            ),
            models.CheckConstraint(
                condition=Q(status__in=PlaytestStatus.values),
                name="campaigns_playtest_status_valid",
            ),
        ]

    def __str__(self) -> str:
        stance = f", {self.stance}" if self.stance else ""
        where = f"scene {self.scene_id}{stance}, seed {self.seed}"
        return f"Playtest of {where}: {self.status}"

    @property
    def on_its_way(self) -> bool:
        return self.status in ON_ITS_WAY

    @property
    def roster_ids(self) -> list[int]:
        return [int(pk) for pk in self.roster.split(",") if pk]
