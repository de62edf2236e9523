"""Names written into a sentence, kept from turning the sentence around.

A user-written name may hold right-to-left letters or direction controls (a
right-to-left override, U+202E, reverses everything after it). Where a name is
set in a template it sits in ``<bdi>``; where it is written into a sentence in
Python (a dice log line, "Entry edges dealt: …") it is wrapped here in the
Unicode isolates FSI … PDI, which do the same inside plain text. Names written
only in left-to-right letters are left as they are.
"""

from __future__ import annotations

import unicodedata

FSI, PDI = "\u2068", "\u2069"
TURNING = frozenset(
    {"R", "AL", "RLE", "RLO", "LRE", "LRO", "PDF", "RLI", "LRI", "FSI", "PDI"}
)


def isolated(name: str) -> str:
    """The name, wrapped in FSI … PDI if it could turn the text around it."""
    if any(unicodedata.bidirectional(char) in TURNING for char in name):
        return f"{FSI}{name}{PDI}"
    return name
