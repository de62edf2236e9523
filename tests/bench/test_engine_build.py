"""The compiled engine (config/engine_build.py): used only while it is a build
of the sources as they are, and only when it fights the recorded battles."""

from __future__ import annotations

import subprocess
import sys

import pytest

from config import engine_build
from config.engine_build import compiled_path, source_digest, use_compiled


@pytest.fixture
def trees(tmp_path):
    """A small source tree and a build of it."""
    source = tmp_path / "engines"
    (source / "playtest").mkdir(parents=True)
    (source / "__init__.py").write_text("")  # the build's copy is what is imported
    (source / "playtest" / "battle.py").write_text("RULE = 1\n")
    build = tmp_path / "build"
    (build / "engines" / "playtest").mkdir(parents=True)
    (build / "engines" / "__init__.py").write_text("")
    so = build / "engines" / "playtest" / "battle.cpython-311-x86_64-linux-gnu.so"
    so.write_bytes(b"")
    (build / "DIGEST").write_text(source_digest(source) + "\n")
    return source, build


def test_a_build_of_these_sources_is_used(trees):
    source, build = trees
    assert compiled_path(build, source) == build


@pytest.mark.parametrize(
    "change",
    [
        lambda s: (s / "playtest" / "battle.py").write_text("RULE = 2\n"),
        lambda s: (s / "playtest" / "moves.py").write_text(""),
        lambda s: (s / "playtest" / "battle.py").rename(s / "playtest" / "fight.py"),
    ],
    ids=["a rule edited", "a module added", "a module renamed"],
)
def test_a_build_of_other_sources_is_not_used(trees, change):
    source, build = trees
    change(source)
    assert compiled_path(build, source) is None


def test_no_build_or_no_compiled_module_is_not_used(trees):
    source, build = trees
    next((build / "engines").rglob("*.so")).unlink()
    assert compiled_path(build, source) is None
    (build / "DIGEST").unlink()
    assert compiled_path(build, source) is None


def test_the_engine_already_imported_stays_the_one_in_use(trees, monkeypatch):
    """Nothing swaps the engine under a running process (the suite has
    imported the source one)."""
    source, build = trees
    path = list(sys.path)
    assert "engines" in sys.modules
    assert use_compiled(build, source) is False
    assert sys.path == path


def test_engine_python_runs_the_source_even_with_a_build(trees, monkeypatch):
    source, build = trees
    monkeypatch.setitem(sys.modules, "engines", None)
    monkeypatch.delitem(sys.modules, "engines")
    monkeypatch.setenv("ENGINE_PYTHON", "1")
    assert use_compiled(build, source) is False
    monkeypatch.delenv("ENGINE_PYTHON")
    monkeypatch.setattr(sys, "path", list(sys.path))
    assert use_compiled(build, source) is True
    assert sys.path[0] == str(build)
    assert sys.modules["engines"].__file__ == str(build / "engines" / "__init__.py")


@pytest.mark.skipif(
    compiled_path() is None, reason="no compiled engine of these sources (make engine)"
)
def test_the_compiled_engine_fights_the_recorded_battles():
    """The build in use fights the golden battles die for die (the proof
    ``make engine`` runs before keeping a build)."""
    done = subprocess.run(
        engine_build._PROOF, cwd=engine_build.BASE, capture_output=True, check=False
    )
    assert done.returncode == 0, done.stdout.decode()[-2000:]
