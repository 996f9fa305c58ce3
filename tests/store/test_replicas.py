"""Several app replicas on one PostgreSQL database, behind nginx (``make serve``): each
replica answers its health check, the balancer keeps a browser on one replica and spreads
browsers over all, Streamlit's websocket works through it, and a learner's progress written
through one replica is shown by another. Needs PostgreSQL, nginx and chromium: outside CI a
missing one skips, with the reason; under CI (`.ci/run` installs them) it fails instead."""

from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial.devserver import free_port
from tutorial.lessons.course import load_course
from tutorial.progress import ProgressStore, new_learner_code, step_item
from tutorial.replicas import Cluster, nginx_config, running_cluster

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def need(what: str, ok: bool) -> None:
    if not ok:
        if os.environ.get("CI"):
            pytest.fail(f"replica tests cannot run in CI: {what} is missing", pytrace=False)
        pytest.skip(f"{what} is missing")


def test_the_nginx_configuration_is_valid_and_sticky(tmp_path: Path) -> None:
    need("nginx (apt-get install nginx)", Path(NGINX).exists())
    text = nginx_config(tmp_path, "127.0.0.1:8080", [8501, 8502])
    assert "hash $cinch_sticky consistent;" in text
    assert "proxy_set_header Upgrade $http_upgrade;" in text
    assert "server 127.0.0.1:8501" in text and "server 127.0.0.1:8502" in text
    assert "{" + "prefix}" not in text  # every placeholder filled in
    conf = tmp_path / "nginx.conf"
    conf.write_text(text, encoding="utf-8")
    check = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-c", str(conf)], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cluster, str]]:
    need("nginx (apt-get install nginx)", Path(NGINX).exists())
    from tutorial.store import pgserver

    given = os.environ.get("CINCH_TEST_DATABASE_URL")
    why = None if given else pgserver.missing()
    need(f"PostgreSQL ({why})", why is None)
    if given:
        url = given
        server = None
    else:
        server = pgserver.throwaway_server(free_port())
        url = server.__enter__()
    try:
        env = {
            "CINCH_DATABASE_URL": url,
            "CINCH_PROGRESS_DB": str(tmp_path_factory.mktemp("unused") / "never.sqlite3"),
        }
        with running_cluster(2, env=env) as c:
            yield c, url
    finally:
        if server is not None:
            server.__exit__(None, None, None)


def replica_of(opener: urllib.request.OpenerDirector, url: str) -> str:
    with opener.open(url, timeout=10) as r:
        assert r.status == 200
        return str(r.headers["X-Cinch-Replica"])


def test_health_and_sticky_sessions(cluster: tuple[Cluster, str]) -> None:
    c, _ = cluster
    for u in c.replicas:
        with urllib.request.urlopen(f"{u}/_stcore/health", timeout=5) as r:
            assert r.status == 200 and r.read().strip() == b"ok"
    with urllib.request.urlopen(f"{c.url}/_balancer/health", timeout=5) as r:
        assert r.status == 200
    # one browser (one cookie jar) always reaches the same replica
    jar = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    first = replica_of(jar, f"{c.url}/")
    assert all(replica_of(jar, f"{c.url}/_stcore/health") == first for _ in range(10))
    # different browsers are spread over both replicas
    seen = {replica_of(urllib.request.build_opener(), f"{c.url}/_stcore/health") for _ in range(40)}
    assert seen == {u.removeprefix("http://") for u in c.replicas}


def test_progress_written_through_one_replica_is_shown_by_the_other(
    cluster: tuple[Cluster, str],
) -> None:
    need(f"chromium ({CHROMIUM})", Path(CHROMIUM).exists())
    try:
        import playwright.sync_api as pw
    except ImportError:  # pragma: no cover - the dev extra installs it
        need("the playwright package", False)
    from tests.ui.test_browser import ARGS, wait_idle

    c, url = cluster
    lesson = load_course().lesson("two-pedros")
    first, second = lesson.steps[0].id, lesson.steps[1].id
    code = new_learner_code()
    store = ProgressStore(url=url)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        # write through replica 1: viewing a step records it
        page.goto(f"{c.replicas[0]}/lesson?lang=en&learner={code}&lesson={lesson.id}&step={first}")
        wait_idle(page)
        for _ in range(100):
            if step_item(lesson.id, first) in store.items(code):
                break
            time.sleep(0.1)
        assert store.items(code)[step_item(lesson.id, first)].done
        # read through replica 2 (a new browser session there): the home page shows it
        other = browser.new_page()
        other.goto(f"{c.replicas[1]}/?lang=en&learner={code}")
        wait_idle(other)
        want = re.compile(rf"\bSteps: 1 of {len(lesson.steps)}\b")  # one step seen
        for _ in range(100):
            if want.search(other.inner_text("body")):
                break
            time.sleep(0.2)
        text = other.inner_text("body")
        assert want.search(text), text[:4000]
        assert "Continue where you left off: lesson 1" in text  # the saved position, too
        # through the balancer (page and websocket via nginx): write, and it is saved
        page.goto(f"{c.url}/lesson?lang=en&learner={code}&lesson={lesson.id}&step={second}")
        wait_idle(page)
        for _ in range(100):
            if step_item(lesson.id, second) in store.items(code):
                break
            time.sleep(0.1)
        assert store.items(code)[step_item(lesson.id, second)].done
        browser.close()


def test_concurrent_learners_through_the_balancer_lose_no_progress(
    cluster: tuple[Cluster, str],
) -> None:
    """Six learners at once through nginx (two of them one learner in two tabs, which may
    land on different replicas): every step seen and every drill answer is in PostgreSQL."""
    import asyncio

    from tests.support.wire import expected_rows, lost_rows, many_visits

    c, url = cluster
    twin = new_learner_code()
    learners = [new_learner_code() for _ in range(4)] + [twin, twin]
    visits = asyncio.run(many_visits(c.url, learners, steps=2, drills=2))
    assert [v.errors for v in visits] == [[]] * 6
    # every visit saw 3 steps and answered 2 drills (the twin's second tab may start where
    # the first left off — "continuing where you left off" — so the twin's distinct steps
    # are 3 or 4: before session 8 this asserted 5 * 3 + 6 * 2 rows and failed 1 run in 4)
    # (lesson 7 has 4 steps: a tab resuming at step 3 sees only steps 3 and 4)
    seen = [(len(v.expected.steps), v.expected.drills) for v in visits]
    assert seen[:4] == [(3, 2)] * 4 and all(n in (2, 3) and d == 2 for n, d in seen[4:]), seen
    assert 5 * 3 + 6 * 2 <= expected_rows(visits) <= 5 * 3 + 6 * 2 + 1
    store = ProgressStore(url=url)
    assert lost_rows(store, visits) == 0
    assert store.items(twin)["drill/counter"].value == 4
