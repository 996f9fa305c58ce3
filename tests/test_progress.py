import threading
from pathlib import Path

import pytest

from tutorial.progress import (
    ProgressStore,
    new_learner_code,
    parse_learner_code,
    question_item,
    step_item,
)


def test_learner_codes_are_valid_and_distinct() -> None:
    codes = {new_learner_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(parse_learner_code(c) == c for c in codes)


@pytest.mark.parametrize(
    "bad", ["", "abcd", "ABCD-EFGH0", "../../x", "abcd-efg1", None, 7, "'; DROP TABLE progress; --"]
)
def test_bad_learner_codes_are_refused(bad: object) -> None:
    assert parse_learner_code(bad) is None


def test_completion_is_sticky_and_values_update(tmp_path: Path) -> None:
    s = ProgressStore(tmp_path / "p.sqlite3")
    code = new_learner_code()
    item = question_item("l1", "q1")
    s.record(code, item, {"ok": True}, done=True)
    s.record(code, item, {"ok": False}, done=False)  # a later wrong answer
    got = s.items(code)[item]
    assert got.done is True and got.value == {"ok": False}


def test_reset_forgets_only_one_lesson(tmp_path: Path) -> None:
    s = ProgressStore(tmp_path / "p.sqlite3")
    code = new_learner_code()
    s.record(code, step_item("a", "s1"), True, done=True)
    s.record(code, step_item("ab", "s1"), True, done=True)
    assert s.reset(code, "lesson/a/") == 1
    assert list(s.items(code)) == [step_item("ab", "s1")]


def test_two_tabs_answering_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    code = new_learner_code()
    ProgressStore(path)
    errors: list[Exception] = []

    def tab(n: int) -> None:
        store = ProgressStore(path)  # each tab: its own connection per write
        try:
            for i in range(60):
                store.record(code, question_item("l", f"q{n}-{i}"), {"i": i}, done=True)
                store.record(code, question_item("l", "shared"), {"tab": n}, done=(i == 0))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=tab, args=(n,)) for n in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    items = ProgressStore(path).items(code)
    assert len(items) == 4 * 60 + 1
    assert items[question_item("l", "shared")].done  # earned once, never lost


def test_invalid_learner_or_item_never_reaches_sql(tmp_path: Path) -> None:
    s = ProgressStore(tmp_path / "p.sqlite3")
    with pytest.raises(ValueError):
        s.record("x' OR 1=1 --", "lesson/a/step/b")
    with pytest.raises(ValueError):
        s.record(new_learner_code(), "../../etc")
