"""Frame sources behind one interface, and the worker that decodes the newest frame off the UI thread.

    open_camera("picamera2")      the Pi's CSI camera (OpenCV cannot open it on current Pi OS)
    open_camera("opencv:0")       a USB webcam through cv2.VideoCapture
    open_camera("file:PATH")      an image, a folder of images, or a video file (tests, demos)
    open_camera("mock")           MockCamera: tests show it codes and it renders real QR frames

With no argument the choice comes from $COMPANION_CAMERA, else picamera2 if installed, else opencv:0.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

import numpy as np
import numpy.typing as npt

from companion.scan.errors import CameraError

log = logging.getLogger(__name__)

Frame = npt.NDArray[np.uint8]
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".pgm", ".ppm"}


class FrameSource(Protocol):
    def read(self) -> Frame | None:
        """The next frame, or None when there is none (end of a file source, a dropped frame)."""

    def close(self) -> None: ...


def resolution_of(source: object) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """(the capture size a source delivers, the largest it offers), None where it cannot tell.
    Sources report them as `resolution` and `max_resolution` attributes."""
    return getattr(source, "resolution", None), getattr(source, "max_resolution", None)


CAPTURE_SIZE = (1280, 960)  # the smallest main stream a Pi camera is given (twice the 640 preview's px per module)
USB_CAPTURE_SIZE = (1280, 720)  # what most USB webcams deliver at 30 fps
BEST_WIDTH = 2028  # the widest stream asked of a Pi camera by default (the IMX477/708 binned modes)
PROBE_SIZE = (10000, 10000)  # asked of a webcam to learn its largest mode (V4L2 clamps to the nearest)


def best_stream_size(sensor: tuple[int, int]) -> tuple[int, int]:
    """The Pi camera stream asked for by default: 4:3, as wide as the sensor up to BEST_WIDTH, and
    at least CAPTURE_SIZE; both sides even (the ISP wants them so)."""
    w = max(CAPTURE_SIZE[0], min(sensor[0], BEST_WIDTH))
    h = w * 3 // 4
    return (w - w % 2, h - h % 2)


def _picamera2_missing(exc: BaseException) -> bool:
    """Whether importing picamera2 failed because it is not installed at all, as opposed to
    installed but failing to load: on a Pi whose venv sees apt's python3-picamera2, a compiled
    module of its built against another numpy raises ValueError ("numpy.dtype size changed") or an
    ImportError of its own; off a Pi, libcamera's bindings are missing."""
    return isinstance(exc, ModuleNotFoundError) and exc.name == "picamera2"


class Picamera2Source:
    """The CSI camera through picamera2 (libcamera). Imported only here: not installable off-Pi.

    Configures the 'main' stream at the capture size (default 1280 x 960: a Camera Module 3's
    4608 x 2592 sensor scaled by the ISP, no JPEG) and returns it whole: the Decoder makes its own
    640-px copy for the cheap pass and decodes crops of this frame when that fails."""

    def __init__(self, size: tuple[int, int] | None = None, camera_num: int = 0) -> None:
        try:
            from picamera2 import Picamera2
        except Exception as exc:  # noqa: BLE001 - not only ImportError: see _picamera2_missing
            if _picamera2_missing(exc):
                raise CameraError(f"picamera2 is not installed ({exc}); on Raspberry Pi OS: "
                                  "apt install python3-picamera2") from exc
            raise CameraError(f"picamera2 is installed but does not load here ({type(exc).__name__}: {exc}); "
                              "a USB camera: COMPANION_CAMERA=opencv:0") from exc
        try:
            self._cam = Picamera2(camera_num)
            sensor = tuple(int(v) for v in self._cam.sensor_resolution)
            self.max_resolution: tuple[int, int] = (sensor[0], sensor[1])
            # The best mode by default: the sensor's whole width, 4:3, scaled by the ISP to at most
            # BEST_WIDTH px across (the decoder reads crops at full resolution, so more pixels per
            # module is more reading; past ~2000 px the frame rate drops for little gain).
            size = size or best_stream_size(self.max_resolution)
            # RGB888 is stored B,G,R in memory: the order OpenCV expects.
            config = self._cam.create_video_configuration(main={"size": size, "format": "RGB888"})
            self._cam.configure(config)
            self._cam.start()
            self.resolution: tuple[int, int] = (int(size[0]), int(size[1]))
        except Exception as exc:  # libcamera raises RuntimeError/IndexError when no camera is attached
            raise CameraError(f"cannot open CSI camera {camera_num}: {exc}") from exc

    def read(self) -> Frame | None:
        arr: Frame = self._cam.capture_array("main")
        return arr

    def close(self) -> None:
        self._cam.stop()
        self._cam.close()


class OpenCVSource:
    """A USB webcam (integer index) or a video file through cv2.VideoCapture.

    A webcam is asked for `size` (1280 x 720 by default); one that cannot do it keeps whatever it
    offers, which the Decoder accepts at any size. A video file is read as it is."""

    def __init__(self, target: int | str, size: tuple[int, int] | str | None = "best") -> None:
        import cv2

        self._cap = cv2.VideoCapture(target)
        if not self._cap.isOpened():
            self._cap.release()
            raise CameraError(f"cannot open video source {target!r}")
        self.max_resolution: tuple[int, int] | None = None
        if isinstance(target, int) and size is not None:
            # The best mode by default: ask for far more than any webcam has, and V4L2 settles on
            # its largest mode; that is also the highest resolution it offers.
            ask = PROBE_SIZE if size == "best" else size
            assert isinstance(ask, tuple)
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, ask[0])
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, ask[1])
            self._cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # fewer stale frames queued in the driver
            got = (int(self._cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(self._cap.get(cv2.CAP_PROP_FRAME_HEIGHT)))
            if size == "best":
                self.max_resolution = got
            elif got != size:
                log.info("webcam %s: asked for %dx%d, got %dx%d", target, ask[0], ask[1], *got)
        self.resolution: tuple[int, int] | None = None

    def read(self) -> Frame | None:
        ok, frame = self._cap.read()
        if not ok:
            return None
        self.resolution = (int(frame.shape[1]), int(frame.shape[0]))
        return np.asarray(frame, dtype=np.uint8)

    def close(self) -> None:
        self._cap.release()


class ImageFilesSource:
    """Still images, in name order, each returned once (or forever with loop=True)."""

    def __init__(self, paths: Sequence[Path], loop: bool = False) -> None:
        if not paths:
            raise CameraError("no images to read")
        self._paths = list(paths)
        self._i = 0
        self._loop = loop

    def read(self) -> Frame | None:
        import cv2

        if self._i >= len(self._paths):
            if not self._loop:
                return None
            self._i = 0
        path = self._paths[self._i]
        self._i += 1
        img = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
        if img is None:
            log.warning("%s: not a readable image; skipped", path)
            return None
        return np.asarray(img, dtype=np.uint8)

    def close(self) -> None:
        pass


def file_source(path: str | Path, loop: bool = False) -> FrameSource:
    """An image, a folder of images, or a video file."""
    p = Path(path)
    if p.is_dir():
        images = sorted(q for q in p.iterdir() if q.suffix.lower() in IMAGE_SUFFIXES)
        if not images:
            raise CameraError(f"{p}: folder holds no images")
        return ImageFilesSource(images, loop)
    if not p.exists():
        raise CameraError(f"{p}: no such file or folder")
    if p.suffix.lower() in IMAGE_SUFFIXES:
        return ImageFilesSource([p], loop)
    return OpenCVSource(str(p), size=None)


class MockCamera:
    """A camera the tests drive: `show(code, ...)` puts cards on the virtual tray, `clear()` empties it.

    Frames are real renders (companion.scan.synth), clean by default; pass a Spoil to make them
    hard. Renders are cached per tray state so a test can pull hundreds of frames cheaply. They come
    at `fps`, as a real camera's do (its read blocks until the next frame): a source that answers
    at once kept the ScanWorker's grabber spinning, and the decoder, starved of the GIL, took
    seconds a frame inside the app. `fps=None`: at once."""

    def __init__(self, spoil: Any = None, module_px: float = 5.0, seed: int = 0, scale: float = 1.0,
                 max_scale: float | None = None, fps: float | None = 30.0) -> None:
        from companion.scan.synth import FRAME_SIZE

        self.resolution = (round(FRAME_SIZE[0] * scale), round(FRAME_SIZE[1] * scale))
        top = max_scale if max_scale is not None else scale  # a mock webcam that could do more
        self.max_resolution = (round(FRAME_SIZE[0] * top), round(FRAME_SIZE[1] * top))
        self._lock = threading.Lock()
        self._shown: tuple[str, ...] = ()
        self._spoil = spoil
        self._module_px = module_px
        self._seed = seed
        self._scale = scale  # 2.0: frames at the 1280 x 960 capture size
        self._cache: dict[tuple[str, ...], Frame] = {}
        self.frames_read = 0
        self.closed = False
        self._frame_s = 1.0 / fps if fps else 0.0
        self._due = 0.0  # when the next frame is ready (time.monotonic)

    def show(self, *texts: str) -> None:
        with self._lock:
            self._shown = tuple(texts)

    def clear(self) -> None:
        self.show()

    def read(self) -> Frame | None:
        from companion.scan.synth import Placed, render_frame

        if self._frame_s:
            now = time.monotonic()
            if self._due > now:
                time.sleep(self._due - now)
            self._due = max(now, self._due) + self._frame_s
        with self._lock:
            shown = self._shown
            frame = self._cache.get(shown)
            if frame is None:
                placed = [Placed(t, self._module_px, angle_deg=17.0 * i) for i, t in enumerate(shown)]
                frame = render_frame(placed, self._spoil, seed=self._seed, scale=self._scale)
                self._cache[shown] = frame
            self.frames_read += 1
        return frame

    def close(self) -> None:
        self.closed = True


def open_camera(spec: str | None = None) -> FrameSource:
    """A frame source from a spec (see the module doc), $COMPANION_CAMERA, or the platform default."""
    spec = spec or os.environ.get("COMPANION_CAMERA") or ""
    if not spec:
        try:
            import picamera2  # noqa: F401

            spec = "picamera2"
        except Exception as exc:  # noqa: BLE001 - installed but broken: Picamera2Source says why
            spec = "opencv:0" if _picamera2_missing(exc) else "picamera2"
    kind, _, arg = spec.partition(":")
    if kind == "picamera2":
        return Picamera2Source(camera_num=int(arg) if arg else 0)
    if kind == "opencv":
        return OpenCVSource(int(arg) if arg.isdigit() else (arg or 0))
    if kind == "file":
        if not arg:
            raise CameraError("file: needs a path, e.g. file:/tmp/frames")
        return file_source(arg, loop=False)
    if kind == "mock":
        return MockCamera()
    raise CameraError(f"unknown camera {spec!r}: use picamera2, opencv:N, file:PATH or mock")


class ScanWorker:
    """Grabs frames continuously and decodes only the newest one, off the caller's thread.

    Two threads: the grabber keeps one slot filled with the latest frame (overwriting, never
    queueing), the decoder takes whatever is in the slot when it is free. So decoding always
    runs on a frame at most one decode-time old. `on_result(result, t)` is called from the decoder
    thread with the frame's capture time; a UI wraps it (Kivy: Clock.schedule_once)."""

    def __init__(
        self,
        source: FrameSource,
        decode: Callable[[Frame], Any],
        on_result: Callable[[Any, float], None],
        on_error: Callable[[BaseException], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        idle_s: float = 0.005,
    ) -> None:
        self._source = source
        self._decode = decode
        self._on_result = on_result
        self._on_error = on_error or (lambda exc: log.error("scan worker: %s", exc))
        self._clock = clock
        self._idle_s = idle_s
        self._slot: tuple[Frame, float, int] | None = None
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._seq = 0
        self.frames_grabbed = 0
        self.frames_decoded = 0
        self.decoded_seqs: list[int] = []  # which grabbed frames were decoded (tests check staleness)
        self._threads = [
            threading.Thread(target=self._grab_loop, name="scan-grab", daemon=True),
            threading.Thread(target=self._decode_loop, name="scan-decode", daemon=True),
        ]

    @property
    def frames_dropped(self) -> int:
        return self.frames_grabbed - self.frames_decoded

    def start(self) -> "ScanWorker":
        for t in self._threads:
            t.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        for t in self._threads:
            if t.is_alive() and t is not threading.current_thread():
                t.join(timeout)
        self._source.close()

    def __enter__(self) -> "ScanWorker":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _grab_loop(self) -> None:
        while not self._stop.is_set():
            try:
                frame = self._source.read()
            except Exception as exc:  # a camera unplugged mid-game: report, keep the app alive
                self._on_error(CameraError(f"camera read failed: {exc}"))
                self._stop.set()
                break
            if frame is None:
                time.sleep(self._idle_s)
                continue
            with self._cond:
                self._seq += 1
                self.frames_grabbed += 1
                self._slot = (frame, self._clock(), self._seq)  # overwrite: stale frames are dropped
                self._cond.notify()
        with self._cond:
            self._cond.notify_all()

    def _decode_loop(self) -> None:
        while True:
            with self._cond:
                while self._slot is None and not self._stop.is_set():
                    self._cond.wait(0.1)
                if self._slot is None:
                    return
                frame, t, seq = self._slot
                self._slot = None
            try:
                result = self._decode(frame)
            except Exception as exc:
                self._on_error(exc)
                continue
            self.frames_decoded += 1
            self.decoded_seqs.append(seq)
            self._on_result(result, t)
