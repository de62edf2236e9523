"""The horde card as printed (:func:`build`, :func:`card`)."""

from __future__ import annotations

from dataclasses import replace

from engines.combat import AI_INITIATIVE_CHOICE
from engines.doctrines.horde.activation import (
    SHOOT_INSTEAD,
    frenzy_charge,
    frenzy_hurt,
    hurt_rule,
    normal_otherwise,
    row_actions,
    scatter_rule,
    wounded_friend_near,
    wounded_rule,
)
from engines.doctrines.horde.end_of_round import (
    bleeding_rule,
    consolidation_rule,
    lurking_rule,
    reinforcements_rule,
)
from engines.doctrines.horde.tables import (
    ARRIVAL,
    BLEEDING_TABLE,
    BLEEDS_ON,
    CAP_COUNTS,
    CHARGE,
    CHARGE_ACTIONS,
    CONSOLIDATION_TABLE,
    EDGE_RULE,
    FRENZY_FROM,
    FRENZY_HURT_TABLE,
    HURT_TABLE,
    LURK_BEYOND,
    LURKER_REMOVED_FROM,
    LURKING_TABLE,
    MOVE_OFF_TO,
    NEAREST,
    NORMAL_TABLE,
    RALLY_WITHIN,
    REINFORCEMENT_FROM,
    REINFORCEMENT_TABLES,
    ROLLED_RULE,
    SCATTER,
    SCATTER_ON_NATURAL,
    WOUNDED_FRIEND_TABLE,
    WOUNDED_FRIEND_WITHIN,
    charge_text,
)
from engines.doctrines.orders import Cards
from engines.doctrines.rules import (
    FOLLOW_UP_SHARE,
    ORDER_RULES,
    share_word,
    sight_notes,
)
from engines.doctrines.settings import REINFORCEMENT_CAP, DoctrineSettings
from engines.doctrines.situation import (
    MELEE_STEP,
    NO_ENEMY_STEP,
    follow_up_section,
    inches,
)
from engines.doctrines.steps import PRE_ACTIVATION, Procedure, Section, Step
from engines.enums import Action, Doctrine, HordeMode
from engines.text import spaced

# --- the card -------------------------------------------------------------------------

WOUNDED_WORDS = "Wounded: no free wound slot, the next wound fells it."
HURT_WORDS = "Hurt this round: it took a wound token this round."
CHARGE_WORDS = "Charge: into melee if the distance rolled reaches the target."
DIRECTION_WORDS = (
    "Direction roll: D6, then a second D6; if the second is even add 6 to the "
    "first — a clock direction 1–12 (12 = north, 3 = east)."
)
"""The words the activation steps use, printed with them (wounded and hurt
under pre-activation, the direction roll under normal mode, the charge, rolled
distances and the table edge with "Reading the steps", as the deck card
defines its words), so a card over two pages keeps them on the page of the
steps that use them."""

REINFORCEMENTS = "reinforcements"
LURKING = "lurking"


def _reinforcement_texts(settings: DoctrineSettings | None) -> tuple[str, str]:
    """(when, then) of the reinforcements step, for this battle or any."""
    normal = _from(REINFORCEMENT_FROM[HordeMode.NORMAL])
    frenzy = _from(REINFORCEMENT_FROM[HordeMode.FRENZY])
    rolls = f"{normal} ({frenzy} in frenzy)"
    then = (
        f"While fewer horde characters than the cap are on the table ({CAP_COUNTS}"
        "; each arrival counts at once) and the horde is not scattering, D6 per "
        f"player character in card order: {rolls} a new horde character "
        f"appears {ARRIVAL.text} away in a direction roll; off the table means "
        f"nothing appears; it may be moved to be at least {inches(MOVE_OFF_TO)} "
        "from every player character if it stays on the table."
    )
    if settings is None:
        return (
            "Reinforcements (when the scene uses them; a cap, default "
            f"{REINFORCEMENT_CAP})",
            then,
        )
    if not settings.reinforcements:
        return (
            "Reinforcements: off in this battle",
            "No reinforcements and no lurking.",
        )
    return (f"Reinforcements: on, cap {settings.reinforcement_cap}", then)


def _from(low: int) -> str:
    """'5–6' for a roll of ``low`` or more on a D6."""
    return spaced(low, 6)


def _lurking_texts(settings: DoctrineSettings | None) -> tuple[str, str]:
    then = (
        "In normal mode each unwounded horde character more than "
        f"{inches(LURK_BEYOND)} from every enemy is removed on D6 "
        f"{_from(LURKER_REMOVED_FROM)} (it may come back as a reinforcement)."
    )
    if settings is None:
        return ("Lurking (with reinforcements)", then)
    if not settings.reinforcements:
        return ("Lurking: off in this battle", "No lurking without reinforcements.")
    return ("Lurking", then)


START_NOTE = "The horde starts this battle in {mode} mode."
"""The card's note of the mode this battle's horde starts in (printed under
"This battle, for the AI")."""


def _start_note(settings: DoctrineSettings | None) -> tuple[str, ...]:
    if settings is None:
        return ()
    return (START_NOTE.format(mode=settings.horde_start.value),)


def build(settings: DoctrineSettings | None = None) -> Procedure:
    """The horde card: generic without settings, else with this battle's values."""
    reinforce_when, reinforce_then = _reinforcement_texts(settings)
    lurk_when, lurk_then = _lurking_texts(settings)
    reinforced = settings is None or settings.reinforcements
    return Procedure(
        doctrine=Doctrine.HORDE,
        title="Horde",
        source="001",
        summary=(
            "The company has one mode: normal, frenzy or scatter (normal at battle "
            "start unless the scene says otherwise). Activate as the mode says; at "
            "the end of each round, bleed, "
            + ("reinforce, lurk and " if reinforced else "")
            + "consolidate in that order."
        ),
        order=ORDER_RULES[Doctrine.HORDE],
        initiative=AI_INITIATIVE_CHOICE,
        settings=settings,
        notes=(
            *_start_note(settings),
            *sight_notes(settings),
        ),
        sections=(
            Section(
                id=PRE_ACTIVATION,
                title="Pre-activation",
                notes=(WOUNDED_WORDS, HURT_WORDS),
                steps=(
                    replace(MELEE_STEP, when="In melee (wounded or not)"),
                    Step(
                        "pre-wounded",
                        "W",
                        "Wounded",
                        "Does not act.",
                        rule=wounded_rule,
                        actions=(Action.NO_ACTION,),
                    ),
                ),
            ),
            Section(
                id=HordeMode.NORMAL.value,
                title="Normal — the first that applies",
                notes=(DIRECTION_WORDS,),
                steps=(
                    Step(
                        "normal-1",
                        "1",
                        "Another wounded friendly horde character within "
                        f"{inches(WOUNDED_FRIEND_WITHIN)}",
                        "Roll D6.",
                        tables=(WOUNDED_FRIEND_TABLE,),
                        rule=wounded_friend_near,
                        actions=row_actions(WOUNDED_FRIEND_TABLE),
                    ),
                    Step(
                        "normal-2",
                        "2",
                        "Hurt this round",
                        "Roll D6 + 1 per unwounded friendly horde character within "
                        f"{inches(RALLY_WITHIN)}.",
                        tables=(HURT_TABLE,),
                        rule=hurt_rule,
                        actions=row_actions(HURT_TABLE),
                    ),
                    Step(
                        "normal-3",
                        "3",
                        "Otherwise",
                        "Roll D6.",
                        tables=(NORMAL_TABLE,),
                        rule=normal_otherwise,
                        actions=row_actions(NORMAL_TABLE),
                    ),
                ),
            ),
            Section(
                id=HordeMode.FRENZY.value,
                title="Frenzy",
                steps=(
                    Step(
                        "frenzy-1",
                        "1",
                        "Hurt this round",
                        "Roll D6.",
                        tables=(FRENZY_HURT_TABLE,),
                        rule=frenzy_hurt,
                        actions=row_actions(FRENZY_HURT_TABLE),
                    ),
                    Step(
                        "frenzy-2",
                        "2",
                        "Everyone else",
                        f"{charge_text(CHARGE, NEAREST)}.",
                        rule=frenzy_charge,
                        actions=CHARGE_ACTIONS,
                    ),
                ),
            ),
            Section(
                id=HordeMode.SCATTER.value,
                title="Scatter",
                steps=(
                    Step(
                        "scatter",
                        "1",
                        "Every character",
                        f"Scatter {SCATTER.text} toward the nearest table edge; it "
                        "leaves the battle there (lost, not fallen).",
                        rule=scatter_rule,
                        actions=(Action.SCATTER,),
                    ),
                ),
            ),
            Section(
                id="charge",
                title="Reading the steps",
                notes=(CHARGE_WORDS, ROLLED_RULE, EDGE_RULE),
                steps=(
                    Step(
                        SHOOT_INSTEAD,
                        "S",
                        "A character that can shoot, charging a target in sight and "
                        "range",
                        "Shoots it instead, and rolls no distance.",
                        actions=(Action.SHOOT,),
                    ),
                    NO_ENEMY_STEP,
                ),
            ),
            follow_up_section(
                f"Rolled distances too: {share_word()} the total rolled (5 rolled: "
                f"{inches(5 * FOLLOW_UP_SHARE)})."
            ),
            Section(
                id="end",
                title="End of round, in this order",
                steps=(
                    Step(
                        "bleeding",
                        "1",
                        "Bleeding",
                        f"D6 per wounded horde character: on {BLEEDS_ON} it falls.",
                        tables=(BLEEDING_TABLE,),
                        rule=bleeding_rule,
                    ),
                    Step(
                        REINFORCEMENTS,
                        "2",
                        reinforce_when,
                        reinforce_then,
                        tables=tuple(REINFORCEMENT_TABLES.values())
                        if reinforced
                        else (),
                        rule=reinforcements_rule,
                    ),
                    Step(
                        LURKING,
                        "3",
                        lurk_when,
                        lurk_then,
                        tables=(LURKING_TABLE,) if reinforced else (),
                        rule=lurking_rule,
                    ),
                    Step(
                        "consolidation",
                        "4",
                        "Consolidation, once at least one horde character has fallen "
                        "in this battle",
                        f"2D6: a natural {SCATTER_ON_NATURAL} (double one) → scatter "
                        "(final); otherwise 2D6 + characters of the horde fallen so "
                        f"far ≥ {FRENZY_FROM} → frenzy. No more consolidation rolls "
                        "once in scatter; frenzy can still become scatter.",
                        tables=(CONSOLIDATION_TABLE,),
                        rule=consolidation_rule,
                    ),
                ),
            ),
        ),
    )


PROCEDURE = build()
"""The generic horde card (no battle's settings)."""


card = Cards(PROCEDURE, build)
"""The card for these settings (the generic one for None), built once."""
