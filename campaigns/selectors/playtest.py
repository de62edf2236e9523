"""A scene as the playtest's pure input (RULES §7): :func:`playtest_spec`.

Read once per playtest, whatever its number of battles: the scene's lineup
(four queries), its setup inputs (the table, its features and objectives, the
forces with their orders), its ways to win and the quarry. The player side is
the characters the set-up form would pick (or the ones chosen), with their
open wounds as they stand now; the AI side every fit character the scene
allows. A fixed scene stands on its own battlefield in every battle; a
generated one rolls its setup and terrain afresh each battle from the inputs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from campaigns.models import Character as CharacterRow
from campaigns.models import Scene, SceneCompany
from campaigns.selectors.doctrine_settings import doctrine_settings
from campaigns.selectors.lineup import LineupCharacter, SceneLineup, scene_lineup
from campaigns.selectors.setup_inputs import setup_inputs
from campaigns.selectors.victory import scene_victory_read
from engines.battlefield import Battlefield
from engines.combat import DEFAULT_MOVE
from engines.doctrines import DoctrineSettings
from engines.enums import Doctrine, ScenarioMode, Side, Stance
from engines.events import Event, event_deck_message
from engines.playtest.report import Report, report
from engines.playtest.spec import Character, Company, Spec
from engines.scenario import SetupError, generate_setup


class Unplayable(ValueError):
    """The scene cannot be playtested: why, in a builder's words."""


def unplayable_report(why: str, *, seed: int) -> Report:
    """The report of a scene that cannot be fought: no battle, and why."""
    return replace(report((), seed=seed), warnings=(f"It cannot be playtested: {why}",))


def report_from_data(data: Mapping[str, Any]) -> Report:
    """A report back from its JSON (:meth:`Report.to_data`), as kept or printed."""
    return Report(
        battles=data.get("battles", 0),
        seed=data.get("seed", 0),
        victory=data.get("victory", 0.0),
        draw=data.get("draw", 0.0),
        defeat=data.get("defeat", 0.0),
        interval={
            k: (float(v[0]), float(v[1])) for k, v in data.get("interval", {}).items()
        },
        rounds={int(k): v for k, v in data.get("rounds", {}).items()},
        characters=data.get("characters", {}),
        ends=data.get("ends", {}),
        warnings=tuple(data.get("warnings", ())),
        **({"robot": data["robot"]} if data.get("robot") else {}),
    )


def playtest_spec(
    *,
    scene: Scene,
    stance: Stance | str | None = None,
    participant_ids: Sequence[int] | None = None,
) -> Spec:
    """The scene, its roster and the stance as the engine's spec; raises
    :class:`Unplayable` when it cannot be fought at all."""
    fixed = scene.scenario_mode == ScenarioMode.FIXED
    if not scene.is_fighting():
        raise Unplayable("This scene is not a battle the robot can fight.")
    lineup = scene_lineup(scene=scene)
    players = _players(lineup, participant_ids)
    ai = lineup.ai_fighting()
    if not players:
        raise Unplayable("No player character fit to fight can take part in it.")
    if not ai:
        raise Unplayable("No AI character fit to fight takes part in it.")
    chosen = None if fixed else Stance(stance or Stance.ATTACK)
    try:
        inputs = setup_inputs(scene, lineup, chosen, players)
        first = generate_setup(inputs, rng=_Zero()).battlefield
    except SetupError as error:
        raise Unplayable(f"Its battle cannot be set up: {error}") from error
    if first is None:
        raise Unplayable("It has no battlefield to fight on.")
    return Spec(
        battlefield=first,
        companies=_companies(scene, lineup),
        characters=_characters(lineup, (*players, *ai), first),
        victory=scene_victory_read(scene=scene) if fixed else None,
        setup=None if fixed else inputs,
        events=_events(scene),
        name=scene.title,
    )


def _events(scene: Scene) -> tuple[Event, ...]:
    """The campaign's event deck where random events are on and the deck is
    whole (a faulty deck is the readiness panel's to report)."""
    campaign = scene.campaign
    if not campaign.random_events or campaign.event_deck is None:
        return ()
    rows = list(campaign.event_deck.events.all())
    if event_deck_message(e.card for e in rows):
        return ()
    return tuple(
        Event(
            key=e.card,
            title=e.title,
            text=e.text,
            sight_limit=e.sight_limit,
            toward_last_seen=e.toward_last_seen,
        )
        for e in rows
    )


class _Zero:
    """The dice of the one set-up read to check the scene (its battlefield's
    shape, not a battle: the battles roll their own)."""

    def randint(self, a: int, b: int) -> int:
        return a

    def shuffle(self, x: list[object]) -> None:
        return None


def _players(
    lineup: SceneLineup, ids: Sequence[int] | None
) -> tuple[LineupCharacter, ...]:
    if ids is None:
        return lineup.default_participants()
    by_id = lineup.by_id()
    return tuple(by_id[pk] for pk in ids if pk in by_id and by_id[pk].selectable)


def _companies(scene: Scene, lineup: SceneLineup) -> tuple[Company, ...]:
    companies = []
    for sc in lineup.scene_companies:
        side = Side(sc.side)
        settings = (
            doctrine_settings(scene=scene)
            if side is Side.AI
            else DoctrineSettings(sight_limit=scene.sight_limit)
        )
        companies.append(
            Company(
                name=sc.company.name,
                side=side,
                force=str(sc.company_id),
                doctrine=Doctrine(sc.doctrine())
                if side is Side.AI
                else Doctrine.PRIORITY,
                settings=settings,
            )
        )
    return tuple(companies)


def _template(scene_company: SceneCompany) -> Character | None:
    """The horde's reinforcement character (§5.3), fresh."""
    found = scene_company.company.reinforcement_template
    if found is None:
        return None
    return _character(
        found, name=found.name, side=Side.AI, company=scene_company.company.name,
        order=0, wounds=0, carrying=None,
    )  # fmt: skip


def _character(
    ch: CharacterRow,
    *,
    name: str,
    side: Side,
    company: str,
    order: int,
    wounds: int,
    carrying: str | None,
) -> Character:
    return Character(
        name=name,
        side=side,
        company=company,
        card_order=order,
        slots=ch.wound_slots,
        filled=min(wounds, ch.wound_slots),
        attack=ch.attack,
        defence=ch.defence,
        move=ch.move or DEFAULT_MOVE,
        shooting_range=ch.shooting_range or None,
        carrying=carrying,
    )


def _characters(
    lineup: SceneLineup, fighting: Sequence[LineupCharacter], battlefield: Battlefield
) -> tuple[Character, ...]:
    carried = {o.carrier: o.name for o in battlefield.objectives if o.carrier}
    seen: dict[str, int] = {}
    out = []
    for order, c in enumerate(fighting, start=1):
        ch = c.character
        seen[ch.name] = seen.get(ch.name, 0) + 1
        label = ch.name if seen[ch.name] == 1 else f"{ch.name} {seen[ch.name]}"
        out.append(
            _character(
                ch,
                name=label,
                side=Side(c.side),
                company=c.scene_company.company.name,
                order=order,
                wounds=len(c.open_wounds),
                carrying=next(
                    (name for who, name in carried.items() if ch.name in who), None
                ),
            )
        )
    return tuple(out)
