"""Settle one dispute with the games' own pure functions: the Fae-ker counting and showdown
order, the trick-winner order and the poker evaluator of Faces, Aces & Jokers, the Fairy
Bucks auction resolution (its own rules, applied to the position entered), the Deceptidice
ladder and judge, and the Fairy scoring and odds. Nothing here works out a rule again.

`settle(data)` takes a dispute (a model or its JSON data) and returns `Settled`, or raises
InvalidAction (malformed, or cards the deck cannot hold) with one sentence.
"""

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from referee.core.errors import IllegalAction, InvalidAction
from referee.core.names import quoted
from referee.core.outcome import places, win_text
from referee.core.record import explain_validation
from referee.disputes.models import (
    DISPUTE,
    GAME_OF,
    DeceptidiceChallenge,
    DeceptidiceHigher,
    FaekerBluff,
    FaekerShowdown,
    FairyBucksFinale,
    FairyBucksReveal,
    FairyChances,
    FairyGuesses,
    FajShowdown,
    FajTrick,
    FajTrump,
    Settled,
)
from referee.games.deceptidice import guesses, truth
from referee.games.deceptidice.material import (
    COPIES_EACH,
    NUMBER_CARDS,
    WILD,
    WILDCARDS,
)
from referee.games.deceptidice.model import PowerCard, PowerClaim, StraightGuess, VagueGuess
from referee.games.faeker import counting
from referee.games.faeker.deck import DECK as FAEKER_DECK
from referee.games.faeker.deck import FAE, STONE, card_name
from referee.games.fairy import odds, scoring
from referee.games.fairy.deck import CARDS as FAIRY_CARDS
from referee.games.fairy.deck import NUMBER_SUITS, card_text, parse_suits
from referee.games.fairybucks import RULES as FAIRY_BUCKS
from referee.games.fairybucks.material import BUCKS
from referee.games.fairybucks.model import (
    Auction,
    FairyBucksOptions,
    FairyBucksState,
    Finale,
    Reveal,
    Show,
)
from referee.games.faj import showdown, tricks
from referee.games.faj.deck import DRAFT_DECK, TRICK_DECK, short


def parse(data: Any):
    """A dispute model from its JSON data; InvalidAction with one sentence otherwise."""
    if not isinstance(data, dict):
        raise InvalidAction("A dispute is a JSON object with a 'kind'.")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in GAME_OF:  # a list or an object is no key
        known = ", ".join(GAME_OF)
        raise InvalidAction(f"Unknown dispute kind {quoted(kind, 30)}; known kinds: {known}.")
    try:
        return DISPUTE.validate_python(data)
    except ValidationError as exc:
        raise InvalidAction(explain_validation(exc, "The dispute")) from None


def settle(dispute) -> Settled:
    if not hasattr(dispute, "kind") or isinstance(dispute, dict):
        dispute = parse(dispute)
    fn = _SETTLERS[type(dispute)]
    return fn(dispute)


def _unique_names(names: Sequence[str]) -> None:
    seen = Counter(n.casefold() for n in names)
    twice = [n for n in names if seen[n.casefold()] > 1]
    if twice:
        raise InvalidAction(f"Two players are both called {twice[0]!r}: give each a name.")


def _result(dispute, headline: str, details, rulings, **more) -> Settled:
    return Settled(
        kind=dispute.kind,
        game=GAME_OF[dispute.kind],
        headline=headline,
        details=tuple(details),
        rulings=tuple(dict.fromkeys(rulings)),
        **more,
    )


# -- Fae-ker -------------------------------------------------------------------------------


def faeker_bluff(d: FaekerBluff) -> Settled:
    FAEKER_DECK.verify_cards([d.top, *d.hand])
    _unique_names([d.bidder, d.caller])
    always = d.stone_circles_always_count
    count = counting.count_hand(d.top, d.hand, always)
    true = count.total == d.bid if d.bluff_needs_exact else count.total >= d.bid
    fae = FAE[d.top]
    target, _ = counting.describe_target(d.top, always)
    compare = "exactly" if d.bluff_needs_exact else "at least"
    counted = counting.hand_text(count.counted) if count.counted else "none"
    details = [
        f"Top card {card_name(d.top)}: the bid counts {target}.",
        f"{d.bidder}'s hand: {counting.hand_text(d.hand)}.",
        f"Counted: {counted}; {count.explanation}; total {count.total}.",
        f"Bid {d.bid}, needs {compare} {d.bid}: {count.total} "
        f"{'meets' if true else 'does not meet'} it.",
    ]
    rulings = ["FK-BLUFF-EXACT" if d.bluff_needs_exact else "FK-BLUFF-AT-LEAST", count.ruling]
    if d.top != STONE and STONE in d.hand:
        rulings.append("FK-STONE-ALWAYS" if always else "FK-STONE-EQUAL")
    if true:
        headline = f"{d.bidder} told the truth: {count.total} for a bid of {d.bid}"
        details.append(f"{d.bidder} takes the top card's {fae} fae.")
        winner, cubes = d.bidder, fae
    else:
        headline = f"{d.bidder} bluffed: {count.total} for a bid of {d.bid}"
        details.append(f"{d.caller} caught the bluff: {fae} fae + 1 = {fae + 1} cubes.")
        winner, cubes = d.caller, fae + 1
    return _result(
        d,
        headline,
        details,
        rulings,
        winners=(winner,),
        counted=tuple(card_name(c) for c in count.counted),
        facts={"true": true, "count": count.total, "bid": d.bid, "cubes": cubes},
    )


def faeker_showdown(d: FaekerShowdown) -> Settled:
    FAEKER_DECK.verify_cards([d.top, *(c for h in d.hands for c in h.cards)])
    names = [h.player for h in d.hands]
    _unique_names(names)
    keyed = sorted(
        ((counting.showdown_key(d.top, h.cards), seat, h.cards) for seat, h in enumerate(d.hands)),
        key=lambda t: t[0],
        reverse=True,
    )
    best = keyed[0][0]
    winners = [seat for key, seat, _ in keyed if key == best]
    details = [f"Top card {card_name(d.top)}."]
    details += [f"{names[seat]}: {counting.describe_key(d.top, hand)}" for _, seat, hand in keyed]
    details += [
        counting.why_beats(names[keyed[0][1]], names[seat], best, key)
        for key, seat, _ in keyed[len(winners) :]
    ]
    fae = FAE[d.top]
    rulings = ["FK-SHOWDOWN-RANK"]
    who = " and ".join(names[s] for s in winners)
    if len(winners) > 1:
        rulings.append("FK-SHOWDOWN-TIE")
        headline = f"Showdown tied: {who} each take {fae} fae"
        details.append(f"Identical hands: each takes the top card's {fae} fae.")
    else:
        headline = f"{who} wins the showdown"
        details.append(f"{who} takes the top card's {fae} fae.")
    keys = [counting.showdown_key(d.top, h.cards) for h in d.hands]
    return _result(
        d,
        headline,
        details,
        rulings,
        winners=tuple(names[s] for s in winners),
        counted=tuple(counting.hand_text(keyed[0][2]).split(", ")),
        facts={"places": list(places(keys)), "fae": fae},
    )


# -- Faces, Aces & Jokers ------------------------------------------------------------------


def _cards(cards: Sequence[str]) -> str:
    return " ".join(short(c) for c in cards)


def _board(board: Sequence[str]) -> None:
    TRICK_DECK.verify_cards(board)
    if len(set(board)) != len(board):
        raise InvalidAction("A trick card cannot be on the board twice.")


def faj_trump(d: FajTrump) -> Settled:
    _board(d.board)
    trump = tricks.trump_of(d.board)
    totals = tricks.describe_totals(d.board)
    why = (
        f"Suit totals: {totals}. The highest total is unique: {tricks.trump_text(trump)}."
        if trump is not None
        else f"Suit totals: {totals}. The highest total is shared: no trump."
    )
    headline = (
        "No trump: the highest suit total is shared"
        if trump is None
        else f"{tricks.trump_text(trump).capitalize()}"
    )
    return _result(
        d,
        headline,
        [f"Board: {_cards(d.board)}.", why],
        ["FAJ-TRUMP"],
        counted=tuple(short(c) for c in d.board),
        facts={
            "trump": None if trump is None else "CDHS"[trump],
            "totals": tricks.suit_totals(d.board),
        },
    )


def faj_trick(d: FajTrick) -> Settled:
    _board(d.board)
    names = [p.player for p in d.plays]
    _unique_names(names)
    cards = [p.card for p in d.plays]
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise InvalidAction(f"{short(twice)} was played twice: each draft card exists once.")
    DRAFT_DECK.verify_cards(cards)
    trump = tricks.trump_of(d.board)
    result = tricks.trick_winner(d.board, trump, list(enumerate(cards)))
    winner = names[result.seat]
    details = [
        f"Board: {_cards(d.board)} ({tricks.trump_text(trump)}).",
        "Played: " + ", ".join(f"{n} {short(c)}" for n, c in zip(names, cards, strict=True)) + ".",
        f"{winner} wins: {result.reason}.",
        f"{winner} takes {_cards(d.board)}.",
    ]
    return _result(
        d,
        f"{winner} takes the trick with {short(result.card)}",
        details,
        [result.ruling, "FAJ-TAKE-BOARD"],
        winners=(winner,),
        counted=(short(result.card),),
        facts={
            "winner": winner,
            "card": result.card,
            "trump": None if trump is None else "CDHS"[trump],
        },
    )


def faj_showdown(d: FajShowdown) -> Settled:
    names = [p.player for p in d.piles]
    _unique_names(names)
    every = [c for p in d.piles for c in p.cards]
    seen: dict[str, str] = {}
    for p in d.piles:
        for c in p.cards:
            if c in seen:
                whose = "twice" if seen[c] == p.player else f"by {seen[c]} and {p.player}"
                raise InvalidAction(f"{short(c)} is entered {whose}: each trick card exists once.")
            seen[c] = p.player
    if len(every) > 30:
        raise InvalidAction(f"Only 30 trick cards come out in a game, not {len(every)}.")
    ranked = showdown.standings([p.cards for p in d.piles], d.final_tie == "more_cards")
    tie = "FAJ-FINAL-TIE-CARDS" if d.final_tie == "more_cards" else "FAJ-FINAL-TIE-SHARE"
    comparisons = [showdown.compare(a, b, names, tie) for a, b in itertools.pairwise(ranked)]
    first = [names[st.seat] for st in ranked if st.place == 1]
    lines = []
    for st in ranked:
        note = f" ({st.cards_won} cards)" if st.cards_won < 5 else ""
        lines.append(f"{st.place}. {names[st.seat]}: {st.hand.describe()} — {st.cards_text}{note}")
    lines += [why for why, _ in comparisons]
    place_of = [0] * len(names)
    for st in ranked:
        place_of[st.seat] = st.place
    return _result(
        d,
        f"{win_text(first)} with {ranked[0].hand.describe()}",
        lines,
        ["FAJ-HANDS", *(r for _, r in comparisons)],
        winners=tuple(first),
        counted=tuple(st.cards_text for st in ranked if st.place == 1),
        facts={
            "places": place_of,
            "hands": {names[st.seat]: st.hand.describe() for st in ranked},
            "chosen": {names[st.seat]: st.cards_text for st in ranked},
            "reasons": [why for why, _ in comparisons],
        },
    )


# -- Fairy Bucks: the game's own auction resolution, applied to the position entered -------


def fairybucks_reveal(d: FairyBucksReveal) -> Settled:
    names = [b.player for b in d.bidders]
    _unique_names(names)
    n = len(names)
    if d.high_bidder is not None and d.high_bidder not in names:
        raise InvalidAction(f"The High Bidder {d.high_bidder!r} is not among the players.")
    hands, out = [], []
    for b in d.bidders:
        if len(set(b.showing)) != len(b.showing):
            raise InvalidAction(f"{b.player} shows a Buck twice: each player has one of each.")
        hand = tuple(x for x in BUCKS if x not in b.showing) if b.hand is None else b.hand
        if set(hand) & set(b.showing) or len(set(hand)) != len(hand):
            raise InvalidAction(f"{b.player} cannot hold a Buck that is showing, or one twice.")
        hands.append(tuple(sorted(hand)))
        if b.shows is None and b.showing:
            raise InvalidAction(
                f"{b.player} has Bucks showing, so they are still in: enter what they show."
            )
        out.append(b.shows is None)
    if all(out):
        raise InvalidAction("Nobody is still in this auction: enter what each player shows.")
    if d.high_bidder is not None and out[names.index(d.high_bidder)]:
        raise InvalidAction(f"{d.high_bidder} Poofed earlier, so cannot be the High Bidder.")
    state = FairyBucksState(
        players=tuple(names),
        options=FairyBucksOptions(stalled_auction=d.stalled_auction),
        phase="auction",
        hands=tuple(hands),
        discarded=((),) * n,
        poof_spent=tuple(b.poof_spent or b.shows is None for b in d.bidders),
        auction=Auction(
            reveals=d.reveal - 1,
            showing=tuple(tuple(b.showing) for b in d.bidders),
            out=tuple(out),
            reached_at=tuple(d.reveal - 1 if b.showing else 0 for b in d.bidders),
            high_bidder=None if d.high_bidder is None else names.index(d.high_bidder),
        ),
        lot_number=1,
        won=((),) * n,
    )
    action = Reveal(
        shows=tuple(Show(player=b.player, card=b.shows) for b in d.bidders if b.shows is not None)
    )
    try:
        new, verdict = FAIRY_BUCKS.apply(state, action)
    except IllegalAction as exc:
        raise InvalidAction(exc.reason) from None
    prefix = f"Reveal {d.reveal} of lot 1: "
    headline = verdict.headline.removeprefix(prefix)
    headline = headline[:1].upper() + headline[1:]
    headline = headline.replace("wins lot 1:", "wins the lot:")
    details = [
        line
        for line in verdict.details
        if " takes ." not in line and "items now score" not in line and "last lot" not in line
    ]
    ended = new.phase == "lot"
    if ended:
        winners = tuple(n_ for n_ in names if headline.startswith(f"{n_} wins"))
    else:
        high = new.auction.high_bidder
        winners = () if high is None else (names[high],)
    discards = {names[s]: list(new.discarded[s]) for s in range(n) if new.discarded[s]}
    high_bidder = (
        None if ended or new.auction.high_bidder is None else names[new.auction.high_bidder]
    )
    return _result(
        d,
        headline,
        details,
        verdict.rulings,
        winners=winners,
        facts={
            "auction_over": ended,
            "high_bidder": high_bidder,
            "discards": discards,
            "totals": {names[s]: sum(new.auction.showing[s]) for s in range(n)}
            if not ended
            else {},
        },
    )


def fairybucks_finale(d: FairyBucksFinale) -> Settled:
    names = [h.player for h in d.holdings]
    _unique_names(names)
    n = len(names)
    for h in d.holdings:
        if len(set(h.hand)) != len(h.hand):
            raise InvalidAction(f"{h.player} holds a Buck twice: each player has one of each.")
    state = FairyBucksState(
        players=tuple(names),
        options=FairyBucksOptions(castle_value=d.castle_value),
        hands=tuple(tuple(sorted(h.hand)) for h in d.holdings),
        discarded=((),) * n,
        poof_spent=(False,) * n,
        auction=Auction.fresh(n),
        won=tuple(tuple(h.items) for h in d.holdings),
    )
    FAIRY_BUCKS._verify_items(state, [i for h in d.holdings for i in h.items])
    new, verdict = FAIRY_BUCKS.apply(state, Finale(castle_item=d.castle_item))
    scores = FAIRY_BUCKS.scores(new)
    return _result(
        d,
        verdict.headline,
        verdict.details[:-1],
        verdict.rulings,
        winners=tuple(names[s] for s in new.winners),
        facts={
            "castle": None if new.castle_winner is None else names[new.castle_winner],
            "scores": {names[s]: scores[s].total for s in range(n)},
        },
    )


# -- Deceptidice ---------------------------------------------------------------------------


def _check_form(guess, v) -> None:
    if isinstance(guess, StraightGuess) and not v.straights:
        raise InvalidAction("Straights are a variant: turn it on to ask about a straight.")
    if isinstance(guess, VagueGuess) and not v.vague:
        raise InvalidAction("Vague guesses are a variant: turn it on to ask about one.")
    if isinstance(guess, PowerClaim) and not v.power_cards:
        raise InvalidAction("Power claims need the power cards expansion: turn it on.")
    modifier = getattr(guess, "less_than", False) or getattr(guess, "without", False)
    if modifier and v.introductory:
        raise InvalidAction("The introductory game has no modifiers: no 'less than', no 'without'.")
    if not isinstance(guess, PowerClaim) and guess.count == 0:
        raise InvalidAction("A guess of 0 cards is no guess: COUNT starts at 1.")


def deceptidice_higher(d: DeceptidiceHigher) -> Settled:
    for g in (d.previous, d.guess):
        if g is not None:
            _check_form(g, d.variants)
    higher = guesses.is_higher(d.previous, d.guess, d.variants)
    said = guesses.describe(d.guess)
    before = "the opening" if d.previous is None else guesses.describe(d.previous)
    headline = (
        f"Yes: {said} is higher than {before}"
        if higher.higher
        else f"No: {said} is not higher than {before}"
    )
    if d.previous is None:
        headline = f"Yes: {said} may open the round"
    return _result(
        d,
        headline,
        [higher.reason],
        [higher.ruling],
        facts={"higher": higher.higher},
    )


def deceptidice_challenge(d: DeceptidiceChallenge) -> Settled:
    _check_form(d.guess, d.variants)
    names = [t.player for t in d.tops]
    _unique_names(names)
    for who in (d.guesser, d.challenger):
        if who not in names:
            raise InvalidAction(f"{who} is not among the players whose dice are entered.")
    if d.guesser == d.challenger:
        raise InvalidAction("A player cannot challenge their own guess.")
    flat = [c for t in d.tops for c in t.tops]
    owners = [s for s, t in enumerate(d.tops) for _ in t.tops]
    counts = Counter(c for c in flat if not isinstance(c, PowerCard))
    for card, k in counts.items():
        if card == WILD:
            if not d.variants.wildcards:
                raise InvalidAction("A wildcard needs the wildcards expansion: turn it on.")
            if k > WILDCARDS:
                raise InvalidAction(f"The deck has only {WILDCARDS} wildcards, not {k}.")
        elif card in NUMBER_CARDS and k > COPIES_EACH:
            raise InvalidAction(f"The deck has each card twice: {truth.card_name(card)} {k} times.")
    powers = [c for c in flat if isinstance(c, PowerCard)]
    if powers and len(powers) > d.variants.power_cards:
        raise InvalidAction(
            f"{len(powers)} power cards are on the dice, more than the "
            f"{d.variants.power_cards} in the deck."
        )
    guesser, challenger = names.index(d.guesser), names.index(d.challenger)
    j = truth.judge(d.guess, flat, owners, guesser)
    lost = names[truth.loser(j, guesser, challenger)]
    matched = {m.index for m in j.matches}
    lines = [f"{d.guesser} guessed {guesses.describe(d.guess)}; {d.challenger} challenged."]
    i = 0
    for t in d.tops:
        shown = []
        for card in t.tops:
            shown.append(truth.card_name(card) + (" ✓" if i in matched else ""))
            i += 1
        lines.append(f"{t.player}: {', '.join(shown) or 'no dice'}.")
    lines += j.lines
    lines.append(
        f"The guess was true, so the challenger, {d.challenger}, loses."
        if j.true
        else f"The guess was false, so {d.guesser}, who made it, loses."
    )
    return _result(
        d,
        f"{lost} loses: {truth.verdict_phrase(j, d.guess)}",
        lines,
        [*j.rulings, "DD-CHALLENGE"],
        winners=(d.challenger if not j.true else d.guesser,),
        counted=tuple(truth.card_name(flat[m.index]) for m in j.matches),
        facts={"true": j.true, "count": j.count, "needed": j.needed, "loser": lost},
    )


# -- Fairy ---------------------------------------------------------------------------------


def _fairy_suits(d: FairyGuesses | FairyChances) -> tuple[tuple[int, ...], str]:
    """The suits the dispute's table plays with, and the ruling that says so."""
    if d.suit_cards.strip():
        return parse_suits(d.suit_cards), "FY-SUITS-HAND"
    return NUMBER_SUITS, "FY-SUITS"


def fairy_guesses(d: FairyGuesses) -> Settled:
    if d.top == d.revealed:
        raise InvalidAction(f"Card {d.top} exists once: it cannot be both on top and revealed.")
    _unique_names([g.player for g in d.guesses])
    suits, suit_ruling = _fairy_suits(d)
    came = scoring.what_came(d.top, d.revealed, suits)
    lines = [
        f"On the pile {card_text(d.top, suits)}, turned up {card_text(d.revealed, suits)}: "
        "right were " + (", ".join(scoring.GUESS_NAMES[g] for g in came) or "none") + "."
    ]
    rulings = ["FY-SCORE"]
    if any(g.guess == "same_suit" for g in d.guesses):
        rulings.append(suit_ruling)
    points = {}
    for g in d.guesses:
        s = scoring.score_guess(d.top, d.revealed, g.guess, g.score, suits)
        name = scoring.GUESS_NAMES[g.guess]
        if s.floored:
            rulings.append("FY-FLOOR")
            lines.append(
                f"{g.player}: {name} is wrong, but {g.score} is the floor: stays at {s.after}."
            )
        else:
            lines.append(
                f"{g.player}: {name} is {'right' if s.right else 'wrong'}: "
                f"{g.score} {s.nominal:+d} = {s.after}."
            )
        points[g.player] = s.points
    right = [g.player for g in d.guesses if scoring.is_right(d.top, d.revealed, g.guess, suits)]
    return _result(
        d,
        scoring.reveal_headline(d.top, d.revealed, right, len(d.guesses), suits),
        lines,
        rulings,
        winners=tuple(right),
        counted=(str(d.revealed),),
        facts={"points": points, "right": list(came)},
    )


def fairy_chances(d: FairyChances) -> Settled:
    seen = [d.top, *d.seen]
    if len(set(seen)) != len(seen):
        twice = next(c for c in seen if seen.count(c) > 1)
        raise InvalidAction(f"Card {twice} is entered twice: each card exists once.")
    unseen = [c for c in FAIRY_CARDS if c not in seen]
    if not unseen:
        raise InvalidAction("Every card is seen: nothing is left to turn up.")
    suits, suit_ruling = _fairy_suits(d)
    ch = odds.chances(d.top, unseen, suits)
    best = max(ch, key=lambda g: odds.expected_points(g, ch[g]))
    lines = [f"{len(unseen)} cards unseen; top card {card_text(d.top, suits)}."]
    lines += [f"{scoring.GUESS_NAMES[g]}: {odds.formula(g, ch[g])}" for g in ch]
    return _result(
        d,
        f"Best guess now: {scoring.GUESS_NAMES[best]} ({odds.percent(ch[best])})",
        lines,
        ["FY-MEMORY-AID", suit_ruling],
        facts={g: f"{c.numerator}/{c.denominator}" for g, c in ch.items()},
    )


_SETTLERS = {
    FaekerBluff: faeker_bluff,
    FaekerShowdown: faeker_showdown,
    FajTrump: faj_trump,
    FajTrick: faj_trick,
    FajShowdown: faj_showdown,
    FairyBucksReveal: fairybucks_reveal,
    FairyBucksFinale: fairybucks_finale,
    DeceptidiceHigher: deceptidice_higher,
    DeceptidiceChallenge: deceptidice_challenge,
    FairyGuesses: fairy_guesses,
    FairyChances: fairy_chances,
}
