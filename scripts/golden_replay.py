"""Refresh the golden replay of scenario files whose content changed on purpose (a lesson's
scenario rewritten): ``.venv/bin/python scripts/golden_replay.py lessons/scenarios/X.yaml``.

``tests/scenario/test_golden.py`` pins ``cinch replay --json``, the plain report and every
moment's frame of each scenario byte for byte; when a file's cards change, its entry is
captured again from today's code (the file's formatting kept), and the diff shows it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutorial.cli.report import run_file  # noqa: E402
from tutorial.scenario.files import summary  # noqa: E402

GOLDEN = ROOT / "tests" / "scenario" / "golden" / "replay.json"


def main(names: list[str]) -> int:
    raw = GOLDEN.read_text("utf-8")
    golden = json.loads(raw)
    for name in names:
        if name not in golden:
            print(f"{name}: not in the golden (a file added later has none)", file=sys.stderr)
            return 2
        report = run_file(ROOT / name, name)
        if report.replay is None or not report.ok:
            print(f"{name}: does not replay cleanly; fix it first", file=sys.stderr)
            return 1
        entry = {
            "json": json.dumps(report.as_json(), ensure_ascii=False),
            "frames": report.replay.frames,
            "text": f"ok     {name}: {summary(report.replay)}\n",
        }
        golden[name] = {k: entry[k] for k in golden[name]}
    GOLDEN.write_text(json.dumps(golden, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
