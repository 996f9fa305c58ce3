"""Quiz feedback must not repeat the verdict the page already shows.

The lesson page prints its own verdict before a question's feedback ("Right!" / "Not yet."
from the catalogs, in the learner's language), so a ``right`` or ``wrong`` text that opens
with a verdict of its own reads twice: "Right! Right. D sits opposite B", "¡Correcto!
Correcto.", "Not yet. No. …". Feedback starts with the reason instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tutorial.i18n import LANGS, get_translator
from tutorial.lessons.model import Lesson, Text

# Verdict words and phrases a feedback text may not open with, per language (lower case).
# The page's own words ("Right!", "Not yet.") are added from the catalogs.
VERDICTS: dict[str, tuple[str, ...]] = {
    "es": (
        "correcto",
        "incorrecto",
        "exacto",
        "exactamente",
        "sí",
        "muy bien",
        "bien visto",
        "bien",
        "eso es",
        "cierto",
        "perfecto",
        "no",
        "casi",
        "todavía no",
        "aún no",
        "no del todo",
        "no es eso",
        "no es así",
        "no es ese número",
        "no es esa cifra",
        "error",
    ),
    "pt": (
        "certo",
        "correto",
        "errado",
        "exato",
        "exatamente",
        "sim",
        "muito bem",
        "bem visto",
        "bem",
        "isso mesmo",
        "é isso",
        "perfeito",
        "não",
        "quase",
        "ainda não",
        "não exatamente",
        "não é bem isso",
        "não é isso",
        "não é assim",
        "não é esse número",
    ),
    "fr": (
        "juste",
        "exact",
        "exactement",
        "oui",
        "très bien",
        "bien vu",
        "bien",
        "c’est cela",
        "c’est ça",
        "c’est bien",
        "bonne réponse",
        "parfait",
        "bravo",
        "non",
        "presque",
        "pas encore",
        "pas tout à fait",
        "ce n’est pas cela",
        "ce n’est pas ça",
        "ce n’est pas ce nombre",
        "faux",
        "raté",
    ),
    "en": (
        "right",
        "correct",
        "incorrect",
        "exactly",
        "yes",
        "well done",
        "well spotted",
        "good",
        "that’s it",
        "quite right",
        "perfect",
        "no",
        "not yet",
        "not quite",
        "close",
        "nearly",
        "not so",
        "that’s not it",
        "not that one",
        "not that number",
        "wrong",
    ),
}
PAGE_VERDICTS = ("Right!", "Not yet.")
"""The catalog messages the lesson page prints before ``right`` / ``wrong`` feedback."""

_END = re.compile(r"[\s¡¿\"“”«»*_]*$")


def _norm(text: str) -> str:
    return text.replace("'", "’").strip().lower()


def verdicts(lang: str) -> tuple[str, ...]:
    """Every verdict opener of ``lang``: the list above and the page's own words."""
    t = get_translator(lang)
    page = tuple(_norm(t(m)).strip(" .!¡") for m in PAGE_VERDICTS)
    return tuple(sorted({*VERDICTS[lang], *page}, key=len, reverse=True))


def opening_verdict(text: str, lang: str) -> str | None:
    """The verdict ``text`` opens with (a listed word or phrase followed by punctuation or
    the end of the text), or None."""
    body = _norm(text).lstrip(' ¡¿"“«*_')
    for v in verdicts(lang):
        if body.startswith(v):
            rest = body[len(v) :]
            if rest and rest[0].isalnum():
                continue  # a longer word: "correctly", "bienvenue"
            rest = rest.lstrip(" \u00a0\u202f")
            if not rest or _END.match(rest) or rest[0] in ".,;:!?…—–":
                return v
    return None


def feedback_problems(lesson: Lesson) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(key path, message) for every question feedback that opens with a verdict."""
    for path, key, text in _feedback_texts(lesson):
        for lang in LANGS:
            v = opening_verdict(text.get(lang), lang)
            if v is not None:
                page = get_translator(lang)(PAGE_VERDICTS[key == "wrong"])
                yield (
                    (*path, lang),
                    f"feedback opens with the verdict {v!r}, but the page already says "
                    f"{page!r} before it: start with the reason",
                )


def _feedback_texts(lesson: Lesson) -> Iterator[tuple[tuple[str | int, ...], str, Text]]:
    """Every feedback text with its key path and the verdict the page prints before it:
    ``right``/``wrong``, per-option and per-card feedback (wrong), your-move feedback (wrong)."""
    for i, q in enumerate(lesson.questions):
        yield ("questions", i, "right"), "right", q.right
        yield ("questions", i, "wrong"), "wrong", q.wrong
        for j, o in enumerate(q.options):
            if o.feedback is not None:
                yield ("questions", i, "options", j, "feedback"), "wrong", o.feedback
        for card, text in q.card_feedback.items():
            yield ("questions", i, "feedback", card), "wrong", text
    for i, step in enumerate(lesson.steps):
        for j, n in enumerate(step.narration):
            if n.your_move is not None:
                for card, text in n.your_move.feedback.items():
                    path = ("steps", i, "narration", j, "your_move", "feedback", card)
                    yield path, "wrong", text
