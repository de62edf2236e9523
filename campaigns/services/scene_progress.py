"""Moving the campaign on when a scene resolves (RULES §1, §6.5).

The next scene is the branch for the player's outcome when the scene sets one,
else the next unresolved scene by order: a sub-scene's next sibling, or the
next top-level scene. A larger battle is played through its sub-scenes: entering
it makes its first unresolved sub-scene current (and the larger battle too, as
the models allow); leaving it resolves it with the outcome of
:func:`engines.narrative.larger_battle_outcome`. After the last scene no scene is
current.
"""

from __future__ import annotations

from campaigns.bidi import isolated
from campaigns.models import Scene
from campaigns.models.result import EffectKind
from campaigns.services.effects import Ledger
from engines.enums import Outcome, SceneKind, SceneStatus
from engines.narrative import larger_battle_outcome


def scene_advance(
    *, ledger: Ledger, scene: Scene, outcome: Outcome | None
) -> Scene | None:
    """Resolve ``scene`` (with the player's outcome; none for a sanctuary) and
    make the next scene current. Returns the new current scene, or None when
    the campaign is over. Every change goes through ``ledger``."""
    scenes = list(
        Scene.objects.filter(campaign_id=scene.campaign_id).order_by("order", "id")
    )
    by_id = {s.pk: s for s in scenes}
    scene = by_id[scene.pk]
    _resolve(ledger, scene, outcome)
    target = _branch(scene, outcome, by_id) or _next_by_order(scene, scenes)
    parent = None if scene.parent_id is None else by_id.get(scene.parent_id)
    if parent is not None and (target is None or target.parent_id != parent.pk):
        sub_outcomes = [
            s.outcome
            for s in scenes
            if s.parent_id == parent.pk and s.status == SceneStatus.RESOLVED
        ]
        parent_outcome = larger_battle_outcome(sub_outcomes)
        _resolve(ledger, parent, parent_outcome)
        if target is None:
            target = _branch(parent, parent_outcome, by_id) or _next_by_order(
                parent, scenes
            )
    current = _enter(ledger, target, scenes)
    if current is None:
        ledger.note("effect", "The campaign is over: no scene follows.")
    return current


def _resolve(ledger: Ledger, scene: Scene, outcome: Outcome | None) -> None:
    words = f"resolved, {Outcome(outcome).label.lower()}" if outcome else "resolved"
    ledger.change(
        scene,
        EffectKind.SCENE_OUTCOME,
        f"{isolated(scene.title)}: {words}",
        status=SceneStatus.RESOLVED.value,
        outcome=outcome.value if outcome else "",
    )


def _branch(scene: Scene, outcome: Outcome | None, by_id: dict) -> Scene | None:
    if outcome == Outcome.VICTORY:
        return by_id.get(scene.next_on_victory_id)
    if outcome == Outcome.DEFEAT:
        return by_id.get(scene.next_on_defeat_id)
    return None


def _key(scene: Scene) -> tuple[int, int]:
    return (scene.order, scene.pk)


def _next_by_order(scene: Scene, scenes: list[Scene]) -> Scene | None:
    """The next unresolved scene at the same level: sibling, or top level."""
    return next(
        (
            s
            for s in scenes
            if s.parent_id == scene.parent_id
            and _key(s) > _key(scene)
            and s.status != SceneStatus.RESOLVED
        ),
        None,
    )


def _enter(ledger: Ledger, target: Scene | None, scenes: list[Scene]) -> Scene | None:
    while target is not None and target.kind == SceneKind.LARGER_BATTLE:
        first = next(
            (
                s
                for s in scenes
                if s.parent_id == target.pk and s.status != SceneStatus.RESOLVED
            ),
            None,
        )
        if first is None:
            target = _next_by_order(target, scenes)
        else:
            target = first
    if target is None:
        return None
    _make_current(ledger, target, f"{isolated(target.title)} is now the current scene")
    parent = next((s for s in scenes if s.pk == target.parent_id), None)
    if parent is not None:
        _make_current(
            ledger, parent, f"{isolated(parent.title)} (larger battle) is under way"
        )
    return target


def _make_current(ledger: Ledger, scene: Scene, description: str) -> None:
    ledger.change(
        scene,
        EffectKind.CURRENT_SCENE,
        description,
        status=SceneStatus.CURRENT.value,
        outcome="",
    )
