"""One term per concept per language: lessons, rules reference, glossary and catalogs use the
terms of docs/terms.md. The test reads the doc's **Checked** list, so the translators' page
and the test cannot drift apart."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from babel.messages.pofile import read_po

from tutorial.i18n import LANGS, LOCALES_DIR

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"^- `(es|pt|fr|en|all)` avoid `([^`]+)` → (.+)$")


def rules() -> list[tuple[str, re.Pattern[str], str]]:
    text = (ROOT / "docs" / "terms.md").read_text(encoding="utf-8")
    checked = text.split("## Checked", 1)[1]
    out = []
    for line in checked.splitlines():
        m = RULE.match(line)
        if m:
            out.append((m.group(1), re.compile(m.group(2), re.I), m.group(3)))
    return out


def _leaves(obj: Any, path: str) -> Iterator[tuple[str, dict[str, str]]]:
    if isinstance(obj, dict):
        if set(obj) == set(LANGS):
            yield path, obj
            return
        if obj.get("id") == "sources":  # the one place that names the sources
            return
        for k, v in obj.items():
            yield from _leaves(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _leaves(v, f"{path}[{i}]")


def lesson_texts() -> Iterator[tuple[str, str, str]]:
    """(where, language, text) for every learner-facing text of the content files."""
    for f in sorted((ROOT / "lessons").glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        for path, text in _leaves(data, f.name):
            for lang in LANGS:
                yield path, lang, text[lang]


def catalog_texts() -> Iterator[tuple[str, str, str]]:
    """Every catalog's texts: the es, pt and fr translations, and English (the code's
    msgids, which `make messages` copies into the English catalog)."""
    for lang in LANGS:
        with (LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
            for m in read_po(fh, locale=lang):
                if m.id:
                    strings = m.string if isinstance(m.string, tuple) else (m.string,)
                    for s in strings:
                        yield f"{lang} catalog {m.id!r}", lang, s


MARKUP = re.compile(r"\*+|(?<!\w)_+|_+(?!\w)")


def one_line(text: str) -> str:
    """A text as read: a line break in the YAML source is a space (``seguir\n el palo``),
    and emphasis markup is not part of the words (``el **bajo**`` reads ``el bajo``)."""
    return re.sub(r"\s+", " ", MARKUP.sub("", text))


def test_the_checked_list_covers_the_terms_the_issue_names() -> None:
    listed = {(lang, rx.pattern) for lang, rx, _ in rules()}
    assert len(listed) >= 15
    joined = " ".join(p for _, p in listed)
    needles = ("anunci", "licitaç", "enchère", "défauss", "fall", "punto (del? )?(triunfo )?bajo")
    for needle in (*needles, "AC|BD", "dupla", "en (62|51)"):
        assert needle in joined, needle


@pytest.mark.parametrize("source", ["lessons", "catalogs"])
def test_texts_use_the_chosen_terms(source: str) -> None:
    texts = lesson_texts() if source == "lessons" else catalog_texts()
    found = []
    checks = rules()
    for where, lang, text in texts:
        text = one_line(text)
        for rule_lang, rx, instead in checks:
            if rule_lang in (lang, "all"):
                m = rx.search(text)
                if m:
                    found.append(f"{where} [{lang}]: {m.group(0)!r} → {instead}")
    assert not found, "\n".join(found)


def test_a_text_with_an_avoided_term_is_caught() -> None:
    checks = rules()

    def caught(lang: str, text: str) -> bool:
        return any(rl in (lang, "all") and rx.search(one_line(text)) for rl, rx, _ in checks)

    assert caught("pt", "A–C anunciam 8.")
    assert caught("pt", "a licitação mais alta")
    assert caught("fr", "Une enchère de 9.")
    assert caught("fr", "B défausse le 5♠.")
    assert caught("es", "D falla por encima con el 5♦.")
    assert caught("es", "el punto bajo")
    assert caught("es", "puedes **seguir\n        el palo o fallar**")  # across a line break
    assert caught("es", "B puede seguir con 8♥ o 2♥") and caught("es", "D sigue con el 7♠.")
    assert caught("es", "serviría para seguir los diamantes")
    assert not caught("es", "La partida sigue con normalidad.")
    assert caught("en", "AC bid 7.")
    # issue 24: a team before a colon, bold markup inside a term (M9, M10), M11, M12
    assert caught("en", "BD: 5♥ + J♥ = 6. AC: A♥")
    assert caught("es", "BD: 5♥ (5) + J♥")
    assert caught("es", "- El **bajo** es el triunfo más bajo en juego")
    assert caught("es", "el punto de triunfo **bajo** (el 2 de triunfo)")
    assert caught("pt", "o ponto de trunfo **baixo** (o 2 de trunfo)")
    assert caught("pt", "O **baixo** é o trunfo mais baixo em jogo")
    assert caught("fr", "le point d’atout **bas** (le 2 d’atout)")
    assert caught("fr", "Le **bas** est le plus petit atout en jeu")
    assert caught("es", "el punto _bajo_")
    assert caught("pt", "conta para a dupla que o tinha")
    assert caught("fr", "concerne le jeu en 62.")
    assert caught("fr", "Le jeu en 51 sera vu à la leçon 8.")
    assert not caught("fr", "Cinch en 62 points ; le jeu à 51")
    assert not caught("es", "el **Low**, el punto del 2 de triunfo; el triunfo más bajo")
    assert caught("en", "Pagat's main profile")
    assert caught("en", "5♥, right Pedro: 5 for A–C")
    assert caught("en", "the left\n  Pedro is a trump")
    assert caught("en", "the right Pedros")
    assert not caught("en", "5♥, Right Pedro: 5 for A–C; the Left Pedro; High, Low")
    assert not caught("es", "el Pedro derecho y el Pedro izquierdo")
    assert not caught("en", "A–C bid 7; points {ac}.")
    assert not caught("fr", "B se défausse du 5♠ ; l’enchère est finie.")
    assert not caught("pt", "A–C licitam 8 e ganham a proposta.")
    # a bid is a proposta, never a wager (aposta): the noun and the verb forms
    assert caught("pt", "Uma **aposta** de 9 é derrotada.")
    assert caught("pt", "cada aposta que pode fazer") and caught("pt", "A–C apostam 8")
    assert caught("pt", "B–D apostaram 7") and caught("pt", "O dador apostou 7")
    assert not caught("pt", "Uma proposta de 9; a outra equipa cobre a proposta mais baixa.")
