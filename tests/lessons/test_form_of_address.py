"""One form of address in Portuguese: the learner is *você* (third person: "a sua vez", "o seu
lado", "escolha", "pode") in every pt text — catalog, lessons, glossary, rules reference. The
coach's messages once said *tu* ("a tua equipa", "podes", "viste", "Senta-te") beside a
catalog that says *você* everywhere else; this test keeps the two from mixing again."""

from __future__ import annotations

import re

from tests.lessons.test_terms import catalog_texts, lesson_texts, one_line

# Second-person-singular (tu) words, as whole words: the possessives and pronouns, an enclitic
# or mesoclitic -te ("senta-te", "dar-te-ei"), and verb forms that can only be tu. Words that
# merely contain the letters ("atua", "continua", "tutor", "estatuto", "Sente-se") do not match.
TU = re.compile(
    r"(?<![\w-])(tu|ti|teu|teus|tua|tuas|contigo)(?![\w-])"
    r"|(?<=\w)-te(?![\w])"
    r"|(?<![\w-])(podes|tens|queres|sabes|vês|viste|tinhas|ficas|manténs|estás|fazes|jogas"
    r"|escolhes|perdes|deves)(?![\w-])",
    re.IGNORECASE,
)


def tu_forms(text: str) -> list[str]:
    return [m.group(0) for m in TU.finditer(one_line(text))]


def test_portuguese_texts_address_the_learner_as_voce() -> None:
    found = [
        f"{where}: {words} in {text!r}"
        for texts in (catalog_texts(), lesson_texts())
        for where, lang, text in texts
        if lang == "pt" and (words := tu_forms(text))
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_tu_forms_and_nothing_else() -> None:
    assert tu_forms("O conselheiro jogou a tua mão com as **tuas** cartas.") == ["tua", "tuas"]
    assert tu_forms("Com o 5♥ ficas com a aposta; o Pedro é teu.") == ["ficas", "teu"]
    assert tu_forms("com o que viste; o que tinhas visto; podes fazer") == [
        "viste",
        "tinhas",
        "podes",
    ]
    assert tu_forms("Senta-te a uma mesa; joga contigo; {name} (tu)") == ["-te", "contigo", "tu"]
    assert tu_forms("Teus pontos") == ["Teus"]
    clean = (
        "O tutor atua e a partida continua. Sente-se a uma mesa; a sua equipa pode fazer "
        "o que viu, e as vazas ganhas contam. O estatuto da parte; tente outra vez. "
        "{seat} · você. Nas vossas vazas, o Pedro fica a salvo."
    )
    assert tu_forms(clean) == []
