"""The touchscreen app (Kivy). Import-light: Kivy loads only inside app.py and the screens.

controller.py, layout.py, settings.py, hardware.py and sounds.py hold the logic without Kivy, so
the screens stay thin: they read `view(state, seat)` and send inputs through the Session.
"""
