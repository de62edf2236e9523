"""Table mode in a real browser on a phone: for each doctrine, three rounds of a
battle played through the page, every answer compared with the engine's own
decision for the same seed, then the result form filled in from the taps.

The battlefield is a script (:data:`TRUTHS`: where each enemy stands from each
AI character, round by round). The browser answers whatever the page asks from
it, as a player would; beside it, the test plays the same battle on the engine
alone — the battle's seeded source, its deck, the doctrines' decision
functions on the whole truth — and the page must give the same words: the
initiative, the order, each action in its sentence and the card's step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from campaigns.models import Battle, BattleParticipant
from campaigns.selectors.doctrine_settings import doctrine_settings
from engines.cards import Deck
from engines.dice import Dice
from engines.doctrines import (
    Enemy,
    HordeMember,
    HordeRound,
    PlayerModel,
    Point,
    Pursuer,
    Situation,
    activation_order,
    ai_sees_an_enemy,
    deck_activate,
    horde_decide,
    horde_end_of_round,
    priority_decide,
    procedure,
    pursuit_decide,
    pursuit_positions,
)
from engines.enums import Doctrine
from engines.events import Event, event_draw
from engines.table.dice import TableRandom
from engines.table.questions import CHOICE, MANY, NUMBER, Choice, Question
from engines.table.state import unique_labels
from tests.browser.conftest import PHONE, Visit
from tests.campaigns.table_helpers import doctrine_battle, with_events
from tests.engines.table_oracle import Foe, Truth, answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Frodo", "Sam", "Merry", "Pippin", "Strider", "Boromir")

TRUTHS: dict[int, dict[str, Truth]] = {
    1: {
        "Witch-king": Truth(
            foes=[Foe("Frodo", 10), Foe("Sam", 14)],
            cover_toward="soft",
            cover_away="hard",
        ),
        "Khamûl": Truth(
            foes=[Foe("Frodo", 9, seen=False), Foe("Sam", 5, engaged=False)],
            cover_toward="hard",
        ),
        "Third Rider": Truth(
            foes=[Foe("Frodo", 22), Foe("Merry", 20, seen=False), Foe("Pippin", 16)],
            offset=2,
        ),
    },
    2: {
        "Witch-king": Truth(foes=[Foe("Frodo", 0, contact=True), Foe("Sam", 4)]),
        "Khamûl": Truth(
            foes=[Foe("Frodo", 13), Foe("Sam", 3, engaged=False), Foe("Merry", 7)]
        ),
        "Third Rider": Truth(
            foes=[Foe("Pippin", 8), Foe("Frodo", 11, hurt_me=True)], room_wide=1
        ),
    },
    3: {
        "Witch-king": Truth(
            foes=[Foe("Frodo", 2), Foe("Strider", 6, seen=False)], furthest=True
        ),
        "Khamûl": Truth(
            foes=[
                Foe("Frodo", 9),
                Foe("Sam", 0, contact=True),
                Foe("Merry", 0, contact=True),
            ]
        ),
        "Third Rider": Truth(foes=[Foe("Frodo", 15), Foe("Boromir", 12)], behind=True),
    },
}
ANYONE_ELSE = Truth(foes=[Foe("Frodo", 7), Foe("Boromir", 3, seen=False)])
"""Where the enemies stand for a character the script does not name (a horde's
reinforcements)."""


def truth(round_number: int, name: str) -> Truth:
    return TRUTHS[round_number].get(name, ANYONE_ELSE)


def sighting(t: Truth) -> tuple[bool, float]:
    """What the round's start asks of one AI character: does it see an
    enemy, how far is the nearest."""
    near = min(t.foes, key=lambda f: 0 if f.contact else f.distance)
    return any(
        f.seen or f.contact for f in t.foes
    ), 0 if near.contact else near.distance


# --- the same battle on the engine alone ----------------------------------------------


@dataclass
class Reference:
    """The battle played on the engine alone, with the battle's seed."""

    battle: Battle
    doctrine: str
    events: dict[str, Event] | None
    rng: TableRandom = field(init=False)
    deck: Deck | None = None
    ai: list[tuple[str, int, float, float | None]] = field(default_factory=list)
    """(label, card order, move, range) of the AI characters on the table."""
    positions: dict[str, int] = field(default_factory=dict)
    reinforced: int = 0
    fallen: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.rng = TableRandom(self.battle.setup_seed)
        self.settings = doctrine_settings(
            scene=self.battle.scene,
            starting_mode=self.battle.companies.get(side="ai").starting_mode,
        )
        for p in self.battle.participants.filter(side="ai").order_by("order"):
            c = p.character
            self.ai.append((c.name, p.order, c.move, c.shooting_range))

    def begin(self, number: int) -> tuple[str, list[str]]:
        """The round's initiative line and the AI's order, as the page gives them."""
        if self.deck is None:
            self.deck = Deck(dice=Dice(self.rng))
        if self.events:
            event_draw(deck=self.deck, events=self.events)
        characters = []
        for label, order, _move, _range in self.ai:
            sees, distance = sighting(truth(number, label))
            if self.doctrine == "pursuit":
                characters.append(
                    Pursuer(id=label, distance=distance, card_order=order)
                )
            else:
                characters.append(
                    Situation(
                        id=label,
                        card_order=order,
                        enemies=(Enemy(id="n", distance=distance, in_sight=sees),),
                    )
                )
        from engines.combat import initiative

        result = initiative(
            dice=Dice(self.rng),
            ai_enemy_in_sight=ai_sees_an_enemy(characters),
            round_number=number,
        )
        pursuers = [c for c in characters if isinstance(c, Pursuer)]
        self.positions = pursuit_positions(pursuers) if pursuers else {}
        order = [c.id for c in activation_order(characters)]
        return f"D6 {result.log[0].dice[0]}: {result.reason}", order

    def activate(self, number: int, label: str) -> tuple[str, str]:
        """The sentence and the card's step for one activation."""
        t = truth(number, label)
        _, order, move, reach = next(a for a in self.ai if a[0] == label)
        if self.doctrine == "pursuit":
            contact = [f.label for f in t.foes if f.contact]
            quarry = [f for f in t.foes if f.label in self.settings.quarry]
            target = contact[0] if contact else min(quarry, key=lambda f: f.distance)
            target = target if isinstance(target, str) else target.label
            decision = pursuit_decide(
                t.pursuer(target, id=label, card_order=order),
                position=self.positions.get(label, 1),
                rng=self.rng,
                settings=self.settings,
            )
        else:
            situation = t.situation(
                id=label, card_order=order, move=move, shooting_range=reach
            )
            if self.doctrine == "priority":
                decision = priority_decide(
                    situation, rng=self.rng, settings=self.settings
                )
            elif self.doctrine == "deck":
                decision = deck_activate(
                    situation, deck=self.deck, settings=self.settings
                )
            else:
                decision = horde_decide(situation, rng=self.rng, settings=self.settings)
        card = procedure(Doctrine(self.doctrine), self.settings)
        labels = {}
        for section in card.sections:
            for step in section.steps:
                labels.setdefault(step.label, set()).add(section.id)
        for section in card.sections:
            for step in section.steps:
                if step.id == decision.step:
                    short = step.label
                    if len(labels[step.label]) > 1:
                        short = f"{section.title.split(' — ')[0]} {step.label}"
        return f"{label} — {decision.describe()}.", short

    def end_of_round(self) -> None:
        """The horde's end of round (no one wounded, no lurkers); new
        reinforcements join the AI side."""
        scene = self.battle.scene
        taken = {*PLAYERS, *(a[0] for a in self.ai)}
        horde = HordeRound(
            mode=self.settings.horde_start,
            members=tuple(
                HordeMember(id=label, nearest_enemy=0.0) for label, *_ in self.ai
            ),
            players=tuple(
                PlayerModel(
                    id=name,
                    position=Point(scene.table_width / 2, scene.table_depth / 2),
                )
                for name in PLAYERS
                if name not in self.fallen
            ),
            table_width=scene.table_width,
            table_depth=scene.table_depth,
        )
        result = horde_end_of_round(horde, rng=self.rng, settings=self.settings)
        template = self.battle.scene.scene_companies.get(side="ai").company
        model = template.reinforcement_template
        names = unique_labels([model.name] * len(result.arrivals), taken)
        for name in names:
            order = 10_000 + self.reinforced
            self.reinforced += 1
            self.ai.append((name, order, model.move, model.shooting_range))


# --- the page -------------------------------------------------------------------------


def go(page: Page, locator) -> None:
    """Click a button or link and wait for the page it leads to."""
    with page.expect_navigation():
        locator.click()


def log_in(visit: Visit) -> None:
    page = visit.page
    page.goto(visit.url("/accounts/login/"))
    page.get_by_label("Username").fill("frodo")
    page.get_by_label("Password").fill("pw")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My campaigns")).to_be_visible()


def begin_round(visit: Visit, number: int) -> None:
    """Begin the round as the page asks: "Does X see an enemy?" one at a time
    while the AI's choice needs it (the first yes settles it), else the button."""
    page = visit.page
    visit.check(f"round {number} sights")
    for _ in range(10):
        question = page.locator("#q-sees")
        if not question.count():
            break
        sees, _distance = sighting(truth(number, question.locator("bdi").inner_text()))
        go(page, page.get_by_role("button", name="Yes" if sees else "No", exact=True))
    begin = page.get_by_role("button", name=f"Begin round {number}")
    if begin.count():
        go(page, begin)
    visit.check(f"round {number} begun")
    if page.get_by_role("button", name="The AI goes first", exact=True).count():
        go(page, page.get_by_role("button", name="The AI goes first", exact=True))


def current_question(page: Page) -> Question:
    form = page.locator("form.tm-question")
    text = form.locator(".tm-question__text").inner_text()
    if form.locator("input.tm-number__input").count():
        name = form.locator("input.tm-number__input").get_attribute("name")
        return Question(name, text, NUMBER)
    boxes = form.locator("input[type=checkbox]")
    if boxes.count():
        choices = tuple(
            Choice(
                b.get_attribute("value"),
                form.locator(f"label:has(input[value='{b.get_attribute('value')}'])")
                .inner_text()
                .strip(),
            )
            for b in boxes.all()
        )
        return Question(boxes.first.get_attribute("name"), text, MANY, choices)
    buttons = form.locator("button[type=submit]").all()
    choices = tuple(
        Choice(b.get_attribute("value"), b.inner_text().strip()) for b in buttons
    )
    return Question(buttons[0].get_attribute("name"), text, CHOICE, choices)


def activate(visit: Visit, number: int, label: str) -> tuple[str, str]:
    """Answer the page's questions from the script; the answer it gives."""
    page = visit.page
    go(page, page.get_by_role("link", name=f"Activate {label}"))
    asked: dict[str, str] = {}
    keys: dict[str, str] = {}
    for _ in range(20):
        if (
            not page.locator("form.tm-question").count()
            or page.locator(".tm-answer__sentence").count()
        ):
            break
        question = current_question(page)
        keys.update({c.value: c.label for c in question.choices})
        value = answer(question, truth(number, label), asked, keys)
        asked[question.name] = value
        form = page.locator("form.tm-question")
        if question.ask == NUMBER:
            form.locator("input.tm-number__input").fill(value)
            for box in form.locator("input[type=checkbox]").all():
                # Asked on the same screen: whether it sees the one measured,
                # whether that one is free.
                words = box.locator("xpath=..").inner_text().strip()
                name = box.get_attribute("name")
                if " can see " in words:
                    who, whom = words.split(" can see ")
                    words = f"Can {who} see {whom}?"
                also = Question(name, words, CHOICE)
                yes = answer(also, truth(number, label), asked, keys) == "yes"
                box.set_checked(yes)
                asked[name] = "yes" if yes else "no"
            go(page, form.get_by_role("button", name="Next"))
        elif question.ask == MANY:
            for key in value.split(","):
                form.locator(f"input[value='{key}']").check()
            go(page, form.get_by_role("button", name="Next"))
        else:
            go(page, form.locator(f"button[value='{value}']"))
    # The last answer decides at once; a walk with no question at all still
    # shows its Decide button.
    if page.locator("button[value=activate]").count():
        visit.check(f"round {number} {label} ready")
        go(page, page.locator("button[value=activate]"))
    visit.check(f"round {number} {label} answer")
    sentence = page.locator(".tm-answer__sentence").inner_text()
    step = page.locator(".tm-step__label").inner_text()
    return sentence, step


def end_round(visit: Visit, number: int) -> None:
    """No lurkers; every reinforcement's point on the table (the reference
    places the players in the middle, where every point is)."""
    page = visit.page
    roll = page.get_by_role("button", name="Roll the end of round")
    if roll.count():
        go(page, roll)
    for _ in range(10):
        point = page.get_by_role("button", name="Yes: a new one appears there")
        if not point.count():
            break
        expect(page.locator(".tm-question__text")).to_contain_text("on the table?")
        go(page, point)
    go(page, page.get_by_role("button", name=f"End round {number}"))


def tap(visit: Visit, who: str, what: str) -> None:
    page = visit.page
    go(page, page.get_by_role("link", name="Characters: wounds, falls, routs"))
    go(page, page.locator(".tm-person__row", has_text=who).first)
    go(page, page.get_by_role("button", name=what, exact=True))


@pytest.mark.parametrize("doctrine", ["priority", "deck", "horde", "pursuit"])
def test_a_battle_at_the_table_answers_as_the_engine_does(
    open_tab, campaign, user, doctrine
):
    if doctrine == "priority":
        with_events(campaign)
    _, battle = doctrine_battle(campaign, doctrine, seed=41)
    BattleParticipant.objects.filter(battle=battle).update(
        disorganized=False, reserve=False
    )
    Battle.objects.filter(pk=battle.pk).update(first_activation="")
    battle.refresh_from_db()
    events = None
    if doctrine == "priority":
        events = {
            e.card: Event(key=e.card, title=e.title, text=e.text)
            for e in campaign.event_deck.events.all()
        }
    reference = Reference(battle, doctrine, events)

    visit = open_tab(PHONE, name=f"table {doctrine}")
    visit.page.on("dialog", lambda dialog: dialog.accept())
    log_in(visit)
    page = visit.page
    page.goto(
        visit.url(
            reverse(
                "campaigns:battle_detail",
                kwargs={"slug": campaign.slug, "battle_id": battle.pk},
            )
        )
    )
    go(page, page.get_by_role("link", name="Play the AI at the table"))
    visit.check("table")

    for number in (1, 2, 3):
        begin_round(visit, number)
        initiative, order = reference.begin(number)
        assert f"Initiative: {initiative}." in page.locator(".tm-order").inner_text()
        for n, label in enumerate(order):
            # The order is picked as the round goes: the page offers every AI
            # character still to act, and the players pick by the rule.
            offered = page.locator("#now a.tm-button bdi").all_inner_texts()
            assert sorted(offered) == sorted(order[n:])
            assert activate(visit, number, label) == reference.activate(number, label)
        if number < 3:
            tap(visit, "Frodo", "Wound token")
        else:
            tap(visit, "Sam", "Fell")
            reference.fallen.add("Sam")
            go(page, page.get_by_role("link", name="Characters: wounds, falls, routs"))
            go(page, page.get_by_role("button", name="The AI side routed"))
        if doctrine == "horde":
            end_round(visit, number)
            visit.check(f"round {number} ended")
            reference.end_of_round()

    page.goto(page.url.split("?")[0].split("#")[0] + "?do=end")
    go(page, page.get_by_role("button", name="Rout", exact=True))
    visit.check("the battle is over")
    go(page, page.get_by_role("link", name="Enter the result"))
    visit.check("result form")
    participants = {
        p.character.name: p.pk for p in battle.participants.select_related("character")
    }
    expect(page.locator("input[name=outcome][value=victory]")).to_be_checked()
    expect(page.locator("select[name=end_reason]")).to_have_value("rout")
    expect(page.locator("input[name=ai_routed]")).to_be_checked()
    expect(
        page.locator(f"input[name=p{participants['Frodo']}-wound_tokens]")
    ).to_have_value("2")
    expect(page.locator(f"input[name=p{participants['Sam']}-fallen]")).to_be_checked()
    assert visit.foreign_requests == [] and visit.console_errors == []


def test_the_table_works_without_javascript(open_tab, campaign, user):
    """Every step is a plain form: begin a round, answer, decide, undo."""
    _, battle = doctrine_battle(campaign, "priority", seed=41)
    visit = open_tab(PHONE, javascript=False, name="table without js")
    log_in(visit)
    page = visit.page
    page.goto(
        visit.url(
            reverse(
                "campaigns:battle_table",
                kwargs={"slug": campaign.slug, "battle_id": battle.pk},
            )
        )
    )
    # Each click waits for the page it leads to, before the next looks at it.
    if page.locator("#q-sees").count():
        go(page, page.get_by_role("button", name="Yes", exact=True))
    else:
        go(page, page.get_by_role("button", name="Begin round 1"))
    if page.get_by_role("button", name="We go first").count():
        go(page, page.get_by_role("button", name="We go first"))
    go(page, page.get_by_role("link", name=re.compile("^Activate")).first)
    go(page, page.get_by_role("button", name="No", exact=True))
    visit.check("asked without js")
    assert page.locator("form.tm-question").count() == 1
    go(page, page.get_by_role("link", name="Back to the battle"))
    go(page, page.get_by_role("button", name=re.compile("^Undo")))
    expect(page.locator(".messages")).to_contain_text("Taken back")
    visit.check("undone without js")
