"""A move is entered where it started: on a 390x844 touch screen, every button is read
before and after each tap of a FAJ trick (Teach on and off), a Fairy Bucks lot and a
Fae-ker showdown, and nothing above the button tapped moves or changes height (a score
card grew when "straight flush" wrapped, and the buttons moved under the finger). A FAJ
trick, the board to the verdict, needs no scroll (its Deal board stood at y 1045 with
Teach on, and 4 of its 54 card buttons were on screen)."""

import time
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import fill_in, open_page, serve, shot, tagged
from tests.helpers import bid, pass_, showdown, top

pytestmark = pytest.mark.e2e

WIDTH, HEIGHT = 390, 844
BUTTONS = """() => [...document.querySelectorAll('[role=button]')].map(e => {
    const r = e.getBoundingClientRect();
    return [e.getAttribute('aria-label') || e.textContent.trim(), r.x, r.y, r.width, r.height];
})"""
# One FAJ trick: trick 4 of round 1 (4 board cards), then the three players' cards.
TRICK = ["Board 2♦", "Board 3♥", "Board 5♣", "Board 5♠", "Deal board"]
TRICK += ["Ana plays Q♥", "Bo plays A♦", "Cy plays K♣"]


def boxes(page) -> dict[str, tuple[int, int, int, int]]:
    """Each named button's box (the first of a name), in whole px."""
    found: dict[str, tuple[int, int, int, int]] = {}
    for name, *box in page.evaluate(BUTTONS):
        if name and name not in found:
            found[name] = tuple(round(v) for v in box)
    return found


def still(page, timeout: float = 15) -> dict:
    """The buttons once two reads 250 ms apart agree (the tap's change drawn)."""
    before, deadline = boxes(page), time.time() + timeout
    while time.time() < deadline:
        page.wait_for_timeout(250)
        now = boxes(page)
        if now == before:
            return now
        before = now
    return before


@dataclass
class Entry:
    """Taps one after another, each checked: nothing above it moved."""

    page: object
    taps: int = 0
    scrolls: int = 0  # taps whose button was not wholly on screen
    moved: list = field(default_factory=list)

    def tap(self, name: str) -> None:
        before = still(self.page)
        button = self.page.get_by_role("button", name=name, exact=True)
        button.wait_for(timeout=30_000)
        _x, y, _w, h = before.get(name) or boxes(self.page)[name]
        if y < 0 or y + h > HEIGHT:
            self.scrolls += 1
        button.tap()
        self.taps += 1
        after = still(self.page)
        for other, box in before.items():
            if box[1] + box[3] > y or other not in after:
                continue  # below the top of the button tapped, or gone with the move
            if after[other][1:4:2] != box[1:4:2]:
                self.moved.append((name, other, box, after[other]))


def _seed(store: Store, kind: str, players, actions=(), teach=False) -> int:
    table = KeptSession.new(store, GameRecord(game=kind, players=list(players)))
    for action in actions:
        table.play(action)
    if teach:
        store.teaching.save(table.game_id, True)
    return table.game_id


def _faj_to_trick_four() -> list:
    """Round 1's first three tricks (the board, then the plays)."""
    from tests.helpers import board, plays

    return [
        board("7H"),
        plays(Ana="AS", Bo="HJ", Cy="JH"),
        board("2C", "3C"),
        plays(Ana="AC", Bo="KS", Cy="QC"),
        board("4S", "5H", "9D"),
        plays(Ana="KH", Bo="QS", Cy="LJ"),
    ]


def play_faj_trick(browser, url: str, players: str) -> Entry:
    page = open_page(browser, url, width=WIDTH, height=HEIGHT, touch=True)
    page.get_by_role("button", name=f"Resume Faces, Aces & Jokers: {players}").tap()
    expect(tagged(page, "round")).to_contain_text("trick 4 of 4")
    entry = Entry(page)
    for name in TRICK:
        entry.tap(name)
    expect(tagged(page, "verdict-headline")).to_contain_text("Bo wins trick 4 of round 1")
    ok = boxes(page)["OK"]
    assert ok[1] + ok[3] <= HEIGHT  # the verdict's OK on screen
    return entry


@pytest.mark.parametrize("teach", [False, True], ids=["teach-off", "teach-on"])
def test_a_faj_trick_is_entered_without_a_scroll_and_nothing_moves(browser, tmp_path, teach):
    store = Store(tmp_path / "referee.db")
    _seed(store, "faj", ["Ana", "Bo", "Cy"], _faj_to_trick_four(), teach=teach)
    store.close()
    with serve(tmp_path) as server:
        entry = play_faj_trick(browser, server.url, "Ana, Bo, Cy")
        shot(entry.page, f"faj-trick-verdict-{'teach' if teach else 'plain'}")
    print(
        f"one FAJ trick (teach {'on' if teach else 'off'}): {entry.taps} taps, "
        f"{entry.scrolls} scrolls"
    )
    assert entry.taps == len(TRICK)
    assert entry.scrolls == 0
    assert not entry.moved, entry.moved


def test_a_fairy_bucks_lot_moves_nothing_above_the_button_tapped(browser, tmp_path):
    Store(tmp_path / "referee.db").close()
    with serve(tmp_path) as server:
        page = open_page(browser, server.url, width=WIDTH, height=HEIGHT, touch=True)
        page.get_by_role("button", name="New game").tap()
        page.get_by_role("radio", name="Fairy Bucks").tap()
        for i, name in enumerate(["Ana", "Bo"]):
            box = page.get_by_role("textbox", name=f"Player {i + 1}")
            box.click()
            fill_in(box, name)
        page.get_by_role("button", name="Start game").tap()
        entry = Entry(page)
        for value, symbol in ((5, "moon"), (3, "sun"), (2, "star")):
            entry.tap(f"Item value {value}")
            entry.tap(f"Symbol {symbol}")
            entry.tap("Add item")
        entry.tap("Auction these items")
        for name in ("Ana shows 7", "Bo shows 5", "Ana shows 2", "Bo shows 3"):
            entry.tap(name)
        expect(tagged(page, "verdict-headline")).to_contain_text("Ana wins lot 1")
    print(f"one Fairy Bucks lot: {entry.taps} taps, {entry.scrolls} scrolls")
    assert entry.scrolls == 0
    assert not entry.moved, entry.moved


def test_a_faeker_showdown_moves_nothing_above_the_button_tapped(browser, tmp_path):
    store = Store(tmp_path / "referee.db")
    actions = [top(4), bid("Bo", 2), pass_("Cy"), showdown("Ana")]
    _seed(store, "faeker", ["Ana", "Bo", "Cy"], actions)
    store.close()
    with serve(tmp_path) as server:
        page = open_page(browser, server.url, width=WIDTH, height=HEIGHT, touch=True)
        page.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy").tap()
        entry = Entry(page)
        for player, cards in (("Bo", "11223"), ("Ana", "33456")):
            for card in cards:
                entry.tap(f"Add {card}")
            entry.tap(f"Confirm {player}'s hand")
        expect(tagged(page, "verdict-headline")).to_be_visible()
    print(f"one Fae-ker showdown: {entry.taps} taps, {entry.scrolls} scrolls")
    assert entry.scrolls == 0
    assert not entry.moved, entry.moved


def test_the_faeker_bid_pad_stays_where_it_was_from_bid_to_bid(browser, tmp_path):
    """Each bid is tapped where the pad stood for the one before: the line of the top
    card's verdict gave way to the first bid, and the whole pad rose 54 px under the
    next player's finger."""
    store = Store(tmp_path / "referee.db")
    _seed(store, "faeker", ["Ana", "Bo", "Cy"], [top(5)])
    store.close()
    pad = [f"Bid {n}" for n in range(6)] + ["Pass", "Call showdown"]
    with serve(tmp_path) as server:
        page = open_page(browser, server.url, width=WIDTH, height=HEIGHT, touch=True)
        page.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy").tap()
        expect(tagged(page, "bid-ladder")).to_contain_text("none yet")
        before = still(page)
        shifts = []
        for amount in (1, 2, 3):
            page.get_by_role("button", name=f"Bid {amount}", exact=True).tap()
            expect(tagged(page, "bid-ladder")).to_contain_text(f"bids {amount}")
            after = still(page)
            shifts += [(amount, n, before[n], after[n]) for n in pad if after[n][1] != before[n][1]]
            before = after
        shot(page, "faeker-bid-pad-after-three-bids")
    assert not shifts, shifts
