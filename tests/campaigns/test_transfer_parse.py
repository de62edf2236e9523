"""Reading a campaign file: the size limit, text, files and odd JSON."""

from __future__ import annotations

import io

import pytest

from campaigns.transfer import (
    CampaignImportError,
    document_parse,
    import_max_bytes,
    size_label,
)
from campaigns.transfer.parse import LongNumber


def _refusal(data, **kwargs) -> str:
    with pytest.raises(CampaignImportError) as caught:
        document_parse(data, **kwargs)
    return " ".join(caught.value.messages)


def test_the_limit_is_the_setting(settings):
    settings.CAMPAIGN_IMPORT_MAX_BYTES = 1234
    assert import_max_bytes() == 1234


def test_the_default_limit_is_32_mb(settings):
    del settings.CAMPAIGN_IMPORT_MAX_BYTES
    assert import_max_bytes() == 32 * 1024 * 1024


@pytest.mark.parametrize(
    ("size", "label"),
    [(32 * 1024 * 1024, "32 MB (33,554,432 bytes)"), (1000, "1,000 bytes")],
)
def test_a_limit_is_told_in_mb_and_bytes(size, label):
    assert size_label(size) == label


def test_a_binary_file_is_read():
    assert document_parse(io.BytesIO(b'{"a": 1}')) == {"a": 1}


def test_a_file_over_the_limit_is_refused_unread():
    """Only the limit and one byte more are read from a file."""
    stream = io.BytesIO(b" " * 5000)
    message = _refusal(stream, max_bytes=100)
    assert (message, stream.tell()) == (
        "The file is larger than the limit of 100 bytes.",
        101,
    )


def test_text_over_the_limit_is_refused():
    assert _refusal("[" + " " * 2 * 1024 * 1024 + "]", max_bytes=1024 * 1024) == (
        "The file is 2.0 MB; the limit is 1 MB (1,048,576 bytes)."
    )


def test_a_number_too_long_to_convert_gets_our_own_words():
    """Python refuses integers of more than 4,300 digits in a message of its
    own; the checks name where such a number is instead."""
    value = document_parse(b'{"n": ' + b"7" * 5000 + b"}")["n"]
    assert (type(value), value.message) == (
        LongNumber,
        "is far too large a number (5,000 digits)",
    )


def test_a_long_negative_number_counts_its_digits():
    assert document_parse(b"[-" + b"1" * 40 + b"]")[0].digits == 40


def test_ordinary_numbers_stay_numbers():
    assert document_parse(b"[12345678901234567890, -3, 1.5]") == [
        12345678901234567890,
        -3,
        1.5,
    ]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b'{"a": 1, "a": 2}', "The file repeats the key 'a' in one object."),
        (b"[NaN]", "The file is not JSON: NaN and Infinity are not numbers in JSON."),
        (b"\xff", "The file is not UTF-8 text."),
        (b"[" * 100_000, "The file is nested too deeply to read."),
        (b"{,}", "The file is not JSON: Expecting property name"),
    ],
    ids=["duplicate", "nan", "utf8", "deep", "syntax"],
)
def test_odd_json_gets_a_sentence(data, expected):
    assert _refusal(data).startswith(expected)
