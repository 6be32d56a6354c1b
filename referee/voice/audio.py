"""Audio as the recogniser takes it: 16 kHz, mono, 16-bit samples, from a WAV of any rate
and channels or from the browser's samples. Nothing here keeps what it reads."""

import io
import wave

import numpy as np

RATE = 16000
PAD_S = 0.3  # silence around speech: the recogniser needs some before the first word


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
    clipped = np.clip(np.concatenate([pad, samples, pad]), -1.0, 1.0)
    return (clipped * 32767).astype("<i2").tobytes()


def from_wav(data: bytes) -> bytes:
    """A WAV file's speech as the recogniser takes it; BadAudio for anything else."""
    try:
        with wave.open(io.BytesIO(data)) as w:
            rate, width, channels = w.getframerate(), w.getsampwidth(), w.getnchannels()
            frames = w.readframes(w.getnframes())
    except (wave.Error, EOFError) as exc:
        raise BadAudio("That is not a WAV file the referee can read (PCM WAV only).") from exc
    if width not in (1, 2, 4) or rate < 4000 or channels < 1:
        raise BadAudio("That WAV file is not 8-, 16- or 32-bit PCM sound.")
    kind = {1: np.uint8, 2: "<i2", 4: "<i4"}[width]
    x = np.frombuffer(frames[: len(frames) // (width * channels) * width * channels], kind)
    x = x.astype(np.float64)
    x = (x - 128) / 128 if width == 1 else x / float(2 ** (8 * width - 1))
    x = x.reshape(-1, channels).mean(axis=1)
    if len(x) < rate // 10:
        raise BadAudio("That recording is too short to hold a move.")
    return pcm16(resample(x, rate))


def from_floats(samples: np.ndarray) -> bytes:
    """The browser's samples (float32 at RATE, -1..1)."""
    return pcm16(samples.astype(np.float64))
