"""Benchmark: lesson-page interaction speed.

* server: the time of one rerun of a lesson page (the script run that follows a click on
  the scenario stepper), measured with Streamlit's AppTest, which runs the page script
  in-process exactly as the server does;
* browser: the time from a click on "Forward" to the updated page in Debian's chromium,
  driven by playwright against ``streamlit run`` on localhost.

Run: ``.venv/bin/python benchmarks/bench_ui.py`` (the browser part needs /usr/bin/chromium).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from tutorial.devserver import CHROMIUM_ARGS, running_app

ROOT = Path(__file__).resolve().parents[1]
LESSON = "play-and-surplus-trumps"
STEP = "the-open-pile"


def server_rerun_ms(n: int = 30) -> list[float]:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.query_params.update({"lang": "fr", "lesson": LESSON, "step": STEP})
    at.run()
    at.switch_page("tutorial/ui/pages/lesson.py")
    at.run()
    times = []
    key = f"nf:frame:{LESSON}:{STEP}"
    for i in range(n):
        if at.button(key=key).disabled:
            at.session_state[f"frame:{LESSON}:{STEP}"] = 0
        start = time.perf_counter()
        at.button(key=key).click()
        at.run()
        times.append((time.perf_counter() - start) * 1000)
        assert not at.exception, at.exception
        _ = i
    return times


def browser_click_ms(n: int = 15) -> list[float]:
    from playwright.sync_api import sync_playwright

    with running_app(Path(tempfile.mkdtemp()) / "p.sqlite3") as url:
        with sync_playwright() as p:
            b = p.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=CHROMIUM_ARGS,
            )
            page = b.new_page(viewport={"width": 1200, "height": 1600})
            page.goto(f"{url}/lesson?lang=en&lesson={LESSON}&step={STEP}")
            page.wait_for_selector("svg.cc-card", timeout=60_000)
            time.sleep(1)
            times = []
            for _ in range(n):
                caption = page.get_by_text("Moment ", exact=False).first.inner_text()
                button = page.get_by_role("button", name="Forward ▶")
                start = time.perf_counter()
                button.click()
                page.wait_for_function(
                    "(old) => [...document.querySelectorAll('p')].some(p => "
                    "p.innerText.startsWith('Moment ') && p.innerText !== old)",
                    arg=caption,
                )
                times.append((time.perf_counter() - start) * 1000)
                time.sleep(0.3)
            b.close()
        return times


def report(name: str, ms: list[float]) -> None:
    print(
        f"{name:34} median {statistics.median(ms):7.1f} ms   "
        f"p90 {sorted(ms)[int(len(ms) * 0.9) - 1]:7.1f} ms   (n={len(ms)})"
    )


if __name__ == "__main__":
    report("server: one lesson-page rerun", server_rerun_ms())
    if Path("/usr/bin/chromium").exists():
        report("browser: click → updated page", browser_click_ms())
    else:
        print("browser: skipped (no /usr/bin/chromium)")
