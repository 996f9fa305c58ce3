"""Every message of the coach exists, translated, in the four catalogs."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from tutorial.coach import REASONS
from tutorial.coach.labels import LABEL_TEXT, LABELS
from tutorial.i18n import LANGS, LOCALES_DIR, get_translator

COMMAND = (
    "{moment}: you chose {action}, the best was {best}; expected cost {cost}, "
    "double-dummy cost {dd} — {label}",
    "Trick {n}",
    "Naming trump",
    "The bidding",
    "Discard and refill",
)


@pytest.mark.parametrize("lang", LANGS)
def test_every_coach_message_is_translated(lang: str) -> None:
    with (LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    wanted = [*REASONS.values(), *LABEL_TEXT.values(), *COMMAND]
    for msgid in wanted:
        m = catalog.get(msgid)
        assert m is not None, f"{lang}: {msgid!r} is not in the catalog (run make messages)"
        assert m.string and not m.fuzzy, f"{lang}: {msgid!r} is not translated"
    t = get_translator(lang)
    texts = [t(REASONS[code]) for code in REASONS]
    assert len(set(texts)) == len(REASONS)  # one message per reason
    if lang != "en":
        assert all(t(msg) != msg for msg in REASONS.values())
    assert set(LABEL_TEXT) == set(LABELS)


def test_pedro_names_follow_the_terms() -> None:
    t = {lang: get_translator(lang) for lang in LANGS}
    left = REASONS["left_pedro_fell"]
    assert "Left Pedro" in t["en"](left)
    assert "Pedro izquierdo" in t["es"](left)
    assert "Pedro esquerdo" in t["pt"](left)
    assert "Pedro gauche" in t["fr"](left)


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "62%"), ("pt", "62%"), ("es", "62\xa0%"), ("fr", "62\xa0%")]
)
def test_a_share_of_the_deals_is_written_as_the_language_writes_it(lang: str, said: str) -> None:
    """Failed before: every language got "62 %" with a plain space (the pattern "#,##0 %"),
    which English and Portuguese do not write and which a narrow screen broke between the
    number and its sign."""
    from tutorial.coach.reasons import why_text

    text = why_text("dealer_forced", {"bid": 7, "forced": 0.62, "pct": 0.62}, get_translator(lang))
    assert said in text, text
    assert "62 %" not in text, text
