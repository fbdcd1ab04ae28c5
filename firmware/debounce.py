"""Per-channel debounce: a channel's state changes only after the same raw value for debounce_ms."""

try:
    from time import ticks_diff  # MicroPython: ticks wrap around
except ImportError:
    def ticks_diff(a: int, b: int) -> int:
        return a - b


class Debouncer:
    def __init__(self, channels: int, debounce_ms: int = 30) -> None:
        self.channels = channels
        self.debounce_ms = debounce_ms
        self.stable = 0
        self._raw = 0
        self._changed_at = [0] * channels
        self._started = False

    def start(self, raw: int, now_ms: int) -> None:
        """Take the first scan as the stable state (no events at boot)."""
        self.stable = raw
        self._raw = raw
        for ch in range(self.channels):
            self._changed_at[ch] = now_ms
        self._started = True

    def update(self, raw: int, now_ms: int) -> list:
        """Feed one scan; return the (channel, state) changes that became stable, oldest first."""
        if not self._started:
            self.start(raw, now_ms)
            return []
        flipped = raw ^ self._raw
        if flipped:
            for ch in range(self.channels):
                if flipped & (1 << ch):
                    self._changed_at[ch] = now_ms
            self._raw = raw
        pending = self._raw ^ self.stable
        if not pending:
            return []
        ready = []
        for ch in range(self.channels):
            bit = 1 << ch
            if pending & bit and ticks_diff(now_ms, self._changed_at[ch]) >= self.debounce_ms:
                ready.append((ticks_diff(self._changed_at[ch], now_ms), ch))
        ready.sort()
        changes = []
        for _, ch in ready:
            bit = 1 << ch
            self.stable ^= bit
            changes.append((ch, 1 if self.stable & bit else 0))
        return changes
