"""The doctrines' inputs built fast, their rarer parts measured when read
(RULES §7; SITE.md ``playtest_s``).

A playtest builds hundreds of thousands of the doctrines' frozen inputs
(:class:`~engines.doctrines.Situation`, its objectives…):
:func:`engines.built.built` makes each without its ``__init__``. (An enemy is
a plain record the compiled engine makes directly:
:class:`~engines.playtest.situation.MeasuredEnemy`.)

:class:`Later` is a field measured the first time it is read and kept, for the
parts of a situation most decide functions never read (the friends only a
horde reads, the edges, the objectives the initiative does not look at): a
decision reads the very value an eager measure would have given it.
"""

from __future__ import annotations

from engines.built import FAST as FAST
from engines.built import built as built
from engines.once import once

Later = once
"""A field measured when first read (:class:`engines.once.once`)."""
