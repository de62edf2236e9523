"""engines/ is pure Python: importing every module of it loads no Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import importlib, pkgutil, sys
import engines
names = [m.name for m in pkgutil.walk_packages(engines.__path__, "engines.")]
for name in names:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
assert not loaded, loaded
assert "engines.scenario" in names and "engines.combat" in names, names
print(len(names))
"""


def test_importing_every_engine_module_loads_no_django() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 2
