"""Changes to commanders made outside a battle (RULES §6.4: "An admin may also
change either by hand, with a reason")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from campaigns.bidi import isolated
from campaigns.models import CampaignLogEntry, Commander, CommanderChange
from campaigns.services.locks import campaign_locked
from engines.enums import Rating, Reputation

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser


@transaction.atomic
def commander_change_by_hand(
    *,
    commander: Commander,
    reputation: str,
    rating: str,
    reason: str,
    user: User | AnonymousUser | None,
) -> list[CommanderChange]:
    """Set a commander's reputation and rating by hand, recording each change
    with its reason in the commander's history and the campaign log.

    A rating changed by hand is a rating change: the count of victories toward
    the next rise (§6.4) starts again from zero. Returns the changes recorded
    (none when both values are as they were). Runs under the campaign's lock
    and the commander's, so a battle resolving at the same time cannot
    interleave.
    """
    reason = reason.strip()
    try:
        new_values = {
            "reputation": Reputation(reputation).value,
            "rating": Rating(rating).value,
        }
    except ValueError as exc:
        raise ValidationError(f"Not a reputation or rating: {exc}") from exc

    locked = campaign_locked(
        model=Commander,
        pk=commander.pk,
        campaign_id=commander.campaign_id,
        missing="This commander no longer exists.",
    )
    changes = [
        CommanderChange(
            commander=locked,
            field=field,
            old_value=getattr(locked, field),
            new_value=new_value,
            reason=reason,
            changed_by=user if isinstance(user, User) else None,
        )
        for field, new_value in new_values.items()
        if getattr(locked, field) != new_value
    ]
    if not changes:
        return []
    if not reason:
        raise ValidationError("Give a reason for changing the reputation or rating.")

    update_fields = []
    for change in changes:
        setattr(locked, change.field, change.new_value)
        update_fields.append(change.field)
        if change.field == CommanderChange.Field.RATING:
            locked.victories_since_rating_change = 0
            update_fields.append("victories_since_rating_change")
    locked.full_clean()
    locked.save(update_fields=update_fields)
    for change in changes:
        change.full_clean()
        change.save()

    CampaignLogEntry.objects.create(
        campaign_id=locked.campaign_id,
        kind=CampaignLogEntry.Kind.ADMIN,
        text=_describe(locked, changes)[:500],
    )
    commander.refresh_from_db()
    return changes


def _describe(commander: Commander, changes: list[CommanderChange]) -> str:
    """ "Aragorn's reputation moved from Bold to Rash (changed by hand: …)"."""
    parts = [
        f"{change.field} moved from {_label(change.field, change.old_value)} to "
        f"{_label(change.field, change.new_value)}"
        for change in changes
    ]
    return (
        f"{isolated(commander.name)}'s {' and '.join(parts)} "
        f"(changed by hand: {changes[0].reason})"
    )


def _label(field: str, value: str) -> str:
    enum = Reputation if field == "reputation" else Rating
    return enum(value).label
