"""Export and import figures of SITE.md: ``export_s`` and ``import_s``.

``export_s`` is ``campaign_export`` of the large generated campaign to its JSON
document; ``import_s`` is ``campaign_import`` of that document (parsed) as a new
campaign, each the median of 7 runs after one warm-up, in a scratch SQLite
database. SITE.md sets no target for these two.

Run it as ``python -m bench.transfer`` (``make bench`` runs every part).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from bench.large import build_large, median_time, setup_django
from bench.results_file import merge_results


def measure() -> dict:
    from campaigns.services.campaign_export import campaign_export
    from campaigns.services.campaign_import import campaign_import

    owner, campaign, _ = build_large("large", 1.0, "bench")
    document = campaign_export(campaign=campaign)
    size = len(json.dumps(document))
    export_s = median_time(lambda: campaign_export(campaign=campaign))
    import_s = median_time(lambda: campaign_import(data=document, owner=owner))
    return {"export_s": export_s, "import_s": import_s, "export_bytes": size}


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-transfer-") as tmp:
        setup_django(Path(tmp))
        figures = measure()
    merge_results(figures)
    for key, value in figures.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
