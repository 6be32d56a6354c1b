"""Audio as the recogniser takes it: RATE, mono, 16-bit samples, from a WAV of any rate
and channels or from the browser's samples. Nothing here keeps what it reads."""

import io
import wave

import numpy as np

from referee.voice import RATE

PAD_S = 0.3  # silence around speech: the recogniser needs some before the first word
# The quietest a recording's pauses may be, below its speech. Pocketsphinx reads the level
# of the pauses to learn the room, and a pause of digital silence (a synthetic voice, a
# microphone that gates) misleads it: the last word of a phrase goes unheard or is heard as
# another. A floor of faint noise under such pauses gives back what a room would.
FLOOR_DB = 24
_FRAME = RATE // 50  # 20 ms, the recogniser's own window
# A WAV's sample width in bytes, and how its samples are stored (8-bit PCM is unsigned).
_SAMPLE_TYPES: dict[int, np.dtype[np.uint8 | np.int16 | np.int32]] = {
    1: np.dtype(np.uint8),
    2: np.dtype("<i2"),
    4: np.dtype("<i4"),
}


class BadAudio(ValueError):
    """Audio the referee cannot read, said in one sentence."""


def resample(samples: np.ndarray, rate: int) -> np.ndarray:
    """Float samples at `rate` to RATE: by the spectrum (what is above 8 kHz dropped, so
    it folds into nothing), or linear interpolation up from a lower rate."""
    if rate == RATE or len(samples) == 0:
        return samples
    if rate > RATE:
        n = max(1, round(len(samples) * RATE / rate))
        spectrum = np.fft.rfft(samples)[: n // 2 + 1]
        return np.fft.irfft(spectrum, n) * (n / len(samples))
    n = max(1, round(len(samples) * RATE / rate))
    return np.interp(np.linspace(0, len(samples) - 1, n), np.arange(len(samples)), samples)


def pcm16(samples: np.ndarray) -> bytes:
    """Float samples (-1..1) at RATE, with silence around them, as 16-bit bytes."""
    pad = np.zeros(int(RATE * PAD_S))
    clipped = np.clip(with_floor(np.concatenate([pad, samples, pad])), -1.0, 1.0)
    return (clipped * 32767).astype("<i2").tobytes()


def with_floor(samples: np.ndarray) -> np.ndarray:
    """Float samples with their pauses lifted to FLOOR_DB below their speech by white noise
    (a fixed seed: the same recording is always heard the same way); a recording whose
    pauses are already that loud is left as it is."""
    found = _levels(samples)
    if found is None:
        return samples
    speech, pauses = found
    target = speech * 10 ** (-FLOOR_DB / 20)
    if pauses >= target:
        return samples
    noise = np.random.default_rng(0).normal(0.0, np.sqrt(target**2 - pauses**2), len(samples))
    return samples + noise


def _levels(samples: np.ndarray) -> tuple[float, float] | None:
    """(speech, pauses): the loud half's level and the quietest tenth's, by 20 ms frame."""
    frames = samples[: len(samples) // _FRAME * _FRAME].reshape(-1, _FRAME)
    if len(frames) == 0:
        return None
    levels = np.sort(np.sqrt(np.mean(frames**2, axis=1)))
    speech = float(np.sqrt(np.mean(levels[len(levels) // 2 :] ** 2)))
    pauses = float(np.sqrt(np.mean(levels[: max(1, len(levels) // 10)] ** 2)))
    return speech, pauses


def clearness_db(pcm: bytes) -> float:
    """How far a recording's speech (its loudest 30% of 20 ms frames) stands above its
    pauses (the level 20% of its frames are under), in dB: a noisy room's is low. Once
    `pcm16` lifted its pauses, a clean recording's is about FLOOR_DB. The silence `pcm16`
    put around the speech is left out: it holds none of the room."""
    pad = int(RATE * PAD_S)
    samples = np.frombuffer(pcm, "<i2").astype(np.float64) / 32767
    if len(samples) > 4 * pad:
        samples = samples[pad:-pad]
    frames = samples[: len(samples) // _FRAME * _FRAME].reshape(-1, _FRAME)
    if len(frames) < 5:
        return float(FLOOR_DB)
    levels = np.sort(np.sqrt(np.mean(frames**2, axis=1)))
    speech = np.sqrt(np.mean(levels[int(len(levels) * 0.7) :] ** 2))
    pauses = float(np.percentile(levels, 20))
    if pauses <= 0:
        return float(FLOOR_DB)
    return float(20 * np.log10(max(float(speech), 1e-9) / pauses))


def from_wav(data: bytes) -> bytes:
    """A WAV file's speech as the recogniser takes it; BadAudio for anything else."""
    try:
        with wave.open(io.BytesIO(data)) as w:
            rate, width, channels = w.getframerate(), w.getsampwidth(), w.getnchannels()
            frames = w.readframes(w.getnframes())
    except (wave.Error, EOFError) as exc:
        raise BadAudio("That is not a WAV file the referee can read (PCM WAV only).") from exc
    if rate < 4000:
        raise BadAudio(
            "That recording's sample rate is too low to hear a move (under 4,000 a second)."
        )
    if width not in (1, 2, 4) or channels < 1:
        raise BadAudio("That WAV file is not 8-, 16- or 32-bit PCM sound.")
    kind = _SAMPLE_TYPES[width]
    raw = np.frombuffer(frames[: len(frames) // (width * channels) * width * channels], kind)
    x = raw.astype(np.float64)
    x = (x - 128) / 128 if width == 1 else x / float(2 ** (8 * width - 1))
    x = x.reshape(-1, channels).mean(axis=1)
    if len(x) < rate // 10:
        raise BadAudio("That recording is too short to hold a move.")
    return pcm16(resample(x, rate))


def from_floats(samples: np.ndarray) -> bytes:
    """The browser's samples (float32 at RATE, -1..1)."""
    return pcm16(samples.astype(np.float64))
