import pytest

from tutorial.engine.cards import CARDS, Card, Suit, mask_codes, mask_of, parse_cards, parse_index
from tutorial.engine.errors import InvalidInput


def test_every_card_parses_back_from_its_code() -> None:
    for card in CARDS:
        assert Card.parse(card.code) == card


def test_repr_can_be_pasted_back() -> None:
    card = Card.parse("TH")
    assert repr(card) == "Card.parse('TH')"
    assert eval(repr(card)) == card  # pasting the repr back is the point


@pytest.mark.parametrize("text", ["10H", "10♥", "th", "T♥", " TH "])
def test_ten_of_hearts_accepts_every_notation(text: str) -> None:
    assert Card.parse(text).code == "TH"


def test_five_of_diamonds_with_symbol() -> None:
    assert Card.parse("5♦").code == "5D"
    assert Card.parse("5D").pretty == "5♦"
    assert Card.parse("TH").pretty == "10♥"


@pytest.mark.parametrize("text", ["", "5", "5X", "1H", "11H", "ZZ", "HH", "10"])
def test_unknown_cards_are_invalid_input(text: str) -> None:
    with pytest.raises(InvalidInput, match=r"unknown card|expected"):
        Card.parse(text)


def test_duplicate_card_in_a_list_is_invalid_input() -> None:
    with pytest.raises(InvalidInput, match="duplicate card 5D"):
        parse_cards(["5D", "KC", "5♦"])


def test_suit_colours_pair_clubs_spades_and_diamonds_hearts() -> None:
    assert Suit.CLUBS.same_colour is Suit.SPADES
    assert Suit.SPADES.same_colour is Suit.CLUBS
    assert Suit.DIAMONDS.same_colour is Suit.HEARTS
    assert Suit.HEARTS.same_colour is Suit.DIAMONDS


def test_mask_codes_lists_by_suit_then_high_rank_first() -> None:
    m = mask_of(parse_index(c) for c in ["2C", "AC", "5D", "KS"])
    assert mask_codes(m) == ["AC", "2C", "5D", "KS"]


def test_card_index_outside_the_pack_is_invalid() -> None:
    with pytest.raises(InvalidInput):
        Card(52)
