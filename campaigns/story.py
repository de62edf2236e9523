"""The campaign told as a story: the sentences the chronicle, the dashboard's
latest entries and the campaign log share.

Pure functions of plain values (names, enum values, numbers), so the log can
write a battle's story when its result is applied and the chronicle can tell
the same story later from what was stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from campaigns.bidi import isolated
from engines.enums import EndReason, Fate, Outcome, Rating, Reputation

OUTCOME_WORDS = {
    Outcome.VICTORY: "A victory",
    Outcome.DEFEAT: "A defeat",
    Outcome.DRAW: "A draw",
}
COMMANDER_FIELDS = {"reputation": Reputation, "rating": Rating}


def routed_words(*, player_routed: bool, ai_routed: bool) -> str:
    """ "both sides routed", "your side routed", "the AI side routed" or ""."""
    if player_routed and ai_routed:
        return "both sides routed"
    if player_routed:
        return "your side routed"
    if ai_routed:
        return "the AI side routed"
    return ""


def ending_words(*, outcome: str, end_reason: str) -> str:
    """How the battle ended, in a player's words."""
    match EndReason(end_reason):
        case EndReason.CONCEDED:
            if outcome == Outcome.DEFEAT:
                return "you conceded"
            if outcome == Outcome.VICTORY:
                return "the AI conceded"
            return "a side conceded"
        case EndReason.OBJECTIVE:
            return "the objective decided it"
        case EndReason.LAST_CHARACTER_LOST:
            return "fought to the last character"
        case EndReason.ROUT:
            return "ended in a rout"


def result_sentence(
    *,
    outcome: str,
    end_reason: str,
    player_routed: bool = False,
    ai_routed: bool = False,
    player_victory_points: int | None = None,
    ai_victory_points: int | None = None,
) -> str:
    """ "A victory: the AI side routed; victory points 6–3." """
    routed = routed_words(player_routed=player_routed, ai_routed=ai_routed)
    if end_reason == EndReason.ROUT and routed:
        parts = [routed]
    else:
        parts = [ending_words(outcome=outcome, end_reason=end_reason)]
        if routed:
            parts.append(routed)
    if player_victory_points is not None or ai_victory_points is not None:
        parts.append(
            f"victory points {player_victory_points or 0}–{ai_victory_points or 0}"
        )
    return f"{OUTCOME_WORDS[Outcome(outcome)]}: {'; '.join(parts)}."


RESULT_FIELDS = (
    "outcome",
    "end_reason",
    "player_routed",
    "ai_routed",
    "player_victory_points",
    "ai_victory_points",
)


def result_sentence_of(result: object) -> str:
    """:func:`result_sentence` for anything that carries a result's fields by
    the same names (a result applied, or a result as entered)."""
    return result_sentence(**{name: getattr(result, name) for name in RESULT_FIELDS})


def _wounds(names: Sequence[str]) -> str:
    """ "a wound", "a Morgul-blade wound", "two wounds (wound, Morgul-blade)"."""
    if len(names) == 1:
        name = names[0]
        return f"a {name}" if "wound" in name.lower() else f"a wound: {name}"
    return f"{len(names)} wounds ({', '.join(names)})"


def fate_sentence(
    *,
    name: str,
    fate: str,
    wound_tokens: int = 0,
    new_wounds: Sequence[str] = (),
) -> str:
    """What became of one character, naming the wounds it now carries; "" when
    nothing worth telling happened to it (unhurt, or sat the battle out)."""
    name = isolated(name)
    new_wounds = [isolated(w) for w in new_wounds]
    match Fate(fate) if fate else None:
        case Fate.KILLED_OUTRIGHT:
            return f"{name} was killed outright."
        case Fate.KILLED:
            return f"{name} fell and did not rise again: killed."
        case Fate.GRIEVOUSLY_WOUNDED:
            carried = f", carries {_wounds(new_wounds)}" if new_wounds else ""
            return (
                f"{name} fell, grievously wounded{carried} and misses the company's "
                "next battle."
            )
        case Fate.RECOVERS:
            carried = f" with {_wounds(new_wounds)}" if new_wounds else ""
            return f"{name} fell but recovers{carried}."
        case Fate.WOUNDED:
            tokens = f"{wound_tokens} wound token{'s' if wound_tokens != 1 else ''}"
            if new_wounds:
                return f"{name} took {tokens} and now carries {_wounds(new_wounds)}."
            them = "it" if wound_tokens == 1 else "them"
            return f"{name} took {tokens} and shook {them} off."
    return ""


def commander_sentence(*, name: str, field: str, old: str, new: str) -> str:
    """ "Aragorn's reputation moved from Bold to Rash." """
    name = isolated(name)
    enum = COMMANDER_FIELDS.get(field)
    old_label = _label(enum, old)
    new_label = _label(enum, new)
    if field == "rating":
        return f"{name} rose from {old_label.lower()} to {new_label.lower()} rating."
    return f"{name}'s reputation moved from {old_label} to {new_label}."


def _label(enum, value: str) -> str:
    try:
        return enum(value).label
    except (TypeError, ValueError):
        return value.capitalize()


def rest_sentence(
    *, scene: str, healed: Iterable[tuple[str, str]], fit_again: Iterable[str]
) -> str:
    """ "The company rested at Rivendell: Frodo's Morgul-blade wound healed;
    Sam is fit again." """
    scene = isolated(scene)
    parts = []
    healed = list(healed)
    if healed:
        parts.append(healed_words(healed))
    fit_again = [isolated(name) for name in fit_again]
    if fit_again:
        verb = "is" if len(fit_again) == 1 else "are"
        parts.append(f"{_names(fit_again)} {verb} fit again")
    if not parts:
        return f"The company rested at {scene}: nobody needed healing."
    return f"The company rested at {scene}: {'; '.join(parts)}."


def healed_words(healed: Sequence[tuple[str, str]]) -> str:
    """ "Frodo's wound and Sam's Morgul-blade wound healed"."""
    wounds = [f"{isolated(who)}'s {isolated(wound)}" for who, wound in healed]
    return f"{_names(wounds)} healed"


def _names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True)
class FateLine:
    """One character's line of a battle's story."""

    name: str
    fate: str
    wound_tokens: int = 0
    new_wounds: tuple[str, ...] = ()


@dataclass(frozen=True)
class CommanderLine:
    name: str
    field: str
    old: str
    new: str


def battle_story(
    *,
    result: str,
    fates: Iterable[FateLine],
    commanders: Iterable[CommanderLine],
    healed: Sequence[tuple[str, str]] = (),
    number: int | None = None,
    scene: str = "",
    scenario: str = "",
) -> list[str]:
    """A battle's story, sentence by sentence: (with ``number``) where and what
    was fought, the outcome, who fell and what wounds they carry, wounds that
    healed, and the commanders moved."""
    lines = []
    if number is not None:
        where = f" at {isolated(scene)}" if scene else ""
        what = f", {isolated(scenario)}" if scenario else ""
        lines.append(f"Battle {number}{where}{what}.")
    lines.append(result)
    lines += [s for s in (fate_sentence(**vars(f)) for f in fates) if s]
    if healed:
        lines.append(f"{healed_words(healed)}.")
    lines += [commander_sentence(**vars(c)) for c in commanders]
    return lines


def story_text(sentences: Iterable[str], *, limit: int = 500) -> str:
    """The sentences as one paragraph, cut (with an ellipsis) at ``limit``."""
    text = " ".join(s for s in sentences if s)
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"
