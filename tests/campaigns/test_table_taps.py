"""Fewer taps (issue 22, part 4; SITE.md ``table_taps_median``): the demo's
fighting scenes of every doctrine, each set up with seed 1, played at the
table by a truthful player on tables as they mostly are (in contact with one
enemy now and then, most enemies in sight and free: ``typical``); the median
of the taps an AI activation takes is at most 3 (issue 33; it was 4), counted as
:func:`tests.engines.table_player.taps` counts them (``bench.taps`` measures
the same figure for ``make bench``)."""

from __future__ import annotations

import pytest

from bench.taps import demo_contexts, figures, taps_by_doctrine
from engines.enums import Doctrine

pytestmark = pytest.mark.django_db

TAPS_MEDIAN = 3
"""``table_taps_median``'s target (issue 33 asks 3; SITE.md's table said 4)."""


@pytest.fixture(scope="module")
def contexts(django_db_setup, django_db_blocker, tmp_path_factory):
    with django_db_blocker.unblock():
        return demo_contexts(tmp_path_factory.mktemp("demo-taps"))


def test_the_demo_covers_every_doctrine(contexts):
    doctrines = {
        c.doctrine for context in contexts.values() for c in context.ai_companies
    }
    assert doctrines == set(Doctrine)


def test_an_ai_activation_takes_at_most_three_taps_at_the_median(contexts):
    """Over the demo's scenes of every doctrine, the median AI activation takes
    at most 3 taps; no doctrine's median is above 4."""
    result = figures(taps_by_doctrine(contexts))
    medians = result["table_taps_by_doctrine"]
    assert result["table_taps_median"] <= TAPS_MEDIAN, medians
    assert all(m <= TAPS_MEDIAN + 1 for m in medians.values()), medians
    # A round's start asks only what can change who goes first (issue 33).
    assert result["begin_round_inputs_median"] <= 1, result
