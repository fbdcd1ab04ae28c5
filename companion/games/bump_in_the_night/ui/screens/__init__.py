"""Bump in the Night's screens: one module and one .kv each (companion/ui/packui.py)."""
