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
