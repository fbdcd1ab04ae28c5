"""Pig, the dice game: roll or hold, first to the target (rules.md beside this file)."""
