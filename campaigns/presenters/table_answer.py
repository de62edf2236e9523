"""The robot's last answer as the printed card would give it, and the log's
lines with their dice (the table page's pieces, read from the entries)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from campaigns.presenters.table_pieces import Answer, LogLine, Tap
from engines.dice import LogEntry
from engines.enums import Side
from engines.table.state import ENTRY_KINDS, Context, Fighter, State
from engines.text import inches

# --- the last answer ------------------------------------------------------------------

SHOWN_KINDS = frozenset(
    {"activation", "defence", "selection", "round", "end_round", "orders"}
)


def last_answer(
    context: Context, state: State, entries: Sequence[Any], url: str
) -> Answer | None:
    """The robot's last answer, while only taps have followed it this round."""
    for entry in reversed(entries):
        if entry.kind in SHOWN_KINDS:
            break
        if entry.kind != "tap":
            return None
    else:
        return None
    data = entry.data or {}
    if entry.kind in ("activation", "defence"):
        return _decision_answer(context, state, entry, url)
    if entry.kind == "selection":
        return Answer(
            kind="selection",
            who="",
            title="Random selection",
            sentence=entry.text,
            dice=_dice(data.get("log")),
        )
    if entry.kind == "orders":
        return Answer(
            kind="orders",
            who="",
            title=f"End of round {entry.round}: scene orders",
            sentence=entry.text,
            dice=_dice(data.get("log")),
        )
    if entry.kind == "end_round":
        dice: list[str] = []
        for horde in data.get("hordes", ()):
            dice += _dice(horde.get("log"))
        return Answer(
            kind="end_round",
            who="",
            title="End of round",
            sentence=entry.text,
            dice=tuple(dice),
        )
    return None


def _decision_answer(context: Context, state: State, entry: Any, url: str) -> Answer:
    data = entry.data or {}
    decision = data["decision"]
    fighter = context.fighter(entry.subject, state)
    facts = []
    labels = {f.label: f for f in state.all_fighters(context)}
    target = decision.get("target")
    if target:
        facts.append(("At", target))
    if decision.get("inches") is not None:
        moved = decision["inches"]
        facts.append(("Moves", f"up to {inches(moved)}" if moved else "not at all"))
    if decision.get("rolled_inches") is not None:
        facts.append(("Rolled", inches(decision["rolled_inches"])))
    if decision.get("cover"):
        facts.append(("Ends in", decision["cover"].replace("none", "the open")))
    facts += [("Its move", limit) for limit in decision.get("limits") or ()]
    if decision.get("direction"):
        facts.append(("Direction", f"{decision['direction']} o'clock"))
    if decision.get("card"):
        facts.append(("Card", decision["card"]))
    for reason, value in decision.get("attack_roll_modifiers") or ():
        facts.append(("Attack roll", f"{value:+d} ({reason})".replace("-", "−")))
    if decision.get("counts_as_activated"):
        facts.append(("Then", "it counts as activated"))
    printed = data.get("printed") or {}
    step = printed.get("short") or printed.get("label") or ""
    follow = ""
    fell = None
    if (
        entry.kind == "activation"
        and state.follow_up == entry.subject
        and not state.ended
    ):
        follow = (
            f"{url}?{urlencode({'do': 'act', 'who': entry.subject, 'follow': '1'})}"
        )
        enemy = labels.get(target or "")
        if enemy is not None and enemy.side is Side.PLAYER and state.on_table(enemy):
            fell = Tap("fell", f"{enemy.label} fell", key=enemy.key)
    sentence = _sentence(fighter, decision)
    return Answer(
        kind=entry.kind,
        who=fighter.label,
        title=decision.get("label") or "",
        sentence=sentence,
        facts=tuple(facts),
        step=step,
        step_section=printed.get("section", ""),
        step_text=printed.get("text", ""),
        dice=_dice(decision.get("log")),
        asked=tuple(tuple(pair) for pair in data.get("asked", ())),
        follow_up_url=follow,
        fell=fell,
        subject=entry.subject,
    )


def _sentence(fighter: Fighter, decision: Mapping[str, Any]) -> str:
    """The action in one sentence: "Uglúk — Shoot: Frodo in sight at 8″."."""
    label = decision.get("label") or ""
    detail = decision.get("detail") or ""
    text = f"{label}: {detail}" if detail else label
    return f"{fighter.label} — {text}."


def _dice(log: Any) -> tuple[str, ...]:
    return tuple(LogEntry.from_dict(item).describe() for item in log or ())


def log_line(entry: Any) -> LogLine:
    data = entry.data or {}
    dice: list[str] = []
    dice += _dice(data.get("log"))
    decision = data.get("decision")
    if decision:
        dice += _dice(decision.get("log"))
    check = data.get("rout_check")
    if check:
        dice += _dice(check.get("log"))
    for horde in data.get("hordes", ()):
        dice += _dice(horde.get("log"))
    return LogLine(
        number=entry.position + 1,
        round=entry.round,
        kind=ENTRY_KINDS.get(entry.kind, entry.kind),
        text=entry.text,
        dice=tuple(dice),
        author=str(getattr(entry, "author", "") or ""),
    )
