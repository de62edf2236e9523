"""Stored battle packs: render once, serve the stored PDF while nothing changed.

A pack is stored through Django's storage API as ``packs/<key>.pdf``. The key
is a sha256 over

- every value the pack shows: the selector's plain data
  (:func:`campaigns.selectors.battle_pack.battle_pack_data`), serialised as
  sorted JSON — the campaign's paper size is one of those values;
- the paper size again, explicitly;
- :func:`template_version`: the contents of the pack's templates, its CSS and
  fonts, the Python that lays the pack out and the engine whose rule texts it
  prints, hashed once per process.

So an unchanged battle is served from storage with the key as its ETag, and any
change that alters the pack (a renamed character, a healed wound, another paper
size, a new template) makes a new key, hence a new render. Old files are never
read again; they are safe to delete at any time.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.http import content_disposition_header, http_date
from django.utils.text import slugify

from campaigns.models import Battle
from campaigns.printing import battle_pack as printing
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.site_url import site_url

logger = logging.getLogger(__name__)

PACK_DIR = "packs"
PACK_STATIC = (
    "css/print.css",
    "fonts/DejaVuSansCondensed.ttf",
    "fonts/DejaVuSansCondensed-Bold.ttf",
)


@functools.cache
def template_version() -> str:
    """A hash of everything besides the data that shapes a pack (once per process)."""
    base = Path(settings.BASE_DIR)
    files = [
        *sorted((base / "templates" / "print").glob("*.html")),
        *(base / "static" / name for name in PACK_STATIC),
        # The Python that turns the data into the HTML.
        *sorted(Path(__file__).parent.glob("*.py")),
        # The rules' own words (quick reference, activation order, event draw)
        # come from the engine: a new engine is a new pack.
        *sorted((base / "engines").rglob("*.py")),
    ]
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(base)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def pack_key(data: dict[str, Any]) -> str:
    """The sha256 naming the pack these data make (see the module doc)."""
    payload = json.dumps(
        {"data": data, "paper": data["paper"], "templates": template_version()},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(payload.encode()).hexdigest()


def pack_path(key: str) -> str:
    return f"{PACK_DIR}/{key}.pdf"


class PackStorageError(OSError):
    """The storage refused the rendered pack (a full or read-only disk, a
    bucket that says no); the message is for the player."""


@dataclass(frozen=True)
class StoredPack:
    key: str
    path: str
    modified: datetime
    rendered: bool
    """Whether this call rendered it (False: it was already stored)."""


def pack_store_save(*, data: dict[str, Any]) -> StoredPack:
    """The pack these data make, in storage: rendered and saved first if it is
    not there yet. Raises PackStorageError when the storage refuses it (nothing
    half-written is left under the pack's name)."""
    key = pack_key(data)
    path = pack_path(key)
    rendered = False
    if not default_storage.exists(path):
        pdf = printing.render_pack_pdf(data)
        try:
            saved = default_storage.save(path, ContentFile(pdf))
        except OSError as error:
            logger.error("Could not store battle pack %s: %s", key[:12], error)
            _discard(path)
            raise PackStorageError(
                "The pack was rendered but the server could not store it "
                "(its disk is full or read-only). Nothing else was changed."
            ) from error
        if saved != path:
            # Another request stored the same pack meanwhile: keep one copy.
            default_storage.delete(saved)
        rendered = True
        logger.info("Rendered battle pack %s", key[:12])
    return StoredPack(
        key=key,
        path=path,
        modified=default_storage.get_modified_time(path),
        rendered=rendered,
    )


def _discard(path: str) -> None:
    try:
        default_storage.delete(path)
    except OSError:
        pass


def stored_pack(*, battle: Battle, site_url: str | None = None) -> StoredPack:
    """The battle's current pack in storage, rendered first if it is not there."""
    return pack_store_save(data=battle_pack_data(battle=battle, site_url=site_url))


def pack_stored(*, data: dict[str, Any]) -> StoredPack | None:
    """The pack these data make when it is in storage; None when it is not
    (nothing is rendered here)."""
    key = pack_key(data)
    path = pack_path(key)
    if not default_storage.exists(path):
        return None
    return StoredPack(
        key=key,
        path=path,
        modified=default_storage.get_modified_time(path),
        rendered=False,
    )


def pack_filename(battle: Battle) -> str:
    """``war-of-the-ring-battle-3-bree.pdf``: the campaign, the battle's number
    and its scene, ASCII only (slugify drops what is not)."""
    parts = [
        slugify(battle.campaign.slug) or "campaign",
        f"battle-{battle.number}",
        slugify(battle.scene.slug),
    ]
    return "-".join(part for part in parts if part) + ".pdf"


def pack_response(
    request: HttpRequest, *, battle: Battle, pack: StoredPack | None = None
) -> HttpResponse:
    """The stored pack as a PDF download (an attachment named by
    :func:`pack_filename`), with ETag and Last-Modified; a 304 when the client's
    If-None-Match (or If-Modified-Since) says it has it. ``pack`` is the
    battle's current stored pack, found (or rendered) here when not given."""
    if pack is None:
        pack = stored_pack(battle=battle, site_url=site_url(request))
    etag = f'"{pack.key}"'
    last_modified = int(pack.modified.timestamp())
    not_modified = get_conditional_response(
        request, etag=etag, last_modified=last_modified
    )
    if not_modified is not None:
        not_modified["ETag"] = etag
        not_modified["Last-Modified"] = http_date(last_modified)
        return not_modified
    # A pack is small: read it whole rather than stream an open file.
    with default_storage.open(pack.path, "rb") as stored:
        response = HttpResponse(stored.read(), content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=pack_filename(battle)
    )
    response["ETag"] = etag
    response["Last-Modified"] = http_date(last_modified)
    response["Cache-Control"] = "private, no-cache"
    return response
