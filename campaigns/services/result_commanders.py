"""A result's commanders (RULES §6.4): the leading commanders' reputation and
rating moved, each change recorded against the battle (reopening reverses it)."""

from __future__ import annotations

from campaigns.bidi import isolated
from campaigns.models import (
    Battle,
    BattleCompany,
    Commander,
    CommanderChange,
    Scene,
)
from campaigns.models.result import EffectKind
from campaigns.services.effects import Ledger
from campaigns.services.result_entry import ResultEntry
from campaigns.story import CommanderLine
from engines.aftermath import commander_after_battle, side_outcome
from engines.enums import Outcome, Rating, Reputation, Side


def commanders_after_battle(
    ledger: Ledger,
    battle: Battle,
    scene: Scene,
    companies: list[BattleCompany],
    entry: ResultEntry,
) -> list[CommanderLine]:
    """Move the leading commanders (§6.4); return each change for the story."""
    moved: list[CommanderLine] = []
    leading = {bc.side: bc.company.commander_id for bc in companies if bc.leading}
    commanders = Commander.objects.select_for_update().in_bulk(
        [pk for pk in leading.values() if pk is not None]
    )
    routed = {Side.PLAYER: entry.player_routed, Side.AI: entry.ai_routed}
    for side in (Side.PLAYER, Side.AI):
        commander = commanders.get(leading.get(side.value))
        if commander is None:
            continue
        step = commander_after_battle(
            Reputation(commander.reputation),
            Rating(commander.rating),
            commander.victories_since_rating_change,
            side_outcome(Outcome(entry.outcome), side),
            routed[side],
        )
        why = f"Battle {battle.number} at {isolated(scene.title)}"
        if step.reputation_changed:
            moved.append(
                _commander_change(
                    ledger,
                    battle,
                    commander,
                    CommanderChange.Field.REPUTATION,
                    step.reputation,
                    f"{why}: {step.reputation_reason}",
                )
            )
        if step.rating_changed:
            moved.append(
                _commander_change(
                    ledger,
                    battle,
                    commander,
                    CommanderChange.Field.RATING,
                    step.rating,
                    f"{why}: {step.rating_reason}",
                )
            )
        before = commander.victories_since_rating_change
        ledger.change(
            commander,
            EffectKind.VICTORIES,
            f"{isolated(commander.name)}: victories since the last rating change "
            f"{before} → {step.victories_since_rating_change}",
            victories_since_rating_change=step.victories_since_rating_change,
        )
    return moved


def _commander_change(
    ledger: Ledger,
    battle: Battle,
    commander: Commander,
    field: str,
    new: Reputation | Rating,
    reason: str,
) -> CommanderLine:
    enum = Reputation if field == CommanderChange.Field.REPUTATION else Rating
    old = enum(getattr(commander, field))
    kind = EffectKind.REPUTATION if enum is Reputation else EffectKind.RATING
    ledger.change(
        commander,
        kind,
        f"{isolated(commander.name)}'s {field}: {old.label} → {new.label} ({reason})",
        **{field: new.value},
    )
    history = CommanderChange.objects.create(
        commander=commander,
        field=field,
        old_value=old.value,
        new_value=new.value,
        reason=reason[:200],
        battle=battle,
    )
    ledger.created(
        history,
        EffectKind.OTHER,
        f"{isolated(commander.name)}'s {field} moved from {old.label} to {new.label}",
        log=False,
    )
    return CommanderLine(
        name=commander.name, field=str(field), old=old.value, new=new.value
    )
