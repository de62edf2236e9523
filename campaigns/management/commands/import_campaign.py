"""``python manage.py import_campaign FILE --owner USER`` (SITE.md "Commands")."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaigns.services.campaign_import import CampaignImportError, campaign_import
from campaigns.services.campaign_schema import MAX_DOCUMENT_BYTES, MAX_DOCUMENT_LABEL


class Command(BaseCommand):
    help = (
        "Create a new campaign from an exported JSON document, owned by --owner "
        f"(at most {MAX_DOCUMENT_LABEL}; README: Export and import)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="The exported campaign (JSON).")
        parser.add_argument(
            "--owner", required=True, help="The username of the new campaign's owner."
        )

    def handle(self, *args, file: str, owner: str, **options) -> None:
        path = Path(file)
        try:
            size = path.stat().st_size
            if size > MAX_DOCUMENT_BYTES:
                raise CommandError(
                    f"{file} is {size / 1024 / 1024:.1f} MB; the limit is "
                    f"{MAX_DOCUMENT_LABEL}."
                )
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror or exc}.") from exc
        User = get_user_model()
        user = User._default_manager.filter(**{User.USERNAME_FIELD: owner}).first()
        if user is None:
            raise CommandError(f"No user has the username {owner!r}.")
        try:
            campaign = campaign_import(data=data, owner=user)
        except CampaignImportError as exc:
            raise CommandError(_one_line(exc.messages)) from exc
        self.stdout.write(
            f"Imported “{campaign.name}” as {campaign.slug}, owned by {owner}."
        )


def _one_line(messages: list[str]) -> str:
    """Every message on one line, whatever the document put in them."""
    return " ".join("; ".join(messages).split())
