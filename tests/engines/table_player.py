"""A truthful player for the table engine's property tests: it plays a whole
battle through ``state.question()`` and the page's questions, answering each
from a random :class:`~tests.engines.table_oracle.Truth` of the table around
the character, and says what the engine decides on that whole truth."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field

from engines.cards import Deck
from engines.doctrines import (
    Decision,
    deck_activate,
    deck_return_fire,
    horde_decide,
    priority_decide,
    pursuit_decide,
)
from engines.enums import Doctrine, EndReason, Side
from engines.table.begin import ai_choices, begin_walk, pursuit_position
from engines.table.context import Context, Fighter
from engines.table.decide import table_deck
from engines.table.dice import TableRandom
from engines.table.draft import Draft
from engines.table.flow_pursuit import BEHIND
from engines.table.flows import activation_walk, defence_walk
from engines.table.horde_end import round_end, round_end_walk
from engines.table.keeping import KEEP_KEY, limits_kept
from engines.table.last_seen import LAST_SEEN_KEY, with_last_seen
from engines.table.obeying import orders_binding
from engines.table.questions import NEAREST, NONE, QUICK_INCHES, REORGANIZE, WITH
from engines.table.round_orders import order_asks, round_orders_end
from engines.table.round_sight import round_context
from engines.table.state import State
from engines.table.staying import STAY_KEY
from engines.table.taps import battle_end, tap_record
from engines.table.turns import (
    activation_decide,
    defence_draw,
    first_choose,
    random_select,
    round_begin,
)
from tests.engines.table_battles import Log
from tests.engines.table_oracle import Foe, Truth, walk_with

DISTANCES = (0.5, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 18, 24, 30)


def random_truth(
    rng: random.Random,
    context: Context,
    state: State,
    me: Fighter,
    *,
    typical: bool = False,
):
    """The table around ``me``: every player character on the table at a
    random distance, seen or not, engaged or not; its horde friends.

    ``typical``: as a skirmish table mostly is — in base contact with one
    enemy now and then (rarely two), most enemies in sight and free — instead
    of every fact at even odds (which the property tests want)."""
    players = sorted(
        state.fighters_on_table(context, Side.PLAYER), key=lambda f: f.card_order
    )
    if typical:
        roll = rng.random()
        melee = 0 if roll < 0.7 else 1 if roll < 0.95 else 2
        touching = set(rng.sample(range(len(players)), min(melee, len(players))))
        foes = [
            Foe(
                label=f.label,
                distance=rng.choice(DISTANCES),
                seen=rng.random() < 0.8,
                engaged=rng.random() < 0.15,
                contact=n in touching,
                hurt_me=rng.random() < 0.3,
                company=context.company(f.company).name,
                carrying=state.fighters[f.key].carrying,
            )
            for n, f in enumerate(players)
        ]
    else:
        foes = [
            Foe(
                label=f.label,
                distance=rng.choice(DISTANCES),
                seen=rng.random() < 0.6,
                engaged=rng.random() < 0.5,
                contact=rng.random() < 0.12,
                hurt_me=rng.random() < 0.3,
                company=context.company(f.company).name,
                carrying=state.fighters[f.key].carrying,
            )
            for f in players
        ]
    if context.lit and context.sight_limit is not None:
        # A lit battle: a player sees no further than the limit unless the
        # enemy stands in a lit feature's reach (the page then asks at any
        # distance, and its answer says it).
        lit = [rng.random() < 0.3 for _ in foes]
        foes = [
            dataclasses.replace(
                foe,
                lit=shown,
                seen=foe.seen and (shown or foe.distance <= context.sight_limit),
            )
            for foe, shown in zip(foes, lit, strict=True)
        ]
    elif context.sight_limit is not None:
        # Nobody sees further than the limit (the round's, in a fog).
        foes = [
            dataclasses.replace(
                foe, seen=foe.seen and foe.distance <= context.sight_limit
            )
            for foe in foes
        ]
    friends = [
        (rng.choice([2, 5, 7, 9]), state.wounded(f))
        for f in state.fighters_on_table(context, Side.AI)
        if f.company == me.company and f.key != me.key
    ]
    return Truth(
        foes=foes,
        cover_toward=rng.choice(["none", "soft", "hard"]),
        cover_away=rng.choice(["none", "soft", "hard"]),
        furthest=rng.random() < 0.3,
        friends=friends,
        offset=rng.choice([0, 0, 1, 3, 6]),
        room_wide=rng.choice([0, 2, 4, 100]),
        room_in=rng.choice([0, 2, 100]),
        behind=rng.random() < 0.5,
        # Not drawn from ``rng``: the battles of every seed stay as they were.
        stay=float(state.entries * 3 % 11),
        kept=state.entries % 3 == 0,
        last_seen=players[state.entries % len(players)].label
        if players and state.entries % 4
        else None,
    )


def engine_decision(
    context: Context,
    state: State,
    fighter: Fighter,
    truth: Truth,
    *,
    follow_up: bool,
) -> Decision | None:
    """The doctrine engine's decision on the whole truth, drawing and rolling
    on the battle's source at the log's point (None: nothing to compare)."""
    # The round's event may move an unseeing character toward whom it last saw.
    keys = {f.label: f.key for f in state.all_fighters(context)}
    seen = {LAST_SEEN_KEY: keys.get(truth.last_seen or "", NONE)}
    context = with_last_seen(context, state, fighter, seen)
    company = context.company(fighter.company)
    settings = company.settings
    rng = TableRandom(context.seed, state.draws)
    facts = {
        "id": fighter.label,
        "card_order": fighter.card_order,
        "follow_up": follow_up,
        "routing": state.routing(fighter),
    }
    full = truth.situation(
        **facts,
        move=fighter.move,
        shooting_range=fighter.shooting_range,
        wounded=state.wounded(fighter),
        hurt_this_round=state.hurt(fighter),
        mode=state.mode(company),
        round=state.round or None,
    )
    made: Decision | None = None
    if state.return_fire == fighter.key and not follow_up:  # limited as any move
        made = deck_return_fire(full, attacker=state.return_fire_at, settings=settings)
    match None if made is not None else company.doctrine:
        case Doctrine.PRIORITY:
            made = priority_decide(full, rng=rng, settings=settings)
        case Doctrine.DECK:
            deck: Deck = table_deck(rng, state.deck)
            made = deck_activate(full, deck=deck, settings=settings)
        case Doctrine.HORDE:
            made = horde_decide(full, rng=rng, settings=settings)
    if made is None:
        contact = [f.label for f in truth.foes if f.contact]
        quarry = [f for f in truth.foes if f.label in settings.quarry] or truth.foes
        if not contact and not quarry:
            return None
        nearest = min(quarry, key=lambda f: f.distance).label if quarry else ""
        made = pursuit_decide(
            truth.pursuer(contact[0] if contact else nearest, **facts),
            position=pursuit_position(context, state, fighter),
            rng=rng,
            settings=settings,
        )
    # The limits decided from the truth (its distance to the place, whether
    # its target stands in the kept-out area), as the page decides them.
    binds = orders_binding(context, state, fighter)
    answers = {STAY_KEY: f"{truth.stay:g}", KEEP_KEY: "yes" if truth.kept else "no"}
    return limits_kept(made, binds, answers)


@dataclass
class TruthfulPlayer:
    """Plays a battle entry by entry; records each activation's page decision
    beside the engine's decision on the whole truth."""

    log: Log
    rng: random.Random
    typical: bool = False
    """Tables as they mostly are (:func:`random_truth`)."""
    compared: list[tuple[dict, dict]] = field(default_factory=list)
    taps: list[int] = field(default_factory=list)
    """Taps each activation took (:func:`taps`)."""
    asked: list[tuple[str, ...]] = field(default_factory=list)
    """The questions each activation asked, by name."""
    begin_inputs: list[int] = field(default_factory=list)
    """The answers each round's start asked for (sight, start orders)."""

    @property
    def context(self) -> Context:
        return self.log.context

    def step(self) -> Draft | None:
        """One entry; None once the battle has ended."""
        state, rng = self.log.state, self.rng
        nxt = state.question()
        if nxt.phase == "ended":
            return None
        if state.round and rng.random() < 0.2:
            extra = self._extra(state)
            if extra is not None:
                return extra
        if nxt.follow_up and rng.random() < 0.6:
            return self._activate(state, nxt.follow_up, follow_up=True)
        match nxt.phase:
            case "begin":
                return self._begin(state)
            case "choose":
                first = rng.choice([Side.PLAYER.value, Side.AI.value])
                return self.log.add(lambda c, s: first_choose(c, s, first=first))
            case "activate":
                # The order is picked as the round goes: the first offered.
                picks = [f.key for f in ai_choices(self.context, state)]
                return self._activate(state, (picks or [nxt.key])[0])
            case "end_round":
                return self._end_round(state)
            case "orders":
                answers = self._order_answers(state, "orders")
                return self.log.add(
                    lambda c, s: round_orders_end(c, s, answers=answers)
                )
        reason = rng.choice([r.value for r in EndReason])
        return self.log.add(lambda c, s: battle_end(c, s, reason=reason))

    def _begin(self, state: State) -> Draft:
        """As the page asks it: the start orders' questions, then "Does X see
        an enemy?" one at a time while the AI's choice needs it."""
        orders = self._order_answers(state, "begin")
        seen: dict[str, bool] = {}
        while (walk := begin_walk(self.context, state, orders=orders, seen=seen)).ask:
            seen[walk.ask.key] = self.rng.random() < 0.6
        asks = order_asks(self.context, state, phase="begin")
        self.begin_inputs.append(len(seen) + len(asks))
        return self.log.add(
            lambda c, s: round_begin(
                c, s, sightings=walk.sightings, orders=orders, picked=True
            )
        )

    def _order_answers(self, state: State, phase: str) -> dict:
        """Answers to the due orders' questions: a condition holds or not, a
        general chooses one character on the table."""
        holds, chosen = [], {}
        for ask in order_asks(self.context, state, phase=phase):
            if ask.condition and self.rng.random() < 0.5:
                holds.append(ask.id)
            if ask.choices:
                chosen[ask.id] = [self.rng.choice(ask.choices)[0]]
        return {"holds": holds, "chosen": chosen}

    def _activate(self, state: State, key: str, *, follow_up: bool = False) -> Draft:
        context = self.context
        fighter = context.fighter(key, state)
        # The round's sight (an event may limit it), as the rules read it.
        seen = round_context(context, state)
        truth = random_truth(self.rng, seen, state, fighter, typical=self.typical)
        if state.return_fire == key and not follow_up:
            attacker = next(
                (f for f in truth.foes if f.label == state.return_fire_at), None
            )
            if attacker is None:
                truth.foes.append(Foe(label=state.return_fire_at, distance=1000))
        labels = {f.key: f.label for f in state.all_fighters(context)}
        walk = walk_with(
            truth,
            lambda a: activation_walk(context, state, fighter, a, follow_up=follow_up),
            labels,
        )
        draft = self.log.add(
            lambda c, s: activation_decide(
                c, s, key=key, answers=walk.answers, follow_up=follow_up
            )
        )
        self.taps.append(taps(walk))
        self.asked.append(tuple(a.question.name for a in walk.asked))
        if walk.subject != REORGANIZE:
            if LAST_SEEN_KEY not in walk.answers:
                # Not asked: the event's rule did not decide; its card's words
                # name nobody (the page's do not either).
                truth = dataclasses.replace(truth, last_seen=None)
            engine = engine_decision(seen, state, fighter, truth, follow_up=follow_up)
            if engine is not None:
                mine, theirs = dict(draft.data["decision"]), engine.to_data()
                if "offset" not in walk.answers:
                    mine.pop("lateral", None)
                    theirs.pop("lateral", None)
                self.compared.append((mine, theirs))
        return draft

    def _end_round(self, state: State) -> Draft:
        lurkers = [
            f.key
            for f in state.fighters_on_table(self.context, Side.AI)
            if self.rng.random() < 0.3
        ]
        placed = {"lurked": "1", "lurker": ",".join(lurkers)}
        while q := round_end_walk(self.context, state, answers=placed).question:
            placed[q.name] = "yes" if self.rng.random() < 0.6 else "no"
        return self.log.add(
            lambda c, s: round_end(c, s, lurkers=lurkers, placed=placed)
        )

    def _extra(self, state: State) -> Draft | None:
        context, rng = self.context, self.rng
        on_table = [
            f
            for side in (Side.PLAYER, Side.AI)
            for f in state.fighters_on_table(context, side)
        ]
        choice = rng.random()
        if choice < 0.6 and on_table:
            fighter = rng.choice(on_table)
            tap = rng.choice(["wound", "wound", "wound", "fell", "routed", "left"])
            return self.log.add(lambda c, s: tap_record(c, s, tap=tap, key=fighter.key))
        if choice < 0.75 and len(on_table) >= 2:
            keys = [f.key for f in rng.sample(on_table, 2)]
            return self.log.add(
                lambda c, s: random_select(c, s, keys=keys, purpose="test")
            )
        defenders = [
            f
            for f in state.fighters_on_table(context, Side.AI)
            if context.company(f.company).doctrine is Doctrine.DECK
            and f.key not in state.activated
        ]
        enemies = state.fighters_on_table(context, Side.PLAYER)
        if defenders and enemies:
            fighter = rng.choice(defenders)
            attacker = rng.choice(enemies)
            walk = defence_walk(context, state, fighter, {"attacker": attacker.key})
            return self.log.add(
                lambda c, s: defence_draw(c, s, key=fighter.key, answers=walk.answers)
            )
        return None


ON_MELEE_SCREEN = {
    "near": NEAREST,
    "contacts": WITH,
    "fighting": WITH,
    "behind": BEHIND,
}
"""Answers the melee question's own answer gives (by its prefix)."""


def taps(walk) -> int:
    """Taps one activation takes on the phone: one to open it, one per
    question (a distance: one on its quick chip, else two — type it, Next;
    the "can see" box beside it: none when its first state is right, one
    when it must be changed; ticked boxes: one each and Next); the last
    answer decides at once, so only a walk with no question at all needs its
    Decide button."""
    count = 1
    beside = {
        name: ticked for a in walk.asked for name, _words, ticked in a.question.also
    }
    melee = next((a.value for a in walk.asked if a.question.name == "melee"), "")
    for asked in walk.asked:
        question = asked.question
        if melee.startswith(ON_MELEE_SCREEN.get(question.name, "\0")):
            continue  # answered on the melee question's screen
        if question.name in beside:
            count += (asked.value == "yes") != beside[question.name]
        elif question.ask == "number":
            count += 1 if float(asked.value) in QUICK_INCHES else 2
        elif question.ask == "many":
            count += len(asked.value.split(",")) + 1
        else:
            count += 1
    if not walk.asked:
        count += 1
    return count
