"""The companion: a Raspberry Pi that plays the adversary beside a physical board game."""

__version__ = "0.1.0"
