"""The result form's suggestion (issue 31, item 5): a fixed scene's ways to
win judged on what the owner entered, by the engine function the table page
and the playtest call (:func:`engines.victory.judge`).

The form's lines hold who fell and who routed; what the ways need beyond that
(who left, by which edge or through which feature, carrying what; who held
what; who held out) is asked as yes/no questions, one per fact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from campaigns.models import Battle, Company, WayToWin
from campaigns.models.victory import conditions_prefetch
from engines.enums import Outcome, ScenarioMode, Side
from engines.victory import (
    BattleFacts,
    ConditionKind,
    Exit,
    Fighter,
    Question,
    Verdict,
    Victory,
    judge,
    questions,
)

OUTCOME_WORDS = {
    Outcome.VICTORY: "a victory",
    Outcome.DEFEAT: "a defeat",
    Outcome.DRAW: "a draw",
}


@dataclass(frozen=True)
class ResultVictory:
    """A fixed scene's ways to win, as the result form reads them."""

    victory: Victory
    companies: Mapping[int, str]
    """Company id → name: the conditions name companies."""
    questions: tuple[Question, ...]


def result_victory(*, battle: Battle) -> ResultVictory | None:
    """The battle's scene's ways to win, or None for a generated scenario
    (§3.12's victory points judge it) or a scene without ways (three queries)."""
    scene = battle.scene
    if scene.scenario_mode != ScenarioMode.FIXED:
        return None
    ways = list(
        WayToWin.objects.filter(scene_id=scene.pk).prefetch_related(
            conditions_prefetch()
        )
    )
    if not ways:
        return None
    victory = Victory(
        ways=tuple(way.to_engine() for way in ways),
        battle_length=scene.battle_length,
        time_out=Side(scene.time_out_winner) if scene.time_out_winner else None,
        rout_loses=scene.rout_loses,
    )
    companies = dict(
        Company.objects.filter(campaign_id=battle.campaign_id).values_list("id", "name")
    )
    return ResultVictory(
        victory=victory, companies=companies, questions=questions(victory)
    )


def result_verdict(
    *,
    rv: ResultVictory,
    rows: Sequence[Any],
    data: Mapping[str, Any],
    answers: Mapping[str, bool],
) -> Verdict:
    """What the ways to win give for the result entered: ``rows`` the form's
    character lines, ``data`` its values in the result service's shape,
    ``answers`` the questions' by condition key. A character that routed has
    left the table; a routed side's companies have all routed."""
    characters = data.get("characters") or {}
    fighters = []
    fallen = set()
    exits = []
    routed_sides = {
        side
        for side, key in ((Side.PLAYER, "player_routed"), (Side.AI, "ai_routed"))
        if data.get(key)
    }
    for row in rows:
        character = row.character
        fighter = Fighter(
            name=character.name,
            company=rv.companies.get(character.company_id, ""),
            side=Side(row.side),
        )
        fighters.append(fighter)
        line = characters.get(row.participant.pk) or {}
        if line.get("fallen") or line.get("killed_outright"):
            fallen.add(fighter.name)
        elif line.get("routed") or fighter.side in routed_sides:
            exits.append(Exit(character=fighter.name))
    routed = {f.company for f in fighters if f.side in routed_sides}
    told, kept = _told_exits(rv.victory, answers, fallen)
    facts = BattleFacts(
        fighters=tuple(fighters),
        round=data.get("rounds_played") or rv.victory.battle_length,
        final=True,
        fallen=frozenset(fallen),
        exits=(
            *told,
            *(e for e in exits if e.character not in {t.character for t in told}),
        ),
        routed=frozenset(routed),
        answers=kept,
    )
    return judge(rv.victory, facts)


def _told_exits(
    victory: Victory, answers: Mapping[str, bool], fallen: set[str]
) -> tuple[list[Exit], dict[str, bool]]:
    """A yes to "has Frodo left the table through the East Gate …" is a fact
    every condition reads (he has left the table, so he has fallen or left):
    it becomes an exit. The other answers stay answers to their own condition."""
    exits: dict[str, Exit] = {}
    kept: dict[str, bool] = {}
    for way in victory.ways:
        for c in way.conditions:
            if c.key not in answers:
                continue
            if c.kind == ConditionKind.LEAVE and c.character:
                if answers[c.key] and c.character not in fallen:
                    was = exits.get(c.character)
                    carrying = (c.objective,) if c.objective else ()
                    if was is None or (not was.feature and not was.edge):
                        exits[c.character] = Exit(
                            character=c.character,
                            edge=c.edge,
                            feature=c.feature,
                            carrying=carrying,
                        )
                continue
            kept[c.key] = answers[c.key]
    return list(exits.values()), kept


def overruled_text(verdict: Verdict, chosen: str, reason: str) -> str:
    """What the chronicle keeps when the owner overrules the ways to win."""
    given = OUTCOME_WORDS.get(verdict.outcome or Outcome.DRAW, "a draw")
    return (
        f"The ways to win gave {given} ({verdict.reason.rstrip('.')}); the owner "
        f"chose {OUTCOME_WORDS[Outcome(chosen)]}: {reason}"
    )[:700]
