"""A position of the play phase with every card visible: what the solver searches.

A :class:`Position` is a small immutable value: the four hands (52-bit masks, the engine's
card indices), the trick in progress, whether it is the first trick (piles), the capture
points each side has taken, the points already owned by holding (Low in ``pagat-62``) and
the capture value of every card. It is built from a :class:`~tutorial.engine.hand.Hand` in
the PLAY phase by :meth:`Position.from_hand`; the point table is the engine's
(:func:`~tutorial.engine.hand.point_table`), the follow rule the engine's
(:func:`~tutorial.engine.trick.legal_plays`) and the trick order the engine's
(``TRICK_KEY``). The pile rule (n − 6 cards beneath the top card on the first trick, no
scoring trump beneath while the hand has enough others) mirrors ``Hand.legal_mask`` and
``Hand.legal_beneath_mask``; a test pins :func:`pile_options` to ``Hand.play``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations

from tutorial.engine.cards import CODES, iter_bits
from tutorial.engine.errors import InvalidInput
from tutorial.engine.hand import SEATS, TEAMS, Hand, Phase, Play
from tutorial.engine.profiles import Profile
from tutorial.engine.trick import legal_plays
from tutorial.engine.trumps import EFFECTIVE_SUIT, TRICK_KEY

Action = tuple[int, tuple[int, ...]]
"""A play: the card (top of the pile) and the cards beneath it (empty but on trick 1)."""


def seat_order(leader: int, hands: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Seats that play a trick led by ``leader``, clockwise, skipping empty hands (as
    ``Hand._start_trick`` does; only short hands of the ``share`` refill are ever empty)."""
    return tuple(s for s in ((leader + i) & 3 for i in range(4)) if hands[s])


def first_leader(leader: int, hands: tuple[int, ...] | list[int]) -> int:
    while not hands[leader]:
        leader = (leader + 1) & 3
    return leader


def pile_tops(hand: int, legal: int, k: int, forbidden: int) -> int:
    """Cards that may top a pile of ``k`` beneath: the legal cards, but only a scoring trump
    when every other card is needed beneath (``Hand.legal_mask``)."""
    free = hand & ~forbidden
    if free.bit_count() == k:
        return legal & forbidden
    return legal


def pile_beneath(hand: int, top: int, k: int, forbidden: int) -> tuple[int, int]:
    """(must, may) for the cards beneath ``top``: ``must`` go beneath whatever happens,
    then ``k - |must|`` more are chosen from ``may``. Normally ``must`` is empty and ``may``
    the non-scoring cards; a hand with too few of them (variant tables) puts all of them
    beneath and fills the pile with scoring cards (``Hand._check_pile``)."""
    rest = hand & ~(1 << top)
    free = rest & ~forbidden
    if free.bit_count() >= k:
        return 0, free
    return free, rest & forbidden


def pile_options(hand: int, legal: int, k: int, forbidden: int) -> Iterator[Action]:
    """Every legal pile (top card, cards beneath in index order) of a hand of ``k + 6``
    cards whose legal top cards are ``legal``. Plain enumeration: the solver groups
    equivalent cards itself."""
    for top in iter_bits(pile_tops(hand, legal, k, forbidden)):
        must, may = pile_beneath(hand, top, k, forbidden)
        need = k - must.bit_count()
        for extra in combinations(list(iter_bits(may)), need):
            yield top, tuple(sorted((*iter_bits(must), *extra)))


@dataclass(frozen=True, slots=True)
class Position:
    """A play-phase position with all hands visible. Teams: 0 = AC, 1 = BD."""

    profile: Profile
    trump: int
    hands: tuple[int, int, int, int]
    leader: int
    """Seat that led (or leads) the current trick."""
    plays: tuple[Play, ...]
    """Plays of the current trick so far."""
    first_trick: bool
    taken: tuple[int, int]
    """Capture points each team took in the completed tricks."""
    held: tuple[int, int]
    """Points each team owns by holding (Low in ``pagat-62``)."""
    capture: tuple[int, ...]
    """Capture value of each card index (0 for cards that carry none)."""
    forbidden: int
    """Scoring trumps: they may not go beneath a pile."""

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def from_hand(cls, hand: Hand) -> Position:
        """The position of a hand in the PLAY phase (a copy: the hand is not changed)."""
        if hand.phase is not Phase.PLAY and not (hand.phase is Phase.DONE and hand.trump >= 0):
            raise InvalidInput(
                f"a position to solve needs a hand in the play phase, not {hand.phase.value}"
            )
        capture = [0] * 52
        for card, value in hand.capture_value.items():
            capture[card] = value
        held = [0, 0]
        start = hand.start_hands
        for _name, card, value, is_held in hand.point_cards:
            if is_held:
                team = 0 if (start[0] | start[2]) >> card & 1 else 1
                held[team] += value
        taken = tuple(sum(capture[c] for c in iter_bits(hand.captured[t])) for t in (0, 1))
        h = hand.hands
        return cls(
            hand.profile,
            hand.trump,
            (h[0], h[1], h[2], h[3]),
            hand.trick_leader if hand.phase is Phase.PLAY else hand.tricks[-1].winner,
            tuple(hand.trick_plays) if hand.phase is Phase.PLAY else (),
            not hand.tricks,
            (taken[0], taken[1]),
            (held[0], held[1]),
            tuple(capture),
            hand.beneath_forbidden,
        )

    # -- what the position is -------------------------------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        """Seats playing the current trick, in order (fixed when the trick began)."""
        if self.plays:
            before = list(self.hands)
            for p in self.plays:
                before[p.seat] |= _moved(p)
            return seat_order(self.leader, before)
        return seat_order(self.leader, self.hands)

    def is_over(self) -> bool:
        return not any(self.hands)

    @property
    def to_play(self) -> int:
        """The seat to play (raises if the hand is over)."""
        if self.is_over():
            raise InvalidInput("the hand is over: nobody is to play")
        return self.seats[len(self.plays)]

    @property
    def led(self) -> int:
        """Effective suit led to the current trick, or -1 before the lead."""
        return EFFECTIVE_SUIT[self.trump][self.plays[0].card] if self.plays else -1

    @property
    def trick_points(self) -> int:
        return sum(self.capture[c] for p in self.plays for c in (p.card, *p.beneath))

    @property
    def remaining(self) -> int:
        """Capture points not yet taken: in the hands and in the current trick."""
        in_hands = sum(self.capture[c] for h in self.hands for c in iter_bits(h))
        return in_hands + self.trick_points

    @property
    def total(self) -> int:
        """All points of the hand: taken, owned by holding, still to take."""
        return sum(self.taken) + sum(self.held) + self.remaining

    def pile_size(self) -> int:
        """Cards the seat to play must put beneath its top card (0 but on trick 1)."""
        if not self.first_trick:
            return 0
        return max(0, self.hands[self.to_play].bit_count() - 6)

    def legal_mask(self) -> int:
        """Cards the seat to play may play (as the top card of a pile)."""
        h = self.hands[self.to_play]
        m = legal_plays(h, self.trump, self.led)
        k = self.pile_size()
        return pile_tops(h, m, k, self.forbidden) if k else m

    def legal_actions(self) -> list[Action]:
        """Every legal (card, beneath) of the seat to play."""
        h = self.hands[self.to_play]
        k = self.pile_size()
        m = legal_plays(h, self.trump, self.led)
        if not k:
            return [(c, ()) for c in iter_bits(m)]
        return list(pile_options(h, m, k, self.forbidden))

    # -- playing --------------------------------------------------------------------------
    def apply(self, action: Action) -> Position:
        """The position after ``action`` (trusting: the action must be legal)."""
        card, beneath = action
        seat = self.to_play
        seats = self.seats
        play = Play(seat, card, tuple(beneath))
        hands = list(self.hands)
        hands[seat] &= ~_moved(play)
        plays = (*self.plays, play)
        h4 = (hands[0], hands[1], hands[2], hands[3])
        if len(plays) < len(seats):
            return replace(self, hands=h4, plays=plays)
        led = EFFECTIVE_SUIT[self.trump][plays[0].card]
        keys = TRICK_KEY[self.trump][led]
        winner = max(plays, key=lambda p: keys[p.card]).seat
        points = sum(self.capture[c] for p in plays for c in (p.card, *p.beneath))
        taken = list(self.taken)
        taken[winner & 1] += points
        leader = first_leader(winner, h4) if any(h4) else winner
        return replace(
            self,
            hands=h4,
            leader=leader,
            plays=(),
            first_trick=False,
            taken=(taken[0], taken[1]),
        )

    def describe(self) -> str:
        """One line per seat and the trick so far, for messages and debugging."""
        lines = [f"{SEATS[s]}: {' '.join(_codes(self.hands[s]))}" for s in range(4)]
        trick = " ".join(f"{SEATS[p.seat]}:{CODES[p.card]}" for p in self.plays)
        lines.append(
            f"trick: {trick or '-'}; taken {TEAMS[0]} {self.taken[0]}, {TEAMS[1]} {self.taken[1]}"
        )
        return "\n".join(lines)


def _moved(p: Play) -> int:
    m = 1 << p.card
    for c in p.beneath:
        m |= 1 << c
    return m


def _codes(mask: int) -> list[str]:
    return [CODES[c] for c in iter_bits(mask)]
