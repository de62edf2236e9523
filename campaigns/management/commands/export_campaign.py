"""``python manage.py export_campaign SLUG -o FILE`` (SITE.md "Commands")."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from campaigns.models import Campaign
from campaigns.transfer import campaign_export_json


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

    def handle(self, *args, slug: str, output: str, **options) -> None:
        campaign = (
            Campaign.objects.select_related("owner", "event_deck")
            .filter(slug=slug)
            .first()
        )
        if campaign is None:
            raise CommandError(f"No campaign has the slug {slug!r}.")
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
