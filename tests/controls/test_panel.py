"""The control panel on gpiozero's mock pins, driven like a person pressing the buttons."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.controls.panel import ControlPanel
from companion.controls.pins import ControlsError, PinMapError, load_control_pins
from firmware import pinmap

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def panel() -> Iterator[ControlPanel]:
    Device.pin_factory = MockFactory()
    p = ControlPanel(load_control_pins(ROOT / "hardware" / "pins.toml"))
    yield p
    p.close()
    Device.pin_factory.reset()  # type: ignore[union-attr]


def test_pins_come_from_the_shared_pin_map() -> None:
    pins = load_control_pins(ROOT / "hardware" / "pins.toml")
    table = pinmap.load(str(ROOT / "hardware" / "pins.toml"))["controls"]  # the firmware's reader agrees
    assert (pins.confirm, pins.roll, pins.undo, pins.status_led, pins.buzzer) == (
        table["confirm_pin"], table["roll_pin"], table["undo_pin"], table["status_led_pin"], table["buzzer_pin"])


def test_button_presses_reach_the_listener(panel: ControlPanel) -> None:
    pressed: list[str] = []
    panel.on_press(pressed.append)
    for name in ("confirm", "roll", "undo", "confirm"):
        pin = Device.pin_factory.pin(getattr(panel.pins, name))  # type: ignore[union-attr]
        pin.drive_low()  # pressed: the button closes to GND
        pin.drive_high()
        time.sleep(panel.pins.bounce_s + 0.01)  # a real press lasts longer than the bounce time
    deadline = time.monotonic() + 1
    while len(pressed) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pressed == ["confirm", "roll", "undo", "confirm"]


def test_bounce_time_from_the_pin_map_is_set_on_every_button(panel: ControlPanel) -> None:
    # Contact bounce is filtered by the pin driver on the Pi (mock pins do not model it),
    # so check that the pin map's bounce_ms reaches every pin.
    for button in panel.buttons.values():
        assert button.pin.bounce == pytest.approx(0.05)
        assert button.pull_up is True


def test_status_led_and_buzzer(panel: ControlPanel) -> None:
    led = Device.pin_factory.pin(panel.pins.status_led)  # type: ignore[union-attr]
    panel.show_link("ok")
    assert led.state
    panel.show_link("syncing")
    seen = set()
    deadline = time.monotonic() + 0.6
    while time.monotonic() < deadline and len(seen) < 2:
        seen.add(bool(led.state))
        time.sleep(0.01)
    assert seen == {True, False}  # blinking
    with pytest.raises(ValueError, match="unknown link state"):
        panel.show_link("great")
    buzzer = Device.pin_factory.pin(panel.pins.buzzer)  # type: ignore[union-attr]
    panel.beep(2, 0.02)
    ons = 0
    last = False
    deadline = time.monotonic() + 0.5
    while time.monotonic() < deadline:
        now = bool(buzzer.state)
        ons += now and not last
        last = now
        time.sleep(0.002)
    assert ons == 2


def test_bad_pin_map_says_what(tmp_path: Path) -> None:
    bad = tmp_path / "pins.toml"
    bad.write_text("[controls]\nconfirm_pin = 17\nroll_pin = 17\nundo_pin = 22\nstatus_led_pin = 23\nbuzzer_pin = 99\n")
    with pytest.raises(PinMapError, match=r"pins.toml: controls.buzzer_pin must be a BCM GPIO number 0..27, got 99"):
        load_control_pins(bad)
    bad.write_text("[controls]\nconfirm_pin = 17\nroll_pin = 17\nundo_pin = 22\nstatus_led_pin = 23\nbuzzer_pin = 24\n")
    with pytest.raises(PinMapError, match="must all differ"):
        load_control_pins(bad)
    bad.write_text("[controls\n")
    with pytest.raises(PinMapError, match=r"pins.toml:1:"):
        load_control_pins(bad)


def test_runs_unchanged_with_the_mock_pin_factory_env(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = dict(os.environ, GPIOZERO_PIN_FACTORY="mock")
    out = subprocess.run([sys.executable, "-m", "companion", "controls", "test", "--seconds", "0.2"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert "confirm=17" in out.stdout


def test_without_gpio_it_is_a_clear_error() -> None:
    from gpiozero.exc import BadPinFactory

    class NoGpio(MockFactory):
        def pin(self, spec: object, **kw: object) -> MockPWMPin:
            raise BadPinFactory("no GPIO here")

    with pytest.raises(ControlsError, match="GPIOZERO_PIN_FACTORY=mock"):
        ControlPanel(load_control_pins(ROOT / "hardware" / "pins.toml"), pin_factory=NoGpio())
