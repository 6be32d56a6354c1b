"""Push to talk on a game's screen (ui/voice.Ears): a heard move goes through the device
as a tap would (play, pick, undo), "Heard: ..." is said with Undo; speech that is no legal
move changes nothing and says so in one sentence with an example; a move heard with doubt
is only offered ("Did you say ...?") and played on Yes."""

import random
import shutil
import subprocess
from types import SimpleNamespace

import numpy as np
import pytest

from referee.games import GAMES
from referee.voice import audio
from tests.helpers import run_async

pytestmark = pytest.mark.skipif(not shutil.which("espeak-ng"), reason="needs espeak-ng")


class Device:
    def __init__(self, kind, players, actions=(), **options):
        rules = GAMES[kind]
        state = rules.new_state(players, rules.parse_options(options))
        for a in actions:
            state, _ = rules.apply(state, rules.parse_action(a))
        self.rules, self.table = rules, SimpleNamespace(state=state)
        self.shell = SimpleNamespace(sharing=SimpleNamespace(token="t" * 24))
        self.live = SimpleNamespace(log_version=0)
        self.game_id, self.joined, self.me, self.private = 7, True, None, set()
        self.done, self.told, self.asked = [], [], []
        self.ears = None

    def can_change_pick(self, seat):
        return seat not in self.private

    def play(self, action):
        self.done.append(("play", action))

    def pick(self, seat, value):
        self.done.append(("pick", seat, value))

    def undo(self):
        self.done.append(("undo",))

    def redo(self):
        self.done.append(("redo",))

    def toast(self, text):
        self.told.append(text)

    def confirm(self, title, message, on_yes, yes, no):
        assert no == "No"
        self.asked.append((title, message, on_yes, yes))


def samples(tmp_path, text, voice="en-us+f2", wpm=160) -> bytes:
    wav = tmp_path / "s.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(wpm), "-w", str(wav), text], check=True)
    pcm = np.frombuffer(audio.from_wav(wav.read_bytes()), "<i2")
    return pcm.astype("<i2").tobytes()


def hear(device, body):
    """What the device's ears answer, its screen showing the game (as GameDevice.join)."""
    from referee.ui.voice import Ears

    if device.ears is None:
        device.ears = Ears(device)
        device.ears.open()
    return run_async(device.ears.hear(body))


def test_a_players_guess_is_their_pick_as_a_tap_makes_it(tmp_path):
    device = Device("fairy", ["Ana", "Bo"], [{"type": "opening", "card": 11}])
    answer = hear(device, samples(tmp_path, "Bo lower"))
    assert device.done == [("pick", 1, "lower")]
    assert answer["ok"] and answer["said"].startswith("Heard: Bo: ")
    assert "Undo" in device.told[-1]


def test_a_move_is_played_and_undo_undoes(tmp_path):
    device = Device("faeker", ["Ana", "Bo", "Cy"], [{"type": "top_card", "card": 3}])
    hear(device, samples(tmp_path, "Bo passes"))
    hear(device, samples(tmp_path, "undo", "en-us", 150))
    for _title, _message, on_yes, _yes in device.asked:  # heard with doubt: Yes tapped
        on_yes()
    assert device.done[0][0] == "play" and device.done[0][1].type == "pass"
    assert device.done[1:] == [("undo",)]


def test_a_die_revealed_is_said_as_its_card_in_the_tables_colours(tmp_path):
    device = Device("deceptidice", ["Ana", "Bo"], reveal_dice=True, colour_names="Rouge")
    hear(device, samples(tmp_path, "Ana reveals rouge four"))
    for _title, _message, on_yes, _yes in device.asked:  # heard with doubt: Yes tapped
        on_yes()
    ((done, action),) = device.done
    assert done == "play" and (action.type, action.player, action.card) == ("reveal", "Ana", "R4")


def test_a_power_claim_is_said_as_its_combo_and_value(tmp_path):
    device = Device("deceptidice", ["Ana", "Bo"], power_cards=4)
    hear(device, samples(tmp_path, "Ana claims two pairs value four"))
    for _title, _message, on_yes, _yes in device.asked:  # heard with doubt: Yes tapped
        on_yes()
    ((done, action),) = device.done
    card = action.guess.card
    assert done == "play" and (card.combo, card.sizes, card.value) == ("numbers", (2, 2), 4)


def test_speech_that_is_no_move_changes_nothing_and_says_what_to_say(tmp_path):
    device = Device("faeker", ["Ana", "Bo", "Cy"], [{"type": "top_card", "card": 3}])
    answer = hear(device, samples(tmp_path, "what a lovely evening for pizza"))
    assert device.done == [] and not answer["ok"]
    assert device.told == [answer["said"]] and "Say a move, such as" in answer["said"]


def heard_with_doubt(monkeypatch, device, move):
    from referee.voice import recogniser

    def doubtful(rules, state, pcm, me):
        return recogniser.Heard("bo passes", move, sure=False)

    monkeypatch.setattr(recogniser, "hear", doubtful)


def test_a_move_heard_with_doubt_is_offered_and_played_only_on_yes(monkeypatch):
    device = Device("faeker", ["Ana", "Bo", "Cy"], [{"type": "top_card", "card": 3}])
    passes = device.rules.parse_action({"type": "pass", "player": "Bo"})
    heard_with_doubt(monkeypatch, device, passes)
    answer = hear(device, b"\x00\x00" * 1600)
    assert device.done == [] and answer["said"] == "Did you say: Bo passes?"
    [(title, message, on_yes, yes)] = device.asked
    assert title == "Did you say: Bo passes?" and message.startswith("Nothing is played")
    assert yes == "Yes, play it"
    on_yes()
    assert device.done == [("play", passes)] and "Undo" in device.told[-1]


def test_a_doubtful_move_is_not_played_once_the_game_moved_on(monkeypatch):
    device = Device("faeker", ["Ana", "Bo", "Cy"], [{"type": "top_card", "card": 3}])
    passes = device.rules.parse_action({"type": "pass", "player": "Bo"})
    heard_with_doubt(monkeypatch, device, passes)
    hear(device, b"\x00\x00" * 1600)
    device.live.log_version += 1  # another phone played before Yes was tapped
    device.asked[0][2]()
    assert device.done == [] and "moved on" in device.told[-1]


def test_the_microphone_opening_readies_the_moves_and_plays_nothing(monkeypatch):
    from referee.voice import recogniser

    device = Device("faeker", ["Ana", "Bo", "Cy"], [{"type": "top_card", "card": 3}])
    readied = []
    monkeypatch.setattr(recogniser, "prepare", lambda rules, state, me: readied.append(state))
    assert hear(device, b"") == {"ok": True, "said": ""}
    assert readied == [device.table.state] and device.done == device.told == []


def last_move_of_a_game(kind, players):
    """A state of a random game one move from its end, and that move."""
    rules = GAMES[kind]
    rng = random.Random(5)
    state = rules.new_state(players, rules.parse_options({}))
    for _ in range(10_000):
        action = rules.draw(state, rng)
        after, _ = rules.apply(state, action)
        if rules.is_over(after):
            return state, action
        state = after
    raise AssertionError("no game of 10,000 moves ended")


def test_a_spoken_move_that_ends_the_game_is_asked_first_as_a_tap_is(monkeypatch):
    from referee.voice import recogniser

    device = Device("fairybucks", ["Ana", "Bo", "Cy"])
    device.table.state, last = last_move_of_a_game("fairybucks", ["Ana", "Bo", "Cy"])
    monkeypatch.setattr(
        recogniser, "hear", lambda r, s, p, me: recogniser.Heard("x", last, sure=True)
    )
    hear(device, b"\x00\x00" * 1600)
    [(title, _message, on_yes, yes)] = device.asked
    assert device.done == [] and title == "Score the game now?" and yes == "Yes, score it"
    on_yes()
    assert device.done == [("play", last)]


def test_a_move_said_while_another_phone_moved_the_game_is_not_played(monkeypatch, tmp_path):
    device = Device("faeker", ["Ana", "Bo", "Cy"], [{"type": "top_card", "card": 3}])
    hear(device, b"")  # the microphone opens
    device.live.log_version += 1  # another phone's move, while this one listens
    answer = hear(device, samples(tmp_path, "Bo passes"))
    assert device.done == [] and answer["said"].startswith("The game moved on")


def test_a_move_heard_after_the_screen_left_the_game_is_not_played(monkeypatch):
    device = Device("faeker", ["Ana", "Bo", "Cy"], [{"type": "top_card", "card": 3}])
    passes = device.rules.parse_action({"type": "pass", "player": "Bo"})
    heard_with_doubt(monkeypatch, device, passes)
    hear(device, b"\x00\x00" * 1600)
    device.ears.close()  # the screen went home before Yes was tapped
    device.asked[0][2]()
    assert device.done == []


def test_a_spoken_pick_never_changes_another_phones_private_pick(monkeypatch):
    from referee.core.spoken import PickMove
    from referee.voice import recogniser

    device = Device("fairy", ["Ana", "Bo"], [{"type": "opening", "card": 11}])
    device.private.add(1)  # Bo picked on his own phone
    heard = recogniser.Heard("bo higher", PickMove(1, "higher"), sure=True)
    monkeypatch.setattr(recogniser, "hear", lambda r, s, p, me: heard)
    answer = hear(device, b"\x00\x00" * 1600)
    assert device.done == [] and "only that phone" in answer["said"]


def test_i_on_a_players_phone_is_that_player_never_the_seat_to_act():
    from referee.core.spoken import grammar

    device = Device("faeker", ["Ana", "Bo", "Cy"], [{"type": "top_card", "card": 3}])
    rules, state = device.rules, device.table.state  # Bo is to act
    on_cys_phone = grammar(rules, state, me=2).parse(["i", "pass"])
    on_bos_phone = grammar(rules, state, me=1).parse(["i", "pass"])
    assert on_cys_phone == [] and [m.player for m in on_bos_phone] == ["Bo"]


def test_a_phone_set_to_ask_asks_even_about_a_sure_move(monkeypatch):
    from referee.voice import recogniser

    device = Device("faeker", ["Ana", "Bo", "Cy"], [{"type": "top_card", "card": 3}])
    device.shell.phone = SimpleNamespace(settings=SimpleNamespace(ask_spoken=True))
    passes = device.rules.parse_action({"type": "pass", "player": "Bo"})
    heard = recogniser.Heard("bo passes", passes, sure=True)
    monkeypatch.setattr(recogniser, "hear", lambda r, s, p, me: heard)
    hear(device, b"\x00\x00" * 1600)
    [(title, _message, on_yes, _yes)] = device.asked
    assert device.done == [] and title == "Did you say: Bo passes?"
    on_yes()
    assert device.done == [("play", passes)]
