"""The scene admin's rolled table (RULES §3.13): roll a battlefield for a
generated scene with a seed, look at it, keep it as the scene's own terrain."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse

from campaigns.models.battle import new_seed
from campaigns.printing.diagram import table_diagram
from campaigns.services.scene_terrain import (
    SEED_MAX,
    scene_terrain_keep,
    scene_terrain_problem,
    scene_terrain_roll,
)


def _seed(raw: object) -> int | None:
    text = str(raw or "").strip()
    if text.isdigit() and int(text) <= SEED_MAX:
        return int(text)
    return None


class SceneTerrainMixin:
    """Adds ``<scene>/terrain/`` to the scene admin: GET shows the table a seed
    rolls, POST keeps it."""

    def terrain_urls(self):
        return [
            path(
                "<path:object_id>/terrain/",
                self.admin_site.admin_view(self.terrain_view),
                name="campaigns_scene_terrain",
            )
        ]

    def terrain_view(self, request, object_id):
        scene = get_object_or_404(self.get_queryset(request), pk=object_id)
        if not self.has_view_permission(request, scene):
            raise PermissionDenied
        raw = request.POST.get("seed") if request.method == "POST" else None
        raw = raw if raw is not None else request.GET.get("seed")
        seed = _seed(raw)
        error = (
            ""
            if raw in (None, "") or seed is not None
            else (f"A seed is a whole number 0–{SEED_MAX}: here is one rolled instead.")
        )
        seed = seed if seed is not None else new_seed()
        problem = scene_terrain_problem(scene=scene)
        if request.method == "POST" and not problem and not error:
            if not self.has_change_permission(request, scene):
                raise PermissionDenied
            try:
                kept = scene_terrain_keep(scene=scene, seed=seed)
            except ValidationError as refused:
                error = " ".join(refused.messages)
            else:
                self.log_change(request, scene, f"Kept the table of seed {seed}.")
                messages.success(
                    request,
                    f"Kept {len(kept)} rolled terrain pieces (seed {seed}) as the "
                    "scene's own: its battles stand on them and roll none.",
                )
                return HttpResponseRedirect(
                    reverse("admin:campaigns_scene_change", args=[scene.pk])
                )
        battlefield = None if problem else scene_terrain_roll(scene=scene, seed=seed)
        context = {
            **self.admin_site.each_context(request),
            "title": f"Rolled terrain: {scene}",
            "scene": scene,
            "opts": self.model._meta,
            "seed": seed,
            "problem": problem,
            "error": error,
            "battlefield": battlefield,
            "diagram": None
            if battlefield is None
            else table_diagram(battlefield=battlefield, companies=[]),
            "can_keep": self.has_change_permission(request, scene),
        }
        return TemplateResponse(request, "admin/campaigns/scene/terrain.html", context)
