"""Uploads larger than any file the site reads are counted, never stored.

A campaign file is the largest upload the site takes (``CAMPAIGN_IMPORT_MAX_BYTES``).
Within that, Django's own handlers keep a small file in memory and stream a
larger one to a temporary file. Past it, :class:`UploadLimitHandler` takes the
file from them: the rest of the upload is read and counted but kept nowhere,
and the form gets an empty stand-in of the true size, which it refuses with a
clear message (instead of a 400 or a full disk).
"""

from __future__ import annotations

from io import BytesIO

from django.core.files.uploadedfile import UploadedFile
from django.core.files.uploadhandler import FileUploadHandler, StopFutureHandlers

from campaigns.transfer.parse import import_max_bytes

MULTIPART_ALLOWANCE = 64 * 1024
"""Room in a request for the form's other fields and the multipart headers."""


class TooLargeUpload(UploadedFile):
    """A file that was over the limit: its name and size, no content."""

    def __init__(self, name: str | None, size: int, content_type: str | None) -> None:
        super().__init__(BytesIO(), name, content_type, size)


class UploadLimitHandler(FileUploadHandler):
    """First of the upload handlers: passes a file's chunks on to the next
    handler while the file is within the limit, and swallows the rest."""

    def __init__(self, request=None) -> None:
        super().__init__(request)
        self.limit = import_max_bytes()
        self.request_over = False
        self.size = 0
        self.over = False

    def handle_raw_input(
        self, input_data, META, content_length, boundary, encoding=None
    ) -> None:
        self.request_over = content_length > self.limit + MULTIPART_ALLOWANCE

    def new_file(self, *args, **kwargs) -> None:
        super().new_file(*args, **kwargs)
        self.size = 0
        self.over = self.request_over
        if self.over:
            raise StopFutureHandlers  # the others keep nothing of this file

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        self.size += len(raw_data)
        if self.size > self.limit and not self.over:
            self.over = True
            self._drop_what_the_others_kept()
        return None if self.over else raw_data

    def _drop_what_the_others_kept(self) -> None:
        """Close the memory buffer or temporary file (deleting it) that the
        next handlers filled with the file's first chunks."""
        for handler in getattr(self.request, "upload_handlers", ()):
            kept = getattr(handler, "file", None)
            if handler is not self and kept is not None:
                kept.close()

    def file_complete(self, file_size: int) -> UploadedFile | None:
        if not self.over:
            return None
        return TooLargeUpload(self.file_name, self.size, self.content_type)
