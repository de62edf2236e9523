"""Who can fight in a scene: its companies, their characters, their fitness and
whom the scene allows (RULES §1 "who may take part", §2 unfit)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from campaigns.models import Character, PersistingWound, Scene, SceneCompany
from campaigns.models.orders import orders_prefetch
from engines.enums import Side, WoundStatus
from engines.wounds import UnfitReason, unfit_reason


@dataclass(frozen=True)
class LineupCharacter:
    """A character of a company in the scene, with why it may not fight."""

    character: Character
    scene_company: SceneCompany
    company_order: int
    open_wounds: tuple[PersistingWound, ...]
    allowed: bool = True
    """The scene lets it take part (its company's list of allowed characters)."""

    @property
    def side(self) -> str:
        return self.scene_company.side

    @property
    def fit(self) -> bool:
        """Alive and fit (§2), whatever the scene allows."""
        return self.character.can_fight(len(self.open_wounds))

    @property
    def selectable(self) -> bool:
        """It may be picked for this scene's battle: fit and allowed here."""
        return self.fit and self.allowed

    @property
    def reason(self) -> str:
        """Why it cannot be picked ("" when it can)."""
        character = self.character
        if not self.allowed:
            return "Not in this scene"
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
class CompanyLimits:
    """How many of one company the scene wants: its allowed list, least, most."""

    scene_company: SceneCompany
    allowed_names: tuple[str, ...]
    """Empty: every character of the company may take part."""
    least: int | None
    most: int | None

    @property
    def name(self) -> str:
        return self.scene_company.company.name

    def describe(self) -> str:
        """'Only Frodo Baggins, Samwise Gamgee may take part; at most 2.'"""
        parts = []
        if self.allowed_names:
            parts.append("only " + ", ".join(self.allowed_names) + " may take part")
        if self.least is not None and self.least == self.most:
            parts.append(f"exactly {self.least}")
        else:
            if self.least is not None:
                parts.append(f"at least {self.least}")
            if self.most is not None:
                parts.append(f"at most {self.most}")
        text = "; ".join(parts)
        return text[:1].upper() + text[1:] + "." if text else ""


@dataclass(frozen=True)
class SceneLineup:
    scene: Scene
    scene_companies: tuple[SceneCompany, ...]
    characters: tuple[LineupCharacter, ...]

    def of_side(self, side: str) -> tuple[LineupCharacter, ...]:
        return tuple(c for c in self.characters if c.side == side)

    @property
    def player(self) -> tuple[LineupCharacter, ...]:
        """The player's characters the scene allows (forbidden ones left out)."""
        return tuple(c for c in self.of_side(Side.PLAYER) if c.allowed)

    @property
    def not_in_scene(self) -> tuple[LineupCharacter, ...]:
        """The player's characters this scene does not allow."""
        return tuple(c for c in self.of_side(Side.PLAYER) if not c.allowed)

    @property
    def ai(self) -> tuple[LineupCharacter, ...]:
        """The AI's characters the scene allows."""
        return tuple(c for c in self.of_side(Side.AI) if c.allowed)

    def limits(self, scene_company: SceneCompany) -> CompanyLimits:
        allowed = [
            c.character.name
            for c in self.characters
            if c.scene_company.pk == scene_company.pk and c.allowed
        ]
        restricted = bool(scene_company.allowed_characters.all())
        return CompanyLimits(
            scene_company=scene_company,
            allowed_names=tuple(allowed) if restricted else (),
            least=scene_company.min_characters,
            most=scene_company.max_characters,
        )

    def leading(self, side: str) -> SceneCompany | None:
        for scene_company in self.scene_companies:
            if scene_company.side == side and scene_company.leading:
                return scene_company
        return None

    def by_id(self) -> dict[int, LineupCharacter]:
        return {c.character.pk: c for c in self.characters}

    def default_participants(self) -> tuple[LineupCharacter, ...]:
        """The player's characters picked unless the player changes it: every
        selectable one, in card order, up to each company's most."""
        return self._up_to_most(self.of_side(Side.PLAYER))

    def default_participant_ids(self) -> list[int]:
        return [c.character.pk for c in self.default_participants()]

    def ai_fighting(self) -> tuple[LineupCharacter, ...]:
        """The AI side takes every fit character the scene allows (§3), up to
        each company's most, in card order."""
        return self._up_to_most(self.of_side(Side.AI))

    def _up_to_most(
        self, characters: tuple[LineupCharacter, ...]
    ) -> tuple[LineupCharacter, ...]:
        taken: dict[int, int] = {}
        chosen = []
        for c in characters:
            if not c.selectable:
                continue
            most = c.scene_company.max_characters
            count = taken.get(c.scene_company.pk, 0)
            if most is not None and count >= most:
                continue
            taken[c.scene_company.pk] = count + 1
            chosen.append(c)
        return tuple(chosen)


def scene_lineup(*, scene: Scene) -> SceneLineup:
    """The scene's companies in order, each with its characters in card order.

    Four queries whatever the size of the companies.
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
        .prefetch_related(
            Prefetch("company__characters", queryset=characters),
            "allowed_characters",
            *orders_prefetch(),
        )
        .order_by("order", "id")
    )
    # Player companies first, then the AI's, each in the scene's company order.
    ordered = sorted(
        enumerate(scene_companies),
        key=lambda pair: (pair[1].side != Side.PLAYER, pair[0]),
    )
    lineup = []
    for position, (_, scene_company) in enumerate(ordered):
        allowed = {c.pk for c in scene_company.allowed_characters.all()}
        for character in scene_company.company.characters.all():
            lineup.append(
                LineupCharacter(
                    character=character,
                    scene_company=scene_company,
                    company_order=position,
                    open_wounds=tuple(character.open_wounds),
                    allowed=not allowed or character.pk in allowed,
                )
            )
    return SceneLineup(
        scene=scene,
        scene_companies=tuple(sc for _, sc in ordered),
        characters=tuple(lineup),
    )
