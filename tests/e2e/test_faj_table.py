"""Faces, Aces & Jokers in the real app: a round of tricks, then a final showdown."""

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.games.faj import RULES
from referee.games.faj.deck import BOARD_SIZES, TRICK_CARDS
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import fill_in, open_page, serve_app, shot, tagged
from tests.helpers import board, plays
from tests.player_words import cite

pytestmark = pytest.mark.e2e

# (board, {player: card}, winner, the step of the winning order that decides it)
ROUND_ONE = [
    (["7H"], {"Ana": "A♠", "Bo": "black joker (high)", "Cy": "J♥"}, "Cy", "FAJ-WIN-JACK"),
    (["2C", "3C"], {"Ana": "A♣", "Bo": "K♠", "Cy": "Q♣"}, "Ana", "FAJ-WIN-TRUMP"),
    (["4S", "5H", "9D"], {"Ana": "K♥", "Bo": "Q♠", "Cy": "red joker (low)"}, "Cy", "FAJ-WIN-JOKER"),
    (["2D", "3H", "5C", "5S"], {"Ana": "Q♥", "Bo": "A♦", "Cy": "K♣"}, "Bo", "FAJ-WIN-HIGH"),
]
SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def label(code: str) -> str:
    return code[:-1] + SYMBOL[code[-1]]


def seed_game_at_its_last_trick(data_dir):
    """Dee and Eve's game, played up to the board of round 3's last trick."""
    store = Store(data_dir / "referee.db")
    table = KeptSession.new(store, GameRecord(game="faj", players=["Dee", "Eve"]))
    cards = iter(TRICK_CARDS)
    aces = [("AS", "KS"), ("KH", "AH"), ("AD", "KD"), ("KC", "AC")]  # the ace takes it
    for rnd in range(3):
        for trick, size in enumerate(BOARD_SIZES):
            table.play(board(*[next(cards) for _ in range(size)]))
            if (rnd, trick) == (2, 3):
                break
            table.play(plays(Dee=aces[trick][0], Eve=aces[trick][1]))
    # What the showdown must show once the last trick (Eve's ace) is played.
    final = table.session.rules.apply(
        table.state, table.rules.parse_action(plays(Dee="KC", Eve="AC"))
    )[0]
    store.close()
    return {table.state.players[s.seat]: s.hand.describe() for s in RULES.final(final)}


class TestTricksAndShowdown:
    def test_round_of_tricks_then_final_showdown(self, browser, tmp_path):
        expected_hands = seed_game_at_its_last_trick(tmp_path)
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url)
            page.get_by_role("button", name="New game").click()
            page.get_by_role("radio", name="Faces, Aces & Jokers").click()
            for i, name in enumerate(["Ana", "Bo", "Cy"]):
                field = page.get_by_role("textbox", name=f"Player {i + 1}")
                field.click()
                fill_in(field, name)
            page.get_by_role("button", name="Start game").click()

            for trick, (cards, played, winner, step) in enumerate(ROUND_ONE, start=1):
                for code in cards:
                    page.get_by_role("button", name=f"Board {label(code)}").click()
                page.get_by_role("button", name="Deal board").click()
                expect(tagged(page, "trump")).to_contain_text("suit totals")
                if trick == 3:
                    expect(tagged(page, "trump")).to_contain_text("trump diamonds")
                    shot(page, "faj-trump")
                if trick == 4:
                    expect(tagged(page, "trump")).to_contain_text("no trump")
                *first, last = played.items()
                for player, card in first:
                    page.get_by_role("button", name=f"{player} plays {card}").click()
                    # The player's tab shows the card; the pad goes on to the next player.
                    change = f"Change {player}'s card ({card})"
                    expect(page.get_by_role("button", name=change)).to_be_visible()
                # The last card in settles the trick at once.
                page.get_by_role("button", name=f"{last[0]} plays {last[1]}").click()
                expect(tagged(page, "verdict-headline")).to_contain_text(
                    f"{winner} wins trick {trick} of round 1"
                )
                page.get_by_role("button", name="Why?").click()  # rulings wait behind Why?
                expect(page.get_by_text(cite(step), exact=False)).to_be_visible()
                if trick == 1:
                    shot(page, "faj-trick-verdict")
                page.get_by_role("button", name="OK").click()

            expect(tagged(page, "round")).to_contain_text("Round 2 of 3 · trick 1 of 4")
            expect(tagged(page, "score-Cy")).to_have_text("4")
            expect(tagged(page, "score-Bo")).to_have_text("4")
            expect(tagged(page, "score-Ana")).to_have_text("2")
            expect(tagged(page, "pile-Ana")).to_contain_text("3♣ 2♣")

            # The seeded game: play its last trick, then the showdown ranks the hands.
            page.get_by_role("button", name="Home").first.click()
            page.get_by_role("button", name="Resume Faces, Aces & Jokers: Dee, Eve").click()
            page.get_by_role("button", name="Dee plays K♣").click()
            page.get_by_role("button", name="Eve plays A♣").click()
            # The last trick ends the game: the verdict leads with the win, then the trick.
            expect(tagged(page, "verdict-headline")).to_have_text(
                "Eve wins with four of a kind, 6s"
            )
            expect(page.get_by_text("Eve wins trick 4 of round 3", exact=False)).to_be_visible()
            page.get_by_role("button", name="OK").click()
            expect(tagged(page, "showdown-title")).to_have_text("Final showdown")
            expect(tagged(page, "why-0")).to_contain_text("beats")
            for player, hand in expected_hands.items():
                expect(tagged(page, f"hand-{player}")).to_have_text(hand.capitalize())
            shot(page, "faj-showdown")
