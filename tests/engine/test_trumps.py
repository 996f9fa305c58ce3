from tutorial.engine.cards import CODES, Suit, parse_index
from tutorial.engine.trumps import (
    LEFT_PEDRO,
    PLAIN_MASK,
    TRUMP_MASK,
    TRUMP_ORDER,
    beats,
    effective_suit,
    is_trump,
    trump_rank,
)


def c(code: str) -> int:
    return parse_index(code)


def test_trump_order_hearts_has_fourteen_cards_with_both_pedros_between_6_and_4() -> None:
    assert [CODES[x] for x in TRUMP_ORDER[Suit.HEARTS]] == [
        "AH",
        "KH",
        "QH",
        "JH",
        "TH",
        "9H",
        "8H",
        "7H",
        "6H",
        "5H",
        "5D",
        "4H",
        "3H",
        "2H",
    ]


def test_left_pedro_for_each_trump_suit() -> None:
    assert {s.letter: CODES[LEFT_PEDRO[s]] for s in Suit} == {
        "C": "5S",
        "D": "5H",
        "H": "5D",
        "S": "5C",
    }


def test_every_trump_suit_has_14_trumps_and_plain_suits_lose_the_moved_five() -> None:
    for t in Suit:
        assert TRUMP_MASK[t].bit_count() == 14
        other = t.same_colour
        assert PLAIN_MASK[t][other].bit_count() == 12
        assert not (PLAIN_MASK[t][other] >> LEFT_PEDRO[t]) & 1
        assert PLAIN_MASK[t][t] == 0


def test_left_pedro_belongs_to_the_trump_suit() -> None:
    assert effective_suit(c("5D"), Suit.HEARTS) is Suit.HEARTS
    assert is_trump(c("5D"), Suit.HEARTS)
    assert not is_trump(c("5D"), Suit.CLUBS)
    assert effective_suit(c("5D"), Suit.CLUBS) is Suit.DIAMONDS


def test_trump_rank_positions() -> None:
    assert trump_rank(c("AH"), Suit.HEARTS) == 1
    assert trump_rank(c("5H"), Suit.HEARTS) == 10
    assert trump_rank(c("5D"), Suit.HEARTS) == 11
    assert trump_rank(c("2H"), Suit.HEARTS) == 14
    assert trump_rank(c("KC"), Suit.HEARTS) is None


def test_any_trump_beats_any_plain_card_and_off_suit_never_wins() -> None:
    clubs = Suit.CLUBS
    assert beats(c("2H"), c("AC"), Suit.HEARTS, clubs)
    assert beats(c("2C"), c("AD"), Suit.HEARTS, clubs)  # diamond does not follow clubs
    assert not beats(c("AD"), c("2C"), Suit.HEARTS, clubs)
    assert beats(c("5H"), c("5D"), Suit.HEARTS, clubs)
    assert beats(c("5D"), c("4H"), Suit.HEARTS, clubs)
