"""Shared machinery for every game: errors, seeded randomness, codecs, board graphs, the journal."""
