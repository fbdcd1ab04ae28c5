"""The device's Boogeyman: the rule-run adversary and the player-run AI levels (docs/adversary.md)."""
