"""The shared adversary engine: determinized search on the game protocol, for any seat of any game."""
