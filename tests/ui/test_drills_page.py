"""AppTest: a drill session in each language: right, wrong, explanation, next puzzle."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutorial.drills.kinds import KINDS, generate
from tutorial.i18n import LANGS

ROOT = Path(__file__).resolve().parents[2]


def open_drills(**params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("tutorial/ui/pages/drills.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def answer(at: AppTest, kind: str, d: int, seed: int, right: bool) -> None:
    p = generate(kind, seed, d)
    base = f"drill:{kind}:{d}:{seed}"
    if p.answer_type == "cards":
        wrong = [c for c in p.show["pick"] if c not in p.answer][:1] or list(p.answer)[:-1]
        at.pills(key=f"ans:{base}").set_value(list(p.answer) if right else wrong)
    elif p.answer_type == "team_numbers":
        at.number_input(key=f"ac:{base}").set_value(p.answer[0] + (0 if right else 1))
        at.number_input(key=f"bd:{base}").set_value(p.answer[1])
    elif p.answer_type == "seat_numbers":
        for i, seat in enumerate("ABCD"):
            v = p.answer[i] + (1 if (not right and i == 0) else 0)
            at.number_input(key=f"{seat}:{base}").set_value(v)
    else:
        at.radio(key=f"ans:{base}").set_value(
            p.answer if right else next(o for o in p.options if o != p.answer)
        )
    next(b for b in at.button if b.proto.form_id == "drill_form").click()
    at.run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize(
    "lang,kind", [*zip(LANGS, KINDS[:4], strict=True), ("es", KINDS[4]), ("fr", KINDS[5])]
)
def test_drill_session_right_wrong_explanation_next(lang: str, kind: str) -> None:
    at = open_drills(lang=lang, kind=kind, difficulty="2", seed="41")
    assert at.query_params["seed"] in ("41", ["41"])
    answer(at, kind, 2, 41, right=False)
    assert at.session_state["drill_result"]["ok"] is False
    at.toggle(key=f"expl:drill:{kind}:2:41").set_value(True)
    at.run()
    p = generate(kind, 41, 2)
    assert len([m for m in at.markdown if m.value.startswith(("1. ", "2. "))]) >= 2
    assert len(p.explanation) >= 2
    answer(at, kind, 2, 41, right=True)
    assert at.session_state["drill_result"]["ok"] is True
    assert at.success
    at.button(key="drill_next").click()
    at.run()
    assert not at.exception
    assert at.session_state["drill"] != (kind, 2, 41)


def test_bad_drill_url_falls_back_with_a_note() -> None:
    at = open_drills(lang="en", kind="../../etc", seed="x")
    assert any("not valid" in i.value for i in at.info)
    assert at.session_state["drill"][0] in KINDS
