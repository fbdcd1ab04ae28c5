"""The device's Boogeyman: the rule-run procedure and the Normal/Hard search levels, as the
Boogeyman's policies on the shared engine (companion/ai/engine.py; docs/adversary.md)."""
