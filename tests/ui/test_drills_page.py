"""AppTest: a drill session in each language: right, wrong, explanation, next puzzle."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutorial.drills.kinds import KINDS, generate
from tutorial.drills.model import TableShow
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
        assert isinstance(p.show, TableShow)
        pick = [c.code for c in p.show.pick]
        wrong = [c for c in pick if c not in p.answer][:1] or list(p.answer)[:-1]
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
    assert at.session_state["drill_result"].ok is False
    at.toggle(key=f"expl:drill:{kind}:2:41").set_value(True)
    at.run()
    p = generate(kind, 41, 2)
    assert len([m for m in at.markdown if m.value.startswith(("1. ", "2. "))]) >= 2
    assert len(p.explanation) >= 2
    answer(at, kind, 2, 41, right=True)
    assert at.session_state["drill_result"].ok is True
    assert at.success
    at.button(key="drill_next").click()
    at.run()
    assert not at.exception
    assert at.session_state["drill"] != (kind, 2, 41)


def test_bad_drill_url_falls_back_with_a_note() -> None:
    at = open_drills(lang="en", kind="../../etc", seed="x")
    assert any("not valid" in i.value for i in at.info)
    assert at.session_state["drill"][0] in KINDS


def _url(at: AppTest) -> tuple[str, str, str]:
    def one(v: object) -> str:
        return str(v[0] if isinstance(v, list) else v)

    return tuple(one(at.query_params[k]) for k in ("kind", "difficulty", "seed"))  # type: ignore[return-value]


def test_changing_kind_or_difficulty_changes_the_puzzle_and_the_url() -> None:
    """Issue 8, defect 6: the puzzle changed only on "Next puzzle", and the URL stayed."""
    at = open_drills(lang="en", kind="trick-winner", difficulty="1", seed="5")
    assert at.session_state["drill"] == ("trick-winner", 1, 5)
    at.selectbox(key="drill_mode").set_value("refill")
    at.run()
    assert not at.exception
    kind, d, seed = at.session_state["drill"]
    assert (kind, d) == ("refill", 1)
    assert _url(at) == ("refill", "1", str(seed))
    assert any("How many cards from the stock" in m.value for m in at.markdown)
    at.selectbox(key="drill_level").set_value(3)
    at.run()
    assert not at.exception
    kind, d, seed = at.session_state["drill"]
    assert (kind, d) == ("refill", 3)
    assert _url(at) == ("refill", "3", str(seed))


def test_a_link_without_difficulty_keeps_its_seed() -> None:
    """``?kind=..&seed=..`` used to discard the seed silently: it is the easy puzzle."""
    at = open_drills(lang="en", kind="refill", seed="77")
    assert at.session_state["drill"] == ("refill", 1, 77)
    assert _url(at) == ("refill", "1", "77")
    assert not at.info


def test_a_seed_without_a_kind_says_the_link_is_not_valid() -> None:
    at = open_drills(lang="en", seed="77")
    assert any("not valid" in i.value for i in at.info)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hard_hand_points_drill_names_its_game(lang: str) -> None:
    """Issue 8, defect 4: nothing on the puzzle said it was the 51-point game."""
    at = open_drills(lang=lang, kind="hand-points", difficulty="3", seed="5")
    texts = " ".join([*(i.value for i in at.info), *(h.value for h in at.subheader)])
    assert "51" in texts, texts
    easy = open_drills(lang=lang, kind="hand-points", difficulty="1", seed="5")
    assert not any("51" in i.value for i in easy.info)


def test_a_refill_drill_shows_the_stock() -> None:
    """Issue 8, defect 5: the dealer's count depends on the stock, which was not shown."""
    at = open_drills(lang="es", kind="refill", difficulty="1", seed="67")
    html = " ".join(m.value for m in at.markdown)
    assert "El mazo, de arriba abajo:" in html
    assert html.count('role="img"') >= 36 + 16


def test_explanation_links_are_distinct_and_name_their_step() -> None:
    """Issue 8, defect 16 on the drills page: up to 8 identical link texts in one
    explanation."""
    at = open_drills(lang="pt", kind="refill", difficulty="3", seed="2")
    answer(at, "refill", 3, 2, right=True)
    links = [x for x in at.get("page_link") if x.proto.help == "A regra, na sua lição"]
    labels = [x.label for x in links]
    assert len(labels) >= 3
    assert len(labels) == len(set(labels)), labels
    assert any("monte" in label or "Descart" in label for label in labels), labels


def test_mixed_drills_bring_every_kind_back_even_when_skipped() -> None:
    """Issue 8, defect 18, on the page: "Next puzzle" without answering used to bring the
    same kind back every time."""
    at = open_drills(lang="en")
    at.selectbox(key="drill_mode").set_value("mixed")
    at.run()
    kinds = [at.session_state["drill"][0]]
    for _ in range(2 * len(KINDS) - 1):
        at.button(key="drill_next").click()
        at.run()
        assert not at.exception
        kinds.append(at.session_state["drill"][0])
    assert set(kinds) == set(KINDS), kinds


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["trick-winner", "legal-plays"])
def test_drill_table_marks_the_leader_and_explains_the_marks(lang: str, kind: str) -> None:
    """Issue 8, defects 7 and 17 on the drills page: the drill table is drawn like a lesson
    moment (the leader marked, the seat panels filled) and carries the legend, translated."""
    from tutorial.i18n import get_translator

    tr = get_translator(lang)
    at = open_drills(lang=lang, kind=kind, difficulty="1", seed="7")
    html = "".join(m.value for m in at.markdown)
    p = generate(kind, 7, 1)
    assert "cc-lead" in html, "the leader's seat is not marked"
    assert tr("band: a trump") in html
    assert tr("dashed edge: partners B and D") in html
    if isinstance(p.show, TableShow) and p.show.table.trick:
        assert tr("led") in html


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_your_practice_is_a_list_that_wraps_on_a_phone(lang: str) -> None:
    """Failed before: "Your practice" was a six-column table (st.dataframe, a canvas that
    cannot wrap), which on a 360 px phone scrolled sideways, hiding the next review. Now a
    line a kind and difficulty: every figure and its label in the learner's language."""
    from babel.numbers import format_percent

    from tutorial.drills.render import KIND_NAMES
    from tutorial.i18n import get_translator

    tr = get_translator(lang)
    kind = KINDS[0]
    at = open_drills(lang=lang, kind=kind, difficulty="1", seed="7")
    answer(at, kind, 1, 7, right=True)
    assert not at.dataframe
    lines = [m.value for m in at.markdown if tr(KIND_NAMES[kind]) in m.value]
    practice = [v for v in lines if tr("Accuracy") in v]
    assert len(practice) == 1, lines
    line = practice[0]
    for label in ("Accuracy", "Streak", "Attempts", "Next review"):
        assert tr(label) in line, (label, line)
    assert tr("{label}: {value}", label=tr("Streak"), value="1") in line, line
    hundred = format_percent(1.0, locale=lang)  # "100\xa0%" in French, "100%" in pt
    assert tr("{label}: {value}", label=tr("Accuracy"), value=hundred) in line, line
