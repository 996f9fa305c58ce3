"""`make messages`' last step (scripts/fill_english.py) fills the English catalog from the msgids
without undoing what an English editor chose on purpose."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from tests.support.scripts import load_script


def _script() -> ModuleType:
    return load_script("scripts/fill_english.py")


def _write(locales: Path, lang: str, catalog: Catalog) -> Path:
    path = locales / lang / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as fh:
        write_po(fh, catalog)
    return path


def test_english_keeps_a_chosen_plural_and_fills_the_rest(tmp_path: Path) -> None:
    """Found by the pages tester: `make messages` turned 'en' msgstr[0] of
    '{n} of {total} question answered right.' back to the singular msgid (the noun agrees with
    the lesson's total), undoing a fix whose test then failed."""
    en = Catalog(locale="en")
    plural = ("{n} of {total} question answered right.", "{n} of {total} questions answered right.")
    chosen = (plural[1], plural[1])
    en.add(plural, chosen)
    en.add("New message.", "")
    en.add("Changed message.", "Old wording.", flags=["fuzzy"])
    en_path = _write(tmp_path, "en", en)
    for lang in ("es", "pt", "fr"):
        other = Catalog(locale=lang)
        other.add("New message.", "x")
        _write(tmp_path, lang, other)

    _script().main(tmp_path)

    with en_path.open("rb") as fh:
        got = read_po(fh, locale="en")
    assert tuple(got[plural[0]].string) == chosen  # kept, not the singular msgid
    assert got["New message."].string == "New message."  # filled
    assert got["Changed message."].string == "Changed message."  # fuzzy: filled again
    assert not got["Changed message."].fuzzy
