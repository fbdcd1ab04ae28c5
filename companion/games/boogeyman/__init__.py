"""Boogeyman: The Board Game — the device plays the Boogeyman and the Babysitter."""
