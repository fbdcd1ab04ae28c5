"""With no port chosen, the app uses a plugged-in Pico sensor board, else the virtual one."""

from __future__ import annotations

import pytest
from serial.tools import list_ports, list_ports_common

from companion.ui.hardware import PICO_USB_VENDOR, find_sensor_board


def port(device: str, vid: int | None) -> list_ports_common.ListPortInfo:
    info = list_ports_common.ListPortInfo(device, skip_link_detection=True)
    info.vid = vid
    return info


def test_a_plugged_in_pico_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    ports = [port("/dev/ttyUSB0", 0x0403), port("/dev/ttyACM1", PICO_USB_VENDOR), port("/dev/ttyS0", None)]
    monkeypatch.setattr(list_ports, "comports", lambda: ports)
    assert find_sensor_board() == "/dev/ttyACM1"


def test_no_board_means_the_virtual_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(list_ports, "comports", lambda: [port("/dev/ttyUSB0", 0x0403)])
    assert find_sensor_board() == ""
