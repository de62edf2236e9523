"""``python manage.py export_campaign SLUG -o FILE [--indented]`` (SITE.md
"Commands")."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from campaigns.models import Campaign
from campaigns.transfer import campaign_export, campaign_export_json, document_dumps


class Command(BaseCommand):
    help = "Write a whole campaign as one JSON document (README: Export and import)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="The campaign's slug.")
        parser.add_argument(
            "-o",
            "--output",
            required=True,
            help='The file to write; "-" writes to standard output.',
        )
        parser.add_argument(
            "--indented",
            action="store_true",
            help="Every value on a line of its own, for a file edited by hand "
            "(the demo's); the campaign's creation time is left out.",
        )

    def handle(self, *args, slug: str, output: str, indented: bool, **options) -> None:
        campaign = (
            Campaign.objects.select_related("owner", "event_deck")
            .filter(slug=slug)
            .first()
        )
        if campaign is None:
            raise CommandError(f"No campaign has the slug {slug!r}.")
        if indented:
            document = campaign_export(campaign=campaign)
            del document["campaign"]["created_at"]
            text = document_dumps(document, indent=2)
        else:
            text = campaign_export_json(campaign=campaign)
        if output == "-":
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(
                f"Cannot write {output}: {exc.strerror or exc}."
            ) from exc
        self.stdout.write(
            f"Wrote “{campaign.name}” to {output} ({len(text.encode()):,} bytes)."
        )
