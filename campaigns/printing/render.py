"""The one function that turns HTML into PDF bytes, with a locked-down URL fetcher.

WeasyPrint may load only the project's own static files. Templates reference them
relative to ``STATIC_BASE`` (``css/print.css``); every other URL — ``file:``,
``http(s):``, ``data:``, a path escaping the static folder — is refused. Fonts come
from the system's fontconfig (DejaVu, installed by ``make``), never from a URL.
"""

from __future__ import annotations

import gc
import logging
import mimetypes
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

import weasyprint
from django.conf import settings
from django.template.loader import render_to_string
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

# A pseudo-origin that resolves nowhere: relative URLs in print templates join onto it.
STATIC_BASE = "https://project-static.invalid/"

logger = logging.getLogger(__name__)


class RefusedURL(ValueError):
    """A URL the print renderer will not fetch."""


@dataclass
class StaticOnlyFetcher(URLFetcher):
    """Serves files under the project's static folder; refuses everything else."""

    static_root: Path
    refused: list[str] = field(default_factory=list)
    served: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(allowed_protocols=("https",), allow_redirects=False)
        self.static_root = self.static_root.resolve()

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        path = self._static_path(url)
        if path is None:
            self.refused.append(url)
            logger.info("Print renderer refused %r", url[:200])
            raise RefusedURL(f"Print renderer refused to fetch {url[:80]!r}")
        self.served.append(url)
        mime, _ = mimetypes.guess_type(path.name)
        return URLFetcherResponse(
            url,
            body=path.read_bytes(),
            headers={"Content-Type": mime or "application/octet-stream"},
        )

    def _static_path(self, url: str) -> Path | None:
        if not url.startswith(STATIC_BASE):
            return None
        parts = urlsplit(url)
        relative = unquote(parts.path).lstrip("/")
        if not relative or "\\" in relative or "\x00" in relative:
            return None
        candidate = (self.static_root / relative).resolve()
        if not candidate.is_relative_to(self.static_root) or not candidate.is_file():
            return None
        return candidate


def static_root() -> Path:
    return Path(settings.BASE_DIR) / "static"


PRINT_CSS = "css/print.css"
PRINT_LINK = f'<link rel="stylesheet" href="{PRINT_CSS}">'
"""How every print template links the print stylesheet."""

_parsed = threading.local()


def print_stylesheet() -> tuple[weasyprint.CSS, FontConfiguration]:
    """The print stylesheet parsed once per thread (and again when the file
    changes), with the font configuration its fonts were loaded into."""
    path = static_root() / PRINT_CSS
    stat = path.stat()
    version = (stat.st_mtime_ns, stat.st_size)
    cached = getattr(_parsed, "stylesheet", None)
    if cached is None or cached[0] != version:
        fonts = FontConfiguration()
        css = weasyprint.CSS(
            url=STATIC_BASE + PRINT_CSS,
            url_fetcher=StaticOnlyFetcher(static_root=static_root()),
            font_config=fonts,
        )
        cached = _parsed.stylesheet = (version, css, fonts)
    return cached[1], cached[2]


_paused = {"renders": 0, "was_enabled": False}
_pause_lock = threading.Lock()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a render runs: WeasyPrint makes
    objects by the hundred thousand, and collecting among them costs it about
    a sixth of its time. Reference counting still frees what it can; the
    collector runs again after the last render in the process ends."""
    with _pause_lock:
        if _paused["renders"] == 0:
            _paused["was_enabled"] = gc.isenabled()
            gc.disable()
        _paused["renders"] += 1
    try:
        yield
    finally:
        with _pause_lock:
            _paused["renders"] -= 1
            if _paused["renders"] == 0 and _paused["was_enabled"]:
                gc.enable()


def html_to_pdf(html: str, *, fetcher: StaticOnlyFetcher | None = None) -> bytes:
    """Render an HTML string to PDF bytes, fetching only the project's static files.

    Without a ``fetcher`` of the caller's, the print stylesheet the HTML links
    is the one parsed already (:func:`print_stylesheet`); with one, every file
    goes through it (so a test sees what was fetched)."""
    # WeasyPrint logs each refused resource as a warning; the fetcher has logged it.
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    options = {}
    if fetcher is None and PRINT_LINK in html:
        html = html.replace(PRINT_LINK, "", 1)
        css, fonts = print_stylesheet()
        options = {"stylesheets": [css], "font_config": fonts}
    fetcher = fetcher or StaticOnlyFetcher(static_root=static_root())
    document = weasyprint.HTML(string=html, base_url=STATIC_BASE, url_fetcher=fetcher)
    with collector_paused():
        return document.write_pdf(**options)


def render_pdf(template_name: str, context: dict) -> bytes:
    """Render a print template with its context to PDF bytes."""
    return html_to_pdf(render_to_string(template_name, context))
