"""The Stuff of Legend: the Time track, the Boogeyman coin and deck, Attention, wounds, enemies,
exits and loyalty, as a game pack on the shared house (docs/games/SOL.md)."""
