"""Reading a campaign file: its size limit, its text and its JSON.

The limit is the setting ``CAMPAIGN_IMPORT_MAX_BYTES`` (32 MB unless set), or
what the caller passes (``import_campaign --max-bytes``). Every way JSON text
can be odd gets a sentence of our own: duplicate keys, NaN, nesting too deep
to read, and numbers too long to be any value of a campaign (Python refuses
to convert an integer of more than 4,300 digits with a message of its own).
"""

from __future__ import annotations

import json
from typing import IO, Any

from django.conf import settings

from campaigns.transfer.errors import CampaignImportError

DEFAULT_MAX_BYTES = 32 * 1024 * 1024
MAX_NUMBER_DIGITS = 30
"""No value of a campaign has more digits (the largest columns hold 19)."""

_MB = 1024 * 1024


def import_max_bytes() -> int:
    """The largest campaign file the site reads (the setting, read now)."""
    return int(getattr(settings, "CAMPAIGN_IMPORT_MAX_BYTES", DEFAULT_MAX_BYTES))


def size_label(size: int) -> str:
    """A limit as the site states it: ``32 MB (33,554,432 bytes)``."""
    if size >= _MB and size % _MB == 0:
        return f"{size // _MB} MB ({size:,} bytes)"
    return f"{size:,} bytes"


def size_told(size: int) -> str:
    """A file's size as the site tells it: ``40.2 MB``, or bytes below 1 MB."""
    return f"{size / _MB:.1f} MB" if size >= _MB else f"{size:,} bytes"


def too_large_message(size: int | None, limit: int) -> str:
    """What the form and the command say about a file over the limit."""
    if size is None:
        return f"The file is larger than the limit of {size_label(limit)}."
    return f"The file is {size_told(size)}; the limit is {size_label(limit)}."


class LongNumber:
    """Stands for a number too long to read (the checks name where it is)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {self.digits:,} digits>"

    @property
    def message(self) -> str:
        return f"is far too large a number ({self.digits:,} digits)"


class _DuplicateKey(Exception):
    pass


class _NotJsonConstant(Exception):
    pass


def document_parse(
    data: bytes | str | IO[bytes], *, max_bytes: int | None = None
) -> Any:
    """The JSON value in ``data`` (text, bytes or a binary file), within the size
    limit. Raises CampaignImportError with one sentence about what is wrong."""
    limit = import_max_bytes() if max_bytes is None else max_bytes
    if hasattr(data, "read"):
        size = getattr(data, "size", None)
        if size is not None and size > limit:
            raise CampaignImportError(too_large_message(size, limit))
        data = data.read(limit + 1)
        if len(data) > limit:
            raise CampaignImportError(too_large_message(size, limit))
    if isinstance(data, str):
        size = len(data.encode("utf-8", "replace"))
    elif isinstance(data, bytes | bytearray):
        size = len(data)
    else:
        raise CampaignImportError("The document must be JSON text.")
    if size > limit:
        raise CampaignImportError(too_large_message(size, limit))
    if not isinstance(data, str):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CampaignImportError("The file is not UTF-8 text.") from exc
    try:
        return json.loads(
            data,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_int=_whole_number,
        )
    except _DuplicateKey as exc:
        raise CampaignImportError(
            f"The file repeats the key {exc.args[0]!r:.60} in one object."
        ) from exc
    except _NotJsonConstant as exc:
        raise CampaignImportError(
            "The file is not JSON: NaN and Infinity are not numbers in JSON."
        ) from exc
    except json.JSONDecodeError as exc:
        raise CampaignImportError(
            f"The file is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."
        ) from exc
    except RecursionError as exc:
        raise CampaignImportError("The file is nested too deeply to read.") from exc
    except ValueError as exc:
        raise CampaignImportError("The file is not JSON.") from exc


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise _NotJsonConstant(name)


def _whole_number(text: str) -> int | LongNumber:
    digits = len(text.lstrip("-"))
    return LongNumber(digits) if digits > MAX_NUMBER_DIGITS else int(text)
