"""On a Flet other than FLET_VERSION: every patch stays off, the console says so in one
line, `install()` reports only what it installed, the helpers use Flet's public API, and
a game plays on a phone's page as on the Flet this was written for."""

import random

import flet
import pytest

from referee import flet_patches
from referee.flet_patches import close, collector, diff, fields, init, send, tree_walk
from referee.flet_patches.actions import share_files_at_tap
from referee.flet_patches.dialogs import open_dialogs
from referee.flet_patches.version import FLET_VERSION
from referee.games import GAMES
from tests.helpers import run_async
from tests.ui.devices import device, texts_of

OTHER = "1.0.6"
SAID = (
    f"Flet {OTHER} is not the {FLET_VERSION} these speed-ups were written for: they are off, "
    "and the app works as Flet ships it."
)


@pytest.fixture
def other_flet(monkeypatch):
    """The app's start (`install()`, every patch asked for) on Flet `OTHER`."""
    monkeypatch.setattr(flet, "__version__", OTHER)
    monkeypatch.setattr(flet_patches, "_told", False)
    yield flet_patches.install(flet_patches.PATCHES)
    monkeypatch.undo()
    flet_patches.install()  # the suite's own choice again


def test_on_another_flet_no_patch_is_in_and_install_says_none_is(other_flet):
    assert other_flet == ()
    patches = (tree_walk, init, diff, send, close, collector)
    assert not any(patch.installed() for patch in patches) and not send.installed_route()


def test_on_another_flet_the_console_says_so_once_in_one_line(monkeypatch, capsys):
    monkeypatch.setattr(flet, "__version__", OTHER)
    monkeypatch.setattr(flet_patches, "_told", False)
    try:
        flet_patches.install()
        flet_patches.install()  # the app's import and the web server's start: said once
        said = capsys.readouterr().err
    finally:
        monkeypatch.undo()
        flet_patches.install()
    assert said == SAID + "\n"


def test_the_pinned_flet_says_nothing(capsys):
    flet_patches.install()
    assert capsys.readouterr().err == ""


def test_install_reports_only_the_patches_that_went_in(monkeypatch):
    flet_patches.install(())
    monkeypatch.setattr(tree_walk, "install", lambda: None)  # as when Flet's code is not as known
    try:
        assert flet_patches.install(("walk", "diff")) == ("diff",)
        assert flet_patches.install(()) == ()
        assert flet_patches.install(("collector",)) == ("collector",)
    finally:
        monkeypatch.undo()
        flet_patches.install()


def test_on_another_flet_the_helpers_use_flets_public_api(other_flet):
    page = flet.Page.__new__(flet.Page)  # never read: the probe answers without it
    assert not fields.private()
    assert open_dialogs(page) == []
    assert share_files_at_tap(flet.Share(), {"files": []}) is None
    told = []

    class Page:
        def push_route(self, route: str) -> None: ...

        def run_task(self, *call) -> None:
            told.append(call)

    page = Page()
    send.tell_route(page, "/game/1")  # Flet's own push_route, in a task of its own
    assert told == [(page.push_route, "/game/1")]


def _played(lives, game: str, moves: int = 12) -> list[list[str]]:
    """What a phone shows after each of `moves` moves of `game`, and after an undo."""

    async def run():
        app, _session = device(lives)
        app.games.start_game(game, ["Ana", "Bo", "Cy", "Dee"][: GAMES[game].min_players + 1], {})
        rng = random.Random(7)
        shown = []
        for _ in range(moves):
            action = app.game.rules.draw(app.game.session.state, rng)
            if action is None:
                break
            app.game.play(action)
            shown.append(texts_of(app.page.views[-1]))
        app.game.undo()
        shown.append(texts_of(app.page.views[-1]))
        return shown

    return run_async(run())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_shows_the_same_on_another_flet(tmp_path, monkeypatch, lives, game):
    on_pinned = _played(lives, game)
    monkeypatch.setattr(flet, "__version__", OTHER)
    monkeypatch.setattr(flet_patches, "_told", True)
    try:
        flet_patches.install()
        assert not fields.private()
        on_other = _played(lives, game)
    finally:
        monkeypatch.undo()
        flet_patches.install()
    assert on_other == on_pinned
