"""The compiled engine: ``engines/`` built with mypyc, for the playtests.

A playtest (RULES §7) walks the rules in Python millions of times; the same
source compiled with mypyc fights the very same battles about 1.6 times as
fast. ``make engine`` (``python -m config.engine_build``) copies ``engines/``
into ``build/engine/`` and compiles it there, leaving the source tree as it
is: every test, the site and the table page run the Python source, and an
edited rule is never hidden behind a stale build. The build records a digest
of the sources it was made from, and is used only while that digest is the
sources' own (:func:`compiled_path`).

:func:`use_compiled` puts the build first on the import path; it is called
before anything imports ``engines`` by ``manage.py playtest``, by the playtest
benchmark and by the run of the recorded battles' test that proves the build
fights them die for die (:data:`_PROOF`). A build that fails that proof is
removed: nothing uses it. ``ENGINE_PYTHON=1`` runs the Python source anyway.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
SOURCE = BASE / "engines"
BUILD = BASE / "build" / "engine"
DIGEST = "DIGEST"
GOLDEN = "tests/campaigns/test_playtest_golden.py"

SETUP = """\
import glob
from setuptools import setup
from mypyc.build import mypycify

# The table page's engine stays Python: its entries' ClassVar fields do not
# compile, and the playtest never runs it.
paths = sorted(
    p for p in glob.glob("engines/**/*.py", recursive=True)
    if not p.startswith("engines/table/")
)
setup(
    name="engines-compiled",
    packages=[],
    ext_modules=mypycify(
        ["--config-file=mypyc.ini", *paths], opt_level="3", multi_file=True
    ),
)
"""
MYPYC_INI = "[mypy]\npython_version = 3.11\nstrict = True\n"


def source_digest(root: Path = SOURCE) -> str:
    """A digest of every Python source under ``root`` (names and contents)."""
    found = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        found.update(path.relative_to(root).as_posix().encode())
        found.update(b"\0")
        found.update(path.read_bytes())
        found.update(b"\0")
    return found.hexdigest()


def compiled_path(build: Path = BUILD, source: Path = SOURCE) -> Path | None:
    """The build's directory, if it was compiled from the sources as they are
    now (None: never built, or built from other sources)."""
    try:
        recorded = (build / DIGEST).read_text().strip()
    except OSError:
        return None
    if recorded != source_digest(source):
        return None
    if not any((build / "engines").glob("playtest/battle.*.so")):
        return None
    return build


def use_compiled(build: Path = BUILD, source: Path = SOURCE) -> bool:
    """Import the compiled engine from now on, when a build of these sources
    exists and nothing has imported ``engines`` yet; whether it will be."""
    if "engines" in sys.modules or os.environ.get("ENGINE_PYTHON") == "1":
        return False
    found = compiled_path(build, source)
    if found is None:
        return False
    sys.path.insert(0, str(found))
    # Imported now, so nothing that puts the source tree first later (pytest
    # does, for its tests) can bring the source engine back.
    importlib.import_module("engines")
    return True


def build(jobs: int = 2) -> Path:
    """Copy the sources into :data:`BUILD` and compile them there; then fight
    the recorded battles with it (the build is removed if they differ)."""
    started = time.monotonic()
    shutil.rmtree(BUILD, ignore_errors=True)
    BUILD.mkdir(parents=True)
    shutil.copytree(SOURCE, BUILD / "engines", ignore=_not_source)
    (BUILD / "setup.py").write_text(SETUP)
    (BUILD / "mypyc.ini").write_text(MYPYC_INI)
    try:
        subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace", f"-j{jobs}"],
            cwd=BUILD,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    except (OSError, subprocess.CalledProcessError):
        shutil.rmtree(BUILD, ignore_errors=True)
        raise
    shutil.rmtree(BUILD / "build", ignore_errors=True)
    (BUILD / DIGEST).write_text(source_digest(BUILD / "engines") + "\n")
    _prove()
    print(f"Compiled engine in {BUILD} ({time.monotonic() - started:.0f} s).")
    return BUILD


def _not_source(folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith((".so", ".pyc"))}


def _prove() -> None:
    """The recorded battles, fought by the build: the same die for die, or
    the build goes."""
    if subprocess.run(_PROOF, cwd=BASE, check=False).returncode:
        shutil.rmtree(BUILD, ignore_errors=True)
        raise SystemExit("The compiled engine fights other battles: removed.")


_PROOF = [
    sys.executable,
    "-c",
    "import sys\n"
    "from config.engine_build import use_compiled\n"
    "assert use_compiled(), 'no compiled engine of these sources'\n"
    "import importlib, pkgutil, engines\n"
    "for found in pkgutil.walk_packages(engines.__path__, 'engines.'):\n"
    "    importlib.import_module(found.name)  # every module, as the site has them\n"
    "import pytest\n"
    f"code = pytest.main([{GOLDEN!r}, '-q', '-p', 'no:randomly'])\n"
    "import engines.playtest.battle as fought\n"
    "assert fought.__file__.endswith('.so'), fought.__file__\n"
    "sys.exit(code)\n",
]
"""A process that imports the compiled engine first, then runs the recorded
battles' test (``python -m config.engine_build`` and the suite run it)."""


if __name__ == "__main__":
    try:
        build()
    except (OSError, subprocess.CalledProcessError) as error:
        raise SystemExit(f"The engine could not be compiled ({error}).") from None
