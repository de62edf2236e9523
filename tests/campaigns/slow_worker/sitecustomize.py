"""Put on PYTHONPATH by the serve fault test: in a ``db_worker`` process only,
the first battle pack render writes the file SLOW_PACK_MARKER (so the test
knows a render is under way) and then hangs, so the worker can be killed in
the middle of it; every later render, in any worker, is the real one.

Python imports ``sitecustomize`` at start-up by itself; this one patches the
renderer once Django is set up and touches nothing else."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

MARKER = os.environ.get("SLOW_PACK_MARKER")


def _patch_after_setup() -> None:
    import django

    setup = django.setup

    def setup_then_slow(*args, **kwargs):
        setup(*args, **kwargs)
        from campaigns.printing import pack_store

        real = pack_store.printing.render_pack_pdf

        def first_hangs(data) -> bytes:
            marker = Path(MARKER)
            if not marker.exists():
                marker.write_text(str(os.getpid()))
                time.sleep(300)
            return real(data)

        pack_store.printing.render_pack_pdf = first_hangs

    django.setup = setup_then_slow


if MARKER and "db_worker" in sys.argv:
    _patch_after_setup()
