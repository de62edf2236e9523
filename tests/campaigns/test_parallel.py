"""Parts laid out in worker processes give the same PDF pages as in-process."""

from __future__ import annotations

import io

import pypdf
import pytest

from campaigns.printing import parallel

PART = """<!DOCTYPE html><html><head><link rel="stylesheet" href="css/print.css">
</head><body><h1>{title}</h1>{body}</body></html>"""


def parts() -> list[str]:
    long = "<p>The beacons are lit.</p>" * 120
    return [
        PART.format(title="Setup of Minas Tirith", body="<p>Gondor calls.</p>"),
        PART.format(title="The long part", body=long),
        PART.format(title="Result form", body="<p>Rohan answers.</p>"),
    ]


def texts(pdf: bytes) -> list[str]:
    return [
        " ".join((page.extract_text() or "").split())
        for page in pypdf.PdfReader(io.BytesIO(pdf)).pages
    ]


@pytest.fixture
def in_process(settings):
    settings.PDF_RENDER_PROCESSES = 1
    return parallel.parts_to_pdf(parts())


def test_workers_render_the_same_pages_as_in_process(settings, in_process):
    settings.PDF_RENDER_PROCESSES = 2
    assert texts(parallel.parts_to_pdf(parts())) == texts(in_process)


def test_parts_are_joined_in_order(settings):
    settings.PDF_RENDER_PROCESSES = 2
    pages = texts(parallel.parts_to_pdf(parts()))
    assert pages[0].startswith("Setup of Minas Tirith")
    assert pages[-1].startswith("Result form")
    assert len(pages) > 3


def test_a_dead_worker_is_replaced_by_an_in_process_render(settings, in_process):
    settings.PDF_RENDER_PROCESSES = 2
    parallel.parts_to_pdf(parts())
    workers = parallel._get_workers()
    for worker in list(workers.started):
        worker.process.kill()
        worker.process.wait()
    assert texts(parallel.parts_to_pdf(parts())) == texts(in_process)


def test_the_joined_pdf_carries_its_title(settings):
    settings.PDF_RENDER_PROCESSES = 2
    pdf = parallel.parts_to_pdf(parts(), title="Battle 7: Pelennor Fields")
    assert (
        pypdf.PdfReader(io.BytesIO(pdf)).metadata.title == "Battle 7: Pelennor Fields"
    )
