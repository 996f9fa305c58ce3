"""Bad content never takes the app down, and lesson text never becomes HTML."""

import shutil
from pathlib import Path

import pytest
import yaml
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", copy)
    monkeypatch.setenv("CINCH_LESSONS_DIR", str(copy))
    return copy


def run(page: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    at.switch_page(f"tutorial/ui/pages/{page}.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_broken_lesson_is_shown_unavailable_and_the_rest_works(lessons: Path) -> None:
    path = lessons / "03-deal-and-bidding.yaml"
    data = yaml.safe_load(path.read_text())
    data["questions"][0]["answer"] = "no-such-option"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    home = run("home", lang="en")
    warnings = " ".join(w.value for w in home.warning).replace("\\", "")  # plain_md escapes
    assert "03-deal-and-bidding.yaml" in warnings and "questions[0].answer" in warnings
    links = [p.proto.label for p in home.get("page_link")]
    assert sum("Two Pedros" in x or "Trumps" in x for x in links) >= 2  # others still listed
    page = run("lesson", lang="en", lesson="deal-and-bidding")
    assert any("unavailable" in w.value for w in page.warning)
    other = run("lesson", lang="en", lesson="discard-and-refill")
    assert "Lesson 4" in other.title[0].value


def test_lesson_text_html_is_shown_as_text_never_rendered(lessons: Path) -> None:
    path = lessons / "01-two-pedros.yaml"
    data = yaml.safe_load(path.read_text())
    evil = '<script>alert("x")</script> <img src=x onerror=alert(1)> **bold**'
    data["intro"]["en"] = evil
    data["steps"][0]["text"]["en"] = evil
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    at = run("lesson", lang="en", lesson="two-pedros")
    bodies = [m for m in at.markdown if "alert" in m.value]
    assert len(bodies) >= 2
    for m in bodies:
        assert "<script>" not in m.value and "<img" not in m.value
        assert "&lt;script&gt;" in m.value and "&lt;img" in m.value
        assert not m.proto.allow_html  # Markdown with raw HTML disabled
