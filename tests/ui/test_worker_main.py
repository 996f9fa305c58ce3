"""The bots' and the coach's worker processes start with multiprocessing's "spawn", which
imports the parent's main module — during a Streamlit run, ``streamlit_app.py`` — in every
worker under the name ``__mp_main__``. Before session 8 that ran the whole app in each worker,
in Streamlit's bare mode; when that failed (it did, with a page-not-found change that reads
``st.Page.url_path``), every worker died at start, the pool broke, and the practice table's
"expert" bots silently fell back to random cards in the server (found by the lead's
benchmark: no worker CPU while four tables played)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_worker_importing_the_app_script_does_not_run_the_app() -> None:
    code = (
        "import runpy, streamlit.runtime.scriptrunner as sr\n"
        "ran = []\n"
        "import tutorial.ui.app as app\n"
        "app.main = lambda: ran.append(1)\n"
        f"runpy.run_path({str(ROOT / 'streamlit_app.py')!r}, run_name='__mp_main__')\n"
        "print('ran' if ran else 'not run')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "not run"
