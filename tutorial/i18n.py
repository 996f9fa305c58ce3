"""Locales and interface catalogs: the one module that parses languages and loads Babel
catalogs.

The four teaching languages are equal: every catalog must be complete (a test checks it).
A translation object is made per learner session (:func:`get_translator`), never installed
process-wide. Catalogs are read from ``locales/<ll>/LC_MESSAGES/messages.po`` and compiled in
memory, so there is no build step and no compiled file to forget.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path

from babel import Locale
from babel.core import negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LANGS: tuple[str, ...] = ("es", "pt", "fr", "en")
"""The teaching languages, in the order the picker shows them."""
DEFAULT_LANG = "en"
"""Used only when neither the URL nor the browser names one of the four languages."""
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
DOMAIN = "messages"

_LANG_RE = re.compile(r"^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*$")


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (translated later)."""
    return message


def parse_lang(value: object) -> str | None:
    """``"pt-BR"``, ``"pt_PT"``, ``"PT"`` → ``"pt"``; anything else (unknown language, junk,
    a path) → None. The result is always one of :data:`LANGS`."""
    if not isinstance(value, str) or len(value) > 35:
        return None
    m = _LANG_RE.match(value.strip())
    if not m:
        return None
    lang = m.group(1).lower()
    return lang if lang in LANGS else None


def negotiate(accept_language: str | None) -> str | None:
    """The best of :data:`LANGS` for an HTTP ``Accept-Language`` header, or None."""
    if not accept_language:
        return None
    prefs: list[tuple[float, str]] = []
    for i, part in enumerate(accept_language.split(",")[:20]):
        piece = part.strip().split(";")
        tag = piece[0].strip()
        q = 1.0
        for param in piece[1:]:
            if param.strip().startswith("q="):
                try:
                    q = float(param.strip()[2:])
                except ValueError:
                    q = 0.0
        if tag and q > 0:
            prefs.append((-q + i * 1e-6, tag.replace("-", "_")))
    wanted = [tag for _, tag in sorted(prefs)]
    found = negotiate_locale(wanted, list(LANGS), sep="_")
    return (
        parse_lang(found)
        if found
        else next((lang for lang in map(parse_lang, wanted) if lang), None)
    )


@cache
def language_name(lang: str) -> str:
    """The language's own name, from Babel's data: español, português, français, English."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name


# French sets a space before : ; ? ! — a no-break one, or a phone breaks the line there and
# the next line starts with the sign ("… au premier pli ; / qui a gagné les autres points /
# ? Réessayez"). The lessons and the French catalog are written with plain spaces; the
# narrow no-break space (U+202F) is put in when a lesson text is read or the catalog is
# loaded. Only a sign followed by a space, the end or a Markdown closer is touched.
_FR_SPACE = re.compile(r"[ \u00a0](?=[:;?!](?:\s|$|[*_)»]))")


def french_spacing(text: str) -> str:
    """``text`` with a narrow no-break space before its ``: ; ? !``."""
    return _FR_SPACE.sub("\u202f", text)


@cache
def _catalog(lang: str) -> Translations:
    po = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    if lang == "fr":  # the translations, not the values put into them
        for message in catalog:
            if message.id and isinstance(message.string, str):
                message.string = french_spacing(message.string)
            elif message.id and message.string:
                message.string = tuple(french_spacing(x) for x in message.string)
    buf = BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)


@dataclass(frozen=True)
class Translator:
    """Interface text in one language. ``t("Next")``, ``t.n("{n} point", "{n} points", 3)``;
    placeholders are named and filled with ``str.format``."""

    lang: str

    def __call__(self, message: str, **values: object) -> str:
        text = _catalog(self.lang).gettext(message)
        return text.format(**values) if values else text

    def n(self, singular: str, plural: str, n: int, **values: object) -> str:
        text = _catalog(self.lang).ngettext(singular, plural, n)
        return text.format(n=n, **values)

    @property
    def name(self) -> str:
        return language_name(self.lang)


def get_translator(lang: str) -> Translator:
    """A translator for one of :data:`LANGS` (a ValueError for anything else)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")
    return Translator(lang)
