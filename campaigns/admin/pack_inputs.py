"""Admin pages whose objects a battle pack prints: a save or a delete asks
again for the packs of the campaign's planned battles once it commits, so a
page's GET never has to (only a pack whose print changed is rendered)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from campaigns.services.pack_render import campaign_packs_schedule
from campaigns.site_url import site_url

# The mixin goes before admin.ModelAdmin: to the type checker, it extends it.
if TYPE_CHECKING:
    from django.contrib import admin

    _ModelAdmin = admin.ModelAdmin[Any]
else:
    _ModelAdmin = object


class PackInputsMixin(_ModelAdmin):
    """Put before ``admin.ModelAdmin`` in the bases. ``pack_campaign`` is the
    dotted path from an object to its campaign's id."""

    pack_campaign = "campaign_id"

    def pack_campaign_ids(self, obj: Any) -> list[int]:
        value = obj
        for name in self.pack_campaign.split("."):
            value = getattr(value, name, None)
            if value is None:
                return []
        return [value]

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        self._packs_again(request, self.pack_campaign_ids(form.instance))

    def delete_model(self, request, obj) -> None:
        ids = self.pack_campaign_ids(obj)
        super().delete_model(request, obj)
        self._packs_again(request, ids)

    def delete_queryset(self, request, queryset) -> None:
        ids = [i for obj in queryset for i in self.pack_campaign_ids(obj)]
        super().delete_queryset(request, queryset)
        self._packs_again(request, ids)

    def _packs_again(self, request, campaign_ids: Iterable[int]) -> None:
        campaign_packs_schedule(campaign_ids=campaign_ids, site_url=site_url(request))
