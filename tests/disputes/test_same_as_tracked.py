"""Every dispute kind settles as the full tracked game does at the same position.

Each test plays whole games drawn from the game's own menu (the flow contract's `draw`),
and at every position a dispute can be about, settles that dispute from only the cards in
question: same outcome, same cards counted, same ruling ids as the tracked verdict.
"""

import random

import pytest

from referee.disputes import parse, settle
from referee.games import GAMES
from referee.games.deceptidice.model import DeceptidiceGuess as DiceGuess
from referee.games.deceptidice.model import Tops
from referee.games.faeker.model import RevealHand
from referee.games.fairy.model import FairyReveal
from referee.games.fairybucks.model import BucksReveal, Finale
from referee.games.faj.model import Board, Plays

SEEDS = range(6)
END_RULINGS = {"FK-GAME-END", "FK-SUPPLY-SHORT", "FB-POOF-RETURNS"}


def play(kind, players, options, seed, visit, limit=2000):
    """Play one random game; `visit(state, action, new, verdict)` at every step."""
    rules = GAMES[kind]
    rng = random.Random(seed)
    state = rules.new_state(players, rules.parse_options(options))
    for _ in range(limit):
        action = rules.draw(state, rng)
        if action is None:
            break
        new, verdict = rules.apply(state, action)
        visit(state, action, new, verdict)
        state = new
    return state


def core(rulings):
    return [r for r in rulings if r not in END_RULINGS]


@pytest.mark.parametrize("seed", SEEDS)
def test_faeker_bluffs_and_showdowns(seed):
    seen = {"faeker_bluff": 0, "faeker_showdown": 0}
    options = {"stone_circles_always_count": seed % 2 == 1, "bluff_needs_exact": seed % 3 == 2}

    def visit(state, action, new, verdict):
        deal = state.deal
        if not isinstance(action, RevealHand) or deal.awaiting != (
            state.players.index(action.player),
        ):
            return
        if deal.reveal == "bluff":
            dispute = {
                "kind": "faeker_bluff",
                "top": deal.top,
                "bid": deal.called_bid,
                "hand": list(action.cards),
                "bidder": state.players[deal.called_seat],
                "caller": state.players[deal.caller],
                **options,
            }
        else:
            hands = [*deal.hands, (state.players.index(action.player), action.cards)]
            dispute = {
                "kind": "faeker_showdown",
                "top": deal.top,
                "hands": [{"player": state.players[s], "cards": list(h)} for s, h in hands],
            }
        settled = settle(dispute)
        seen[dispute["kind"]] += 1
        assert core(verdict.rulings)[: len(settled.rulings)] == list(settled.rulings)
        if new.phase != "over":
            assert settled.headline == verdict.headline
        # the cards counted and the arithmetic: the same sentences as the tracked verdict
        for line in settled.details[1:-1]:
            assert line in verdict.details
        gained = {c.player for c in verdict.changes}
        if gained:
            assert gained <= set(settled.winners)

    play("faeker", ["Ana", "Bo", "Cy", "Di"], options, seed, visit)
    assert sum(seen.values()) > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_faj_trump_tricks_and_showdown(seed):
    players = ["Ana", "Bo", "Cy"] if seed % 2 else ["Ana", "Bo", "Cy", "Di"]
    tie = "more_cards" if seed % 3 == 0 else "share"
    counts = {"trump": 0, "trick": 0}

    def visit(state, action, new, verdict):
        if isinstance(action, Board):
            settled = settle({"kind": "faj_trump", "board": list(action.cards)})
            assert settled.rulings == verdict.rulings == ("FAJ-TRUMP",)
            assert settled.details[1] == verdict.details[1]
            counts["trump"] += 1
        elif isinstance(action, Plays):
            plays = [{"player": p.player, "card": p.card} for p in action.plays]
            settled = settle({"kind": "faj_trick", "board": list(state.board), "plays": plays})
            assert list(settled.rulings) == list(verdict.rulings)[:2]
            assert verdict.changes[0].player == settled.winners[0]
            for line in settled.details[:3]:
                assert line in verdict.details
            counts["trick"] += 1

    rules = GAMES["faj"]
    end = play("faj", players, {"final_tie": tie}, seed, visit)
    assert counts == {"trump": 12, "trick": 12}
    piles = [{"player": p, "cards": list(end.won[s])} for s, p in enumerate(players)]
    settled = settle({"kind": "faj_showdown", "piles": piles, "final_tie": tie})
    outcome = rules.outcome(end)
    assert settled.headline == outcome.headline
    assert settled.rulings == outcome.rulings
    assert settled.facts["places"] == list(outcome.places)
    assert [w for w in settled.winners] == [players[s] for s in outcome.winners]
    assert list(settled.facts["reasons"]) == [why for why, _ in rules.final_comparisons(end)]


@pytest.mark.parametrize("seed", SEEDS)
def test_fairybucks_reveals_and_finale(seed):
    players = ["Ana", "Bo", "Cy"][: 2 + seed % 2]
    options = {"poof_returns": seed % 2 == 0, "deck_size": 16}
    counts = {"reveal": 0, "finale": 0}

    def visit(state, action, new, verdict):
        if isinstance(action, BucksReveal):
            shows = {s.player: s.card for s in action.shows}
            a = state.auction
            bidders = [
                {
                    "player": p,
                    "showing": list(a.showing[s]),
                    "shows": shows.get(p),
                    "poof_spent": state.poof_spent[s],
                    "hand": list(state.hands[s]),
                }
                for s, p in enumerate(state.players)
            ]
            high = None if a.high_bidder is None else state.players[a.high_bidder]
            settled = settle(
                {
                    "kind": "fairybucks_reveal",
                    "bidders": bidders,
                    "high_bidder": high,
                    "reveal": a.reveals + 1,
                }
            )
            assert list(settled.rulings) == core(verdict.rulings)
            if new.phase == "lot":  # the lot is settled: who won it and the discards
                takers = [c.player for c in verdict.changes]
                assert list(settled.winners) == takers
                for s, p in enumerate(players):
                    lost = sorted(set(new.discarded[s]) - set(state.discarded[s]))
                    assert settled.facts["discards"].get(p, []) == lost
            else:
                high = new.auction.high_bidder
                assert settled.facts["high_bidder"] == (None if high is None else players[high])
            counts["reveal"] += 1
        elif isinstance(action, Finale):
            holdings = [
                {
                    "player": p,
                    "hand": list(state.hands[s]),
                    "items": [i.model_dump() for i in state.won[s]],
                }
                for s, p in enumerate(players)
            ]
            settled = settle(
                {
                    "kind": "fairybucks_finale",
                    "holdings": holdings,
                    "castle_item": action.castle_item.model_dump(),
                }
            )
            assert settled.headline == verdict.headline
            assert settled.rulings == verdict.rulings
            assert list(settled.winners) == [players[s] for s in new.winners]
            counts["finale"] += 1

    play("fairybucks", players, options, seed, visit)
    assert counts["reveal"] > 0 and counts["finale"] == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_deceptidice_ladder_and_challenges(seed):
    variants = {
        "straights": seed % 2 == 0,
        "vague": seed % 3 != 1,
        "wildcards": seed % 2 == 1,
        "power_cards": 4 if seed % 3 == 0 else 0,
    }
    counts = {"higher": 0, "challenge": 0}

    def visit(state, action, new, verdict):
        r = state.round
        if isinstance(action, DiceGuess):
            previous = r.last.guess.model_dump() if r.last else None
            settled = settle(
                {
                    "kind": "deceptidice_higher",
                    "previous": previous,
                    "guess": action.guess.model_dump(),
                    "variants": variants,
                }
            )
            assert settled.facts["higher"] is True
            assert settled.details[0] in verdict.details or r.last is None
            counts["higher"] += 1
            if r.last is not None:  # the same guess again is never higher
                again = settle(
                    {
                        "kind": "deceptidice_higher",
                        "previous": previous,
                        "guess": previous,
                        "variants": variants,
                    }
                )
                assert again.facts["higher"] is False
        elif isinstance(action, Tops):
            tops = [
                {"player": p, "tops": [c if isinstance(c, str) else c.model_dump() for c in t]}
                for p, t in zip(state.players, new.round.tops, strict=True)
            ]
            settled = settle(
                {
                    "kind": "deceptidice_challenge",
                    "guess": r.last.guess.model_dump(),
                    "guesser": state.players[r.last.seat],
                    "challenger": state.players[r.challenger],
                    "tops": tops,
                    "variants": variants,
                }
            )
            assert settled.headline == verdict.headline
            assert settled.rulings == verdict.rulings
            assert settled.facts["loser"] == state.players[new.round.loser]
            counts["challenge"] += 1

    options = {k: v for k, v in variants.items()}
    play("deceptidice", ["Ana", "Bo", "Cy"], options, seed, visit)
    assert counts["higher"] > 0 and counts["challenge"] > 0


HAND_SUITS = "1 4 7 10 13 16 19 / 2 5 8 11 14 17 20 / 3 6 9 12 15 18 21"


@pytest.mark.parametrize("seed", SEEDS)
def test_fairy_guesses_and_chances(seed):
    """Odd seeds play with suits entered by hand (FY-SUITS-HAND): the dispute carries them."""
    counts = {"turns": 0}
    suit_cards = HAND_SUITS if seed % 2 else ""

    def visit(state, action, new, verdict):
        if not isinstance(action, FairyReveal):
            return
        guesses = [
            {"player": state.players[s], "guess": g, "score": state.scores[s]}
            for s, g in state.turn.guesses
        ]
        settled = settle(
            {
                "kind": "fairy_guesses",
                "top": state.top,
                "revealed": action.card,
                "guesses": guesses,
                "suit_cards": suit_cards,
            }
        )
        assert set(settled.rulings) <= set(verdict.rulings)
        moved = {c.player: c.after - c.before for c in verdict.changes}
        assert {p: v for p, v in settled.facts["points"].items()} == {
            p: moved.get(p, 0) for p in settled.facts["points"]
        }
        chances = settle(
            {
                "kind": "fairy_chances",
                "top": state.top,
                "seen": list(state.pile[:-1]),
                "suit_cards": suit_cards,
            }
        )
        from referee.games.fairy.odds import chances as game_chances

        exact = game_chances(state.top, state.unseen, state.suits)
        assert chances.facts == {g: f"{c.numerator}/{c.denominator}" for g, c in exact.items()}
        counts["turns"] += 1

    options = {"suits": "by_hand", "suit_cards": HAND_SUITS} if suit_cards else {}
    play("fairy", ["Ana", "Bo", "Cy", "Di"], options, seed, visit)
    assert counts["turns"] > 0


def test_every_kind_is_covered():
    from referee.disputes.models import GAME_OF

    assert set(GAME_OF.values()) == set(GAMES)
    assert parse({"kind": "fairy_chances", "top": 3}).kind == "fairy_chances"
