"""A club night and a convention hall on ``make run``'s server (SITE.md
"Benchmark figures"): ``club_night_errors``, ``club_night_tap_p95_s``,
``club_night_packs_late``, ``club_night_lost`` and ``hall_tap_p95_s``.

The night: 12 phones play table mode on the demo's latest battle, one tap
every 2 s each (the page, a question page, the characters, a round's start,
an undo), while 3 laptops set up, re-roll, discard, record results and reopen
on the demo's current scene (bench/soak_sqlite.py's writes), each set up and
re-roll sending a pack to the worker. The hall: 48 phones alone, one tap every
2-3 s. Both on SQLite (gunicorn, one worker: bench/served.py).

An error is an answer that is neither a page with its title nor a redirect
(the site's 404 for a battle a laptop discarded meanwhile is the right answer
and is counted apart). A decision is "answered as recorded" when the page the
redirect leads to shows no error message (a redirect back to a question
still to answer wrote nothing: not recorded); it is lost when that version is
beyond the log's final version, and recorded twice when two phones were told
so for the same version (the log's compare-and-set lets one through). The
log's entries must also sit at consecutive positions from 0.

Then the same night on PostgreSQL with the worker killed once and the
database restarted once (bench/club_night_pg.py, in a process of its own):
its errors, packs late and lost decisions are added to the night's, its p95
is ``club_night_tap_p95_s``'s ``postgresql``.

Durations come from the environment so the suite can run it for seconds:
``CLUB_NIGHT_S`` (300), ``HALL_S`` (180), ``CLUB_NIGHT_PG_S`` (300; 0 skips
the PostgreSQL night). Bounded: every loop stops at its
deadline, every request has a 30 s timeout, loopback only.

Run it as ``python -m bench.club_night`` (``make bench`` runs every part).
"""

from __future__ import annotations

import http.client
import os
import random
import re
import shutil
import statistics
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from bench.results_file import merge_results
from bench.served import CSRF, PASSWORD, REQUEST_TIMEOUT, TITLE, ServedSite
from bench.soak_sqlite import BATTLE_PATH, Demo, writes

PHONES = 12
LAPTOPS = 3
HALL_PHONES = 48
PACK_LATE_S = 10
VERSION = re.compile(rb'name="version" value="(\d+)"')
NEXT = re.compile(rb"\?do=act&amp;who=([^\"&]+)")
ERROR_MESSAGE = re.compile(rb'<li class="[^"]*error')
SEEN = re.compile(rb'type="submit" name="(seen-[^"]+)" value="yes"')


def drop_connection() -> None:
    """After a database error: this thread's connection is dropped, the next
    query opens another."""
    from django.db import connection

    try:
        connection.close()
    except Exception:  # noqa: BLE001, S110 - already broken
        pass


def seconds(name: str, default: float) -> float:
    raw = os.environ.get(name, "")
    try:
        return max(1.0, float(raw)) if raw else default
    except ValueError:
        return default


@dataclass
class Tally:
    """What every phone and laptop saw, under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    tap_times: list[float] = field(default_factory=list)
    errors: list[tuple[float, str]] = field(default_factory=list)
    """(when, what) of every error."""
    gone: int = 0
    recorded: Counter = field(default_factory=Counter)
    """(battle id, version sent) of decisions answered as recorded."""
    packs: list[tuple[float, int]] = field(default_factory=list)
    """(when asked, battle id) of set ups and re-rolls answered."""


class Phone:
    """One phone: its own connection cookies (the messages a redirect brings)."""

    def __init__(self, site: ServedSite, tally: Tally):
        self.site, self.tally = site, tally
        self.messages = ""
        self.location = ""

    def request(self, method: str, path: str, data: dict | None = None):
        cookie = f"{self.site.cookie}; csrftoken={CSRF}"
        if self.messages:
            cookie += f"; {self.messages}"
        headers = {"Cookie": cookie}
        body = None
        if method == "POST":
            body = urlencode({"csrfmiddlewaretoken": CSRF, **(data or {})}, True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection(
                "127.0.0.1", self.site.port, timeout=REQUEST_TIMEOUT
            )
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            content = response.read()
            conn.close()
        except OSError:
            return 0, b"", time.perf_counter() - start
        taken = time.perf_counter() - start
        self.location = response.getheader("Location") or ""
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("messages="):
                self.messages = value.split(";", 1)[0]
                if self.messages == "messages=" or 'messages=""' in value:
                    self.messages = ""
        if method == "GET":
            self.messages = ""
        return response.status, content, taken

    def tap(self, method: str, path: str, data: dict | None = None):
        status, content, taken = self.request(method, path, data)
        with self.tally.lock:
            self.tally.tap_times.append(taken)
            good = status == 302 or (status == 200 and TITLE.search(content))
            if status == 404 and TITLE.search(content):
                self.tally.gone += 1
            elif not good:
                self.tally.errors.append((time.monotonic(), f"{status} {path}"))
        return status, content

    def play(self, demo: Demo, until: float, pace: tuple[float, float]) -> None:
        """Tap until ``until``: each tap the next in a round of the table page."""
        rng = random.Random(id(self))
        step = 0
        version, next_key = None, ""
        while time.monotonic() < until:
            try:
                battle = demo.battle()
            except Exception as error:  # noqa: BLE001 - the database is down
                drop_connection()
                with self.tally.lock:
                    self.tally.errors.append((time.monotonic(), repr(error)))
                battle = None
            if battle is None:
                time.sleep(pace[0])
                continue
            url = f"/campaigns/{demo.slug}/battles/{battle.pk}/table/"
            kind = step % 5
            if kind == 0 or version is None:
                status, content = self.tap("GET", url)
                found = VERSION.search(content)
                version = int(found[1]) if found else None
                nxt = NEXT.search(content)
                next_key = nxt[1].decode() if nxt else ""
            elif kind == 1:
                query = f"?do=act&who={next_key}" if next_key else "?do=people"
                self.tap("GET", url + query)
            elif kind == 2:
                self.tap("GET", url + "?do=people")
            else:
                action = "begin" if kind == 3 else "undo"
                sent = version
                # A round begun while AI characters have still to act: the
                # players say the rest cannot act (the page's skip link), as
                # the table takes no other round start then.
                data = {"action": action, "version": str(sent), "skip": "1"}
                if action == "begin":
                    # As a phone does: the skip link's screen, then "Yes" to
                    # its "Does X see an enemy?" when it asks one.
                    _status, screen = self.tap("GET", url + "?skip=1")
                    seen = SEEN.search(screen)
                    if seen:
                        data[seen[1].decode()] = "yes"
                status, _ = self.tap("POST", url, data)
                if status == 302:
                    location = self.location
                    status, content = self.tap("GET", url)
                    if told_recorded(status, location, content):
                        with self.tally.lock:
                            self.tally.recorded[(battle.pk, sent)] += 1
                    found = VERSION.search(content)
                    version = int(found[1]) if found else None
            step += 1
            time.sleep(rng.uniform(*pace))


def told_recorded(status: int, location: str, page: bytes) -> bool:
    """Whether a phone's tap was answered as recorded: its POST went back to
    the table page itself and that page shows no error message. A refusal,
    or a tap that leaves a question to answer first (nothing written), goes
    back to the screen the tap came from: its query."""
    return status == 200 and "?" not in location and not ERROR_MESSAGE.search(page)


def laptop(site: ServedSite, demo: Demo, tally: Tally, until: float) -> None:
    """Set up, re-roll, discard, set up, result, reopen, round and round."""
    actions = writes(site, demo)
    n = 0
    while time.monotonic() < until:
        action = actions[n % len(actions)]
        try:
            answer = action()
        except Exception as error:  # noqa: BLE001 - reading the demo's state failed
            drop_connection()
            with tally.lock:
                tally.errors.append((time.monotonic(), f"laptop {error!r}"))
            answer = None
        if answer is not None:
            with tally.lock:
                if answer.status == 302 or (answer.status == 200 and answer.titled):
                    if action.__name__ in ("set_up", "reroll") and answer.status == 302:
                        battle = BATTLE_PATH.search(answer.location)
                        if battle is not None:
                            tally.packs.append((time.monotonic(), int(battle[1])))
                elif answer.status == 404 and answer.titled:
                    tally.gone += 1
                else:
                    tally.errors.append(
                        (time.monotonic(), f"laptop {answer.status} {answer.path}")
                    )
        n += 1
        time.sleep(2)


def packs_late(tally: Tally) -> int:
    """Set ups and re-rolls whose pack was not stored within 10 s of the ask (a
    battle discarded meanwhile, or asked again within those 10 s, is not held
    to it)."""
    from datetime import timedelta

    from campaigns.models import Battle
    from campaigns.printing.models import PackRender

    last = max((asked for asked, _ in tally.packs), default=0.0)
    time.sleep(max(0.0, last + PACK_LATE_S - time.monotonic()))
    late = 0
    for asked, battle_id in tally.packs:
        again = any(
            b == battle_id and asked < t <= asked + PACK_LATE_S for t, b in tally.packs
        )
        if again or not Battle.objects.filter(pk=battle_id).exists():
            continue
        stored = PackRender.objects.filter(
            battle_id=battle_id,
            status="stored",
            enqueued_at__gte=asked_at(asked) - timedelta(seconds=2),
            finished_at__lte=asked_at(asked) + timedelta(seconds=PACK_LATE_S),
        )
        if not stored.exists():
            late += 1
    return late


def asked_at(monotonic: float):
    """The wall clock at a monotonic instant of this process."""
    from datetime import timedelta

    from django.utils import timezone

    return timezone.now() - timedelta(seconds=time.monotonic() - monotonic)


def lost(tally: Tally) -> int:
    """Decisions told recorded but beyond the log, told twice, or entries
    missing from consecutive positions."""
    from campaigns.models import TableLog

    count = sum(n - 1 for n in tally.recorded.values() if n > 1)
    finals = {log.battle_id: log for log in TableLog.objects.all()}
    for (battle_id, version), _ in tally.recorded.items():
        log = finals.get(battle_id)
        if log is not None and version >= log.version:
            count += 1
    for log in finals.values():
        positions = list(log.entries.order_by("position").values_list("position"))
        if [p for (p,) in positions] != list(range(len(positions))):
            count += 1
    return count


def p95(times: list[float]) -> float:
    if len(times) < 2:
        return round(times[0], 5) if times else 0.0
    return round(statistics.quantiles(sorted(times), n=20)[-1], 5)


def crowd(site, demo, phones: int, laptops: int, span: float, pace) -> Tally:
    tally = Tally()
    until = time.monotonic() + span
    threads = [
        threading.Thread(target=Phone(site, tally).play, args=(demo, until, pace))
        for _ in range(phones)
    ] + [
        threading.Thread(target=laptop, args=(site, demo, tally, until))
        for _ in range(laptops)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=span + 120)
    return tally


def hall_battle(site: ServedSite, demo: Demo) -> None:
    """The hall's phones play on a planned battle: the night's laptops may
    have stopped on a discard (no battle left: the phones would tap nothing)
    or on a result (a battle no longer planned: no tap writes)."""
    from campaigns.models.battle import BattleStatus

    set_up, *_, reopen = writes(site, demo)
    for _ in range(3):
        battle = demo.battle()
        if battle is not None and battle.status == BattleStatus.PLANNED:
            return
        (set_up if battle is None else reopen)()
    raise RuntimeError("the hall found no planned battle to play on")


def run(workdir: Path) -> dict:
    site = ServedSite(workdir)
    site.prepare()
    from campaigns.models import Campaign
    from campaigns.services.demo import demo_seed

    login = demo_seed(password=PASSWORD, login_file=workdir / ".demo-login")
    campaign = Campaign.objects.get(slug=login.campaign_slug)
    site.log_in(campaign.owner)
    site.start()
    demo = Demo(campaign)
    try:
        night = crowd(
            site, demo, PHONES, LAPTOPS, seconds("CLUB_NIGHT_S", 300), (2.0, 2.0)
        )
        late = packs_late(night)
        hall_battle(site, demo)
        hall = crowd(site, demo, HALL_PHONES, 0, seconds("HALL_S", 180), (2.0, 3.0))
        if not hall.tap_times:  # a hall that measured nothing is no figure
            hall.errors.append((time.monotonic(), "the hall tapped nothing"))
    finally:
        site.stop()
    return {
        "club_night_errors": len(night.errors),
        "club_night_tap_p95_s": {"sqlite": p95(night.tap_times)},
        "club_night_packs_late": late,
        "club_night_lost": lost(night),
        "club_night_taps": len(night.tap_times),
        "club_night_gone": night.gone,
        "club_night_recorded": sum(night.recorded.values()),
        "hall_tap_p95_s": p95(hall.tap_times),
        "hall_taps": len(hall.tap_times),
        "hall_errors": len(hall.errors),
        "club_night_error_samples": sorted(
            {text for _, text in night.errors + hall.errors}
        )[:10],
    }


def postgresql_night() -> dict | None:
    """bench/club_night_pg.py in a process of its own; None when
    ``CLUB_NIGHT_PG_S`` is 0 or PostgreSQL is not installed."""
    import json
    import subprocess
    import sys

    from tests.campaigns.pg_cluster import postgres_bin

    if os.environ.get("CLUB_NIGHT_PG_S") == "0" or postgres_bin() is None:
        return None
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "bench.club_night_pg"],
        env=env,
        capture_output=True,
        text=True,
        timeout=seconds("CLUB_NIGHT_PG_S", 300) + 600,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        raise RuntimeError(f"the PostgreSQL night failed: {done.stderr[-2000:]}")
    return json.loads(lines[-1])


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="bench-club-night-"))
    try:
        figures = run(workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    pg = postgresql_night()
    if pg is not None:
        figures["club_night_errors"] += pg["errors"]
        figures["club_night_tap_p95_s"]["postgresql"] = pg["tap_p95_s"]
        figures["club_night_packs_late"] += pg["packs_late"]
        figures["club_night_lost"] += pg["lost"]
        figures["club_night_postgresql"] = {
            k: v for k, v in pg.items() if k != "samples"
        }
        figures["club_night_error_samples"] += pg["samples"]
    merge_results({k: v for k, v in figures.items() if not k.endswith("samples")})
    for key, value in figures.items():
        print(f"{key}: {value}")
    return 1 if figures["club_night_errors"] or figures["club_night_lost"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
