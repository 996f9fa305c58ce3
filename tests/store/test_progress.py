"""The progress store's promises, on both backends (SQLite and PostgreSQL): sticky
completion, one lesson's reset, concurrent writers losing nothing, input checked before it
reaches SQL. See ``conftest.py`` for the ``store`` fixtures."""

import threading

import pytest

from tests.store.conftest import MakeStore
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


def test_nothing_saved_yet_reads_as_empty(store: ProgressStore) -> None:
    assert store.items(new_learner_code()) == {}
    assert store.position(new_learner_code(), "l") is None


def test_completion_is_sticky_and_values_update(store: ProgressStore) -> None:
    code = new_learner_code()
    item = question_item("l1", "q1")
    store.record(code, item, {"ok": True}, done=True)
    store.record(code, item, {"ok": False}, done=False)  # a later wrong answer
    got = store.items(code)[item]
    assert got.done is True and got.value == {"ok": False}


def test_an_older_write_never_replaces_a_newer_one(store: ProgressStore) -> None:
    code = new_learner_code()
    store.record(code, "lesson/l/at", {"step": "new"}, at=200.0)
    store.record(code, "lesson/l/at", {"step": "old"}, at=100.0)  # a retry, arriving late
    assert store.items(code)["lesson/l/at"].value == {"step": "new"}


def test_reset_forgets_only_one_lesson(store: ProgressStore) -> None:
    code = new_learner_code()
    other = new_learner_code()
    store.record(code, step_item("a", "s1"), True, done=True)
    store.record(code, step_item("ab", "s1"), True, done=True)
    store.record(other, step_item("a", "s1"), True, done=True)
    assert store.reset(code, "lesson/a/") == 1
    assert list(store.items(code)) == [step_item("ab", "s1")]
    assert list(store.items(other)) == [step_item("a", "s1")]


def test_prefix_is_not_a_pattern(store: ProgressStore) -> None:
    code = new_learner_code()
    store.record(code, "lesson/a_b/at", 1)
    store.record(code, "lesson/axb/at", 2)
    assert list(store.items(code, "lesson/a_")) == ["lesson/a_b/at"]  # no LIKE wildcards


def test_two_tabs_answering_at_once_lose_nothing(make_store: MakeStore) -> None:
    code = new_learner_code()
    errors: list[Exception] = []

    def tab(n: int) -> None:
        store = make_store()  # each tab its own store object
        try:
            for i in range(40):
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
    items = make_store().items(code)
    assert len(items) == 4 * 40 + 1
    assert items[question_item("l", "shared")].done  # earned once, never lost


def test_invalid_learner_or_item_never_reaches_sql(store: ProgressStore) -> None:
    with pytest.raises(ValueError):
        store.record("x' OR 1=1 --", "lesson/a/step/b")
    with pytest.raises(ValueError):
        store.record(new_learner_code(), "../../etc")
    with pytest.raises(ValueError):
        store.update(new_learner_code(), ("lesson/a/at",), lambda cur: {"lesson/b/at": (1, False)})
    assert store.items(new_learner_code()) == {}
