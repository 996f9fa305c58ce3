"""Hostile lesson files in the app (issue 9): only that lesson is unavailable, with its
reason shown as plain text; the rest works; the course is read once per version of the
lessons folder, not again for every new session; lesson text cannot load remote images."""

import re
import shutil
from pathlib import Path

import pytest
import yaml

import tutorial.lessons.course as course
from tests.lessons.test_hostile_lessons import HOSTILE, TARGET
from tests.ui.test_bad_content import run
from tutorial.ui.mdsafe import plain_md, safe_md

ROOT = Path(__file__).resolve().parents[2]
LESSON_ID = "left-pedro-is-not-a-diamond"


@pytest.fixture
def lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", copy)
    monkeypatch.setenv("CINCH_LESSONS_DIR", str(copy))
    return copy


@pytest.mark.parametrize(
    "name", ["alias-bomb", "profile-as-list", "odd-expect-keys", "huge-integer", "deep-nesting"]
)
def test_one_hostile_lesson_leaves_the_app_working(lessons: Path, name: str) -> None:
    data = HOSTILE[name]
    (lessons / TARGET).write_bytes(data.encode() if isinstance(data, str) else data)
    home = run("home", lang="en")
    assert not home.error
    said = " ".join(w.value for w in home.warning).replace("\\", "")
    assert f"lessons/{TARGET}" in said and "unavailable" in said
    page = run("lesson", lang="fr", lesson=LESSON_ID)
    assert not page.error
    notice = " ".join(w.value for w in page.warning)
    assert "pas disponible" in notice and "There is no such lesson" not in notice
    other = run("lesson", lang="pt", lesson="two-pedros")
    assert not other.error and other.title


def test_an_unreadable_lesson_says_unavailable_not_no_such_lesson(lessons: Path) -> None:
    (lessons / TARGET).write_bytes("\ufeffid: x".encode("utf-16"))  # nothing readable in it
    page = run("lesson", lang="en", lesson=LESSON_ID)
    notice = " ".join(w.value for w in page.warning)
    assert "This lesson is unavailable" in notice and "UTF-16" in notice
    assert not any("There is no such lesson" in i.value for i in page.info)


def test_the_course_is_read_once_per_version_of_its_files(
    lessons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (lessons / TARGET).write_bytes(HOSTILE["alias-bomb"].encode())  # type: ignore[union-attr]
    calls: list[int] = []
    real = course.load_course

    def counted(root: Path | None = None) -> object:
        calls.append(1)
        return real(root)

    monkeypatch.setattr(course, "load_course", counted)
    import tutorial.ui.session as session

    monkeypatch.setattr(session, "load_course", counted)
    for lang in ("en", "es", "pt"):  # three new sessions
        run("home", lang=lang)
    assert len(calls) == 1
    path = lessons / TARGET
    path.write_bytes((ROOT / "lessons" / TARGET).read_bytes())  # the file is fixed
    home = run("home", lang="en")
    assert len(calls) == 2
    assert not any(TARGET in w.value.replace("\\", "") for w in home.warning)


def test_problem_text_quoted_in_a_notice_is_plain_text(lessons: Path) -> None:
    path = lessons / TARGET
    data = yaml.safe_load(path.read_text())
    data["steps"][0]["![beacon](https://evil.example/x.png)"] = "x"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    page = run("lesson", lang="en", lesson=LESSON_ID)
    notice = " ".join(w.value for w in page.warning)
    assert "\\!\\[beacon\\](https://evil.example/x.png)" in notice  # escaped: never an image


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("see ![a beacon](https://evil.example/x.png) here", "see a beacon here"),
        ("![](http://x.example/p.gif)", ""),
        (
            "![ref image][r]\n\n[r]: https://evil.example/y.png",
            "!\\[ref image][r]\n\n[r]: https://evil.example/y.png",
        ),
        ("[click](data:text/html;base64,PHNjcmlwdD4=)", "click"),
        ("[x](javascript:alert(1))", "x"),
        ("[r]: data:image/png;base64,AAAA\n[ok](https://pagat.com)", "\n[ok](https://pagat.com)"),
        ("<img src=https://evil.example/z.png>", "&lt;img src=https://evil.example/z.png&gt;"),
    ],
)
def test_lesson_markdown_keeps_no_remote_image_or_data_link(text: str, shown: str) -> None:
    assert safe_md(text) == shown


def test_plain_md_escapes_every_markdown_construct() -> None:
    special = r"*_`\[\]!<>$|~&#\\"
    text = "a *b* _c_ `d` [e](f) ![g](h) <i> $j$ :red[k] # l | m ~n~ & \\ end"
    out = plain_md(text)
    assert re.fullmatch(rf"(?:\\[{special}]|[^{special}])*", out), out
    assert re.sub(r"\\(.)", r"\1", out) == text
