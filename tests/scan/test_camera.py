import sys
import threading
import time
from pathlib import Path
from typing import Callable

import cv2
import numpy as np
import pytest

from companion.scan.camera import (
    ImageFilesSource,
    MockCamera,
    OpenCVSource,
    Picamera2Source,
    ScanWorker,
    file_source,
    open_camera,
)
from companion.scan.decoder import Decoder
from companion.scan.errors import CameraError
from companion.scan.presence import Presence
from companion.scan.synth import Placed, render_frame


def test_mock_camera_renders_real_qr_frames() -> None:
    cam = MockCamera()
    dec = Decoder(game="BGM")
    assert dec.decode(cam.read()).cards == ()
    cam.show("BGM:SRCH:07")
    assert [str(c) for c in dec.decode(cam.read()).cards] == ["BGM:SRCH:07"]
    cam.show("BGM:SRCH:07", "BGM:STOK:01")
    assert [str(c) for c in dec.decode(cam.read()).cards] == ["BGM:SRCH:07", "BGM:STOK:01"]
    cam.clear()
    assert dec.decode(cam.read()).cards == ()


def test_open_camera_by_spec_and_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert isinstance(open_camera("mock"), MockCamera)
    monkeypatch.setenv("COMPANION_CAMERA", "mock")
    assert isinstance(open_camera(), MockCamera)
    img = tmp_path / "a.png"
    cv2.imwrite(str(img), render_frame([Placed("BGM:SRCH:01", 5)]))
    src = open_camera(f"file:{img}")
    assert src.read() is not None and src.read() is None  # one image, then end of source
    with pytest.raises(CameraError, match="unknown camera"):
        open_camera("webcam")
    with pytest.raises(CameraError):
        open_camera("file:")


def test_cameras_that_fail_to_open(tmp_path: Path) -> None:
    with pytest.raises(CameraError):
        OpenCVSource(str(tmp_path / "missing.mp4"), size=None)
    with pytest.raises(CameraError, match="picamera2"):
        Picamera2Source()  # not installable off-Pi: a clean error, not an ImportError
    with pytest.raises(CameraError, match="no such"):
        file_source(tmp_path / "nothing-here")
    (tmp_path / "empty").mkdir()
    with pytest.raises(CameraError, match="no images"):
        file_source(tmp_path / "empty")
    with pytest.raises(CameraError):
        ImageFilesSource([])


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('raise ValueError("numpy.dtype size changed, may indicate binary incompatibility")', "ValueError: numpy.dtype"),
        ("import libcamera_not_here", "No module named 'libcamera_not_here'"),
        ('raise RuntimeError("no libcamera")', "RuntimeError: no libcamera"),
    ],
    ids=["numpy-abi", "its-own-import", "runtime"],
)
def test_a_picamera2_that_is_installed_but_does_not_load_is_a_camera_error(
    body: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Apt's python3-picamera2 seen from the venv (a Pi's venv has the system's packages) can fail
    to import with something other than "not installed": its simplejpeg built against Debian's
    numpy 1.x under the venv's numpy 2 raises ValueError. That is the camera's clear CameraError,
    chosen or found on its own, never a traceback and never a silent switch to a USB camera."""
    (tmp_path / "picamera2").mkdir()
    (tmp_path / "picamera2" / "__init__.py").write_text(body + "\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    monkeypatch.delenv("COMPANION_CAMERA", raising=False)
    with pytest.raises(CameraError, match="picamera2 is installed but does not load") as raised:
        Picamera2Source()
    assert words in str(raised.value)
    with pytest.raises(CameraError, match="picamera2 is installed but does not load"):
        open_camera()  # found by itself: picamera2 it is, and it says why it cannot open


def test_with_no_picamera2_the_default_camera_is_opencv(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def no_picamera2(name: str, *args: object, **kwargs: object) -> object:
        if name == "picamera2":
            raise ModuleNotFoundError("No module named 'picamera2'", name="picamera2")
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_picamera2)
    monkeypatch.delenv("COMPANION_CAMERA", raising=False)
    with pytest.raises(CameraError, match="picamera2 is not installed"):
        Picamera2Source()
    monkeypatch.setattr("companion.scan.camera.OpenCVSource", lambda index: ("opencv", index))
    assert open_camera() == ("opencv", 0)  # type: ignore[comparison-overlap]


def test_folder_and_video_sources(tmp_path: Path) -> None:
    codes = ["BGM:SRCH:01", "BGM:SRCH:02", "BGM:SRCH:03"]
    for i, c in enumerate(codes):
        cv2.imwrite(str(tmp_path / f"{i}.png"), render_frame([Placed(c, 5)], seed=i))
    (tmp_path / "notes.txt").write_text("not an image")
    dec = Decoder(game="BGM")
    src = file_source(tmp_path)
    assert [str(dec.decode(src.read()).cards[0]) for _ in codes] == codes
    assert src.read() is None
    video = tmp_path / "clip.avi"
    w = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 10, (640, 480), False)
    assert w.isOpened()
    for _ in range(3):
        w.write(render_frame([Placed("BGM:DARK:05", 6)]))
    w.release()
    vsrc = file_source(video)
    frames = [vsrc.read() for _ in range(4)]
    assert frames[3] is None and [str(c) for c in dec.decode(frames[0]).cards] == ["BGM:DARK:05"]
    vsrc.close()


class SlowDecode:
    def __init__(self, delay: float) -> None:
        self.delay = delay

    def __call__(self, frame: np.ndarray) -> int:
        time.sleep(self.delay)
        return int(frame[0, 0])


class CountingSource:
    """Frames whose first pixel is a counter: shows which frame a decode ran on."""

    def __init__(self) -> None:
        self.n = 0
        self.closed = False

    def read(self) -> np.ndarray:
        self.n += 1
        time.sleep(0.001)
        f = np.zeros((4, 4), np.uint8)
        f[0, 0] = self.n % 256
        return f

    def close(self) -> None:
        self.closed = True


def wait_for(cond: Callable[[], bool], timeout: float = 30.0) -> None:
    # A bound on liveness, not a speed check. (A decode once waited seconds of wall time on a
    # tenth of a second of CPU: the mock camera answered at once, so the grabbing thread spun and
    # starved the decoder of the GIL. It now paces its frames as a camera does.)
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_worker_decodes_only_the_newest_frame() -> None:
    src = CountingSource()
    results: list[int] = []
    with ScanWorker(src, SlowDecode(0.03), lambda r, t: results.append(r)) as w:
        wait_for(lambda: w.frames_decoded >= 5)  # a loaded machine is slower, never wrong
    assert src.closed
    assert w.frames_decoded >= 5
    assert w.frames_grabbed > 3 * w.frames_decoded  # most frames dropped, never queued
    # While frames flow, every decode skipped ahead: the slot held the newest frame. (The last
    # decode can race the capture thread stopping at exit, so it is left out.)
    gaps = np.diff(w.decoded_seqs)[:-1]
    assert len(gaps) >= 3 and (gaps > 1).all(), w.decoded_seqs


def test_worker_with_mock_camera_and_presence_end_to_end() -> None:
    cam = MockCamera()
    scans: list[str] = []
    lock = threading.Lock()
    presence = Presence(absent_s=0.15, absent_frames=2)
    dec = Decoder(game="BGM")

    def on_result(result, t):  # type: ignore[no-untyped-def]
        with lock:
            scans.extend(str(c) for c in presence.update(result.cards, now=t))

    with ScanWorker(cam, dec.decode, on_result) as w:
        cam.show("BGM:SRCH:07")
        wait_for(lambda: len(scans) == 1)
        held = w.frames_decoded
        wait_for(lambda: w.frames_decoded >= held + 10)  # still in view for many frames: no new scan
        assert len(scans) == 1
        cam.clear()
        cleared = w.frames_decoded

        def gone() -> bool:
            with lock:
                return not presence.in_view

        wait_for(gone)  # (missing from enough frames, captured long enough after the last sighting)
        assert w.frames_decoded >= cleared + presence.absent_frames
        cam.show("BGM:SRCH:07", "BGM:DARK:02")
        wait_for(lambda: len(scans) == 3)
    # Held 0.4 s (a dozen frames) = one scan; back after leaving = a new scan; plus the second card.
    assert scans[0] == "BGM:SRCH:07" and sorted(scans[1:]) == ["BGM:DARK:02", "BGM:SRCH:07"]


def test_worker_reports_a_camera_that_dies() -> None:
    class Dying:
        def read(self) -> np.ndarray:
            raise OSError("USB unplugged")

        def close(self) -> None:
            pass

    errors: list[BaseException] = []
    w = ScanWorker(Dying(), SlowDecode(0), lambda r, t: None, on_error=errors.append).start()
    deadline = time.monotonic() + 30  # waits for the worker, not a fixed 0.1 s: under emulation
    while not errors and time.monotonic() < deadline:  # (the arm64 run) a thread starts slowly
        time.sleep(0.01)
    time.sleep(0.05)  # a second report would come now
    w.stop()
    assert len(errors) == 1 and isinstance(errors[0], CameraError) and "unplugged" in str(errors[0])


def test_the_mock_camera_paces_its_frames_so_the_grabber_does_not_spin() -> None:
    # A real camera's read blocks until the next frame; a mock that answered at once was grabbed
    # hundreds of thousands of times a second, and the decoder behind it, starved of the GIL, took
    # seconds a frame inside the app (tests/ui/test_gsb_scan.py timed out).
    cam = MockCamera(fps=30.0)
    cam.show("BGM:SRCH:07")
    decoded: list[float] = []
    dec = Decoder(game="BGM")
    start = time.monotonic()
    with ScanWorker(cam, dec.decode, lambda r, t: decoded.append(t)) as w:
        time.sleep(0.6)
        deadline = start + 60  # a slow machine (the emulated arm64 run) takes longer than 0.6 s to decode one
        while w.frames_decoded < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        elapsed = time.monotonic() - start
    assert w.frames_grabbed <= elapsed * 30 + 3, (w.frames_grabbed, elapsed)
    assert w.frames_decoded >= 1
    assert MockCamera(fps=None).read() is not None
