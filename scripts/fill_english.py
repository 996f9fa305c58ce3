"""Fill the English catalog from the msgids (the msgids are English), and write every catalog
back at the width the committed files use. Run by `make messages` after `pybabel update`.

English is a full catalog like the three others, so a test can check all four alike. An English
entry is filled from its msgid only when it is new, empty or fuzzy: a translation an English
editor chose on purpose (a plural form that agrees with another number than the count, say
"1 of 9 questions answered right.") is kept.
`pybabel update` wraps at 76 columns; rewriting all four at 100 (sorted, as extracted) keeps a
translator's diff to the entries that changed."""

from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.pofile import read_po, write_po

LOCALES = Path(__file__).resolve().parent.parent / "locales"
WIDTH = 100


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def needs_filling(message: Message) -> bool:
    """An English entry with no translation of its own yet (new, empty or fuzzy)."""
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return message.fuzzy or not all(strings)


def main(locales: Path = LOCALES) -> None:
    for lang in ("en", "es", "pt", "fr"):
        path = locales / lang / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        if lang == "en":
            for message in catalog:
                if not message.id or not needs_filling(message):
                    continue
                message.string = message.id if isinstance(message.id, str) else tuple(message.id)
                message.flags.discard("fuzzy")
        with path.open("wb") as fh:
            write_po(fh, catalog, sort_output=True, width=WIDTH, ignore_obsolete=True)


if __name__ == "__main__":
    main()
