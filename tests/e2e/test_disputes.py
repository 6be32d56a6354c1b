"""Settle a dispute in the real app: a Faces, Aces & Jokers showdown among 3 players from
the home screen, counted in taps, saved to the history."""

import json
import re

import pytest
from playwright.sync_api import expect

from referee.core.words import amount
from tests.e2e.browser import ARTIFACTS, open_page, serve_app, shot, tagged

pytestmark = pytest.mark.e2e
BACK = re.compile("^(Home|Back)")  # the app bar's way back, one screen up


def back_home(page) -> None:
    """Back from a dispute: to the choice of what is disputed, to the choice of the game,
    then home."""
    page.get_by_role("button", name=BACK).click()
    expect(page.get_by_role("button", name="Other game")).to_be_visible()
    page.get_by_role("button", name=BACK).click()
    expect(page.get_by_role("button", name="Fairy Bucks", exact=True)).to_be_visible()
    page.get_by_role("button", name=BACK).click()
    expect(page.get_by_role("button", name="New game")).to_be_visible()


PILES = {
    "Player 1": ["10♠", "9♠", "8♠", "7♠", "6♠"],  # straight flush
    "Player 2": ["10♥", "10♦", "10♣", "2♣", "2♦"],  # full house
    "Player 3": ["9♥", "9♦", "3♣"],  # a pair, three cards
}


def test_faj_showdown_among_three_from_home_in_under_25_taps(browser, tmp_path):
    taps = 0

    def tap(role_name: str) -> None:
        nonlocal taps
        page.get_by_role("button", name=role_name, exact=True).click()
        taps += 1

    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, width=390, height=844)
        tap("Settle a dispute")
        tap("Faces, Aces & Jokers")
        tap("The final showdown")
        tap("Add a player")
        for i, (player, cards) in enumerate(PILES.items()):
            if i:
                tap(f"Cards won by {player}")
            for n, card in enumerate(cards, start=1):
                tap(f"{player} won {card}")
                # each tap is drawn before the next (a tap is a toggle)
                expect(
                    page.get_by_role("button", name=f"{player} {amount(n, 'cards won')}")
                ).to_be_visible()
        headline = tagged(page, "dispute-headline")
        expect(headline).to_have_text("Player 1 wins with straight flush, 6 to 10 of spades")
        expect(tagged(page, "dispute-line-3")).to_have_text(
            "Player 1's straight flush beats Player 2's full house."
        )
        # A card another player won is not offered again.
        offered = page.get_by_role("button", name="Player 3 won 10♠", exact=True)
        expect(offered).to_be_disabled()
        shot(page, "dispute-faj-showdown")
        page.mouse.move(195, 600)
        page.mouse.wheel(0, 1500)
        shot(page, "dispute-faj-showdown-why")
        tap("Save to history")
        expect(tagged(page, "dispute-saved")).to_be_visible()
        assert taps < 25, taps
        print(f"taps for a 3-player FAJ showdown from home: {taps}")
        back_home(page)
        expect(tagged(page, "dispute-history-1")).to_contain_text(
            "Faces, Aces & Jokers: Player 1 wins with straight flush"
        )
        shot(page, "dispute-home-history")


P1, P2 = "Player 1", "Player 2"
# (game, dispute, the taps after choosing them, the same dispute as the CLI takes it)
EVERY_KIND = [
    (
        "Fae-ker",
        "faeker_bluff",
        ["Top card 4", "Bid 3", *[f"{P1} shows {c}" for c in ("4", "5", "stone circle", "1", "2")]],
        {
            "kind": "faeker_bluff",
            "top": 4,
            "bid": 3,
            "hand": [4, 5, 0, 1, 2],
            "bidder": P1,
            "caller": P2,
        },
    ),
    (
        "Fae-ker",
        "faeker_showdown",
        [
            "Top card 3",
            *[f"{P1} shows {c}" for c in "65112"],
            *[f"{P2} shows {c}" for c in ("6", "4", "3", "3", "stone circle")],
        ],
        {
            "kind": "faeker_showdown",
            "top": 3,
            "hands": [
                {"player": P1, "cards": [6, 5, 1, 1, 2]},
                {"player": P2, "cards": [6, 4, 3, 3, 0]},
            ],
        },
    ),
    (
        "Faces, Aces & Jokers",
        "faj_trick",
        ["Board 5♥", "Board 6♠", f"Card of {P1}", f"{P1} plays A♠", f"{P2} plays J♥"],
        {
            "kind": "faj_trick",
            "board": ["5H", "6S"],
            "plays": [{"player": P1, "card": "AS"}, {"player": P2, "card": "JH"}],
        },
    ),
    (
        "Faces, Aces & Jokers",
        "faj_trump",
        ["Board 5♥", "Board 6♠", "Board 9♣"],
        {"kind": "faj_trump", "board": ["5H", "6S", "9C"]},
    ),
    (
        "Fairy Bucks",
        "fairybucks_reveal",
        [
            f"High Bidder {P1}",
            f"{P1} was showing 5",
            f"{P1} shows 4",
            f"{P2} was showing 6",
            f"{P2} shows 2",
        ],
        {
            "kind": "fairybucks_reveal",
            "high_bidder": P1,
            "bidders": [
                {"player": P1, "showing": [5], "shows": 4},
                {"player": P2, "showing": [6], "shows": 2},
            ],
        },
    ),
    (
        "Fairy Bucks",
        "fairybucks_finale",
        [
            f"{P1} holds 9",
            "Item value up",
            f"{P1} won 3 moon",
            f"Holdings of {P2}",
            f"{P2} holds 2",
            "Castle item 3 sun",
        ],
        {
            "kind": "fairybucks_finale",
            "holdings": [
                {"player": P1, "hand": [9], "items": [{"value": 3, "symbol": "moon"}]},
                {"player": P2, "hand": [2]},
            ],
            "castle_item": {"value": 3, "symbol": "sun"},
        },
    ),
    (
        "Deceptidice",
        "deceptidice_higher",
        [
            "Last guess: more",
            "Last guess: more",
            "Last guess: number 4",
            "New guess: Colour",
            "New guess: more",
            "New guess: more",
            "New guess: more",
            "New guess: Red",
        ],
        {
            "kind": "deceptidice_higher",
            "previous": {"form": "number", "count": 3, "number": 4},
            "guess": {"form": "colour", "count": 4, "colour": "R"},
        },
    ),
    (
        "Deceptidice",
        "deceptidice_challenge",
        [
            "Challenged guess: more",
            "Challenged guess: more",
            "Challenged guess: number 4",
            f"{P1} top Red 4",
            f"{P1} top Blue 4",
            f"Dice tops of {P2}",
            f"{P2} top Green 4",
        ],
        {
            "kind": "deceptidice_challenge",
            "guess": {"form": "number", "count": 3, "number": 4},
            "guesser": P1,
            "challenger": P2,
            "tops": [{"player": P1, "tops": ["R4", "B4"]}, {"player": P2, "tops": ["G4"]}],
        },
    ),
    (
        "Fairy",
        "fairy_guesses",
        ["Top card 9", "Turned up 11", f"{P1} guessed catch", f"{P2} guessed lower"],
        {
            "kind": "fairy_guesses",
            "top": 9,
            "revealed": 11,
            "guesses": [{"player": P1, "guess": "catch"}, {"player": P2, "guess": "lower"}],
        },
    ),
    (
        "Fairy",
        "fairy_chances",
        ["Top card 9", "Seen 4", "Seen 11"],
        {"kind": "fairy_chances", "top": 9, "seen": [4, 11]},
    ),
]


def seed_finished_faj(data_dir) -> str:
    """A whole 3-player game of Faces, Aces & Jokers in the store; its outcome's headline."""
    import random

    from referee.core.record import GameRecord
    from referee.live.kept_session import KeptSession
    from referee.storage.store import Store

    store = Store(data_dir / "referee.db")
    table = KeptSession.new(store, GameRecord(game="faj", players=["Ana", "Bo", "Cy"]))
    rng = random.Random(7)
    while not table.rules.is_over(table.state):
        table.play(table.rules.draw(table.state, rng).model_dump())
    headline = table.rules.outcome(table.state).headline
    store.close()
    return headline


def test_every_other_kind_from_home(browser, tmp_path):
    """Each kind from the home screen: the taps, the verdict the CLI gives, a screenshot."""
    from referee.disputes import TITLES, settle

    counted = {}
    outcome = seed_finished_faj(tmp_path)
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, width=390, height=844)
        for game, kind, taps, data in EVERY_KIND:
            page.get_by_role("button", name="Settle a dispute", exact=True).click()
            steps = [game, TITLES[kind], *taps]
            for step in steps:
                if step.startswith("checkbox:"):
                    page.get_by_role("checkbox", name=step[9:]).click()
                else:
                    page.get_by_role("button", name=step, exact=True).click()
                page.wait_for_timeout(150)  # a tap may be a toggle: let it draw first
            expect(tagged(page, "dispute-headline")).to_have_text(settle(data).headline)
            shot(page, f"dispute-{kind}")
            counted[kind] = 1 + len(steps)  # + the home screen's Settle a dispute
            back_home(page)
        # From a game's menu: the dispute screen comes prefilled from the game.
        page.get_by_role("button", name="View Faces, Aces & Jokers: Ana, Bo, Cy").click()
        page.get_by_role("button", name="Game menu").click()
        page.get_by_role("menuitem", name="Settle a dispute").click()
        expect(tagged(page, "dispute-headline")).to_have_text(outcome)
        shot(page, "dispute-from-game-menu")
    (ARTIFACTS / "dispute-taps.json").write_text(json.dumps(counted, indent=1))
    print(json.dumps(counted))
    assert max(counted.values()) < 25
