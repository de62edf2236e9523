"""Page figures of SITE.md on the large campaign: ``page_p50_s`` and ``page_queries``.

The large campaign is ``generate_campaign``'s default (1,000 scenes and resolved
battles, 50 companies, 2,000 characters, 20,000 wounds) in a scratch SQLite
database. Each page is requested through Django's test client as its owner:
the median of 7 runs after one warm-up. Query counts are taken on the large
campaign and on one a fifth of its size (``page_queries_equal_at_5n``), each
after a warm-up: a battle's first visit from an address asks for its pack
there, once.

Run it as ``python -m bench.pages`` (``make bench`` runs every part).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench.large import PAGES, build_large, median_time, setup_django
from bench.results_file import merge_results

TARGETS = {"page_p50_s": 0.05, "page_queries": 15}


def query_count(client, url: str) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(queries)


def measure() -> dict:
    from django.test import Client

    owner, _, urls = build_large("large", 1.0, "bench")
    small_owner, _, small_urls = build_large("small", 0.2, "bench-small")
    client, small_client = Client(), Client()
    client.force_login(owner)
    small_client.force_login(small_owner)
    p50 = {page: median_time(lambda url=urls[page]: client.get(url)) for page in PAGES}
    queries = {page: query_count(client, urls[page]) for page in PAGES}
    for page in PAGES:  # the warm-up the timed pages had (a pack asked for, once)
        small_client.get(small_urls[page])
    small_queries = {
        page: query_count(small_client, small_urls[page]) for page in PAGES
    }
    return {
        "page_p50_s": p50,
        "page_queries": queries,
        "page_queries_small": small_queries,
        "page_queries_equal_at_5n": queries == small_queries,
    }


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as tmp:
        setup_django(Path(tmp))
        figures = measure()
    merge_results(figures)
    for key, value in figures.items():
        print(f"{key}: {value}")
    slow = {p: s for p, s in figures["page_p50_s"].items() if s > TARGETS["page_p50_s"]}
    heavy = {
        p: n for p, n in figures["page_queries"].items() if n > TARGETS["page_queries"]
    }
    if slow or heavy or not figures["page_queries_equal_at_5n"]:
        print(f"Over target: slow={slow} heavy={heavy}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
