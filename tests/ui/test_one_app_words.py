"""Issue 47's and 54's classes of slip, checked over every game's screen as random play goes
on: never a ruling's id, not even behind Why? (a ruling is cited by its title and whose rule
it is), a count that agrees with its noun and never a plural written "(s)", no text cut in a
score card. The table screen and any dialog open, on a phone-sized device, after every
move."""

import random

import flet as ft
import pytest

from referee.games import GAMES
from referee.ui.score_cards import CHIP_WIDTH
from tests.flet_patches.insides import children, held_dialogs
from tests.helpers import run_async
from tests.player_words import PLURAL_BY_HAND, RULING_ID
from tests.test_counted_nouns import SLIP
from tests.ui.devices import device

MOVES = 160
# Inside a chip's edge and padding (86 - 5 - 8 - 6 px).
CHIP_TEXT_WIDTH = 67
# Roboto's advance widths, in ems, roughly: "shows 16" drew 68 px at 16 px and a card cut
# it, where "7 cards" drew 60 px at 18 px and fitted.
NARROW, WIDE, SPACE, DIGIT, OTHER = 0.3, 0.85, 0.25, 0.56, 0.55


def width(text: str, size: float) -> float:
    """About how wide `text` is drawn at `size`, in px."""
    ems = sum(
        SPACE
        if ch == " "
        else DIGIT
        if ch.isdigit()
        else NARROW
        if ch in "iljtfr.,'"
        else WIDE
        if ch in "mwMW"
        else OTHER
        for ch in text
    )
    return ems * size


def shown(root, inside: tuple = (), hidden: bool = False):
    """(control, the controls above it) for every control a player sees: what a hidden
    Column holds (the rulings behind Why?) is not seen until Why? is tapped; with `hidden`,
    it is walked too."""
    if isinstance(root, list):
        for item in root:
            yield from shown(item, inside, hidden)
        return
    if not isinstance(root, ft.BaseControl):
        return
    if getattr(root, "visible", True) is False and not hidden:
        return
    yield root, inside
    for item in children(root):
        yield from shown(item, (*inside, root), hidden)


def texts(root, hidden: bool = False) -> list[tuple[str, ft.Control, tuple]]:
    found = []
    for control, above in shown(root, hidden=hidden):
        for attr in ("value", "text", "content", "label", "title", "tooltip"):
            text = getattr(control, attr, None)
            if isinstance(text, str) and text:
                found.append((text, control, above))
    return found


def screens_of_play(lives, kind: str, seed: int):
    """Every screen a device shows (and its dialogs) while `kind` is played at random."""
    seen = []

    async def run():
        app, session = device(lives)
        rules = GAMES[kind]
        players = ["Ana", "Bo", "Cy", "Dee"][: rules.min_players + seed % 2]
        app.games.start_game(kind, players, {})
        rng = random.Random(seed)
        for _ in range(MOVES):
            page = session.page
            seen.append((list(page.views), list(held_dialogs(page))))
            action = app.game.rules.draw(app.game.session.state, rng)
            if action is None:
                break
            app.game.play(action)
        seen.append((list(session.page.views), list(held_dialogs(session.page))))
        return app.game.session

    session = run_async(run())
    return seen, session


@pytest.mark.parametrize("kind", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_no_ruling_id_and_counts_agree_on_every_game_screen(lives, kind, seed):
    seen, session = screens_of_play(lives, kind, seed)
    assert session.is_over or len(session.steps) >= MOVES // 2
    ids, slips = set(), set()
    for views, dialogs in seen:
        for text, _control, _above in texts([views[-1], *dialogs], hidden=True):
            ids.update(m.group(0) for m in RULING_ID.finditer(text))
            slips.update(m.group(0) for m in PLURAL_BY_HAND.finditer(text))
        for text, _control, _above in texts([views[-1], *dialogs]):
            slips.update(m.group(0) for m in SLIP.finditer(text))
    for verdict in session.verdicts:
        for line in (verdict.headline, *verdict.details):
            slips.update(m.group(0) for m in (*SLIP.finditer(line), *PLURAL_BY_HAND.finditer(line)))
    assert not ids, f"ruling ids on a {kind} screen, shown or behind Why?: {sorted(ids)}"
    assert not slips, f"counts that disagree with their noun in {kind}: {sorted(slips)}"


@pytest.mark.parametrize("kind", list(GAMES))
def test_no_text_is_cut_in_a_score_card(lives, kind):
    seen, _session = screens_of_play(lives, kind, 3)
    cut = set()
    for views, _dialogs in seen:
        for text, control, _above in texts(views[-1]):
            cuts = isinstance(control, ft.Text) and _may_cut(control, text)
            if cuts and any(_is_chip(c) for c in _above):
                cut.add(text)
    assert not cut, f"{kind}: text a score card may cut: {sorted(cut)}"


def _may_cut(control: ft.Text, text: str) -> bool:
    """A text that ends in "…", stops at a number of lines, or stays on one line that is
    wider than the chip."""
    if control.overflow == ft.TextOverflow.ELLIPSIS or control.max_lines:
        return True
    return bool(control.no_wrap) and width(text, control.size or 14) > CHIP_TEXT_WIDTH


def _is_chip(control) -> bool:
    """A player's score card: the scoreboard's chips are its fixed-width containers."""
    return isinstance(control, ft.Container) and control.width == CHIP_WIDTH


def test_the_widths_this_check_assumes_match_what_a_phone_drew():
    assert width("shows 16", 16) > CHIP_TEXT_WIDTH  # cut on a 390 px phone
    assert abs(width("shows 16", 16) - 68) < 4 and abs(width("7 cards", 18) - 60) < 4
