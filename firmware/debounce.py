"""Per-channel debounce: a channel's state changes only after the same raw value for debounce_ms.

Scans arrive as bytearrays, one byte per 8 channels (byte i bit b = channel 8*i + b), so a scan
of 64 channels touches only small ints and allocates nothing on the board: an int mask of 64
bits would be a heap-allocated big int on the RP2040, whose small ints have 31 bits.
"""

from firmware.ticks import ticks_diff

NO_CHANGES = ()  # the shared empty answer: returning [] would allocate on every scan


def nbytes(channels: int) -> int:
    return (channels + 7) // 8


def to_mask(buf: object) -> int:
    """The channels of a byte-per-8-channels buffer as one int (for SNAP; allocates)."""
    mask = 0
    for i in range(len(buf) - 1, -1, -1):
        mask = (mask << 8) | buf[i]
    return mask


def from_mask(mask: int, buf: bytearray) -> bytearray:
    for i in range(len(buf)):
        buf[i] = (mask >> (8 * i)) & 0xFF
    return buf


class Debouncer:
    def __init__(self, channels: int, debounce_ms: int = 30) -> None:
        self.channels = channels
        self.debounce_ms = debounce_ms
        self.size = nbytes(channels)
        self.stable_bytes = bytearray(self.size)
        self._raw = bytearray(self.size)
        self._changed_at = [0] * channels
        self._started = False

    @property
    def stable(self) -> int:
        """The debounced occupancy as an int mask, bit i = channel i."""
        return to_mask(self.stable_bytes)

    def start(self, raw: bytearray, now_ms: int) -> None:
        """Take the first scan as the stable state (no events at boot)."""
        for i in range(self.size):
            self.stable_bytes[i] = raw[i]
            self._raw[i] = raw[i]
        for ch in range(self.channels):
            self._changed_at[ch] = now_ms
        self._started = True

    def update(self, raw: bytearray, now_ms: int) -> object:
        """Feed one scan; return the (channel, state) changes that became stable, oldest first.

        Nothing pending: the shared empty tuple, and no allocation."""
        if not self._started:
            self.start(raw, now_ms)
            return NO_CHANGES
        last = self._raw
        stable = self.stable_bytes
        at = self._changed_at
        ready = None
        for i in range(self.size):
            r = raw[i]
            flipped = r ^ last[i]
            if flipped:
                base = i * 8
                for b in range(8):
                    if flipped >> b & 1:
                        at[base + b] = now_ms
                last[i] = r
            pending = r ^ stable[i]
            if pending:
                base = i * 8
                for b in range(8):
                    if pending >> b & 1 and ticks_diff(now_ms, at[base + b]) >= self.debounce_ms:
                        if ready is None:
                            ready = []
                        ready.append((ticks_diff(at[base + b], now_ms), base + b))
        if ready is None:
            return NO_CHANGES
        ready.sort()
        changes = []
        for _, ch in ready:
            bit = 1 << (ch & 7)
            stable[ch >> 3] ^= bit
            changes.append((ch, 1 if stable[ch >> 3] & bit else 0))
        return changes
