"""The one print renderer: WeasyPrint may fetch the project's static files and
nothing else."""

from __future__ import annotations

import gc

import pytest

from campaigns.printing.render import (
    STATIC_BASE,
    StaticOnlyFetcher,
    collector_paused,
    html_to_pdf,
    render_pdf,
    static_root,
)

ONE_PIXEL_GIF = "data:image/gif;base64,R0lGODlhAQABAAAAACw="


def render(body: str, head: str = "") -> StaticOnlyFetcher:
    fetcher = StaticOnlyFetcher(static_root=static_root())
    pdf = html_to_pdf(
        f"<html><head>{head}</head><body>{body}</body></html>", fetcher=fetcher
    )
    assert pdf.startswith(b"%PDF-")
    return fetcher


@pytest.mark.parametrize(
    ("html", "refused"),
    [
        ('<img src="file:///etc/passwd">', "file:///etc/passwd"),
        ('<img src="http://example.com/spy.png">', "http://example.com/spy.png"),
        ('<img src="https://example.com/spy.png">', "https://example.com/spy.png"),
        (f'<img src="{ONE_PIXEL_GIF}">', ONE_PIXEL_GIF),
        (
            '<img src="../../../etc/passwd">',
            f"{STATIC_BASE}etc/passwd",
        ),
        (
            '<img src="css/%2E%2E/%2E%2E/manage.py">',
            f"{STATIC_BASE}css/%2E%2E/%2E%2E/manage.py",
        ),
        (
            '<img src="css/..%2F..%2Fmanage.py">',
            f"{STATIC_BASE}css/..%2F..%2Fmanage.py",
        ),
    ],
)
def test_the_fetcher_refuses_anything_but_static_files(html, refused):
    fetcher = render(html)
    assert (fetcher.refused, fetcher.served) == ([refused], [])


@pytest.mark.parametrize(
    "head",
    [
        '<link rel="stylesheet" href="file:///etc/passwd">',
        '<link rel="stylesheet" href="http://example.com/x.css">',
        '<style>@import url("http://example.com/x.css");</style>',
        '<style>body { background: url("file:///etc/passwd"); }</style>',
        '<style>@font-face { font-family: X; src: url("http://example.com/x.ttf"); }'
        " body { font-family: X; }</style>",
    ],
)
def test_stylesheets_cannot_reach_out_either(head):
    fetcher = render("<p>Hello</p>", head)
    assert len(fetcher.refused) == 1 and fetcher.served == []


def test_a_relative_static_path_is_served():
    fetcher = render("<p>Hello</p>", '<link rel="stylesheet" href="css/print.css">')
    assert fetcher.refused == [] and fetcher.served[0] == f"{STATIC_BASE}css/print.css"


def test_a_missing_static_file_is_refused():
    fetcher = render('<img src="css/no-such-file.png">')
    assert fetcher.refused == [f"{STATIC_BASE}css/no-such-file.png"]


def test_render_pdf_renders_a_template():
    sheet = {
        "box_width": 73,
        "box_height": 98,
        "pad_x": 5,
        "pad_y": 5,
        "marks": [(0, -5, 0, -1)],
    }
    pdf = render_pdf("print/crop_marks.html", {"sheet": sheet})
    assert pdf.startswith(b"%PDF-")


def test_the_cycle_collector_is_paused_while_a_render_runs_and_restored():
    """During a render the collector is off (it costs WeasyPrint a sixth of
    its time); after it, and after a render that fails, it is back on; a
    render inside another leaves it off until the outer one ends."""
    seen = []

    class Spy(StaticOnlyFetcher):
        def fetch(self, url, headers=None):
            seen.append(gc.isenabled())
            return super().fetch(url, headers)

    assert gc.isenabled()
    html_to_pdf(
        '<html><head><link rel="stylesheet" href="css/print.css"></head></html>',
        fetcher=Spy(static_root=static_root()),
    )
    assert seen and not any(seen)
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        with collector_paused():
            pass
        assert not gc.isenabled()
        raise RuntimeError("a render that fails")
    assert gc.isenabled()


def test_a_paused_collector_stays_off_for_a_caller_that_had_it_off():
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
