"""Goosebumps: The Board Game (GSB): the track, the draw pile, every Monster Mayhem card, and an
automated player whose cards are kept face down in a numbered holder."""
