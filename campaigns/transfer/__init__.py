"""A whole campaign as one JSON document: export and import (README "Export
and import").

The modules, in the order a document goes through them on import:
``document`` (the format and its kinds of object, derived from the models),
``versions`` (older documents), ``parse`` (the file and its size limit),
``checks`` with ``values``, ``shapes``, ``refs`` and ``decks`` (types, keys,
refs, the shapes of JSON values, the deck rule), ``build`` with ``rules`` and
``conditions`` (the objects in memory and the models' rules on them), ``write``
(bulk writes) and ``importing``; ``exporting`` goes the other way.
"""

from __future__ import annotations

from campaigns.transfer.errors import MAX_ERRORS, CampaignImportError
from campaigns.transfer.exporting import (
    campaign_export,
    campaign_export_json,
    document_dumps,
    document_normalise,
)
from campaigns.transfer.importing import (
    CampaignImported,
    campaign_import,
    event_deck_import,
)
from campaigns.transfer.parse import (
    document_parse,
    import_max_bytes,
    size_label,
    size_told,
    too_large_message,
)

__all__ = [
    "MAX_ERRORS",
    "CampaignImportError",
    "CampaignImported",
    "campaign_export",
    "campaign_export_json",
    "campaign_import",
    "document_dumps",
    "document_normalise",
    "document_parse",
    "event_deck_import",
    "import_max_bytes",
    "size_label",
    "size_told",
    "too_large_message",
]
