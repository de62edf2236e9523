"""Invitations: how a player becomes a campaign's member (SITE.md "Access").

The owner makes a link holding a secret token; whoever opens it logged in and
accepts becomes a member. Only the token's SHA-256 is kept, so the database
(or the admin) never holds a working link. A link serves one person: it is
used up by the first acceptance, revocable by the owner, and good for
``Invitation.VALID_FOR`` after it was made.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from campaigns.validators import validate_printable


class Invitation(models.Model):
    VALID_FOR = timedelta(days=7)

    class State(models.TextChoices):
        OPEN = "open", "Open"
        USED = "used", "Accepted"
        REVOKED = "revoked", "Withdrawn"
        EXPIRED = "expired", "Expired"

    campaign = models.ForeignKey(
        "campaigns.Campaign", on_delete=models.CASCADE, related_name="invitations"
    )
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    label = models.CharField(
        max_length=80,
        blank=True,
        validators=[validate_printable],
        help_text="Whom the link is for, as a reminder to the owner.",
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="accepted_invitations",
    )

    class Meta:
        ordering = ("-created_at", "-id")
        constraints = [
            models.CheckConstraint(
                condition=Q(accepted_by__isnull=True) | Q(accepted_at__isnull=False),
                name="campaigns_invitation_accepted_when",
                violation_error_message="An accepted invitation says when.",
            ),
        ]

    def __str__(self) -> str:
        return f"Invitation to {self.campaign_id} ({self.label or 'unnamed'})"

    def state_at(self, now: datetime) -> Invitation.State:
        """Open, or why the link no longer works; a used or revoked link says
        so even once its week is over."""
        if self.accepted_at is not None:
            return self.State.USED
        if self.revoked_at is not None:
            return self.State.REVOKED
        if now >= self.expires_at:
            return self.State.EXPIRED
        return self.State.OPEN
