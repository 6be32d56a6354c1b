"""A sixth game, defined only in this folder and registered by the `highcard` fixture, is
a game like the other five: New game lists it, it plays to its ending with standings, it
keeps the flow contract (every per-game contract test, random play included), its dispute
is settled from the home screen and by the command line, and its games export and import.
"""

import inspect
import json

import flet as ft
import pytest

from referee.commands import schema, settle_text
from referee.core.record import GameRecord
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from referee.storage.transfer import export_all, import_files
from tests.contract import per_game_tests
from tests.flet_patches.insides import own, tap
from tests.helpers import run_async
from tests.ui.devices import controls, device

CONTRACT = per_game_tests()


def _top(session):
    """What the phone shows: the top view of its stack."""
    return session.page.views[-1].controls


def _control(session, text: str):
    """The control a tap on `text` reaches: a button by its text, or the content of a
    Semantics that names it."""
    for c in controls(_top(session)):
        if isinstance(c, ft.Semantics) and c.label == text:
            return c.content
        if own(c).get("content") == text:
            return c
    raise LookupError(text)


def _tagged(session, identifier: str) -> str:
    found = next(
        c
        for c in controls(_top(session))
        if isinstance(c, ft.Semantics) and c.identifier == identifier
    )
    return found.content.value


async def _tap(session, text: str) -> None:
    await tap(session, _control(session, text))


async def _enter(session, control, value) -> None:
    control.value = value  # as the phone sends a changed value before its event
    await tap(session, control, "change")


@pytest.mark.parametrize("name", sorted(CONTRACT))
def test_it_keeps_the_flow_contract(highcard, name, tmp_path_factory):
    test = CONTRACT[name]
    given = {"kind": highcard, "tmp_path_factory": tmp_path_factory}
    test(**{p: given[p] for p in inspect.signature(test).parameters})


def test_new_game_lists_it_and_it_plays_to_its_ending_with_standings(highcard, lives):
    async def run():
        app, session = device(lives)
        app.go("/new")
        games = next(c for c in controls(_top(session)) if isinstance(c, ft.RadioGroup))
        listed = [r.label for r in controls(games) if isinstance(r, ft.Radio)]
        await _enter(session, games, highcard)
        names = [c for c in controls(_top(session)) if isinstance(c, ft.TextField)]
        for field, name in zip(names, ["Ana", "Bo"], strict=False):
            await _enter(session, field, name)
        await _tap(session, "Start game")
        for ana, bo in ((7, 4), (5, 5), (9, 2), (3, 8), (10, 1)):
            await _tap(session, f"Ana puts down {ana}")
            await _tap(session, f"Bo puts down {bo}")
        return listed, app.game.session, session

    listed, game, session = run_async(run())
    assert listed[-1] == "High card" and len(listed) == len(GAMES)
    assert list(game.players) == ["Ana", "Bo"] and game.is_over
    assert [v.headline for v in game.verdicts][:2] == [
        "Ana takes the round: 7 beats 4",
        "Equal cards, 5: nobody scores",
    ]
    assert _tagged(session, "standings-headline") == "Ana wins with 3 points"
    assert _tagged(session, "standings-reason") == "Ana reached 3 points first."


def play(player: str, card: int) -> dict:
    return {"type": "play", "player": player, "card": card}


def test_in_turn_the_second_card_answers_the_first(highcard):
    rules = GAMES[highcard]
    state = rules.new_state(["Ana", "Bo"], rules.parse_options({"order": "in_turn"}))
    state, said = rules.apply(state, rules.parse_action(play("Ana", 6)))
    assert said.headline == "Ana puts down 6" and rules.to_act(state) == (1,)
    state, said = rules.apply(state, rules.parse_action(play("Bo", 8)))
    assert said.headline == "Bo takes the round: 8 beats 6" and rules.points(state) == (0, 1)


def test_its_dispute_is_settled_from_the_home_screen(highcard, lives):
    async def run():
        _app, session = device(lives)
        await _tap(session, "Settle a dispute")
        await _tap(session, "High card")
        await _tap(session, "Who takes the round")
        await _tap(session, "Player 1 plays 3")
        await _tap(session, "Player 2 plays 9")
        headline = _tagged(session, "dispute-headline")
        await _tap(session, "Save to history")
        return headline, lives.store.disputes.recent()

    headline, saved = run_async(run())
    assert headline == "Player 2 takes the round: 9 beats 3"
    assert [(d["game"], d["headline"]) for d in saved] == [(highcard, headline)]


def test_the_command_line_settles_it_and_the_schema_has_it(highcard):
    dispute = {
        "kind": "highcard_round",
        "plays": [{"player": "Ana", "card": 4}, {"player": "Bo", "card": 4}],
    }
    code, out = settle_text(json.dumps(dispute))
    assert code == 0 and out["game"] == highcard and out["rulings"] == ["HC-TIE"]
    defs = schema()["$defs"]
    assert {"HighCardRound", "HighcardRecord"} <= set(defs)


def test_its_games_export_and_import(highcard, tmp_path):
    rules = GAMES[highcard]
    store = Store(tmp_path / "one.db")

    table = KeptSession.new(store, GameRecord(game=highcard, players=["Ana", "Bo"]))
    for ana, bo in ((7, 4), (9, 2), (10, 1)):
        table.play(rules.gather(table.state, {0: ana, 1: bo}))
    exported = export_all(store, str(tmp_path / "out") + "/")
    played = store.load(table.game_id).record.dates()
    store.close()
    again = Store(tmp_path / "two.db")
    imported = import_files(again, [str(p) for p in exported.files])
    assert not imported.refused and len(imported.games) == 1
    (listed,) = again.list_games()
    loaded = again.load(listed.id).record
    assert loaded.undated() == table.session.record()  # and when it was played:
    assert loaded.dates() == played and all(played.values())
    assert listed.summary == "Ana wins with 3 points"
    again.close()
