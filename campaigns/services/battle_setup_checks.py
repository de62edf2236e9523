"""A battle setup's checks (RULES §3): the scene, the stance, the line-up and
its scouts, the co-op players' names and the seed, each a clear form message."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError

from campaigns.bidi import isolated
from campaigns.models import Scene
from campaigns.models.battle import BattleStatus, new_seed
from campaigns.selectors.lineup import LineupCharacter, SceneLineup
from campaigns.validators import unprintable, visible
from engines.enums import ScenarioMode, SceneStatus, Side, Stance
from engines.scouting import SCOUT_SHARE_WORDS, scouts_allowed

MAX_SEED = 2**63 - 1
SEED_RANGE_MESSAGE = (
    f"A seed is a whole number (0 or more) of at most {len(str(MAX_SEED)) - 1} "
    "digits: shorten it, or leave it empty for a fresh one."
)
COOP_NAME_MAX = 40

# --- Validation -------------------------------------------------------------------


def _check_scene(scene: Scene) -> None:
    if not scene.is_fighting():
        raise ValidationError(f"“{isolated(scene.title)}” is not fought as a battle.")
    if scene.status != SceneStatus.CURRENT:
        raise ValidationError(
            f"“{isolated(scene.title)}” is not the campaign's current scene: only the "
            "current scene can be set up."
        )
    if scene.battles.filter(status=BattleStatus.PLANNED).exists():
        raise ValidationError(
            "This scene already has a planned battle: open it to re-roll it, "
            "discard it or enter its result."
        )


def _stance(scene: Scene, stance: Stance | str | None) -> Stance | None:
    """The player's stance: asked for a generated scenario, none for a fixed one."""
    if scene.scenario_mode == ScenarioMode.FIXED:
        return None
    if not stance:
        raise ValidationError(
            {"stance": "Choose your stance: attack, recon or defend."}
        )
    return Stance(stance)


def _chosen_participants(
    lineup: SceneLineup, participant_ids: Sequence[int]
) -> list[LineupCharacter]:
    players = lineup.of_side(Side.PLAYER)
    by_id = {c.character.pk: c for c in players}
    try:
        wanted = {int(raw) for raw in participant_ids}
    except (TypeError, ValueError) as error:
        raise ValidationError(
            {"participants": "Pick characters from the list."}
        ) from error
    unknown = wanted - set(by_id)
    if unknown:
        raise ValidationError(
            {"participants": "Only the player's characters in this scene can fight."}
        )
    chosen = [c for c in players if c.character.pk in wanted]
    forbidden = [c for c in chosen if not c.allowed]
    if forbidden:
        names = ", ".join(c.character.name for c in forbidden)
        rules = " ".join(
            f"{isolated(limits.name)}: {limits.describe()}"
            for limits in _limits(lineup, forbidden)
        )
        raise ValidationError(
            {
                "participants": f"{names} cannot take part in "
                f"{isolated(lineup.scene.title)}. "
                f"{rules}"
            }
        )
    unfit = [c for c in chosen if not c.fit]
    if unfit:
        names = ", ".join(
            f"{isolated(c.character.name)} ({c.reason.lower()})" for c in unfit
        )
        raise ValidationError({"participants": f"Cannot fight: {names}."})
    if not chosen:
        raise ValidationError(
            {"participants": "Pick at least one character to take part."}
        )
    for scene_company in lineup.scene_companies:
        if scene_company.side != Side.PLAYER:
            continue
        count = sum(1 for c in chosen if c.scene_company.pk == scene_company.pk)
        least, most = scene_company.min_characters, scene_company.max_characters
        name = scene_company.company.name
        if most is not None and count > most:
            raise ValidationError(
                {
                    "participants": f"At most {most} of {name} may take part in "
                    f"{isolated(lineup.scene.title)}; {count} were picked."
                }
            )
        if least is not None and count < least:
            raise ValidationError(
                {
                    "participants": f"At least {least} of {name} must take part in "
                    f"{isolated(lineup.scene.title)}; {count} were picked."
                }
            )
    _check_ai_side(lineup)
    return chosen


def _limits(lineup: SceneLineup, characters: Sequence[LineupCharacter]):
    seen = []
    for c in characters:
        if c.scene_company not in seen:
            seen.append(c.scene_company)
    return [lineup.limits(sc) for sc in seen]


def _check_ai_side(lineup: SceneLineup) -> None:
    """The AI side needs someone to fight, and each AI company its least number."""
    fighting = lineup.ai_fighting()
    if not fighting:
        raise ValidationError(
            "Nobody can fight on the AI side: every AI character this scene allows "
            "is dead or unfit."
        )
    for scene_company in lineup.scene_companies:
        least = scene_company.min_characters
        if scene_company.side != Side.AI or least is None:
            continue
        count = sum(1 for c in fighting if c.scene_company.pk == scene_company.pk)
        if count < least:
            raise ValidationError(
                f"{isolated(scene_company.company.name)} needs at least {least} "
                f"characters in {isolated(lineup.scene.title)}, but only {count} can "
                "fight."
            )


def _chosen_scouts(
    scene: Scene, players: list[LineupCharacter], scout_ids: Sequence[int]
) -> list[LineupCharacter]:
    try:
        wanted = {int(raw) for raw in scout_ids}
    except (TypeError, ValueError) as error:
        raise ValidationError({"scouts": "Pick scouts from the list."}) from error
    if not wanted:
        return []
    if scene.scenario_mode == ScenarioMode.FIXED:
        raise ValidationError(
            {"scouts": "This scene has a fixed scenario: there is no scouting."}
        )
    by_id = {c.character.pk: c for c in players}
    if wanted - set(by_id):
        raise ValidationError(
            {"scouts": "A scout must be one of the characters taking part."}
        )
    allowed = scouts_allowed(len(players))
    if len(wanted) > allowed:
        raise ValidationError(
            {
                "scouts": f"Too many scouts: {len(wanted)} picked, at most {allowed} "
                f"allowed for {len(players)} characters taking part "
                f"({SCOUT_SHARE_WORDS}, rounded down)."
            }
        )
    return [c for c in players if c.character.pk in wanted]


def _coop_names(
    players: list[LineupCharacter], coop_players: Mapping[int, str]
) -> dict[int, str]:
    names = {}
    for c in players:
        name = " ".join(str(coop_players.get(c.character.pk, "")).split())
        if len(name) > COOP_NAME_MAX:
            raise ValidationError(
                {"coop": f"A player's name has at most {COOP_NAME_MAX} characters."}
            )
        if name and not visible(name):
            raise ValidationError(
                {
                    "coop": "A player's name has nothing visible in it: write it in "
                    "letters."
                }
            )
        missing = unprintable(name)
        if missing:
            raise ValidationError(
                {
                    "coop": f"The printed pack cannot show {' '.join(missing[:5])} "
                    f"in {name}: use letters, numbers and ordinary punctuation."
                }
            )
        names[c.character.pk] = name
    return _deal_unassigned(names)


def _deal_unassigned(names: dict[int, str]) -> dict[int, str]:
    """RULES §4: every character belongs to a general; those the players left
    without one are dealt round-robin, in card order, to the generals named."""
    generals = _ordered_unique(name for name in names.values() if name)
    if not generals:
        return names
    dealt = iter(range(len(names)))
    return {
        pk: name or generals[next(dealt) % len(generals)] for pk, name in names.items()
    }


def _seed(seed: int | None) -> int:
    if seed is None:
        return new_seed()
    if not 0 <= int(seed) <= MAX_SEED:
        raise ValidationError({"seed": SEED_RANGE_MESSAGE})
    return int(seed)


def _ordered_unique(names: Any) -> list[str]:
    seen: list[str] = []
    for name in names:
        if name and name not in seen:
            seen.append(name)
    return seen
