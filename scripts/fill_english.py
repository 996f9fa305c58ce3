"""Fill the English catalog from the msgids (the msgids are English), and write every catalog
back at the width the committed files use. Run by `make messages` after `pybabel update`.

English is a full catalog like the three others, so a test can check all four alike.
`pybabel update` wraps at 76 columns; rewriting all four at 100 (sorted, as extracted) keeps a
translator's diff to the entries that changed."""

from pathlib import Path

from babel.messages.pofile import read_po, write_po

LOCALES = Path(__file__).resolve().parent.parent / "locales"
WIDTH = 100


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def main() -> None:
    for lang in ("en", "es", "pt", "fr"):
        path = po_path(lang)
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        if lang == "en":
            for message in catalog:
                if not message.id:
                    continue
                message.string = message.id if isinstance(message.id, str) else tuple(message.id)
                message.flags.discard("fuzzy")
        with path.open("wb") as fh:
            write_po(fh, catalog, sort_output=True, width=WIDTH, ignore_obsolete=True)


if __name__ == "__main__":
    main()
