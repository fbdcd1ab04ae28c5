"""The Stuff of Legend's screens: one module and one .kv file each."""
