"""The engine reads in short steps (STYLE.md): no function in engines/ over 80
lines but the card tables' ``build`` (a table written out); no module imports
another's underscore helper (a helper used elsewhere is public)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINES = Path(__file__).resolve().parents[2] / "engines"
LONGEST = 80
TABLES = frozenset({"build"})
"""The card tables, each written out as one literal."""


def modules() -> list[tuple[str, ast.Module]]:
    return [
        (str(path.relative_to(ENGINES)), ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(ENGINES.rglob("*.py"))
    ]


def test_no_engine_function_is_over_80_lines() -> None:
    long = [
        f"{name}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for name, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (node.end_lineno or 0) - node.lineno + 1 > LONGEST
        and node.name not in TABLES
    ]
    assert long == []


def test_no_engine_module_imports_anothers_underscore_helper() -> None:
    borrowed = [
        f"{name}: {node.module}.{alias.name}"
        for name, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("engines")
        for alias in node.names
        if alias.name.startswith("_")
    ]
    assert borrowed == []


def test_no_engine_module_is_over_500_lines() -> None:
    long = [
        str(path.relative_to(ENGINES))
        for path in sorted(ENGINES.rglob("*.py"))
        if len(path.read_text(encoding="utf-8").splitlines()) > 500
    ]
    assert long == []
