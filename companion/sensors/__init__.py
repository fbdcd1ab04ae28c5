"""The sensor mat: serial link to the sensor board, calibration maps, move inference, virtual board.

Import-light on purpose (the CLI imports every package for --help): import the submodules.
See docs/sensors.md.
"""
