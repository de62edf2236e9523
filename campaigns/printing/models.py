"""Where each battle pack's background render is (:mod:`campaigns.tasks`).

One row per pack, named by the pack store's key (the sha256 of everything the
pack shows, :func:`campaigns.printing.pack_store.pack_key`), so "is this battle's
current pack ready?" is one lookup by key. The battle page reads it
(:func:`campaigns.selectors.pack_status.pack_status_read`); the task moves it
from queued to running to stored or failed.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone


class PackRenderStatus(models.TextChoices):
    QUEUED = "queued", "Waiting for a worker"
    RUNNING = "running", "Rendering"
    STORED = "stored", "Stored"
    FAILED = "failed", "Failed"


class PackRender(models.Model):
    """The render of one battle pack: which pack, for which battle and printed
    address, and how far it got."""

    Status = PackRenderStatus

    battle = models.ForeignKey(
        "campaigns.Battle", on_delete=models.CASCADE, related_name="pack_renders"
    )
    key = models.CharField(
        max_length=64, unique=True, help_text="The pack store's key of this pack."
    )
    site_url = models.CharField(
        max_length=200, help_text="The address the pack prints for the result page."
    )
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.QUEUED
    )
    attempts = models.PositiveSmallIntegerField(
        default=0, help_text="How many times the render was sent to a worker."
    )
    task_id = models.CharField(max_length=64, blank=True)
    error = models.CharField(
        max_length=300, blank=True, help_text="Why the last attempt failed."
    )
    enqueued_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    alive_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The last time the worker rendering it said it was still at it.",
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("battle", "-enqueued_at", "-id")
        indexes = [models.Index(fields=["battle", "site_url", "-enqueued_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=PackRenderStatus.values),
                name="printing_packrender_status_valid",
            )
        ]

    def __str__(self) -> str:
        return f"Pack {self.key[:12]} of battle {self.battle_id}: {self.status}"
