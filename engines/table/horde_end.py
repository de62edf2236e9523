"""The horde's end of round at the table (RULES §5.3): bleeding, reinforcements,
lurking and consolidation, in that order, each roll kept.

Nobody measures where the player characters stand, so each reinforcement the
dice bring asks the players whether its point — so many inches from the player
character rolled for, toward a clock direction — is on the table, before it
counts toward the cap. The page shows the rolls made so far and asks (a trial
run on a copy of the battle's random source, like an activation's card); the
entry, once every point is answered, makes the very same rolls.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engines.dice import DiceLog
from engines.doctrines import (
    Arrival,
    HordeMember,
    HordeRound,
    HordeRoundResult,
    PlacementNeeded,
    PlayerModel,
    horde_end_of_round,
)
from engines.doctrines.horde import LURK_BEYOND, MOVE_OFF_TO
from engines.enums import HordeMode, Side
from engines.table.context import DEFAULT_MOVE
from engines.table.dice import TableRandom
from engines.table.draft import Draft, entry_draft, table_refusal, table_source
from engines.table.entries import Newcomer
from engines.table.questions import NO, YES, Asked, Choice, Question
from engines.table.state import Context, State, TableCompany, Template, unique_labels
from engines.table.written import Arrived, EndRoundWritten, HordeDone
from engines.text import inches

LURK_FAR = float(LURK_BEYOND + 1)
"""A lurker's distance to the nearest enemy: past the distance lurking reads."""
DEFAULT_TEMPLATE = Template(
    name="Reinforcement", move=DEFAULT_MOVE, shooting_range=None, free_slots=1
)
"""A horde company with no reinforcement model: a plain one-wound character."""


def lurker_rows(
    context: Context, state: State
) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Per horde company where lurking applies: its unwounded characters."""
    result = []
    for company in context.hordes:
        settings = company.settings
        if not settings.reinforcements or state.mode(company) is not HordeMode.NORMAL:
            continue
        members = tuple(
            (f.key, f.label)
            for f in state.fighters_on_table(context, Side.AI)
            if f.company == company.order and not state.wounded(f)
        )
        if members:
            result.append((company.name, members))
    return tuple(result)


def placed_name(company: TableCompany, n: int) -> str:
    """The answer that says whether the n-th point (from 1) is on the table."""
    return f"placed-{company.order}-{n}"


@dataclass(frozen=True)
class EndWalk:
    """Where the end of round's questions stand."""

    asked: tuple[Asked, ...]
    question: Question | None
    preview: tuple[str, ...] = ()
    """The rolls made so far, when a question depends on them."""
    hidden: tuple[tuple[str, str], ...] = ()
    """The answers given so far, to send again with the next one."""
    needs_lurkers: bool = False
    """The players say first which horde characters are lurkers (their dice
    come before another horde company's reinforcements)."""

    @property
    def ready(self) -> bool:
        return self.question is None

    @property
    def answers(self) -> dict[str, str]:
        return {a.question.name: a.value for a in self.asked}


class _Ask(Exception):
    def __init__(self, question: Question, log: DiceLog) -> None:
        super().__init__(question.name)
        self.question = question
        self.log = log


def _placements(company: TableCompany, answers: Mapping[str, str]) -> tuple[bool, ...]:
    """The answers given for this company's points, in order, up to the
    first one missing."""
    placed = []
    for n in range(1, 100):
        value = answers.get(placed_name(company, n), "")
        if value not in (YES, NO):
            break
        placed.append(value == YES)
    return tuple(placed)


def _question(company: TableCompany, n: int, arrival: Arrival) -> Question:
    return Question(
        placed_name(company, n),
        f"Is the point {inches(arrival.inches)} from {arrival.near} toward "
        f"{arrival.clock} o'clock on the table?",
        "choice",
        (Choice(YES, "Yes: a new one appears there"), Choice(NO, "No: off the table")),
        help=f"Measure from {arrival.near}'s base. Off the table, nothing appears. "
        f"One that appears may be moved to stand at least {inches(MOVE_OFF_TO)} "
        "from every player character, staying on the table.",
    )


def _run(
    context: Context,
    state: State,
    rng: TableRandom,
    *,
    lurkers: Sequence[str],
    answers: Mapping[str, str],
) -> tuple[list[HordeDone], list[str], list[Asked]]:
    """Every horde company's end of round on ``rng``; :class:`_Ask` at the
    first point nobody has said is on the table or not."""
    players = [
        PlayerModel(id=f.label)
        for f in sorted(
            state.fighters_on_table(context, Side.PLAYER), key=lambda f: f.card_order
        )
    ]
    taken = {f.label for f in state.all_fighters(context)}
    on_table = {
        c.order: [
            f for f in state.fighters_on_table(context, Side.AI) if f.company == c.order
        ]
        for c in context.hordes
    }
    results: list[HordeDone] = []
    lines = [f"End of round {state.round}."]
    asked: list[Asked] = []
    came = 0
    for company in context.hordes:
        members = sorted(on_table[company.order], key=lambda f: f.card_order)
        mine = state.companies[company.order]
        placed = _placements(company, answers)
        others = sum(len(v) for k, v in on_table.items() if k != company.order)
        horde = HordeRound(
            mode=mine.mode,
            members=tuple(
                HordeMember(
                    id=f.label,
                    wounded=state.wounded(f),
                    nearest_enemy=LURK_FAR if f.key in lurkers else 0.0,
                )
                for f in members
            ),
            fallen_so_far=mine.fallen_so_far,
            players=tuple(players),
            table_width=context.width,
            table_depth=context.depth,
            placed=placed,
            others_on_table=others + came,
        )
        try:
            result = horde_end_of_round(horde, rng=rng, settings=company.settings)
        except PlacementNeeded as need:
            question = _question(company, len(placed) + 1, need.arrival)
            raise _Ask(question, need.log) from None
        for n, (value, arrival) in enumerate(
            zip(placed, result.asked, strict=False), start=1
        ):
            question = _question(company, n, arrival)
            shown = "Yes" if value else "No"
            asked.append(Asked(question, YES if value else NO, shown))
        came += len(result.arrivals)
        arrivals = _arrivals(company, mine.reinforcements, result, taken)
        by_label = {f.label: f.key for f in members}
        results.append(
            HordeDone(
                company=company.order,
                mode_before=mine.mode,
                mode=result.mode,
                bled=tuple(by_label[label] for label in result.fallen),
                removed=tuple(by_label[label] for label in result.removed),
                arrivals=arrivals,
                fallen_so_far=result.fallen_so_far,
                steps=tuple(result.steps),
                log=tuple(result.log),
            )
        )
        lines.append(_horde_words(company.name, mine.mode, result, arrivals))
    return results, lines, asked


def _arrivals(
    company: TableCompany,
    before: int,
    result: HordeRoundResult,
    taken: set[str],
) -> tuple[Arrived, ...]:
    """The reinforcements the end of round brought, as the entry keeps them:
    copies of the company's template, labelled apart from everyone (``taken``,
    which they join), keyed after the ``before`` reinforcements it had."""
    template = company.template or DEFAULT_TEMPLATE
    names = unique_labels([template.name] * len(result.arrivals), taken)
    taken.update(names)
    return tuple(
        Arrived(
            newcomer=Newcomer(
                key=f"r{company.order}.{before + n}",
                name=template.name,
                label=label,
                side=Side.AI,
                company=company.order,
                move=template.move,
                shooting_range=template.shooting_range,
                free_slots=template.free_slots,
            ),
            near=arrival.near,
            inches=arrival.inches,
            clock=arrival.clock,
        )
        for n, (label, arrival) in enumerate(
            zip(names, result.arrivals, strict=True), start=1
        )
    )


def round_end_walk(
    context: Context, state: State, *, answers: Mapping[str, str]
) -> EndWalk:
    """The end of round's questions: first which horde characters lurk far
    from every enemy (where lurking applies), then each reinforcement's point,
    on the table or not, with the rolls made so far.

    ``answers``: ``lurked`` "1" once the lurkers are given, ``lurker`` their
    keys joined by commas, and ``placed-…`` "yes" or "no" for each point.
    """
    given = {
        k: v for k, v in answers.items() if k.startswith("placed-") and v in (YES, NO)
    }
    lurkers = lurkers_in(answers)
    lurked = answers.get("lurked") == "1" or not lurker_rows(context, state)
    hidden = (
        (("lurked", "1"), ("lurker", ",".join(lurkers))) if lurked else ()
    ) + tuple(given.items())
    if not lurked:
        return EndWalk(asked=(), question=None, needs_lurkers=True)
    rng = TableRandom(context.seed, state.draws)
    try:
        _, _, asked = _run(context, state, rng, lurkers=lurkers, answers=given)
    except _Ask as ask:
        return EndWalk(
            asked=(),
            question=ask.question,
            preview=tuple(entry.describe() for entry in ask.log),
            hidden=hidden,
        )
    return EndWalk(asked=tuple(asked), question=None, hidden=hidden)


def lurkers_in(answers: Mapping[str, str]) -> list[str]:
    """The lurkers' keys in the answers (joined by commas)."""
    return [k for k in answers.get("lurker", "").split(",") if k]


def round_end(
    context: Context,
    state: State,
    *,
    lurkers: Sequence[str] = (),
    placed: Mapping[str, str] | None = None,
) -> Draft:
    """End of round for horde companies: bleeding, reinforcements, lurking and
    consolidation, in that order, each roll kept.

    ``lurkers`` are the unwounded horde characters further than lurking's
    distance from every enemy (asked only where lurking applies); ``placed``
    says, for each reinforcement's point in turn, whether it is on the table.
    """
    if state.round == 0 or state.ended or state.round_ended:
        raise table_refusal("There is no round to end now.")
    if not context.hordes:
        raise table_refusal("Only a horde has an end of round.")
    rng = table_source(context, state)
    placed = {k: v for k, v in (placed or {}).items() if k.startswith("placed-")}
    try:
        results, lines, _ = _run(context, state, rng, lurkers=lurkers, answers=placed)
    except _Ask as ask:
        raise table_refusal(f"Say first: {ask.question.text}") from None
    written = EndRoundWritten(
        lurkers=tuple(lurkers), placed=placed, hordes=tuple(results)
    )
    return entry_draft(written, state, text=" ".join(lines), rng=rng)


def _horde_words(
    name: str,
    before: HordeMode,
    result: HordeRoundResult,
    arrivals: Sequence[Arrived],
) -> str:
    parts = []
    if result.fallen:
        parts.append("bled to death: " + ", ".join(result.fallen))
    for arrival in arrivals:
        parts.append(
            f"{arrival.newcomer.label} appears {inches(arrival.inches)} from "
            f"{arrival.near} toward {arrival.clock} o'clock"
        )
    if result.removed:
        parts.append("lurked away: " + ", ".join(result.removed))
    if result.mode is not before:
        parts.append(f"the horde turns to {result.mode.value}")
    body = "; ".join(parts) if parts else "nothing changes"
    return f"{name}: {body}."
