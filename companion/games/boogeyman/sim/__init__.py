"""Boogeyman in simulation: the child bots and the modelled table (docs/adversary.md)."""
