"""Real-browser fixtures: Debian's Chromium driven by Playwright's sync API.

The browser is the system's ``/usr/bin/chromium`` (``make test`` installs it
with apt); no browser is ever downloaded. Playwright's sync API runs an event
loop in this thread, so Django's guard against database access from async code
would trip on the test's own ORM calls (and pytest-django's flushes): it is
switched off while a browser module runs, and only then. Chromium is launched
once per module so that the loop stops before the next, browserless module.
The site is served by pytest-django's ``live_server``; every request the page
makes to another origin is refused and recorded, so a test can assert the site
downloads nothing from anywhere else.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import (
    Browser,
    Page,
    Playwright,
    Route,
    sync_playwright,
)

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
DEMO_PASSWORD = "demo-browser-pw-1"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the whole directory, with the reason, where there is no Chromium."""
    if shutil.which(CHROMIUM) or Path(CHROMIUM).exists():
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM}")
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(skip)


@pytest.fixture(scope="module")
def playwright_driver() -> Iterator[Playwright]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as driver:
            yield driver


@pytest.fixture(scope="module")
def chromium(playwright_driver: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless. Named apart from pytest-playwright's
    ``browser`` fixture, which would launch a downloaded browser."""
    browser = playwright_driver.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


@dataclass
class Visit:
    """A browser tab on the live server that checks every page it shows."""

    page: Page
    base_url: str
    name: str
    width: int
    javascript: bool = True
    foreign_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    shots: int = 0

    def url(self, path: str) -> str:
        return self.base_url + path

    def check(self, label: str) -> None:
        """Screenshot the page, check it fits the viewport's width and has a
        title, and that axe-core finds no accessibility violation on it: every
        page, the Django admin's included (its fixes: templates/admin/ and
        static/chronicle_admin/a11y.*)."""
        self.page.wait_for_load_state("load")
        self.shots += 1
        prefix = re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")
        slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
        SCREENSHOTS.mkdir(exist_ok=True)
        self.page.screenshot(
            path=str(SCREENSHOTS / f"{prefix}-{self.shots:02d}-{slug}.png"),
            full_page=True,
        )
        scroll_width = self.page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= self.width, (
            f"{label} ({self.page.url}) is {scroll_width}px wide at {self.width}px"
        )
        assert self.page.title(), f"{label} has no title"
        # axe runs as a script in the page: not where scripts are switched off
        # (the same pages are checked in the tests' runs with scripts).
        if self.javascript:
            violations = axe_violations(self.page)
            assert not violations, f"{label} ({self.page.url}): {violations}"


AXE = Axe()
AXE_OPTIONS = {"resultTypes": ["violations"], "preload": {"assets": ["media"]}}
"""Violations only, and no preloading of the page's style sheets: axe's
"cssom" preload re-inserts a sheet's ``@import`` (the admin's forms.css has
one) as an inline ``<style>``, which the site's CSP blocks with a console
error the tests would count as the page's. Only the experimental
css-orientation-lock rule, which axe does not run by default, reads them."""


def axe_violations(page: Page) -> list[str]:
    """What axe-core (shipped inside the axe-playwright-python package: nothing
    is downloaded) finds wrong with the page's accessibility, one line a rule:
    its id, impact, and the first elements it names."""
    results = AXE.run(page, options=AXE_OPTIONS)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:3])
        for v in results.response["violations"]
    ]


@pytest.fixture
def open_tab(
    chromium: Browser, live_server, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Visit]]:
    """Open a fresh browser context (its own cookies) at a viewport size."""
    contexts = []

    def open_(
        viewport: dict[str, int] = DESKTOP,
        *,
        javascript: bool = True,
        name: str | None = None,
    ) -> Visit:
        context = chromium.new_context(
            viewport=viewport, accept_downloads=True, java_script_enabled=javascript
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        visit = Visit(
            page=page,
            base_url=live_server.url,
            name=name or request.node.name,
            width=viewport["width"],
            javascript=javascript,
        )

        def guard(route: Route) -> None:
            if route.request.url.startswith(live_server.url):
                route.continue_()
            else:
                visit.foreign_requests.append(route.request.url)
                route.abort()

        context.route("**/*", guard)
        page.on(
            "console",
            lambda message: (
                message.type == "error" and visit.console_errors.append(message.text)
            ),
        )
        return visit

    yield open_
    for context in contexts:
        context.close()
