"""Playtests (RULES §7): the foundations a playtest battle is fought on.

Pure Python, no Django. The modules, one concern each:

- :mod:`~engines.playtest.geometry` — convex areas and segments in inches;
- :mod:`~engines.playtest.terrain` — what each kind of feature does (stops
  movement, slows, blocks sight, gives cover), compiled once per table;
- :mod:`~engines.playtest.paths` — the shortest way round what stops movement
  (a visibility graph), and walking a path at half speed in difficult ground;
- :mod:`~engines.playtest.setup` — a battlefield's board and objective markers;
- :mod:`~engines.playtest.table` — characters as points with 1" bases, markers,
  distances between base edges, contact, sight, cover;
- :mod:`~engines.playtest.moves` — scene orders' limits as geometry, and how far
  a character gets toward a point;
- :mod:`~engines.playtest.situation` — the doctrines' own input
  (:class:`~engines.doctrines.Situation`, the horde's end of round) measured on
  the table, so a playtest asks the same decide functions as the card;
- :mod:`~engines.playtest.built` — the doctrines' inputs built fast, their
  rarer parts measured only when read;
- :mod:`~engines.playtest.reading` — what an activating character reads and
  what its doctrine decides from it;
- :mod:`~engines.playtest.pursuit` — a pursuer's input and move (§5.4) on the table;
- :mod:`~engines.playtest.apply` — where a decided move ends;
- :mod:`~engines.playtest.report` — the report, its Wilson intervals, its words;
- :mod:`~engines.playtest.exact` — exact odds of a tiny duel, and the same duel
  fought through the combat functions, to prove the estimates.
"""
