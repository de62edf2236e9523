"""Who can fight in a scene: its companies, their characters and their fitness."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from campaigns.models import Character, PersistingWound, Scene, SceneCompany
from engines.enums import Side, WoundStatus
from engines.wounds import UnfitReason, unfit_reason


@dataclass(frozen=True)
class LineupCharacter:
    """A character of a company in the scene, with why it may not fight."""

    character: Character
    scene_company: SceneCompany
    company_order: int
    open_wounds: tuple[PersistingWound, ...]

    @property
    def side(self) -> str:
        return self.scene_company.side

    @property
    def fit(self) -> bool:
        return self.character.can_fight(len(self.open_wounds))

    @property
    def reason(self) -> str:
        """Why it cannot be picked ("" when it can)."""
        character = self.character
        if not character.alive:
            return "Dead"
        match unfit_reason(
            character.unfit_next_battle, len(self.open_wounds), character.wound_slots
        ):
            case UnfitReason.FLAG:
                return "Unfit: grievously wounded, misses this battle"
            case UnfitReason.WOUNDS:
                return "Unfit: open wounds fill every wound slot"
        return ""


@dataclass(frozen=True)
class SceneLineup:
    scene: Scene
    scene_companies: tuple[SceneCompany, ...]
    characters: tuple[LineupCharacter, ...]

    def of_side(self, side: str) -> tuple[LineupCharacter, ...]:
        return tuple(c for c in self.characters if c.side == side)

    @property
    def player(self) -> tuple[LineupCharacter, ...]:
        return self.of_side(Side.PLAYER)

    @property
    def ai(self) -> tuple[LineupCharacter, ...]:
        return self.of_side(Side.AI)

    def leading(self, side: str) -> SceneCompany | None:
        for scene_company in self.scene_companies:
            if scene_company.side == side and scene_company.leading:
                return scene_company
        return None

    def by_id(self) -> dict[int, LineupCharacter]:
        return {c.character.pk: c for c in self.characters}


def scene_lineup(*, scene: Scene) -> SceneLineup:
    """The scene's companies in order, each with its characters in card order.

    Three queries whatever the size of the companies.
    """
    open_wounds = PersistingWound.objects.filter(status=WoundStatus.OPEN).order_by(
        "created_at", "id"
    )
    characters = Character.objects.order_by("card_order", "id").prefetch_related(
        Prefetch("wounds", queryset=open_wounds, to_attr="open_wounds")
    )
    scene_companies = tuple(
        SceneCompany.objects.filter(scene=scene)
        .select_related("company__commander")
        .prefetch_related(Prefetch("company__characters", queryset=characters))
        .order_by("order", "id")
    )
    # Player companies first, then the AI's, each in the scene's company order.
    ordered = sorted(
        enumerate(scene_companies),
        key=lambda pair: (pair[1].side != Side.PLAYER, pair[0]),
    )
    lineup = tuple(
        LineupCharacter(
            character=character,
            scene_company=scene_company,
            company_order=position,
            open_wounds=tuple(character.open_wounds),
        )
        for position, (_, scene_company) in enumerate(ordered)
        for character in scene_company.company.characters.all()
    )
    return SceneLineup(
        scene=scene,
        scene_companies=tuple(sc for _, sc in ordered),
        characters=lineup,
    )
