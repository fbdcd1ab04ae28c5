"""The Boogeyman's own screens (one .py + .kv each), loaded when its game first starts."""
