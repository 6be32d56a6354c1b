"""The final showdown: each player's best poker hand from the trick cards they won."""

from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.words import PLACE_WORDS, amount
from referee.games.faj.deck import SYMBOLS, short, trick_card, trick_parts
from referee.games.faj.poker import HAND_CARDS, TWO_TO_TEN, Hand, rank_name


@dataclass(frozen=True)
class Standing:
    place: int  # 1-based; shared places repeat
    seat: int
    hand: Hand
    cards_won: int

    @property
    def cards_text(self) -> str:
        return " ".join(short(trick_card(r, s)) for r, s in self.hand.cards) or "none"


def best_hand(won: Sequence[str]) -> Hand:
    return TWO_TO_TEN.best(trick_parts(c) for c in won)


def standings(won: Sequence[Sequence[str]], more_cards_breaks_ties: bool) -> list[Standing]:
    hands = [(best_hand(pile), len(pile), seat) for seat, pile in enumerate(won)]

    def strength(entry: tuple[Hand, int, int]) -> tuple[int, ...]:
        hand, cards, _ = entry
        return (hand.key, cards) if more_cards_breaks_ties else (hand.key,)

    hands.sort(key=strength, reverse=True)
    result, place = [], 0
    for i, entry in enumerate(hands):
        if i == 0 or strength(entry) != strength(hands[i - 1]):
            place = i + 1
        result.append(Standing(place, entry[2], entry[0], entry[1]))
    return result


def decided(ranked: Sequence[Standing], more_cards_breaks_ties: bool) -> tuple[str, ...]:
    """Per seat, what placed it: its hand in words, and what set it apart from a hand of
    the same ranks (the suits; or the cards won, where more cards break ties)."""
    said = {}
    for st in ranked:
        text = st.hand.describe()
        alike = [
            o
            for o in ranked
            if o is not st and (o.hand.category, o.hand.ranks) == (st.hand.category, st.hand.ranks)
        ]
        if any(o.hand.key != st.hand.key for o in alike):
            suits = sorted((s for _, s in st.hand.cards), reverse=True)
            text += f", suits {' '.join(SYMBOLS[s] for s in suits)}"
        elif more_cards_breaks_ties and any(o.cards_won != st.cards_won for o in alike):
            text += f", {amount(st.cards_won, 'cards won')}"
        said[st.seat] = text
    return tuple(said[seat] for seat in range(len(ranked)))


def compare(a: Standing, b: Standing, names: Sequence[str], tie_ruling: str) -> tuple[str, str]:
    """Why `a` places above (or level with) `b`, and the ruling that decided it."""
    na, nb = names[a.seat], names[b.seat]
    ha, hb = a.hand, b.hand
    if ha.category != hb.category:
        if hb.category < 0:
            return f"{na} beats {nb}, who won no cards.", "FAJ-SHORT-HAND"
        return (f"{na}'s {ha.category_name} beats {nb}'s {hb.category_name}.", "FAJ-HANDS")
    if ha.ranks != hb.ranks:
        ra = "-".join(rank_name(r) if r else "none" for r in ha.ranks)
        rb = "-".join(rank_name(r) if r else "none" for r in hb.ranks)
        short = min(len(ha.cards), len(hb.cards)) < HAND_CARDS
        ruling = "FAJ-SHORT-HAND" if short else "FAJ-HANDS"
        # A short hand's missing kickers count lowest, as "none".
        width = max(len(ha.ranks), len(hb.ranks))
        pa, pb = (tuple(h.ranks) + (0,) * (width - len(h.ranks)) for h in (ha, hb))
        i = next(i for i in range(width) if pa[i] != pb[i])
        where = "the deciding rank" if i == 0 else f"the {PLACE_WORDS[i]} rank that counts"
        first, second = (rank_name(r) if r else "none" for r in (pa[i], pb[i]))
        return (
            f"Both have {ha.category_name}; {na} wins on {where}, {first} against {second} "
            f"(ranks in the order they count: {ra} against {rb}).",
            ruling,
        )
    sa = sorted((s for _, s in ha.cards), reverse=True)
    sb = sorted((s for _, s in hb.cards), reverse=True)
    if sa != sb or len(ha.cards) != len(hb.cards):
        la = " ".join(SYMBOLS[s] for s in sa)
        lb = " ".join(SYMBOLS[s] for s in sb)
        return (
            f"{na} and {nb} have equal ranks; suits from the highest: {la} against {lb}.",
            "FAJ-SUIT-TIEBREAK",
        )
    if a.place != b.place:
        return (
            f"{na} and {nb} have identical hands; {na} won more cards "
            f"({a.cards_won} against {b.cards_won}).",
            tie_ruling,
        )
    return (f"{na} and {nb} have identical hands and share the place.", tie_ruling)
