"""The demo: the War of the Ring campaign, its event decks and its login.

The content lives in JSON under ``fixtures/`` (``event_decks/*.json`` and
``demo/war_of_the_ring.json``). Loading adds whatever is missing, matched by
natural keys (deck slug and card, campaign slug, commander name, company name,
character name within its company, scene slug), and never changes a row that is
already there: battles, wounds, scene statuses and reputations are play state.
A scene's objectives, companies, quarry and links come with the scene when it is
created. ``reset`` deletes the demo campaign first, so it comes back in its
starting state.
"""

from __future__ import annotations

import json
import os
import secrets
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models, transaction

from campaigns.models import (
    Campaign,
    Character,
    Commander,
    Company,
    Event,
    EventDeck,
    Objective,
    Scene,
    SceneCompany,
)
from campaigns.site_url import site_url
from engines.enums import SceneStatus

DEMO_USERNAME = "demo"
DEMO_CAMPAIGN_SLUG = "war-of-the-ring"
DEMO_CAMPAIGN_FILE = Path("demo") / "war_of_the_ring.json"
EVENT_DECKS_DIR = Path("event_decks")
EVENTS_PER_DECK = 12


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
    fixtures = Path(
        fixtures_dir
        or getattr(settings, "DEMO_FIXTURES_DIR", Path(settings.BASE_DIR) / "fixtures")
    )
    login_path = Path(
        login_file
        or getattr(settings, "DEMO_LOGIN_FILE", Path(settings.BASE_DIR) / ".demo-login")
    )
    deck_files = sorted((fixtures / EVENT_DECKS_DIR).glob("*.json"))
    decks = [(_source(path), _read_json(path)) for path in deck_files]
    campaign_path = fixtures / DEMO_CAMPAIGN_FILE
    campaign_data = _read_json(campaign_path)

    added: Counter[str] = Counter()
    with transaction.atomic():
        for source, data in decks:
            _load_deck(data, source=source, added=added)
        user, password = _ensure_user(
            password=password, stored=_read_login_file(login_path), added=added
        )
        if reset:
            Campaign.objects.filter(slug=DEMO_CAMPAIGN_SLUG).delete()
        _load_campaign(
            campaign_data, owner=user, source=_source(campaign_path), added=added
        )
        _write_login_file(login_path, username=user.get_username(), password=password)
    return DemoLogin(
        username=user.get_username(),
        password=password,
        campaign_slug=DEMO_CAMPAIGN_SLUG,
        login_file=login_path,
        added=dict(added),
    )


# --- the login ----------------------------------------------------------------


def _ensure_user(
    *, password: str | None, stored: str | None, added: Counter[str]
) -> tuple[AbstractBaseUser, str]:
    User = get_user_model()
    user = User.objects.filter(username=DEMO_USERNAME).first()
    if user is None:
        user = User(username=DEMO_USERNAME)
        added["user"] += 1
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


class _Reader:
    """Reads one JSON object, naming the file and the object in every error."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise DemoSeedError(f"{where}: expected an object, found {data!r:.40}.")
        self.data = data
        self.where = where

    def required(self, key: str) -> Any:
        if self.data.get(key) in (None, ""):
            raise DemoSeedError(f"{self.where}: {key!r} is required.")
        return self.data[key]

    def text(self, key: str) -> str | None:
        """A text value, None when the key is absent (the model default applies);
        JSON null reads as blank."""
        if key not in self.data:
            return None
        value = self.data[key]
        return "" if value is None else str(value)

    def sequence(self, key: str) -> list[Any]:
        value = self.data.get(key) or []
        if not isinstance(value, list):
            raise DemoSeedError(f"{self.where}: {key!r} must be a list.")
        return value

    def fields(self, keys: Iterable[str], *, text: Iterable[str] = ()) -> dict:
        """Model field values for those of ``keys`` present; the model's defaults
        apply to the rest. ``text`` keys read JSON null as blank."""
        text = set(text)
        return {
            key: self.text(key) if key in text else self.data[key]
            for key in keys
            if key in self.data
        }


def _save_new(obj: models.Model, where: str) -> models.Model:
    try:
        obj.full_clean()
    except ValidationError as exc:
        raise DemoSeedError(f"{where}: {_one_line(exc)}") from exc
    obj.save()
    return obj


def _one_line(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(
            " ".join(messages)
            if name == NON_FIELD_ERRORS
            else f"{name}: {' '.join(messages)}"
            for name, messages in exc.message_dict.items()
        )
    return " ".join(exc.messages)


# --- event decks ------------------------------------------------------------------


def _load_deck(data: dict[str, Any], *, source: str, added: Counter[str]) -> None:
    reader = _Reader(data, source)
    slug = reader.required("slug")
    where = f"{source}: deck {slug!r}"
    events = reader.sequence("events")
    cards = [_Reader(event, where).required("card") for event in events]
    if len(events) != EVENTS_PER_DECK or len(set(cards)) != EVENTS_PER_DECK:
        raise DemoSeedError(
            f"{where} has {len(set(cards))} different cards in {len(events)} "
            f"events; a deck has one event per picture card ({EVENTS_PER_DECK})."
        )
    deck = EventDeck.objects.filter(slug=slug).first()
    if deck is None:
        deck = _save_new(
            EventDeck(
                slug=slug,
                name=reader.required("name"),
                description=reader.text("description") or "",
            ),
            where,
        )
        added["event decks"] += 1
    have = set(deck.events.values_list("card", flat=True))
    for event_data in events:
        event = _Reader(event_data, where)
        card = event.required("card")
        if card in have:
            continue
        _save_new(
            Event(
                deck=deck,
                card=card,
                title=event.required("title"),
                text=event.required("text"),
            ),
            f"{where}, event {card}",
        )
        added["events"] += 1


# --- the campaign ----------------------------------------------------------------

COMMANDER_FIELDS = (
    "reputation",
    "rating",
)
COMPANY_FIELDS = (
    "side",
    "default_doctrine",
    "colour",
    "description",
)
CHARACTER_FIELDS = (
    "troop_type",
    "attack",
    "defence",
    "shooting_range",
    "move",
    "wound_slots",
    "hero",
    "special_rules",
)
SCENE_FIELDS = (
    "kind",
    "briefing",
    "table_width",
    "table_depth",
    "scenario_mode",
    "fixed_scenario",
    "custom_scenario_name",
    "custom_scenario_setup",
    "special_rules",
    "victory_conditions",
    "castle_nearby",
    "reinforcements",
    "reinforcement_cap",
    "horde_start_mode",
    "route",
    "pursuit_bonus_inches",
)
SCENE_TEXT = {
    "kind",
    "briefing",
    "scenario_mode",
    "fixed_scenario",
    "custom_scenario_name",
    "custom_scenario_setup",
    "special_rules",
    "victory_conditions",
    "horde_start_mode",
    "route",
}


def _load_campaign(
    data: dict[str, Any], *, owner, source: str, added: Counter[str]
) -> Campaign:
    root = _Reader(data, source)
    info = _Reader(root.required("campaign"), f"{source}: campaign")
    slug = info.required("slug")
    if slug != DEMO_CAMPAIGN_SLUG:
        raise DemoSeedError(
            f"{source}: the demo campaign's slug must be {DEMO_CAMPAIGN_SLUG!r}, "
            f"not {slug!r}."
        )
    campaign = Campaign.objects.filter(slug=slug).first()
    first_load = campaign is None
    if first_load:
        campaign = _new_campaign(info, owner=owner, source=source)
        added["campaign"] += 1

    commanders = _load_commanders(root, campaign=campaign, source=source, added=added)
    companies = _load_companies(
        root, campaign=campaign, commanders=commanders, source=source, added=added
    )
    _load_scenes(
        root, campaign=campaign, companies=companies, source=source, added=added
    )
    if first_load:
        _make_first_scene_current(campaign)
    return campaign


def _new_campaign(info: _Reader, *, owner, source: str) -> Campaign:
    deck_slug = info.text("event_deck")
    deck = None
    if deck_slug:
        deck = EventDeck.objects.filter(slug=deck_slug).first()
        if deck is None:
            raise DemoSeedError(
                f"{source}: the campaign's event deck {deck_slug!r} is not in "
                f"fixtures/{EVENT_DECKS_DIR}/."
            )
    values = info.fields(
        ("description", "paper_size", "random_events"),
        text={"description", "paper_size"},
    )
    return _save_new(
        Campaign(
            owner=owner,
            slug=info.required("slug"),
            name=info.required("name"),
            event_deck=deck,
            **values,
        ),
        f"{source}: campaign",
    )


def _load_commanders(
    root: _Reader, *, campaign: Campaign, source: str, added: Counter[str]
) -> dict[str, Commander]:
    existing = {c.name: c for c in campaign.commanders.all()}
    by_key: dict[str, Commander] = {}
    for index, item in enumerate(root.sequence("commanders"), start=1):
        reader = _Reader(item, f"{source}: commander {index}")
        name = reader.required("name")
        key = str(reader.data.get("key") or name)
        if key in by_key:
            raise DemoSeedError(f"{reader.where}: the key {key!r} is used twice.")
        commander = existing.get(name)
        if commander is None:
            commander = _save_new(
                Commander(
                    campaign=campaign,
                    name=name,
                    **reader.fields(COMMANDER_FIELDS, text=COMMANDER_FIELDS),
                ),
                f"{source}: commander {name!r}",
            )
            existing[name] = commander
            added["commanders"] += 1
        by_key[key] = commander
    return by_key


def _load_companies(
    root: _Reader,
    *,
    campaign: Campaign,
    commanders: dict[str, Commander],
    source: str,
    added: Counter[str],
) -> dict[str, Company]:
    existing = {c.name: c for c in campaign.companies.all()}
    by_key: dict[str, Company] = {}
    for index, item in enumerate(root.sequence("companies"), start=1):
        reader = _Reader(item, f"{source}: company {index}")
        name = reader.required("name")
        where = f"{source}: company {name!r}"
        key = str(reader.data.get("key") or name)
        if key in by_key:
            raise DemoSeedError(f"{where}: the key {key!r} is used twice.")
        company = existing.get(name)
        created = company is None
        if created:
            commander_key = reader.data.get("commander")
            if commander_key and commander_key not in commanders:
                raise DemoSeedError(
                    f"{where}: no commander with key {commander_key!r}."
                )
            company = _save_new(
                Company(
                    campaign=campaign,
                    name=name,
                    commander=commanders.get(commander_key) if commander_key else None,
                    **reader.fields(COMPANY_FIELDS, text=COMPANY_FIELDS),
                ),
                where,
            )
            existing[name] = company
            added["companies"] += 1
        characters = _load_characters(reader, company=company, where=where, added=added)
        if created and reader.data.get("reinforcement_template"):
            template_name = reader.data["reinforcement_template"]
            template = characters.get(template_name)
            if template is None:
                raise DemoSeedError(
                    f"{where}: the reinforcement template {template_name!r} is not "
                    "one of its characters."
                )
            company.reinforcement_template = template
            _save_new(company, where)
        by_key[key] = company
    return by_key


def _load_characters(
    company_reader: _Reader, *, company: Company, where: str, added: Counter[str]
) -> dict[str, Character]:
    """Add the company's missing characters; return the first of each name.

    Two characters may share a name (five "Orc warrior"s): the n-th of a name in
    the file matches the n-th of that name in card order.
    """
    existing: dict[str, list[Character]] = {}
    for character in company.characters.order_by("card_order", "id"):
        existing.setdefault(character.name, []).append(character)
    used_orders = {c.card_order for same in existing.values() for c in same}
    seen: Counter[str] = Counter()
    first_of_name: dict[str, Character] = {}
    for position, item in enumerate(company_reader.sequence("characters"), start=1):
        reader = _Reader(item, f"{where}, character {position}")
        name = reader.required("name")
        nth = seen[name]
        seen[name] += 1
        same = existing.setdefault(name, [])
        if nth < len(same):
            character = same[nth]
        else:
            card_order = position
            if card_order in used_orders:
                card_order = max(used_orders) + 1
            character = _save_new(
                Character(
                    company=company,
                    name=name,
                    card_order=card_order,
                    **reader.fields(
                        CHARACTER_FIELDS, text={"troop_type", "special_rules"}
                    ),
                ),
                f"{where}, character {name!r}",
            )
            used_orders.add(card_order)
            same.append(character)
            added["characters"] += 1
        first_of_name.setdefault(name, character)
    return first_of_name


def _load_scenes(
    root: _Reader,
    *,
    campaign: Campaign,
    companies: dict[str, Company],
    source: str,
    added: Counter[str],
) -> list[Scene]:
    items = [
        _Reader(item, f"{source}: scene {index}")
        for index, item in enumerate(root.sequence("scenes"), start=1)
    ]
    existing = {scene.slug: scene for scene in campaign.scenes.all()}
    used_orders = {scene.order for scene in existing.values()}
    slugs = [reader.required("slug") for reader in items]
    duplicates = {slug for slug in slugs if slugs.count(slug) > 1}
    if duplicates:
        raise DemoSeedError(f"{source}: scene slugs used twice: {sorted(duplicates)}.")

    # Larger battles before their sub-scenes: a sub-scene is valid only with its
    # parent saved.
    todo = [
        (position, reader)
        for position, reader in enumerate(items, start=1)
        if reader.data["slug"] not in existing
    ]
    todo.sort(key=lambda pair: (bool(pair[1].data.get("parent")), pair[0]))

    created: list[tuple[Scene, _Reader]] = []
    for position, reader in todo:
        slug = reader.data["slug"]
        where = f"{source}: scene {slug!r}"
        order = position * 10
        if order in used_orders:
            order = max(used_orders) + 10
        used_orders.add(order)
        parent_slug = reader.data.get("parent")
        parent = None
        if parent_slug:
            parent = existing.get(parent_slug)
            if parent is None:
                raise DemoSeedError(
                    f"{where}: no scene {parent_slug!r} to be its parent."
                )
        scene = Scene(
            campaign=campaign,
            order=order,
            slug=slug,
            title=reader.required("title"),
            parent=parent,
            **reader.fields(SCENE_FIELDS, text=SCENE_TEXT),
        )
        wound = reader.data.get("special_wound")
        if wound:
            wound_reader = _Reader(wound, f"{where}, special wound")
            scene.special_wound_name = wound_reader.required("name")
            scene.special_wound_rules = wound_reader.text("rules") or ""
            scene.special_wound_heals_at_sanctuary = bool(
                wound_reader.data.get("heals_at_sanctuary", True)
            )
        _save_new(scene, where)
        existing[slug] = scene
        created.append((scene, reader))
        added["scenes"] += 1

    characters = _characters_by_name(campaign)
    for scene, reader in created:
        where = f"{source}: scene {scene.slug!r}"
        _link_scene(scene, reader, scenes=existing, where=where)
        _add_scene_companies(
            scene, reader, companies=companies, where=where, added=added
        )
        _add_objectives(scene, reader, where=where, added=added)
        _add_quarry(scene, reader, characters=characters, where=where)
    return [scene for scene, _reader in created]


def _link_scene(
    scene: Scene, reader: _Reader, *, scenes: dict[str, Scene], where: str
) -> None:
    changed = False
    for field_name in ("next_on_victory", "next_on_defeat"):
        slug = reader.data.get(field_name)
        if not slug:
            continue
        if slug not in scenes:
            raise DemoSeedError(f"{where}: {field_name} names no scene {slug!r}.")
        setattr(scene, field_name, scenes[slug])
        changed = True
    if changed:
        _save_new(scene, where)


def _add_scene_companies(
    scene: Scene,
    reader: _Reader,
    *,
    companies: dict[str, Company],
    where: str,
    added: Counter[str],
) -> None:
    for order, item in enumerate(reader.sequence("companies"), start=1):
        entry = _Reader(item, f"{where}, company {order}")
        key = str(entry.required("company"))
        company = companies.get(key)
        if company is None:
            raise DemoSeedError(f"{entry.where}: no company with key {key!r}.")
        _save_new(
            SceneCompany(
                scene=scene,
                company=company,
                side=entry.text("side") or company.side,
                entry_edge=entry.required("entry_edge"),
                leading=bool(entry.data.get("leading", False)),
                doctrine_override=entry.text("doctrine") or "",
                order=order,
                **(
                    {"deployment": "centre", "deployment_radius": 6}
                    if entry.required("entry_edge") == "centre"
                    else {}
                ),
            ),
            f"{where}, company {company.name!r}",
        )
        added["scene companies"] += 1


def _add_objectives(
    scene: Scene, reader: _Reader, *, where: str, added: Counter[str]
) -> None:
    for order, item in enumerate(reader.sequence("objectives"), start=1):
        entry = _Reader(item, f"{where}, objective {order}")
        _save_new(
            Objective(
                scene=scene,
                name=entry.required("name"),
                order=order,
                **entry.fields(("kind", "victory_points"), text={"kind"}),
            ),
            entry.where,
        )
        added["objectives"] += 1


def _characters_by_name(campaign: Campaign) -> Callable[[str], list[Character]]:
    characters = list(
        Character.objects.filter(company__campaign=campaign).select_related("company")
    )

    def find(name: str) -> list[Character]:
        return [c for c in characters if c.name == name]

    return find


def _add_quarry(
    scene: Scene,
    reader: _Reader,
    *,
    characters: Callable[[str], list[Character]],
    where: str,
) -> None:
    quarry = []
    for name in reader.sequence("quarry"):
        found = characters(name)
        player_side = [c for c in found if c.company.side == "player"]
        candidates = player_side or found
        if len({c.company_id for c in candidates}) != 1:
            problem = "no" if not candidates else "more than one"
            raise DemoSeedError(
                f"{where}: the quarry {name!r} matches {problem} character."
            )
        quarry.append(candidates[0])
    if quarry:
        scene.quarry.set(quarry)


def _make_first_scene_current(campaign: Campaign) -> None:
    if campaign.scenes.filter(status=SceneStatus.CURRENT.value).exists():
        return
    for scene in campaign.scenes.select_related("parent").order_by("order", "id"):
        if not scene.is_fighting():
            continue
        scene.status = SceneStatus.CURRENT.value
        scene.save(update_fields=["status"])
        if scene.parent is not None:
            scene.parent.status = SceneStatus.CURRENT.value
            scene.parent.save(update_fields=["status"])
        return
