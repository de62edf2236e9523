"""Names written into a sentence, kept from turning the sentence around.

A user-written name may hold right-to-left letters or direction controls (a
right-to-left override, U+202E, reverses everything after it). Where a name is
set in a template it sits in ``<bdi>``; where it is written into a sentence in
Python (a dice log line, "Entry edges dealt: …") it is wrapped here in the
Unicode isolates FSI … PDI, which do the same inside plain text. Names written
only in left-to-right letters are left as they are.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.battlefield import Battlefield

FSI, PDI = "\u2068", "\u2069"
TURNING = frozenset(
    {"R", "AL", "RLE", "RLO", "LRE", "LRO", "PDF", "RLI", "LRI", "FSI", "PDI"}
)


def isolated(name: str) -> str:
    """The name, wrapped in FSI … PDI if it could turn the text around it."""
    if any(unicodedata.bidirectional(char) in TURNING for char in name):
        return f"{FSI}{name}{PDI}"
    return name


def isolate_names(value: Any, names: Iterable[str]) -> Any:
    """``value`` (a string, or lists, tuples, dicts and dataclasses of them) with every
    place one of ``names`` is written wrapped in FSI … PDI, where the name could
    turn the text around it: for sentences another part of the code wrote with
    the names inside (a scene order's words from the engine). A place already
    isolated is left as it is."""
    bare = {n.removeprefix(FSI).removesuffix(PDI) for n in names if n}
    turning = sorted({n for n in bare if n and isolated(n) != n}, key=len, reverse=True)
    if not turning:
        return value
    pattern = re.compile(
        "|".join(rf"(?<!{FSI}){re.escape(n)}(?!{PDI})" for n in turning),
        re.IGNORECASE,  # "the campfire" for a feature named "Campfire"
    )

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            return pattern.sub(lambda m: f"{FSI}{m.group(0)}{PDI}", item)
        if isinstance(item, list):
            return [walk(i) for i in item]
        if isinstance(item, tuple):
            return tuple(walk(i) for i in item)
        if isinstance(item, dict):
            return {k: walk(v) for k, v in item.items()}
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            return dataclasses.replace(
                item,
                **{
                    f.name: walk(getattr(item, f.name))
                    for f in dataclasses.fields(item)
                    if f.init
                },
            )
        return item

    return walk(value)


NAME_LENGTH = 80
"""The longest user-written name (a character's, a scene's title) a pack holds."""


def pack_names(data: Any) -> set[str]:
    """Every short user-written text in a battle's pack data that could turn
    the text around it: its characters', companies', objectives', terrain's and
    scene's names, wherever the data holds them (a scene order's target too)."""
    found: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, str):
            bare = item.removeprefix(FSI).removesuffix(PDI)
            if len(bare) <= NAME_LENGTH and isolated(bare) != bare:
                found.add(bare)
        elif isinstance(item, dict):
            for value in item.values():
                walk(value)
        elif isinstance(item, (list, tuple)):
            for value in item:
                walk(value)

    walk(data)
    return found


def sight_text(battlefield: Battlefield) -> str:
    """The battlefield's sight line, its lit features' names isolated."""
    text: str = isolate_names(
        battlefield.sight_text, [lit.feature for lit in battlefield.lit]
    )
    return text
