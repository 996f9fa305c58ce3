"""The lessons folder's version (``fingerprint``): every YAML file by name, time and size."""

from __future__ import annotations

import os
from pathlib import Path

from tutorial.lessons.course import fingerprint


def test_every_yaml_file_by_name_in_order_and_nothing_else(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_text("id: b\n")
    (tmp_path / "a.yml").write_text("id: a\n")
    (tmp_path / "notes.txt").write_text("not a lesson")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.yaml").write_text("id: c\n")
    fp = fingerprint(tmp_path)
    assert fp[0] == (str(tmp_path.resolve()), 0, 0)
    assert [name for name, _, _ in fp[1:]] == ["a.yml", "b.yaml", "sub/c.yaml"]
    assert fp[2][2] == len("id: b\n")


def test_a_changed_or_new_file_is_a_new_version(tmp_path: Path) -> None:
    lesson = tmp_path / "a.yaml"
    lesson.write_text("id: a\n")
    before = fingerprint(tmp_path)
    assert fingerprint(tmp_path) == before
    lesson.write_text("id: a\ntitle: longer\n")
    changed = fingerprint(tmp_path)
    assert changed != before
    (tmp_path / "deep" / "er").mkdir(parents=True)
    (tmp_path / "deep" / "er" / "x.yaml").write_text("id: x\n")
    assert fingerprint(tmp_path) != changed


def test_a_missing_folder_or_a_link_loop_does_not_raise_or_hang(tmp_path: Path) -> None:
    assert fingerprint(tmp_path / "absent") == ((str((tmp_path / "absent").resolve()), 0, 0),)
    (tmp_path / "a.yaml").write_text("id: a\n")
    os.symlink(tmp_path, tmp_path / "loop")  # a folder that contains itself
    assert [name for name, _, _ in fingerprint(tmp_path)[1:]] == ["a.yaml"]
