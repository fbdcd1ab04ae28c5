"""GPIO controls on the Pi: Confirm/Next, Roll and Undo buttons, a status LED, a buzzer (gpiozero).

Import-light: `from companion.controls.panel import ControlPanel`.
"""
