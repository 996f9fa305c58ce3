"""Fill the English catalog from the msgids (the msgids are English). Run by `make messages`.

English is a full catalog like the three others, so a test can check all four alike."""

from pathlib import Path

from babel.messages.pofile import read_po, write_po

PO = Path(__file__).resolve().parent.parent / "locales" / "en" / "LC_MESSAGES" / "messages.po"


def main() -> None:
    with PO.open("rb") as fh:
        catalog = read_po(fh, locale="en")
    for message in catalog:
        if not message.id:
            continue
        message.string = message.id if isinstance(message.id, str) else tuple(message.id)
        message.flags.discard("fuzzy")
    with PO.open("wb") as fh:
        write_po(fh, catalog, sort_output=True, width=100, ignore_obsolete=True)


if __name__ == "__main__":
    main()
