"""The shape of the code (STYLE.md): views never query the database, selectors
return typed page objects and services small result objects, all frozen."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pkgutil
import re
from pathlib import Path

import pytest
from django.conf import settings

import campaigns.selectors
from campaigns.selectors.access import CampaignAccess, campaign_access
from campaigns.services.battle_discard import BattleDiscarded
from campaigns.services.result_apply import ResultApplied
from campaigns.services.result_reopen import ResultReopened
from campaigns.services.scene_rest import Rested, RestUndone

VIEWS = sorted((Path(settings.BASE_DIR) / "campaigns" / "views").glob("*.py"))
QUERYING = {"objects", "filter", "exclude", "get", "select_related", "prefetch_related"}


def names_used(path: Path) -> tuple[set[str], set[str]]:
    """The modules a file imports from, and the attributes it reads."""
    tree = ast.parse(path.read_text())
    modules = {
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    }
    attributes = {
        node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
    }
    return modules, attributes


@pytest.mark.parametrize("path", VIEWS, ids=lambda p: p.name)
def test_a_view_imports_no_model(path):
    modules, _ = names_used(path)
    assert not [m for m in modules if m.startswith("campaigns.models")]


@pytest.mark.parametrize("path", VIEWS, ids=lambda p: p.name)
def test_a_view_builds_no_queryset(path):
    """``request.GET.get`` is the only ``get`` a view may call."""
    _, attributes = names_used(path)
    tree = ast.parse(path.read_text())
    gets = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "get"
        and not (isinstance(node.value, ast.Attribute) and node.value.attr == "GET")
    ]
    assert (attributes & (QUERYING - {"get"}), gets) == (set(), [])


def page_classes() -> list[type]:
    found = []
    for info in pkgutil.iter_modules(campaigns.selectors.__path__):
        module = importlib.import_module(f"campaigns.selectors.{info.name}")
        for name, value in vars(module).items():
            if (
                isinstance(value, type)
                and name.endswith("Page")
                and value.__module__ == module.__name__
            ):
                found.append(value)
    return found


def test_there_is_a_page_object_for_each_page():
    names = {cls.__name__ for cls in page_classes()}
    assert {
        "BattlePage",
        "ScenePage",
        "DashboardPage",
        "SetupPage",
        "ResultPage",
        "ResolutionPage",
        "ConfirmPage",
        "ChroniclePage",
        "CompanyPage",
        "CharacterPage",
        "NotesPage",
        "HomePage",
    } <= names


@pytest.mark.parametrize("cls", page_classes(), ids=lambda c: c.__name__)
def test_a_page_object_is_a_frozen_dataclass(cls):
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen


@pytest.mark.parametrize(
    "cls",
    [ResultApplied, ResultReopened, BattleDiscarded, Rested, RestUndone],
    ids=lambda c: c.__name__,
)
def test_a_service_returns_a_frozen_result_object(cls):
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen


@pytest.mark.django_db
def test_the_users_role_travels_beside_the_campaign_not_on_it(campaign, user):
    access = campaign_access(user=user, slug=campaign.slug)
    assert (
        isinstance(access, CampaignAccess),
        access.can_edit,
        hasattr(access.campaign, "can_edit"),
    ) == (True, True, False)


# --- one source per rule number (issue 22 part 6) -----------------------------------

ROOT = Path(settings.BASE_DIR)
TABLE_MODE = (
    "campaigns/services/table_*",
    "campaigns/selectors/table*",
    "campaigns/forms/table_*",
    "campaigns/views/table*",
    "templates/campaigns/table*",
)
"""The table mode's modules, checked by their own engineer while its flow moves
into ``engines/``: shrink this list as each one reads the engine's constants."""

RULE_NUMBERS = {
    "lurking 12 inches": r"more than 12|12(″|\")\s+from every",
    "rout on 3 or less": r"\b3 or less|three or less",
    "a late scout's round 2": r"\bround 2\b|\bR2\b",
    "one in three scouts": r"one in three|/ ?3⌋",
    "the third victory": r"\bthird\b|three victories",
    "pursuit levers 0, 2, 4": r"_in=\[0, 2, 4\]|0, 2 or 4 inches|\+2 or \+4|'\+2\"'",
    "a generated battle's 6 rounds": r"\b6 rounds|six rounds",
    "the reinforcement cap 5": r"default=5\b|cap,? (default )?5\b",
    "the 6 inch deployment band": r"_DEPTH = 6\b|within 6(″|\") of (its|their|the)",
    "the 36 inch table": r"default=36\b|36(″|\")? × 36",
    "the 1 inch hold": r"within 1(″|\"|\\\")",
    "the suit to edge deal": r"♠ north",
    "the half move follow-up": r"half move|half its move",
    "a larger battle's outcome": r"more victories than defeats",
    "the default move 6": r"default=6\b|6 for most",
}
"""Each rule number the issue found typed twice, as a pattern of its copies."""


def _app_files() -> list[Path]:
    found = [
        *(ROOT / "campaigns").rglob("*.py"),
        *(ROOT / "templates").rglob("*.html"),
    ]
    return sorted(
        path
        for path in found
        if "migrations" not in path.parts
        and not any(path.relative_to(ROOT).match(glob) for glob in TABLE_MODE)
    )


@pytest.mark.parametrize("rule", RULE_NUMBERS, ids=str)
def test_a_rule_number_is_read_from_the_engine_never_typed_again(rule):
    """Outside ``engines/`` (and the table mode, listed above) no module or
    template types the number again: it reads the engine's constant."""
    pattern = re.compile(RULE_NUMBERS[rule])
    typed = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _app_files()
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if pattern.search(line)
    ]
    assert typed == []
