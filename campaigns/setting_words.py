"""The rules' own words in engine-written text, told in a setting's words
(issue 25 part 1).

The engine writes the rules' names into what it logs and lays out — "Special
scenario: D6 2 → Wizard's Tower", "Full move toward the wizard's tower",
"3 VP to the side holding the castle" — and those lines are stored as written.
:func:`setting_words` turns a campaign's setting into a :class:`Words` that
retells such text at display time: scenario names, the special scenarios'
objective pieces, the Siege's castle and troop type names. User-written text
(names, briefings) is never passed through it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.enums import Scenario, TroopType

OBJECTIVE_PIECES = {
    Scenario.SEIZE_MAGIC_ITEM: "magic item",
    Scenario.WIZARDS_TOWER: "wizard's tower",
    Scenario.TREASURE_RAID: "treasure",
    Scenario.DRAGONS_LAIR: "dragon's lair",
    Scenario.SIEGE: "castle",
}
"""The piece each scenario's setup names in the rules (engines.roles and the
Siege's stronghold in engines.battlefield), keyed by scenario."""

NEUTRAL_CASTLE = "stronghold"
"""The Siege's castle in a setting that names none (the engine's own word for
an Assault's)."""


@dataclass(frozen=True)
class Words:
    """Rules' phrase → the setting's, applied longest first, whole words only,
    keeping a capital where the rules' phrase had one."""

    swaps: Mapping[str, str] = field(default_factory=dict)
    _pattern: re.Pattern[str] | None = field(init=False, repr=False, compare=False)
    _lower: Mapping[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        changed = {k: v for k, v in self.swaps.items() if k != v}
        object.__setattr__(self, "swaps", changed)
        if changed:
            alternatives = "|".join(
                re.escape(k) for k in sorted(changed, key=len, reverse=True)
            )
            pattern = re.compile(rf"(?<![\w'])({alternatives})(?![\w'])", re.I)
        else:
            pattern = None
        object.__setattr__(self, "_pattern", pattern)
        object.__setattr__(self, "_lower", {k.lower(): v for k, v in changed.items()})

    def text(self, value: Any) -> Any:
        """``value`` retold (anything but a string is returned as it is)."""
        if not isinstance(value, str) or self._pattern is None:
            return value
        return self._pattern.sub(self._swap, value)

    def _swap(self, match: re.Match) -> str:
        found = match.group(0)
        if found in self.swaps:
            return self.swaps[found]
        said = self._lower[found.lower()]
        if found[:1].isupper() and not said[:1].isupper():
            return said[:1].upper() + said[1:]
        if found[:1].islower() and found.lower() == found and said[:1].isupper():
            # A lower-case piece in a sentence stays lower-case unless the
            # setting's word is a name ("the Nest" stays "the Nest").
            return said if _is_proper(said) else said[:1].lower() + said[1:]
        return said

    def all(self, value: Any) -> Any:
        """Every string in ``value`` (nested lists and dicts) retold."""
        if self._pattern is None:
            return value
        return _walk(value, self.text)


def _is_proper(words: str) -> bool:
    return len(words.split()) > 1 and all(w[:1].isupper() for w in words.split())


def _walk(value: Any, text: Callable[[Any], Any]) -> Any:
    if isinstance(value, dict):
        return {k: _walk(v, text) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_walk(v, text) for v in value)
    return text(value)


def objective_word(setting, scenario: Scenario) -> str:
    """The scenario's objective piece in the setting's words: its own
    ``objective`` word if it has one; else, for a renamed scenario, its name
    without a leading "The"; else the rules' piece."""
    rules = OBJECTIVE_PIECES[scenario]
    words = (setting.scenario_words or {}).get(scenario.value) or {}
    if words.get("objective"):
        return str(words["objective"])
    if scenario is Scenario.SIEGE:
        return rules if rules in setting.castle_words.lower() else NEUTRAL_CASTLE
    name = str(words.get("name") or "")
    if not name or name == scenario.value:
        return rules
    return re.sub(r"^the\s+", "", name, flags=re.I).lower()


def setting_words(setting) -> Words:
    """The setting's :class:`Words` (none to change without a setting)."""
    if setting is None:
        return Words()
    swaps: dict[str, str] = {}
    for troop in TroopType:
        swaps[troop.label] = setting.troop_name(troop.value)
    for scenario in Scenario:
        swaps[scenario.value] = setting.scenario_name(scenario.value)
    for scenario in OBJECTIVE_PIECES:
        swaps[OBJECTIVE_PIECES[scenario]] = objective_word(setting, scenario)
    return Words(swaps)


def campaign_words(campaign) -> Words:
    """The campaign's setting's :class:`Words`, made once per setting object."""
    setting = getattr(campaign, "setting", None)
    if setting is None:
        return Words()
    words = getattr(setting, "_said_words", None)
    if words is None:
        words = setting_words(setting)
        setting._said_words = words
    return words


def scenario_said(campaign, scenario: str) -> str:
    """A rules scenario's name in the campaign's setting's words, for text
    written once and kept (a scene's own scenario name is kept as written)."""
    setting = getattr(campaign, "setting", None)
    if setting is None or not scenario:
        return scenario
    return setting.scenario_name(scenario)
