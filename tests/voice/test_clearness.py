"""audio.clearness_db: how far speech stands above its pauses. A move heard in a noisy
room's recording is never played at once (recogniser.NOISY_DB): it is offered first."""

import shutil

import numpy as np
import pytest

from referee.voice import audio, recogniser
from tests.voice.test_ears import samples

pytestmark = pytest.mark.skipif(not shutil.which("espeak-ng"), reason="needs espeak-ng")


def test_clean_speech_stands_above_the_noisy_bar_and_speech_in_noise_below_it(tmp_path):
    said = np.frombuffer(samples(tmp_path, "Ana bids three"), "<i2").astype(np.float64) / 32767
    clean = audio.from_floats(said)
    loud = np.sqrt(np.mean(said[np.abs(said) > 0.05] ** 2))
    noise = np.random.default_rng(1).normal(0, loud / 10 ** (10 / 20), len(said))  # 10 dB
    noisy = audio.from_floats(said + noise)
    assert audio.clearness_db(clean) > recogniser.NOISY_DB
    assert audio.clearness_db(noisy) < recogniser.NOISY_DB


def test_a_recording_too_short_to_measure_reads_as_clear():
    assert audio.clearness_db(b"\x00\x00" * 10) == audio.FLOOR_DB


def test_a_move_heard_in_noise_is_offered_never_played_at_once(tmp_path):
    from referee.games import GAMES

    rules = GAMES["faeker"]
    state = rules.new_state(["Ana", "Bo", "Cy"], rules.parse_options({}))
    said = np.frombuffer(samples(tmp_path, "top card five"), "<i2").astype(np.float64) / 32767
    loud = np.sqrt(np.mean(said[np.abs(said) > 0.05] ** 2))
    noise = np.random.default_rng(2).normal(0, loud / 10 ** (8 / 20), len(said))
    heard = recogniser.hear(rules, state, audio.from_floats(said + noise))
    assert heard.move is None or not heard.sure
