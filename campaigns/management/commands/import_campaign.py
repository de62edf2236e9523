"""``python manage.py import_campaign FILE --owner USER [--max-bytes N]
[--with-members]`` (SITE.md "Commands")."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaigns.transfer import (
    CampaignImportError,
    campaign_import,
    import_max_bytes,
    size_label,
    size_told,
)


class Command(BaseCommand):
    help = (
        "Create a new campaign from an exported JSON document, owned by --owner "
        "(README: Export and import)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="The exported campaign (JSON).")
        parser.add_argument(
            "--owner", required=True, help="The username of the new campaign's owner."
        )
        parser.add_argument(
            "--max-bytes",
            help="The largest file to read, in bytes (default: the setting "
            "CAMPAIGN_IMPORT_MAX_BYTES, 32 MB unless set).",
        )
        parser.add_argument(
            "--with-members",
            action="store_true",
            help="Add the document's members where this site has a user of that "
            "name (restoring a backup); without it, no one is added.",
        )

    def handle(
        self,
        *args,
        file: str,
        owner: str,
        max_bytes: str | None,
        with_members: bool,
        **options,
    ) -> None:
        limit = import_max_bytes() if max_bytes is None else _byte_count(max_bytes)
        path = Path(file)
        try:
            size = path.stat().st_size
            stream = path.open("rb")
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror or exc}.") from exc
        with stream:
            if size > limit:
                raise CommandError(
                    f"{file} is {size_told(size)}; the limit is {size_label(limit)}."
                )
            User = get_user_model()
            user = User._default_manager.filter(**{User.USERNAME_FIELD: owner}).first()
            if user is None:
                raise CommandError(f"No user has the username {owner!r}.")
            try:
                imported = campaign_import(
                    data=stream,
                    owner=user,
                    max_bytes=limit,
                    with_members=with_members,
                )
            except OSError as exc:
                raise CommandError(
                    f"Cannot read {file}: {exc.strerror or exc}."
                ) from exc
            except CampaignImportError as exc:
                raise CommandError(_one_line(exc.messages)) from exc
        campaign = imported.campaign
        self.stdout.write(
            f"Imported “{campaign.name}” as {campaign.slug}, owned by {owner}."
        )
        for notice in imported.notices:
            self.stdout.write(notice)
        if imported.members:
            self.stdout.write(f"Members added: {', '.join(imported.members)}.")
        if imported.members_not_found:
            self.stdout.write(
                "Members not added (no user of that name here): "
                f"{', '.join(imported.members_not_found)}."
            )
        if imported.members_named and not with_members:
            self.stdout.write(
                f"Members not added: the file names {imported.members_named}; "
                "--with-members adds those with a user of that name here."
            )


def _byte_count(text: str) -> int:
    """--max-bytes: a whole number of bytes above 0."""
    if not text.isdigit() or int(text) < 1 or len(text) > 15:
        raise CommandError(
            f"--max-bytes must be a whole number of bytes above 0, not {text!r:.30}."
        )
    return int(text)


def _one_line(messages: list[str]) -> str:
    """Every message on one line, whatever the document put in them."""
    return " ".join("; ".join(messages).split())
