"""`python -m referee hear game.json speech.wav [--at N]`: the move a recording says in a
record's state, from espeak-ng speech made here (several voices and rates); anything else
is one sentence and status 2, never a traceback."""

import json
import shutil
import subprocess
import sys
import wave

import numpy as np
import pytest

from referee.voice.phones import letters_to_phones

pytestmark = pytest.mark.skipif(not shutil.which("espeak-ng"), reason="needs espeak-ng")

RECORD = {
    "format": "referee-record",
    "version": 1,
    "game": "faeker",
    "players": ["Ana", "Bo", "Cy", "Zoraida"],
    "options": {},
    "actions": [{"type": "top_card", "card": 3}, {"type": "bid", "player": "Bo", "amount": 2}],
}


def say(tmp_path, text, voice="en-us", wpm=160, name="speech.wav"):
    out = tmp_path / name
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(wpm), "-w", str(out), text], check=True)
    return out


def hear(tmp_path, wav, at=None):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(RECORD))
    args = [sys.executable, "-m", "referee", "hear", str(record), str(wav)]
    args += [] if at is None else ["--at", str(at)]
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("text", "voice", "wpm", "at", "action"),
    [
        ("Cy bids three", "en-us+m1", 160, None, {"type": "bid", "player": "Cy", "amount": 3}),
        ("Cy passes", "en-us+m3", 140, None, {"type": "pass", "player": "Cy"}),
        ("I bid four", "en-us+f2", 160, None, {"type": "bid", "player": "Cy", "amount": 4}),
        ("Bo bids two", "en-us+f2", 140, 1, {"type": "bid", "player": "Bo", "amount": 2}),
        ("top card five", "en-us+m1", 150, 0, {"type": "top_card", "card": 5}),
    ],
)
def test_a_spoken_move_prints_the_action_a_tap_would_make(tmp_path, text, voice, wpm, at, action):
    done = hear(tmp_path, say(tmp_path, text, voice, wpm), at)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["action"] == action
    assert out["heard"]


def test_a_move_of_a_player_whose_turn_it_is_not_changes_nothing_and_says_so(tmp_path):
    done = hear(tmp_path, say(tmp_path, "Ana bids three"))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Say a move, such as" in done.stderr


def test_speech_that_is_no_move_is_not_heard_as_one(tmp_path):
    done = hear(tmp_path, say(tmp_path, "what a lovely evening for pizza"))
    assert done.returncode == 2, done.stdout
    assert "Traceback" not in done.stderr and "Say a move" in done.stderr


def test_a_recording_of_any_rate_and_channels_is_heard(tmp_path):
    mono = say(tmp_path, "Cy passes", wpm=150)
    with wave.open(str(mono)) as w:
        rate, x = w.getframerate(), np.frombuffer(w.readframes(w.getnframes()), "<i2")
    n = int(len(x) * 44100 / rate)
    up = np.interp(np.linspace(0, len(x) - 1, n), np.arange(len(x)), x).astype("<i2")
    stereo = tmp_path / "stereo.wav"
    with wave.open(str(stereo), "wb") as w:
        w.setnchannels(2), w.setsampwidth(2), w.setframerate(44100)
        w.writeframes(np.repeat(up, 2).tobytes())
    done = hear(tmp_path, stereo)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["action"] == {"type": "pass", "player": "Cy"}


@pytest.mark.parametrize("content", [b"", b"not a wav at all", b"RIFF\x00\x00"])
def test_a_file_that_is_not_a_recording_is_one_sentence_and_status_2(tmp_path, content):
    bad = tmp_path / "bad.wav"
    bad.write_bytes(content)
    done = hear(tmp_path, bad)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_an_action_count_out_of_range_is_one_sentence(tmp_path):
    done = hear(tmp_path, say(tmp_path, "Cy passes"), at=9)
    assert done.returncode == 2 and "out of range" in done.stderr


def test_a_name_the_dictionary_lacks_gets_a_pronunciation_from_its_letters():
    assert letters_to_phones("zoraida") == "Z OW R EY D AA"
    assert letters_to_phones("shane") == "SH AA N"
    assert all(p.isalpha() and p.isupper() for p in letters_to_phones("xiuqxz").split())


def test_a_name_the_dictionary_lacks_is_heard(tmp_path):
    record = dict(RECORD, actions=RECORD["actions"][:1])
    RECORD_BACKUP = dict(RECORD)
    RECORD.update(record)
    try:
        done = hear(tmp_path, say(tmp_path, "Bo passes"))
    finally:
        RECORD.update(RECORD_BACKUP)
    assert done.returncode == 0, done.stderr
