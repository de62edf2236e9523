"""``python -m tests.campaigns.pack_worker [db_worker options]``: a real
``db_worker`` for the worker tests, against the database named by
DATABASE_URL.

With PACK_WORKER_STAND_IN set, each render is a stand-in PDF that first writes
its battle's id to the file PACK_WORKER_MARKER (if set; the test then knows a
render is under way) and takes PACK_WORKER_SECONDS; without it, the real render.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ.setdefault("TASKS_BACKEND", "django_tasks_db.DatabaseBackend")
    import django

    django.setup()
    from django.core.management import call_command

    from campaigns.printing import pack_store

    if os.environ.get("PACK_WORKER_STAND_IN"):
        seconds = float(os.environ.get("PACK_WORKER_SECONDS", "0"))
        marker = os.environ.get("PACK_WORKER_MARKER")

        def stand_in(data) -> bytes:
            if marker:
                Path(marker).write_text(str(data["battle"]["id"]))
            time.sleep(seconds)
            return b"%PDF-1.7 stand-in for battle " + str(data["battle"]["id"]).encode()

        pack_store.printing.render_pack_pdf = stand_in
    call_command("db_worker", *sys.argv[1:])


if __name__ == "__main__":
    main()
