"""Locales and catalogs: parsing, negotiation, complete catalogs, placeholders, .pot fresh."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutorial.engine.errors import Reason
from tutorial.explain import REASONS, explain_illegal
from tutorial.i18n import LANGS, LOCALES_DIR, get_translator, language_name, negotiate, parse_lang

ROOT = Path(__file__).resolve().parents[1]
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@pytest.mark.parametrize(
    "value,lang",
    [
        ("pt-BR", "pt"),
        ("FR_ca", "fr"),
        ("es", "es"),
        ("en-GB", "en"),
        ("de", None),
        ("../../etc", None),
        ("<script>", None),
        ("", None),
        (None, None),
        ("x" * 100, None),
    ],
)
def test_parse_lang(value: object, lang: str | None) -> None:
    assert parse_lang(value) == lang


def test_negotiate_accept_language() -> None:
    assert negotiate("de-DE,de;q=0.9,fr;q=0.8,en;q=0.5") == "fr"
    assert negotiate("pt-PT,pt;q=0.9") == "pt"
    assert negotiate("ja,zh") is None
    assert negotiate(None) is None


def test_language_names_come_from_babel() -> None:
    assert [language_name(x) for x in LANGS] == ["español", "português", "français", "English"]


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return read_po(fh, locale=lang)


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete_with_matching_placeholders(lang: str) -> None:
    cat = _catalog(lang)
    assert len([m for m in cat if m.id]) > 100
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert not m.fuzzy, (lang, ids[0])
        want = set(PLACEHOLDER.findall(" ".join(ids)))
        for s in strings:
            assert s, f"{lang}: empty translation of {ids[0]!r}"
            assert set(PLACEHOLDER.findall(s)) == want, (lang, ids[0], s)


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_compiles_and_plurals_follow_the_language(lang: str) -> None:
    t = get_translator(lang)
    one, many = t.n("{n} point", "{n} points", 1), t.n("{n} point", "{n} points", 5)
    assert "1" in one and "5" in many and one.replace("1", "") != many.replace("5", "")


def test_pot_is_up_to_date_with_the_code(tmp_path: Path) -> None:
    out = tmp_path / "fresh.pot"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            "-F",
            "pyproject.toml",
            "-k",
            "t",
            "-k",
            "n:1,2",
            "-k",
            "N_",
            "--no-location",
            "--sort-output",
            "-o",
            str(out),
            "tutorial",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with out.open("rb") as fh:
        fresh = {m.id for m in read_po(fh) if m.id}
    with (LOCALES_DIR / "messages.pot").open("rb") as fh:
        committed = {m.id for m in read_po(fh) if m.id}
    assert fresh == committed, ("run `make messages`", fresh ^ committed)


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_code_is_explained_in_every_language(lang: str) -> None:
    t = get_translator(lang)
    assert set(REASONS) == set(Reason)
    for reason in Reason:
        text = explain_illegal(
            t, {"reason": reason.value, "seat": "B", "card": "9C", "required": "H"}
        )
        assert text and "{" not in text, (lang, reason)
        if lang != "en":
            assert text != explain_illegal(
                get_translator("en"),
                {"reason": reason.value, "seat": "B", "card": "9C", "required": "H"},
            ), reason


# -- counts and plural forms (defect 14) ------------------------------------------------------
COUNT_NOUNS = {
    "en": r"points?|cards?|trumps?|questions?|steps?|tricks?|hands?",
    "es": r"puntos?|cartas?|triunfos?|preguntas?|pasos?|bazas?|manos?",
    "pt": r"pontos?|cartas?|trunfos?|perguntas?|passos?|vazas?|mãos?",
    "fr": r"points?|cartes?|atouts?|questions?|étapes?|plis?|donnes?",
}
NEVER_ONE: dict[str, tuple[str, ...]] = {
    # msgid → placeholders whose value is never 1 (so a plural noun after them is right)
    "{right} of {n} questions answered right.": ("n",),  # a lesson has at least 4 questions
    "{steps} of {n} steps, {right} of {m} questions": ("n", "m"),  # at least 4 of each
    "Total: A and C {ac}, B and D {bd}, all {total} points.": ("total",),  # 14, 23 or 26
}
"""Every exemption names why the count cannot be 1; anything else that puts a count noun
right after a placeholder must be a plural entry."""


def _count_before_noun(lang: str, text: str) -> set[str]:
    rx = re.compile(r"\{([a-z_]+)\}\s+(?:" + COUNT_NOUNS[lang] + r")\b", re.IGNORECASE)
    return set(rx.findall(text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_interpolated_count_goes_through_plural_forms(lang: str) -> None:
    """ "keeps 1 trumps", "1 questions sur 6": a singular entry may not put a count noun
    after a placeholder, in the msgid or in the translation."""
    bad = []
    for m in _catalog(lang):
        if not m.id or isinstance(m.id, tuple):
            continue
        counted = _count_before_noun("en", m.id) | _count_before_noun(lang, m.string)
        allowed = set(NEVER_ONE.get(m.id, ()))
        if counted - allowed:
            bad.append(f"{m.id!r} → {m.string!r}: {sorted(counted - allowed)}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_entry_has_all_plural_forms_of_its_language(lang: str) -> None:
    from babel.messages.plurals import get_plural

    cat = _catalog(lang)
    rule = get_plural("pt_PT" if lang == "pt" else lang)  # the Portuguese is European
    want = rule.num_plurals
    assert (cat.num_plurals, cat.plural_expr) == (want, rule.plural_expr), cat.plural_forms
    plurals = [m for m in cat if m.id and isinstance(m.id, tuple)]
    assert len(plurals) >= 5
    for m in plurals:
        assert len(m.string) == want and all(m.string), (lang, m.id[0], m.string)
        singular, plural = m.id
        n_one = set(PLACEHOLDER.findall(singular)) | set(PLACEHOLDER.findall(plural))
        for form in m.string:
            assert set(PLACEHOLDER.findall(form)) <= n_one, (lang, m.id[0], form)


CARDS = {  # n → the form a native speaker writes
    "en": {0: "0 cards", 1: "1 card", 2: "2 cards", 21: "21 cards"},
    "es": {0: "0 cartas", 1: "1 carta", 2: "2 cartas", 21: "21 cartas"},
    "pt": {0: "0 cartas", 1: "1 carta", 2: "2 cartas", 21: "21 cartas"},  # European: 0 is plural
    "fr": {0: "0 carte", 1: "1 carte", 2: "2 cartes", 21: "21 cartes"},  # French: 0 is singular
}


@pytest.mark.parametrize("lang", LANGS)
def test_plural_entries_read_right_for_any_count(lang: str) -> None:
    t = get_translator(lang)
    for n, want in CARDS[lang].items():
        assert t.n("{n} card", "{n} cards", n) == want, (lang, n)


def test_the_count_check_catches_a_singular_count() -> None:
    assert _count_before_noun("en", "{seat} keeps {n} trumps.") == {"n"}
    assert _count_before_noun("fr", "{right} questions sur {n} réussies.") == {"right"}
    assert _count_before_noun("es", "{seat} conserva {n} triunfos y {d} cartas.") == {"n", "d"}
    assert _count_before_noun("en", "{team} bid {bid}: they add {points}.") == set()


SOURCE_WORDS = re.compile(r"\b(profiles?|pagat|card games cafe|the documents?)\b", re.IGNORECASE)


def test_interface_text_names_no_source() -> None:
    """Issue 8: learner-facing text teaches the rules and does not name where they come from
    (the English interface showed a "Profile" selector on the rules page)."""
    with (LOCALES_DIR / "messages.pot").open("rb") as fh:
        catalog = read_po(fh)
    found = [
        m.id
        for m in catalog
        if m.id and any(SOURCE_WORDS.search(s) for s in ([m.id] if isinstance(m.id, str) else m.id))
    ]
    assert not found, found


def test_french_interface_keeps_its_signs_on_the_line() -> None:
    """Found by lessons-tester (fr, 320 px): 'Réessayez / : il n'y a…' — a plain space before
    : ; ? ! let a phone start a line with the sign. Every French interface text gets a
    narrow no-break space there when the catalog is loaded (the lessons' texts already did)."""
    import re

    from babel.messages.pofile import read_po

    from tutorial.i18n import LOCALES_DIR, get_translator

    t = get_translator("fr")
    with (LOCALES_DIR / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalog = read_po(fh, locale="fr")
    loose = re.compile(r"[ \u00a0][:;?!](?:\s|$)")
    checked = 0
    for message in catalog:
        if not isinstance(message.id, str) or not isinstance(message.string, str):
            continue
        if message.id and loose.search(message.string):
            checked += 1
            got = t(message.id)  # no values: the translation as loaded
            assert not loose.search(got), (message.id, got)
            assert "\u202f" in got, (message.id, got)
    assert checked >= 5, checked  # the catalog has such texts ('Points : …', ' ?')


@pytest.mark.parametrize("lang", LANGS)
def test_the_two_review_pages_are_not_near_twins(lang: str) -> None:
    """Issue 24: the sidebar said "Review my mistakes" (lesson questions) and "Retry your
    mistakes" (practice-table cards) — twins in every language. Their titles now share no
    word of four letters or more and read apart."""
    from difflib import SequenceMatcher

    t = get_translator(lang)
    app = (Path(__file__).parents[1] / "tutorial/ui/app.py").read_text(encoding="utf-8")
    titles = dict(re.findall(r'_page\("(\w+)"\),\s*title=t\("([^"]+)"\)', app))
    lessons, table = t(titles["mistakes"]), t(titles["retry"])  # as the sidebar draws them

    def words(s: str) -> set[str]:
        return {w for w in re.findall(r"\w+", s.lower()) if len(w) >= 4 and w not in MINE}

    assert not words(lessons) & words(table), (lessons, table)
    assert SequenceMatcher(None, lessons, table).ratio() < 0.5, (lessons, table)


MINE = {"minhas", "meus"}  # pt possessives: "Rever os meus erros" / "… das minhas partidas"
