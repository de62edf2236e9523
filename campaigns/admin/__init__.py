"""The admin: where a club admin sets up campaigns (SITE.md "Access": Django's
staff and model permissions). Play state — battles, results, effects, the log —
is written by the services and shown here read-only.

One module per page family: ``campaign`` (a campaign, its commanders, readiness,
import and export), ``company`` (companies, characters, commanders), ``scene``
(a scene and its battlefield, with its companies in ``scene_companies`` and
its objectives and terrain in ``scene_battlefield``), ``orders`` (a company's
orders in a scene), ``victory`` (a fixed scene's ways to win), ``events``
(event decks), ``play`` (the records the site writes). The site's index is
ordered in ``campaigns.admin_site``.
"""

from campaigns.admin import (
    campaign,
    company,
    events,
    genres,
    orders,
    play,
    scene,
    victory,
)

__all__ = [
    "campaign",
    "company",
    "events",
    "genres",
    "orders",
    "play",
    "scene",
    "victory",
]
