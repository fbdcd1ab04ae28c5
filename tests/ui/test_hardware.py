"""The app's camera wrapper (companion/ui/hardware.py): a scan that ended stays ended."""

from typing import Any

import pytest

from companion.scan.decoder import DecodeResult
from companion.ui.hardware import CardScanner
from cards_qr.codes import parse_code


class _Worker:
    """Stands in for ScanWorker's threads: keeps the callback a decoded frame would call."""

    made: list["_Worker"] = []

    def __init__(self, source: Any, decode: Any, on_result: Any, on_error: Any, idle_s: float = 0.0) -> None:
        self.on_result = on_result
        _Worker.made.append(self)

    def start(self) -> "_Worker":
        return self

    def stop(self) -> None:
        pass


def test_a_frame_decoded_by_a_stopped_scan_is_not_delivered_to_the_next(monkeypatch: pytest.MonkeyPatch,
                                                                        tmp_path: Any) -> None:
    # Leaving the Found screen stops its worker on a thread; a frame that worker was decoding then
    # arrives after the next screen's scan began. It must not count as a showing of the new scan
    # (it replayed a learnt token the moment the next search opened).
    import companion.scan.camera as camera

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(camera, "ScanWorker", _Worker)
    _Worker.made.clear()
    scanner = CardScanner("mock")
    assert scanner.open()
    got: list[Any] = []
    seen = DecodeResult((parse_code("BGM:STOK:07"),), (), 0, 1.0, "zxing", 1.0, ())
    assert scanner.begin(got.extend, lambda message: None)
    scanner.end()
    assert scanner.begin(got.extend, lambda message: None)
    old, new = _Worker.made
    old.on_result(seen, 10.0)
    assert got == []
    new.on_result(seen, 10.1)
    assert [str(e.code) for e in got] == ["BGM:STOK:07"]
    scanner.close()
