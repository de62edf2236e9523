"""Lay out a document's independent parts side by side, then join the PDFs.

WeasyPrint's layout runs on one core; a battle pack's parts (setup sheet, AI
cards, character cards, result form) do not depend on one another, so they are
laid out in long-lived worker processes (:mod:`campaigns.printing.pdf_worker`,
started on first use, ``PDF_RENDER_PROCESSES`` of them) and joined with pypdf.
The workers are plain child processes that inherit no database connection and
load no Django settings; each renders through the same locked-down fetcher.

If workers are switched off (``PDF_RENDER_PROCESSES`` ≤ 1) or one fails, the
part is rendered in this process instead: the same pages, only slower.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import logging
import queue
import subprocess
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pypdf
from django.conf import settings

from campaigns.printing.pdf_worker import ANSWER, REQUEST, _read
from campaigns.printing.render import StaticOnlyFetcher, html_to_pdf, static_root

logger = logging.getLogger(__name__)


class WorkerError(RuntimeError):
    """A worker process failed to render a part."""


class _Worker:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "campaigns.printing.pdf_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=settings.BASE_DIR,
        )

    def render(self, html: str, root: str) -> bytes:
        root_bytes, html_bytes = root.encode(), html.encode()
        try:
            self.process.stdin.write(
                REQUEST.pack(len(root_bytes), len(html_bytes)) + root_bytes + html_bytes
            )
            self.process.stdin.flush()
            status, size = ANSWER.unpack(_read(self.process.stdout, ANSWER.size))
            payload = _read(self.process.stdout, size)
        except (OSError, EOFError) as error:
            raise WorkerError(f"PDF worker stopped: {error!r}") from error
        if status:
            raise WorkerError(payload.decode(errors="replace"))
        return payload

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                stream.close()


class _Workers:
    """At most ``size`` workers; a part waits for an idle one."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.idle: queue.Queue[_Worker] = queue.Queue()
        self.started: list[_Worker] = []
        self.lock = threading.Lock()
        self.threads = ThreadPoolExecutor(max_workers=size)

    def _take(self) -> _Worker:
        with self.lock:
            if self.idle.empty() and len(self.started) < self.size:
                worker = _Worker()
                self.started.append(worker)
                return worker
        return self.idle.get()

    def render(self, html: str, root: str) -> bytes:
        worker = self._take()
        try:
            pdf = worker.render(html, root)
        except WorkerError as error:
            logger.warning("%s; rendering the part in-process", error)
            worker.stop()
            with self.lock:
                self.started.remove(worker)
            return _render_here(html, root)
        self.idle.put(worker)
        return pdf

    def render_all(self, parts: Sequence[str], root: str) -> list[bytes]:
        """Every part, in order. The largest parts go first (HTML size stands in
        for layout time), so the workers finish close together."""
        largest_first = sorted(range(len(parts)), key=lambda i: -len(parts[i]))
        pdfs = self.threads.map(lambda i: self.render(parts[i], root), largest_first)
        by_index = dict(zip(largest_first, pdfs, strict=True))
        return [by_index[i] for i in range(len(parts))]

    def stop(self) -> None:
        for worker in self.started:
            worker.stop()


_workers: _Workers | None = None
_workers_lock = threading.Lock()


def _get_workers() -> _Workers | None:
    global _workers
    size = int(getattr(settings, "PDF_RENDER_PROCESSES", 2))
    if size <= 1:
        return None
    with _workers_lock:
        if _workers is None:
            _workers = _Workers(size)
            atexit.register(_workers.stop)
        return _workers


def _render_here(html: str, root: str) -> bytes:
    return html_to_pdf(html, fetcher=StaticOnlyFetcher(static_root=Path(root)))


def parts_to_pdf(parts: Sequence[str], *, title: str = "") -> bytes:
    """Render each HTML part and join them, in order, into one PDF."""
    root = str(static_root())
    workers = _get_workers() if len(parts) > 1 else None
    if workers is None:
        pdfs = [_render_here(html, root) for html in parts]
    else:
        pdfs = workers.render_all(parts, root)
    return join_pdfs(pdfs, title=title)


def join_pdfs(pdfs: Sequence[bytes], *, title: str = "") -> bytes:
    if len(pdfs) == 1:
        return pdfs[0]
    writer = pypdf.PdfWriter()
    for pdf in pdfs:
        writer.append(pypdf.PdfReader(io.BytesIO(pdf)))
    if title:
        writer.add_metadata({"/Title": title})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
