"""The demo: the War of the Ring campaign, its second event deck and its login.

The campaign is a campaign document (``fixtures/demo/war_of_the_ring.json``, the
format the export writes, with the Middle-earth deck inside it) loaded through
the import service, keeping its slug. Other event decks are deck documents in
``fixtures/event_decks/`` (the ``event_deck`` part of a campaign document).
Seeding adds whatever is missing (the demo user, a campaign builder in the
admin, a deck, the campaign) and never changes what is there: a campaign that
exists is play state, left alone.
``reset`` deletes the demo campaign first, so it comes back in its starting
state.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from campaigns.models import Campaign, EventDeck
from campaigns.services.builders import user_make_builder
from campaigns.services.genres import settings_ship
from campaigns.site_url import site_url
from campaigns.transfer import CampaignImportError, campaign_import, event_deck_import

DEMO_USERNAME = "demo"
DEMO_CAMPAIGN_SLUG = "war-of-the-ring"
DEMO_CAMPAIGN_FILE = Path("demo") / "war_of_the_ring.json"
EVENT_DECKS_DIR = Path("event_decks")


def _setting_path(name: str, default: Path) -> Path:
    """A path the settings may name (``name``), else ``default``."""
    return Path(getattr(settings, name, None) or default)


def _fixtures(given: Path | str | None) -> Path:
    """The fixtures directory: the one given, the settings', or the project's."""
    return Path(
        given
        or _setting_path("DEMO_FIXTURES_DIR", Path(settings.BASE_DIR) / "fixtures")
    )


class DemoSeedError(Exception):
    """The demo cannot be loaded; the message is one line for the command."""


@dataclass(frozen=True)
class DemoLogin:
    """What a seed run did, and how to log in to the demo."""

    username: str
    password: str
    campaign_slug: str
    login_file: Path
    added: dict[str, int] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return f"Log in at {site_url()}/ as {self.username} / {self.password}"

    @property
    def summary(self) -> str:
        if not self.added:
            return "The demo is complete: nothing to add."
        return "Added " + ", ".join(f"{n} {what}" for what, n in self.added.items())


def demo_seed(
    *,
    password: str | None = None,
    reset: bool = False,
    fixtures_dir: Path | str | None = None,
    login_file: Path | str | None = None,
) -> DemoLogin:
    """Load whatever of the demo is missing and make sure its login works.

    ``password`` sets the demo user's password; without it the one kept in the
    login file is used, or a new one is generated. ``fixtures_dir`` and
    ``login_file`` default to the settings ``DEMO_FIXTURES_DIR`` and
    ``DEMO_LOGIN_FILE`` when set (tests point them elsewhere), else to
    ``fixtures/`` and ``.demo-login`` at the project root. The login file
    (git-ignored) always ends up holding the working password. Everything
    happens in one transaction.
    """
    if password is not None and (
        not password.strip() or password != password.strip() or "\n" in password
    ):
        raise DemoSeedError(
            "The password must be one line, not empty, and not start or end with "
            "a space."
        )
    fixtures = _fixtures(fixtures_dir)
    login_path = Path(
        login_file
        or _setting_path("DEMO_LOGIN_FILE", Path(settings.BASE_DIR) / ".demo-login")
    )
    decks = [
        (_source(path), _read_json(path))
        for path in sorted((fixtures / EVENT_DECKS_DIR).glob("*.json"))
    ]
    campaign_path = fixtures / DEMO_CAMPAIGN_FILE
    campaign_source = _source(campaign_path)
    document = _read_json(campaign_path)
    if (document.get("campaign") or {}).get("slug") != DEMO_CAMPAIGN_SLUG:
        raise DemoSeedError(
            f"{campaign_source}: the demo campaign's slug must be "
            f"{DEMO_CAMPAIGN_SLUG!r}."
        )

    added: dict[str, int] = {}
    with transaction.atomic():
        # The demo's own deck is a site deck (the fantasy setting's default),
        # loaded before the campaign so that the import shares it: a deck an
        # import creates belongs to the importer.
        if isinstance(document.get("event_deck"), dict):
            decks.append((campaign_source, document["event_deck"]))
        for source, data in decks:
            if _add_deck(data, source=source):
                added["event decks"] = added.get("event decks", 0) + 1
        user, password = _ensure_user(
            password=password, stored=_read_login_file(login_path), added=added
        )
        user_make_builder(user=user)
        settings_ship()
        if reset:
            Campaign.objects.filter(slug=DEMO_CAMPAIGN_SLUG).delete()
        if not Campaign.objects.filter(slug=DEMO_CAMPAIGN_SLUG).exists():
            try:
                campaign_import(data=document, owner=user, keep_slug=True)
            except CampaignImportError as exc:
                raise DemoSeedError(f"{campaign_source}: {_one_line(exc)}") from exc
            added["campaign"] = 1
        settings_ship()  # again: the demo brought its deck, the fantasy default
        _write_login_file(login_path, username=user.get_username(), password=password)
    return DemoLogin(
        username=user.get_username(),
        password=password,
        campaign_slug=DEMO_CAMPAIGN_SLUG,
        login_file=login_path,
        added=added,
    )


def _add_deck(data: dict[str, Any], *, source: str) -> bool:
    """Load a deck document unless a deck of its slug is here already."""
    if EventDeck.objects.filter(slug=data.get("slug")).exists():
        return False
    try:
        event_deck_import(data=data)
    except CampaignImportError as exc:
        raise DemoSeedError(f"{source}: {_one_line(exc)}") from exc
    return True


def _one_line(exc: CampaignImportError) -> str:
    return " ".join("; ".join(exc.messages).split())


# --- the login ----------------------------------------------------------------


def _ensure_user(
    *, password: str | None, stored: str | None, added: dict[str, int]
) -> tuple[AbstractBaseUser, str]:
    User = get_user_model()
    user = User.objects.filter(username=DEMO_USERNAME).first()
    if user is None:
        user = User(username=DEMO_USERNAME)
        added["user"] = 1
    password = password or stored or secrets.token_urlsafe(12)
    if user.pk is None or not user.check_password(password):
        user.set_password(password)
        user.save()
    return user, password


def _read_login_file(path: Path) -> str | None:
    """The password kept in the login file, if it is there and for the demo user."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, IsADirectoryError, UnicodeDecodeError):
        return None
    values = dict(line.split("=", 1) for line in lines if "=" in line)
    if values.get("username", "").strip() != DEMO_USERNAME:
        return None
    return values.get("password", "").strip() or None


def _write_login_file(path: Path, *, username: str, password: str) -> None:
    text = (
        "# The demo login (python manage.py seed_demo). Not for version control.\n"
        f"username={username}\npassword={password}\n"
    )
    try:
        if path.exists() and path.read_text(encoding="utf-8") == text:
            return
        path.write_text(text, encoding="utf-8")
        os.chmod(path, 0o600)
    except OSError as exc:
        raise DemoSeedError(f"Cannot write the login file {path}: {exc}") from exc


# --- reading the files ----------------------------------------------------------


def _source(path: Path) -> str:
    try:
        return str(path.relative_to(settings.BASE_DIR))
    except ValueError:
        return str(path)


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise DemoSeedError(f"The demo file {_source(path)} is missing.") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise DemoSeedError(f"Cannot read {_source(path)}: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise DemoSeedError(
            f"{_source(path)} is not valid JSON: {exc.msg} at line {exc.lineno}."
        ) from exc
    if not isinstance(data, dict):
        raise DemoSeedError(f"{_source(path)} must hold a JSON object.")
    return data


def demo_document(*, fixtures_dir: Path | str | None = None) -> dict[str, Any]:
    """The demo campaign's document, as ``seed_demo`` loads it (a copy of the
    demo for a player starts from it)."""
    return _read_json(_fixtures(fixtures_dir) / DEMO_CAMPAIGN_FILE)
