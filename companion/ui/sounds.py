"""Sound effects synthesized here with numpy (no downloaded assets) and spoken prompts.

The WAVs are generated on first use into <data dir>/sounds/. Playing goes through Kivy's audio
provider when one loads; the voice runs espeak-ng off the UI thread and is silently off when
espeak-ng is missing.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import threading
import wave
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)
RATE = 22050


def _env(n: int, attack: float = 0.01, release: float = 0.2) -> Any:
    t = np.arange(n) / RATE
    a = np.clip(t / attack, 0, 1)
    r = np.clip((t[-1] - t) / release, 0, 1)
    return a * r


def reveal() -> Any:
    """A falling, beating sweep: something is there."""
    n = int(RATE * 1.2)
    t = np.arange(n) / RATE
    f = 440 * np.exp(-1.4 * t)
    phase = 2 * np.pi * np.cumsum(f) / RATE
    tone = np.sin(phase) + 0.6 * np.sin(phase * 1.06) + 0.3 * np.sin(phase * 2.01)
    return tone * _env(n, 0.005, 0.5) * (0.7 + 0.3 * np.sin(2 * np.pi * 7 * t))


def steps() -> Any:
    """Two heavy footsteps on old floorboards."""
    n = int(RATE * 0.9)
    out = np.zeros(n)
    rng = np.random.default_rng(7)
    for start in (0.05, 0.5):
        s = int(start * RATE)
        m = int(0.25 * RATE)
        t = np.arange(m) / RATE
        thud = np.sin(2 * np.pi * 70 * t) * np.exp(-t * 22) + 0.25 * rng.standard_normal(m) * np.exp(-t * 60)
        out[s:s + m] += thud
    return out


def laugh() -> Any:
    """'Muahahaha': pitched bursts falling in pitch, each shaped like a syllable."""
    out = []
    rng = np.random.default_rng(13)
    pitches = [180, 165, 150, 140, 130, 120]
    for i, p in enumerate(pitches):
        n = int(RATE * (0.5 if i == 0 else 0.2))
        t = np.arange(n) / RATE
        saw = 2 * ((t * p) % 1.0) - 1
        breath = 0.15 * rng.standard_normal(n)
        formant = np.sin(2 * np.pi * 700 * t) * 0.3
        syl = (saw * (1 + formant) + breath) * np.sin(np.pi * np.arange(n) / n) ** 2
        out.append(syl)
        out.append(np.zeros(int(RATE * 0.04)))
    return np.concatenate(out)


def coin() -> Any:
    """A coin spun on a table: a bright ring that wobbles faster as it settles."""
    n = int(RATE * 1.0)
    t = np.arange(n) / RATE
    wobble = 0.5 + 0.5 * np.sin(2 * np.pi * (6 + 18 * t) * t)
    ring = np.sin(2 * np.pi * 2400 * t) + 0.5 * np.sin(2 * np.pi * 3710 * t)
    return ring * wobble * _env(n, 0.002, 0.3) * np.exp(-t * 2.5)


EFFECTS = {"reveal": reveal, "steps": steps, "laugh": laugh, "coin": coin}


def write_wav(path: Path, samples: Any) -> None:
    peak = float(np.max(np.abs(samples))) or 1.0
    data = (samples / peak * 0.8 * 32767).astype("<i2")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with wave.open(str(tmp), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())
    tmp.replace(path)


def ensure_sounds(folder: Path) -> dict[str, Path]:
    out = {}
    for name, fn in EFFECTS.items():
        p = folder / f"{name}.wav"
        if not p.exists():
            write_wav(p, fn())
        out[name] = p
    return out


def audio_device_present() -> bool:
    """Is there a sound card at all? Opening audio without one makes ALSA print a screenful of
    errors at every start; with none, the companion just stays silent."""
    cards = Path("/proc/asound/cards")
    if not Path("/proc").is_dir():
        return True  # not Linux: let the audio provider decide
    try:
        text = cards.read_text()
    except OSError:
        return False
    return bool(text.strip()) and "no soundcards" not in text


class Sounds:
    def __init__(self, folder: Path, enabled: bool = True, voice: bool = False) -> None:
        self.folder = folder
        self.enabled = enabled
        self.voice = voice
        self._loaded: dict[str, Any] = {}
        self._espeak = shutil.which("espeak-ng")
        self._said: list[str] = []  # what the voice was asked to say (tests, logs)
        self.language = "en"  # espeak-ng's voice: "en" or "de" (its German voice; the app's language)
        self._lock = threading.Lock()
        self._latest = ""
        self._device: bool | None = None
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)
        if not self.enabled:
            return
        if self._device is None:
            self._device = audio_device_present()
            if not self._device:
                log.info("no sound card: sounds are off")
        if not self._device:
            return
        try:
            snd = self._loaded.get(name)
            if snd is None:
                from kivy.core.audio import SoundLoader

                path = ensure_sounds(self.folder)[name]
                snd = SoundLoader.load(str(path))
                if snd is None:
                    self.enabled = False  # no audio provider here: stay quiet from now on
                    return
                self._loaded[name] = snd
            snd.stop()
            snd.play()
        except Exception as exc:  # noqa: BLE001 - sound is a nicety, never a crash
            log.info("sound %s: %s", name, exc)
            self.enabled = False

    def say(self, text: str) -> None:
        self._said.append(text)
        if not (self.voice and self._espeak and text):
            return
        with self._lock:
            busy = bool(self._latest)
            self._latest = text
        if not busy:
            threading.Thread(target=self._speak_loop, name="voice", daemon=True).start()

    def _speak_loop(self) -> None:
        # Only the newest prompt matters: older ones queued behind a long sentence are dropped.
        while True:
            with self._lock:
                text = self._latest
            try:
                subprocess.run([self._espeak or "espeak-ng", "-v", self.language, "-s", "150", text], check=False,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
            except (OSError, subprocess.SubprocessError):
                self.voice = False
            with self._lock:
                if self._latest == text:
                    self._latest = ""
                    return
