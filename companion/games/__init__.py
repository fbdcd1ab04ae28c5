"""One module per boxed game: setup, inputs, turn order, end conditions, view."""
