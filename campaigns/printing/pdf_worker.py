"""A PDF worker process: HTML in, PDF bytes out, until its input closes.

Started by :mod:`campaigns.printing.parallel` as ``python -m
campaigns.printing.pdf_worker``. It needs no Django setup and touches no
database: it only lays out HTML with the same locked-down fetcher as the site.

Protocol on stdin/stdout, big-endian: a request is two 4-byte lengths then the
static root and the HTML (UTF-8); the answer is one status byte (0 ok, 1 error),
an 8-byte length and the PDF (or the error's text).
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

REQUEST = struct.Struct(">II")
ANSWER = struct.Struct(">BQ")


def _read(stream, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def main() -> None:
    # Answers go to a private copy of stdout; anything printed goes to stderr.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr
    requests = sys.stdin.buffer
    from campaigns.printing.render import StaticOnlyFetcher, html_to_pdf

    while True:
        try:
            root_size, html_size = REQUEST.unpack(_read(requests, REQUEST.size))
            root = _read(requests, root_size).decode()
            html = _read(requests, html_size).decode()
        except EOFError:
            return
        try:
            fetcher = StaticOnlyFetcher(static_root=Path(root))
            status, payload = 0, html_to_pdf(html, fetcher=fetcher)
        except Exception as error:  # noqa: BLE001 - reported to the parent
            status, payload = 1, repr(error).encode()
        answers.write(ANSWER.pack(status, len(payload)) + payload)
        answers.flush()


if __name__ == "__main__":
    main()
