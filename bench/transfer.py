"""Export and import figures of SITE.md: ``export_s``, ``import_s`` and
``import_vs_export``.

The large generated campaign (``bench.generate``, about 10 MB as a file) goes
out through ``export_campaign`` to a file and comes back through
``import_campaign`` as a new campaign, each the median of 7 runs after one
warm-up, in a scratch SQLite database. SITE.md: import ≤ 5 s and at most 10 ×
the export.

Run it as ``python -m bench.transfer`` (``make bench`` runs every part).
"""

from __future__ import annotations

import tempfile
from io import StringIO
from pathlib import Path

from bench.large import build_large, median_time, setup_django
from bench.results_file import merge_results


def measure(workdir: Path) -> dict:
    from django.core.management import call_command

    owner, campaign, _ = build_large("large", 1.0, "bench")
    path = workdir / "large.json"

    def export() -> None:
        call_command(
            "export_campaign", campaign.slug, "-o", str(path), stdout=StringIO()
        )

    def import_() -> None:
        call_command(
            "import_campaign",
            str(path),
            "--owner",
            owner.get_username(),
            stdout=StringIO(),
        )

    export_s = median_time(export)
    import_s = median_time(import_)
    return {
        "export_s": export_s,
        "import_s": import_s,
        "import_vs_export": round(import_s / export_s, 2),
        "export_bytes": path.stat().st_size,
    }


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-transfer-") as tmp:
        setup_django(Path(tmp))
        figures = measure(Path(tmp))
    merge_results(figures)
    for key, value in figures.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
