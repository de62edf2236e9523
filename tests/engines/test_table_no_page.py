"""The engine ends where the page begins: nothing in engines/ builds a URL,
reads a form or names the page's fields (campaigns/presenters and
campaigns/forms do)."""

from __future__ import annotations

from pathlib import Path

import pytest

ENGINES = Path(__file__).resolve().parents[2] / "engines"
PAGE_WORDS = ("urllib", "urlencode", "csrfmiddlewaretoken", "getlist", "QueryDict")


@pytest.mark.parametrize("word", PAGE_WORDS)
def test_no_engine_module_speaks_of_the_page(word: str) -> None:
    speaking = [
        str(path.relative_to(ENGINES))
        for path in sorted(ENGINES.rglob("*.py"))
        if word in path.read_text(encoding="utf-8")
    ]
    assert speaking == []
