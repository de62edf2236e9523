"""engines.aftermath: the §6.2–§6.4 entry point the result service imports."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engines import aftermath, fates, reputation, wounds


@pytest.mark.parametrize("name", aftermath.__all__)
def test_aftermath_reexports_the_concept_modules(name: str) -> None:
    """Every name is defined in one of the concept modules, and is that object."""
    thing = getattr(aftermath, name)
    home = {m.__name__: m for m in (fates, wounds, reputation)}[thing.__module__]
    assert getattr(home, name) is thing


def test_aftermath_imports_no_django() -> None:
    """The §6 engine modules are pure Python: importing them loads no Django."""
    code = (
        "import sys, engines.aftermath; "
        "sys.exit(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
