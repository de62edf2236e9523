"""Battles for table mode's tests: one small scene per doctrine, and a random
player who plays a battle through the table services."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from campaigns.models import Battle, Campaign, Character, Company, Scene, TableEntry
from campaigns.selectors.table_context import table_context
from campaigns.selectors.table_victory import table_scores_exits, table_victory
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.table_log import table_entry_add
from engines.enums import Side
from engines.table.flows import activation_walk, defence_walk
from engines.table.horde_end import round_end_walk
from engines.table.moves import (
    Action,
    Activate,
    BeginRound,
    ChooseFirst,
    Defend,
    EndBattle,
    EndRound,
    SelectAtRandom,
    TellTap,
    ended_at_once,
)
from engines.table.questions import (
    MANY,
    NUMBER,
)
from engines.table.state import Context, State, state_fold
from engines.table.victory import table_ending
from tests.campaigns.setup_helpers import Playable, build_playable

DOCTRINES = ("priority", "deck", "horde", "pursuit")


def doctrine_battle(
    campaign: Campaign, doctrine: str, *, seed: int = 5, **scene: Any
) -> tuple[Playable, Battle]:
    """Build playable's Weathertop with its wraiths under ``doctrine``: the
    Witch-king shoots 12"; a pursuit hunts Frodo along the road (+2" lever); a
    horde is reinforced (the Third Rider its model)."""
    playable = build_playable(campaign)
    Company.objects.filter(pk=playable.ai_company.pk).update(default_doctrine=doctrine)
    Character.objects.filter(pk=playable.ai[0].pk).update(shooting_range=12)
    if doctrine == "pursuit":
        playable.scene.quarry.add(playable.players[0])
        scene.setdefault("pursuit_bonus_inches", 2)
        scene.setdefault("route", "along the road")
    if doctrine == "horde":
        scene.setdefault("reinforcements", True)
        Company.objects.filter(pk=playable.ai_company.pk).update(
            reinforcement_template=playable.ai[2]
        )
    if scene:
        Scene.objects.filter(pk=playable.scene.pk).update(**scene)
    playable.scene.refresh_from_db()
    battle = battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=seed,
    )
    return playable, battle


def now(battle: Battle) -> tuple[Context, State, list[TableEntry]]:
    """The battle's context, its log's state, and its entries."""
    entries = list(
        TableEntry.objects.filter(log__battle=battle)
        .select_related("log")
        .order_by("position")
    )
    seed = entries[0].log.seed if entries else battle.setup_seed
    context = table_context(battle=battle, seed=seed)
    return context, state_fold(context, entries), entries


def version(battle: Battle) -> int:
    log = getattr(Battle.objects.get(pk=battle.pk), "table_log", None)
    return 0 if log is None else log.version


def add(battle: Battle, action: Action) -> TableEntry:
    return table_entry_add(battle=battle, version=version(battle), action=action)


def random_answers(walk_of, rng: random.Random) -> dict[str, str]:
    """Answer every question a walk asks, at random (``walk_of(answers)``)."""
    answers: dict[str, str] = {}
    for _ in range(40):
        walk = walk_of(answers)
        question = walk.question
        if question is None:
            return answers
        if question.ask == NUMBER:
            answers[question.name] = rng.choice(
                ["0", "1", "2.5", "4", "6", "9", "12", "15", "20", "30"]
            )
        elif question.ask == MANY:
            picked = rng.sample(question.choices, rng.randint(1, len(question.choices)))
            answers[question.name] = ",".join(c.value for c in picked)
        else:
            answers[question.name] = rng.choice(question.choices).value
    raise AssertionError("a walk that never ends")


@dataclass
class RandomPlayer:
    """Plays a battle through the table services with random answers and taps."""

    battle: Battle
    rng: random.Random

    def step(self) -> TableEntry | None:
        """One entry: whatever comes now, now and then a tap, a selection, a
        defensive draw or a follow-up. None once the battle has ended."""
        context, state, _ = now(self.battle)
        rng = self.rng
        if state.ended:
            return None
        ending = table_ending(
            context,
            state,
            table_victory(battle=self.battle),
            scores_exits=table_scores_exits(battle=self.battle),
        )
        if ended_at_once(ending):
            # The page says the battle ends here: the players end it.
            side = "" if ending.side is None else ending.side.value
            return add(self.battle, EndBattle(reason=ending.reason.value, side=side))
        if state.round and rng.random() < 0.25:
            extra = self._extra(context, state)
            if extra is not None:
                return extra
        if state.follow_up and rng.random() < 0.5:
            fighter = context.fighter(state.follow_up, state)
            return self._activate(context, state, fighter, follow_up=True)
        if state.round and state.winner is Side.PLAYER and state.first is None:
            first = rng.choice(["player", "ai"])
            return add(self.battle, ChooseFirst(first=first))
        nxt = state.next_activation(context)
        if nxt is not None:
            return self._activate(context, state, nxt)
        if state.round and context.hordes and not state.round_ended:
            lurkers = [
                f.key
                for f in state.fighters_on_table(context, Side.AI)
                if rng.random() < 0.3
            ]
            placed = placements(
                context, state, lambda: rng.random() < 0.7, lurkers=lurkers
            )
            return add(
                self.battle,
                EndRound(lurkers=lurkers, placed=placed),
            )
        if state.round >= context.length:
            return add(self.battle, EndBattle(reason="objective"))
        return self._begin(context, state)

    def _activate(self, context, state, fighter, *, follow_up: bool = False):
        answers = random_answers(
            lambda a: activation_walk(context, state, fighter, a, follow_up=follow_up),
            self.rng,
        )
        key = fighter.key
        return add(
            self.battle,
            Activate(key=key, answers=answers, follow_up=follow_up),
        )

    def _begin(self, context: Context, state: State) -> TableEntry:
        number = state.round + 1
        sightings = {
            f.key: {
                "sees": self.rng.random() < 0.6,
                "distance": self.rng.choice(["", "3", "8", "12.5", "20"]),
            }
            for f in state.all_fighters(context)
            if f.side is Side.AI and f.arrives <= number
        }
        return add(self.battle, BeginRound(sightings=sightings))

    def _extra(self, context: Context, state: State) -> TableEntry | None:
        rng = self.rng
        on_table = [
            f
            for side in (Side.PLAYER, Side.AI)
            for f in state.fighters_on_table(context, side)
        ]
        choice = rng.random()
        if choice < 0.5 and on_table:
            fighter = rng.choice(on_table)
            tap = rng.choice(["wound", "wound", "fell", "routed", "left"])
            return add(self.battle, TellTap(tap=tap, key=fighter.key))
        if choice < 0.7 and len(on_table) >= 2:
            keys = [f.key for f in rng.sample(on_table, rng.randint(2, len(on_table)))]
            return add(self.battle, SelectAtRandom(keys=keys, purpose="test"))
        defenders = [
            f
            for f in state.fighters_on_table(context, Side.AI)
            if context.company(f.company).doctrine.value == "deck"
            and f.key not in state.activated
        ]
        if defenders:
            fighter = rng.choice(defenders)
            answers = random_answers(
                lambda a: defence_walk(context, state, fighter, a), rng
            )
            return add(
                self.battle,
                Defend(key=fighter.key, answers=answers),
            )
        return None


def placements(
    context: Context, state: State, on_table=lambda: True, lurkers=()
) -> dict:
    """The players' answers for every reinforcement point the end of round
    rolls: ``on_table()`` says each (all on the table by default)."""
    answers: dict[str, str] = {"lurked": "1", "lurker": ",".join(lurkers)}
    for _ in range(40):
        walk = round_end_walk(context, state, answers=answers)
        if walk.question is None:
            return answers
        answers[walk.question.name] = "yes" if on_table() else "no"
    raise AssertionError("an end of round that never stops asking")


def with_events(campaign: Campaign) -> None:
    """Give the campaign a whole event deck and switch random events on."""
    from campaigns.models import Event, EventDeck
    from engines.events import EVENT_KEYS

    deck = EventDeck.objects.create(slug=f"deck-{campaign.pk}", name="Test deck")
    Event.objects.bulk_create(
        Event(deck=deck, card=key, title=f"Event {key}", text=f"What {key} does.")
        for key in EVENT_KEYS
    )
    Campaign.objects.filter(pk=campaign.pk).update(random_events=True, event_deck=deck)
    campaign.refresh_from_db()


def seed_where(predicate, *, start: int = 1) -> int:
    """The first seed from ``start`` for which ``predicate(seed)`` holds."""
    return next(s for s in range(start, start + 5000) if predicate(s))
