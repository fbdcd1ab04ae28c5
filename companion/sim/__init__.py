"""The simulation harness for every game: play(game, {seat: policy}, seed), many in parallel, the
simulate and balance commands (docs/adversary.md)."""
