"""A battle's characters named as the table page and the result form name
them: numbered where two share a name ("Boarder", "Boarder 2"), on every sheet
of the pack and on the battle page (issue 33 item 10)."""

from __future__ import annotations

from typing import Any

from campaigns.models import BattleParticipant
from engines.enums import Mishap
from engines.table.context import unique_labels


def participant_labels(participants: list[BattleParticipant]) -> dict[int, str]:
    """Each character's name as the table page and the result form say it:
    numbered where two share it ("Boarder", "Boarder 2"), counting those on
    the table in card order; one who misses the battle is numbered after them."""
    present = [p for p in participants if p.mishap != Mishap.MISSES]
    missing = [p for p in participants if p.mishap == Mishap.MISSES]
    labels = unique_labels([p.character.name for p in present])
    labels += unique_labels([p.character.name for p in missing], labels)
    return {
        p.character_id: label
        for p, label in zip([*present, *missing], labels, strict=True)
    }


def card_labels(data: dict[str, Any], labels: dict[int, str]) -> dict[str, Any]:
    """The dealt entry cards named as the characters are everywhere else."""
    by_key = {str(pk): label for pk, label in labels.items()}

    def arrival(value: dict[str, Any] | None) -> dict[str, Any] | None:
        if not value or not value.get("cards"):
            return value
        cards = [
            {**c, "name": by_key.get(str(c["key"]), c["name"])} for c in value["cards"]
        ]
        return {**value, "cards": cards}

    return {
        **data,
        "forces": [{**f, "arrival": arrival(f.get("arrival"))} for f in data["forces"]],
    }
