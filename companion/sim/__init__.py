"""Simulation harness: child bots, abstract card models, many games in parallel (docs/adversary.md)."""
