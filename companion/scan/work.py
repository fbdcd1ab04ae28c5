"""The decoder's budget: counted in units of work, not in wall time, so it means the same everywhere.

A wall-time budget cuts rescues short on a loaded machine (or a Pi 4, ~4x slower than the dev box),
and the cards stop reading with nothing to say why. Instead every step of the decoder is charged,
before it runs, an estimate of its work from the pixels it will touch (the cost model below), and a
step that does not fit in what is left of the frame's budget is not run. The same frame therefore
gets the same steps, and the same answer, on any machine under any load; only the time it takes
differs. One unit is about one millisecond of one core of the reference machine (the x86 dev box,
an Intel Xeon core: docs/scanning.md); `decoder.calibrate` measures the factor for the machine it runs on,
so a caller can tell what a budget costs here (the tray check reports it).

The cost model was fitted on the reference machine by timing each operation on frames and crops of
the sizes it sees (the minimum of repeated runs, so other jobs' load does not enter the constants).
"""

from __future__ import annotations

from dataclasses import dataclass

# Units per megapixel (and fixed units per call) of each kind of step.
ZXING_PER_MPX = 2.0  # zxing-cpp read_barcodes, QR only, return_errors
ZXING_CALL = 0.05
PREP_PER_MPX = {  # preprocessing before a zxing read, on the normalised crop
    "localnorm": 14.0,
    "adaptive": 7.5,
    "deblur": 58.0,
    "flat": 5.0,
    "resize": 0.5,
    "warp": 3.0,
}
GRID_QUAD = 12.0  # one grid read of a located quad (refit, deconvolution, centre sampler)
GRID_FEEDBACK = 7.0  # the decision-feedback grid read (grid.feedback_text), two sigmas given
CODEBOOK_READ = 2.5  # scoring every known sticker against the fitted symbol, two sigmas (companion.scan.codebook)
CODEBOOK_LOCAL = 5.5  # the same with each known symbol's own local levels (codebook.best_text local=True)
GRID_SIGMAS = 3.5  # fitting the eight blur sigmas to find those two, when no grid read did it
GRID_FIT = 21.0  # fitting a quad's corners to the blur model (grid.fit_corners)
PERSPECTIVE_QUAD = 0.9  # the corners from the finders' outlines (companion.scan.perspective)
PERSPECTIVE_START = 0.5  # their blur-model residual, at the sigma of the fit's, for grid.fit_corners
FINDER_SCALE = 1.6  # grid.finder_scale: is a fitted symbol version 1?
FINDER_SEARCH = 0.3  # the finder-pattern search around a candidate, per module size (companion.scan.finders)
ORIENTATION = 0.1  # the module edges' orientation around a candidate (locator.orientation)
GRID_GUESS = 0.5  # one grid read of a guessed quad (refused early without three finder patterns)
TEXTURE_PER_MPX = 7.5  # the candidate finder, per megapixel of the preview
TEXTURE_CORNER_PER_MPX = 2.5  # its corner band (locator.EIGEN_SCALE), measured +40 % of the other three
PI4_SLOWDOWN = 4.0  # a Pi 4 core's time per unit over the reference core's: the project's working figure (docs/scanning.md)
EDGE_PER_MPX = 0.7  # the edge-density map for the second-card look, per megapixel of the preview


def zxing_cost(pixels: int) -> float:
    return ZXING_CALL + ZXING_PER_MPX * pixels / 1e6


@dataclass
class Work:
    """What a frame's decode may still spend, in units of work."""

    limit: float
    spent: float = 0.0

    def fits(self, cost: float) -> bool:
        return self.spent + cost <= self.limit

    def take(self, cost: float) -> bool:
        """Charge `cost` if it fits; False (and nothing charged) if it does not."""
        if not self.fits(cost):
            return False
        self.spent += cost
        return True

    def charge(self, cost: float) -> None:
        """Charge work that runs regardless (the cheap pass)."""
        self.spent += cost

    @property
    def left(self) -> float:
        return max(0.0, self.limit - self.spent)
